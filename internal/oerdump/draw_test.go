package oerdump

import (
	"bytes"
	"encoding/hex"
	"errors"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
)

// drawModule has a construct of each kind the drawer writes.
const drawModule = `D DEFINITIONS AUTOMATIC TAGS ::= BEGIN
S ::= SEQUENCE {
  a INTEGER (0..255),
  b INTEGER DEFAULT 5,
  c BOOLEAN DEFAULT TRUE,
  e ENUMERATED { one, two, ... , three } DEFAULT two,
  f BIT STRING {x(0), y(1)} (SIZE(8)),
  g BIT STRING {p(0), q(1), r(2)} DEFAULT {q},
  h OCTET STRING (SIZE(2..4)),
  i IA5String (FROM("ab") ^ SIZE(1..3)),
  j UTF8String (SIZE(0..2)) OPTIONAL,
  k NumericString (SIZE(3)),
  l SEQUENCE (SIZE(0..3)) OF INTEGER (-5..5) DEFAULT {},
  m SET OF OCTET STRING,
  n OBJECT IDENTIFIER,
  o GeneralizedTime,
  p INTEGER (-1000..MAX),
  q OCTET STRING (CONTAINING T),
  r T OPTIONAL,
  x1 INTEGER (0..10, ...),
  x2 IA5String (SIZE (1..2, ...)),
  ...,
  s BOOLEAN,
  [[ t INTEGER (0..3), u T OPTIONAL ]]
}
T ::= CHOICE { x INTEGER, y SEQUENCE OF T, z SET { p [1] NULL, q [0] BOOLEAN }, ..., w BMPString }
P ::= SEQUENCE { id ID.&id ({Set}), v ID.&Type ({Set}{@id}) }
ID ::= CLASS { &id INTEGER UNIQUE, &Type }
Set ID ::= { { &id 1, &Type BOOLEAN } | { &id 2, &Type S } | { &id 3, &Type T }, ... }
P2 ::= SEQUENCE { id ID.&id ({Empty}), v ID.&Type ({Empty}{@id}) }
Empty ID ::= { ... }
Q ::= SEQUENCE { e P2 OPTIONAL, l SEQUENCE (SIZE(0..2)) OF P2, c CHOICE { p P2, b BOOLEAN } }
END
`

// TestDraw draws encodings of the types of drawModule and reads each
// with Decode in CANONICAL-OER: no issue may come up, each value must
// be what the dump reads back over the whole input, and draws from one
// seed must be the same.
func TestDraw(t *testing.T) {
	set := model.CheckWith(model.Options{}, model.Source{Name: "d.asn", Src: []byte(drawModule)})
	if set.Diags.Errors() > 0 {
		t.Fatal(set.Diags.String())
	}
	p, err := plan.New(set, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := New(p)
	for _, gt := range p.Types {
		if gt.Union != nil || gt.Alias != nil {
			continue
		}
		rnd := rand.New(rand.NewPCG(1, 2))
		again := rand.New(rand.NewPCG(1, 2))
		distinct := map[string]bool{}
		extended, beyond := 0, 0
		for i := range 300 {
			b, err := s.Draw(gt, rnd, nil)
			if err != nil {
				t.Fatalf("%s: draw %d: %v", gt.ASN1, i, err)
			}
			c, err := s.Draw(gt, again, nil)
			if err != nil || !bytes.Equal(b, c) {
				t.Fatalf("%s: draw %d from one seed: %x, then %x (%v)", gt.ASN1, i, b, c, err)
			}
			res := s.Decode(b, gt, &Options{Canonical: true})
			if len(res.Issues) > 0 || res.Read != len(b) {
				t.Fatalf("%s: the dump reads %d of the %d octets of %x: %+v", gt.ASN1, res.Read, len(b), b, res.Issues)
			}
			distinct[string(b)] = true
			for _, c := range res.Elements[0].Children {
				if v, err := strconv.ParseInt(c.Value, 10, 64); c.Field == "x1" && err == nil && (v < 0 || v > 10) {
					beyond++ // beyond the root of INTEGER (0..10, ...)
				}
			}
			if len(b) > 0 && b[0]&0x80 != 0 {
				extended++ // the extension bit of S
			}
		}
		switch gt.ASN1 {
		case "S", "T", "P":
			if len(distinct) < 100 {
				t.Errorf("%s: %d distinct encodings in 300 draws", gt.ASN1, len(distinct))
			}
		}
		if gt.ASN1 == "S" && (extended < 30 || extended > 150) {
			t.Errorf("S: %d of 300 draws with extension additions, want about a third", extended)
		}
		if gt.ASN1 == "S" && beyond < 20 {
			t.Errorf("S: %d of 300 draws with x1 beyond the root of its range, want about a quarter", beyond)
		}
	}
}

// TestDrawTypedRows: with DrawOptions.TypedRows, an open type whose table
// has no row with a type is not drawn, and what holds it is left out
// where it may be: an OPTIONAL component, a list that may be empty, a
// CHOICE alternative. Without it, such an open type holds octets.
func TestDrawTypedRows(t *testing.T) {
	set := model.CheckWith(model.Options{}, model.Source{Name: "d.asn", Src: []byte(drawModule)})
	if set.Diags.Errors() > 0 {
		t.Fatal(set.Diags.String())
	}
	p, err := plan.New(set, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := New(p)
	byName := map[string]*plan.Type{}
	for _, gt := range p.Types {
		byName[gt.ASN1] = gt
	}
	rnd := rand.New(rand.NewPCG(3, 4))
	typed := &DrawOptions{TypedRows: true}
	if _, err := s.Draw(byName["P2"], rnd, typed); !errors.Is(err, ErrNotDrawn) {
		t.Errorf("P2 with TypedRows: %v, want ErrNotDrawn", err)
	}
	for i := range 100 {
		b, err := s.Draw(byName["P2"], rnd, nil)
		if err != nil {
			t.Fatalf("P2 draw %d: %v", i, err)
		}
		if res := s.Decode(b, byName["P2"], &Options{Canonical: true}); len(res.Issues) > 0 {
			t.Fatalf("P2 %x: %+v", b, res.Issues)
		}
		b, err = s.Draw(byName["Q"], rnd, typed)
		if err != nil {
			t.Fatalf("Q draw %d: %v", i, err)
		}
		// No e, no element of l, the alternative b.
		if len(b) != 5 || !bytes.Equal(b[:4], []byte{0x00, 0x01, 0x00, 0x81}) {
			t.Fatalf("Q with TypedRows: %x, want 00 (no e), 0100 (empty l), 81 and a BOOLEAN", b)
		}
	}
}

// valuesModule has DEFAULT-like values of the kinds valueOctets encodes.
const valuesModule = `V DEFINITIONS AUTOMATIC TAGS ::= BEGIN
R ::= SEQUENCE { x INTEGER (0..3), y BOOLEAN DEFAULT TRUE, ... }
C ::= CHOICE { x INTEGER, y BOOLEAN, ..., z IA5String }
L ::= SET OF INTEGER (0..9)
S ::= SET { p [1] NULL, q [0] BOOLEAN }
O ::= SEQUENCE { a OBJECT IDENTIFIER, b BIT STRING { f0(0), f1(1), f2(2) } (SIZE (1..8)) }
r1 R ::= { x 1 }
r2 R ::= { x 1, y TRUE }
r3 R ::= { x 2, y FALSE }
c1 C ::= x: 5
c2 C ::= z: "ab"
l1 L ::= { 3, 1 }
s1 S ::= { p NULL, q TRUE }
o1 O ::= { a { 1 2 }, b { f1 } }
END
`

// TestValueOctets checks the encodings of values that the drawer
// compares DEFAULT components with against encodings derived by hand
// (X.696).
func TestValueOctets(t *testing.T) {
	set := model.CheckWith(model.Options{}, model.Source{Name: "v.asn", Src: []byte(valuesModule)})
	if set.Diags.Errors() > 0 {
		t.Fatal(set.Diags.String())
	}
	values := map[string]*model.Assignment{}
	for _, a := range set.Modules[0].Assignments {
		values[a.Name] = a
	}
	d := &drawer{}
	for _, c := range []struct{ name, want string }{
		{"r1", "00" + "01"},            // the extension bit, y absent; x
		{"r2", "00" + "01"},            // y TRUE is its default: left out
		{"r3", "40" + "02" + "00"},     // y present
		{"c1", "80" + "0105"},          // [0], an INTEGER of one octet
		{"c2", "82" + "03" + "026162"}, // [2], an addition in an open type field
		{"l1", "0102" + "01" + "03"},   // quantity 2, then 1 and 3 in order
		{"s1", "ff"},                   // q [0] before p [1]; NULL is empty
		{"o1", "012a" + "02" + "0640"}, // the OID; f1 without trailing 0 bits
	} {
		a := values[c.name]
		if a == nil || a.Value == nil {
			t.Fatalf("%s: no value", c.name)
		}
		b, ok := d.valueOctets(a.Type, a.Value, 0)
		if !ok {
			t.Errorf("%s: not encoded", c.name)
			continue
		}
		if diff := cmp.Diff(c.want, hex.EncodeToString(b)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.name, diff)
		}
	}
}

// TestDrawContainedDEROpen: of an open type CONTAINED ENCODED BY der,
// the drawer writes the DER of the value of the row it picks (derRow):
// every row is drawn, the dump reads each draw without issue (the
// contents DER), with TypedRows too, and a row with a type whose DER the
// drawer does not write is not picked.
func TestDrawContainedDEROpen(t *testing.T) {
	set := model.CheckWith(model.Options{}, model.Source{Name: "m.asn", Src: []byte(derOpenModule)})
	if set.Diags.Errors() > 0 {
		t.Fatal(set.Diags.String())
	}
	s, gt, err := Load(set, "Extension", nil)
	if err != nil {
		t.Fatal(err)
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	objects := map[string]int{}
	for i := range 100 {
		b, err := s.Draw(gt, rnd, &DrawOptions{TypedRows: i%2 == 1})
		if err != nil {
			t.Fatalf("draw %d: %v", i, err)
		}
		res := s.Decode(b, gt, &Options{Canonical: true})
		if len(res.Issues) > 0 {
			t.Fatalf("draw %d, %x: %+v", i, b, res.Issues[0])
		}
		for _, c := range res.Elements[0].Children {
			if c.Field == "extnValue" {
				objects[c.Object]++
				if i%2 == 1 && c.Raw {
					t.Errorf("draw %d, %x: raw contents with TypedRows", i, b)
				}
			}
		}
	}
	for _, o := range []string{"basicConstraints", "policies", "subjectKeyIdentifier"} {
		if objects[o] == 0 {
			t.Errorf("the objects drawn: %v; want %s among them", objects, o)
		}
	}
	if objects["realTime"] > 0 {
		t.Errorf("the objects drawn: %v; realTime's REAL has no DER the drawer writes", objects)
	}
}

// TestDrawTypedRowsKept: with DrawOptions.TypedRows, INSTANCE OF and
// EXTERNAL, which the codecs keep as their own encodings, are not drawn
// (left out where they may be), while the octets of an OCTET STRING
// (CONTAINING an open type ENCODED BY der) over a table without rows of
// a type are, as every codec keeps them.
func TestDrawTypedRowsKept(t *testing.T) {
	const src = `K DEFINITIONS AUTOMATIC TAGS ::= BEGIN
I ::= SEQUENCE { i INSTANCE OF TYPE-IDENTIFIER }
E ::= SEQUENCE { e EXTERNAL }
Opt ::= SEQUENCE { i INSTANCE OF TYPE-IDENTIFIER OPTIONAL, b BOOLEAN }
X ::= SEQUENCE { id ID.&id ({Empty}), v OCTET STRING (CONTAINING ID.&Type ({Empty}{@id}) ENCODED BY { joint-iso-itu-t asn1(1) ber-derived(2) distinguished-encoding(1) }) }
ID ::= CLASS { &id OBJECT IDENTIFIER UNIQUE, &Type OPTIONAL }
Empty ID ::= { ... }
END`
	set := model.CheckWith(model.Options{}, model.Source{Name: "k.asn", Src: []byte(src)})
	if set.Diags.Errors() > 0 {
		t.Fatal(set.Diags.String())
	}
	p, err := plan.New(set, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := New(p)
	byName := map[string]*plan.Type{}
	for _, gt := range p.Types {
		byName[gt.ASN1] = gt
	}
	rnd := rand.New(rand.NewPCG(5, 6))
	typed := &DrawOptions{TypedRows: true}
	for _, name := range []string{"I", "E"} {
		if _, err := s.Draw(byName[name], rnd, typed); !errors.Is(err, ErrNotDrawn) {
			t.Errorf("%s with TypedRows: %v, want ErrNotDrawn", name, err)
		}
		if _, err := s.Draw(byName[name], rnd, nil); err != nil {
			t.Errorf("%s without TypedRows: %v", name, err)
		}
	}
	for i := range 50 {
		b, err := s.Draw(byName["Opt"], rnd, typed)
		if err != nil || len(b) != 2 || b[0] != 0 {
			t.Fatalf("Opt draw %d with TypedRows: %x, %v; want 00 (no i) and a BOOLEAN", i, b, err)
		}
		b, err = s.Draw(byName["X"], rnd, typed)
		if err != nil {
			t.Fatalf("X draw %d with TypedRows: %v", i, err)
		}
		if res := s.Decode(b, byName["X"], &Options{Canonical: true}); len(res.Issues) > 0 {
			t.Fatalf("X %x: %+v", b, res.Issues)
		}
	}
}
