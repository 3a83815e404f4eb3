package perdump

import (
	"math/big"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/internal/schemadump"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/isotime"
	"github.com/asn1gen/asn1gen/runtime/per"
)

// features is a module of what the real messages do not have: an
// addition group, additions a reader of an older version does not know,
// DATE, UTCTime, REAL, an INTEGER without bounds, strings that contain a
// value with a SIZE and as a BIT STRING, components that constrain the
// named type they refer to.
const features = `Features DEFINITIONS AUTOMATIC TAGS ::= BEGIN
New ::= SEQUENCE {
	flag BOOLEAN,
	day DATE,
	...,
	[[ n INTEGER (0..7), s IA5String (FROM ("ACGT")) (SIZE (1..8)) OPTIONAL ]],
	extra INTEGER (0..255)
}
Old ::= SEQUENCE {
	flag BOOLEAN,
	day DATE,
	...
}
Box ::= SEQUENCE {
	inner OCTET STRING (SIZE (1..8)) (CONTAINING Inner),
	bits BIT STRING (CONTAINING Inner),
	when UTCTime,
	big INTEGER,
	ratio REAL
}
Inner ::= SEQUENCE { x INTEGER (0..255) }
THING ::= CLASS { &id INTEGER UNIQUE, &Type }
Things THING ::= { { &id 1, &Type Inner } | { &id 2, &Type BOOLEAN } }
Late ::= SEQUENCE {
	value THING.&Type ({Things}{@id}),
	id THING.&id ({Things})
}
Wrap ::= SEQUENCE { kind INTEGER (0..3), data OCTET STRING }
Pick ::= CHOICE { a INTEGER (0..3), ..., b Inner, c BOOLEAN }
PickOld ::= CHOICE { a INTEGER (0..3), ..., b Inner }
Oct ::= OCTET STRING
Ints ::= SEQUENCE OF INTEGER (0..7)
Ver ::= INTEGER (0..255)
Own ::= SEQUENCE { oct Oct (SIZE (2)), l Ints (SIZE (2)), ver Ver (3), o Oct (SIZE (1)) OPTIONAL }
END
`

// featureDecode walks b as the type typ of features, with the -contains
// rules given.
func featureDecode(t *testing.T, typ string, b []byte, aligned bool, rules ...string) *Result {
	t.Helper()
	set := model.CheckWith(model.Options{}, model.Source{Name: "features.asn", Src: []byte(features)})
	if set.Diags.Errors() > 0 {
		t.Fatal(set.Diags.String())
	}
	var rs []schemadump.Rule
	for _, text := range rules {
		r, err := schemadump.New(set).ParseRule(text, "-contains")
		if err != nil {
			t.Fatal(err)
		}
		rs = append(rs, r)
	}
	s, root, err := Load(set, typ, rs, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s.Decode(b, root, &Options{Aligned: aligned})
}

// encodeNew writes a New with both additions present.
func encodeNew(aligned bool) []byte {
	w := per.NewWriter(nil, aligned)
	x := per.Additions(nil, true, true)
	w.Extended(x)
	w.WriteBool(true)
	w.Date(isotime.Date{Year: 2026, Month: 12, Day: 6}, "")
	w.Extensions(x, nil)
	o, _ := w.BeginAddition(x, 0)
	w.Preamble(true)
	w.Int(5, 0, 7, false, "")
	w.KnownString(per.NewAlphabet('A', 'A', 'C', 'C', 'G', 'G', 'T', 'T'), "GATTACA", per.Size{Lb: 1, Ub: 8}, "IA5String", "")
	w.EndOpen(o)
	o, _ = w.BeginAddition(x, 1)
	w.Int(200, 0, 255, false, "")
	w.EndOpen(o)
	w.EndExtensions(x, nil)
	if w.Err() != nil {
		panic(w.Err())
	}
	return w.Bytes()
}

// lines is the text form of res without its header line.
func lines(t *testing.T, res *Result) string {
	t.Helper()
	var b strings.Builder
	if err := Text(&b, res, nil); err != nil {
		t.Fatal(err)
	}
	_, rest, _ := strings.Cut(b.String(), "\n")
	if testing.Verbose() {
		t.Log("\n" + b.String())
	}
	return rest
}

func TestAdditions(t *testing.T) {
	for _, aligned := range []bool{false, true} {
		b := encodeNew(aligned)
		res := featureDecode(t, "New", b, aligned)
		text := lines(t, res)
		if len(res.Issues) > 0 || (res.Bits+7)/8 != len(b) {
			t.Fatalf("aligned %v: %d bits of %d octets, %+v\n%s", aligned, res.Bits, len(b), res.Issues, text)
		}
		for _, want := range []string{`day DATE 2026-12-06`, `n INTEGER 5  -- extension addition`, `s IA5String "GATTACA"  -- extension addition`, `extra INTEGER 200  -- extension addition`} {
			if !strings.Contains(text, want) {
				t.Errorf("aligned %v: no %q in\n%s", aligned, want, text)
			}
		}
		// An older reader: the additions are unknown, shown as their octets.
		res = featureDecode(t, "Old", b, aligned)
		text = lines(t, res)
		if len(res.Issues) > 0 || strings.Count(text, "-- unknown extension addition") != 2 {
			t.Errorf("aligned %v: as Old: %+v\n%s", aligned, res.Issues, text)
		}
		// One octet more: shown raw, an error.
		res = featureDecode(t, "New", append(b[:len(b):len(b)], 0xff), aligned)
		if len(res.Issues) != 1 || res.Issues[0].Kind != der.KindTrailingData.String() || res.Issues[0].Offset != 8*len(b) || res.Issues[0].Path != "New" {
			t.Errorf("aligned %v: trailing octet: %+v", aligned, res.Issues)
		}
		// Cut short inside the group: the error at the group's field, the
		// members that are there shown.
		res = featureDecode(t, "New", b[:len(b)-3], aligned)
		text = lines(t, res)
		if len(res.Issues) != 1 || res.Issues[0].Path != "New.n" || !strings.Contains(text, "n INTEGER 5") {
			t.Errorf("aligned %v: cut short: %+v\n%s", aligned, res.Issues, text)
		}
	}
}

func TestContainedAndTimes(t *testing.T) {
	for _, aligned := range []bool{false, true} {
		iw := per.NewWriter(nil, aligned)
		iw.Int(42, 0, 255, false, "")
		inner := iw.Bytes()
		w := per.NewWriter(nil, aligned)
		w.OctetString(inner, per.Size{Lb: 1, Ub: 8}, "")
		w.BitString(der.BitString{Bytes: inner, BitLength: 8 * len(inner)}, per.Unsized, "")
		w.UTCTime(der.Date(2026, 12, 6, 3, 4, 5, 0), "")
		w.BigInt(der.IntegerFromBig(new(big.Int).Lsh(big.NewInt(1), 70)), 0, false, 0, false, false, "")
		w.WriteReal(1.5)
		b := w.Bytes()
		res := featureDecode(t, "Box", b, aligned)
		text := lines(t, res)
		if len(res.Issues) > 0 || (res.Bits+7)/8 != len(b) {
			t.Fatalf("aligned %v: %d bits of %d octets, %+v\n%s", aligned, res.Bits, len(b), res.Issues, text)
		}
		for _, want := range []string{"inner OCTET STRING  -- containing", "bits BIT STRING  -- containing", "x INTEGER 42",
			"when UTCTime 2026-12-06 03:04:05 +0000 UTC", "big INTEGER 1180591620717411303424", "ratio REAL 1.5"} {
			if !strings.Contains(text, want) {
				t.Errorf("aligned %v: no %q in\n%s", aligned, want, text)
			}
		}
		if strings.Count(text, "x INTEGER 42") != 2 {
			t.Errorf("aligned %v: the contained values:\n%s", aligned, text)
		}
		// the strings' JER: {"containing": value} (X.697 24, 25), as the
		// generated MarshalJSON writes it
		const want = `{"inner":{"containing":{"x":42}},"bits":{"containing":{"x":42}},"when":"261206030405Z","big":1180591620717411303424,"ratio":1.5}`
		if j, err := JER(res); err != nil || string(j) != want {
			t.Errorf("aligned %v: JER %s, %v\nwant %s", aligned, j, err, want)
		}
	}
}

// TestDeferredKeyAndChoice reads an open type whose key follows it, and
// the alternatives of a CHOICE's extension, known and unknown.
func TestDeferredKeyAndChoice(t *testing.T) {
	for _, aligned := range []bool{false, true} {
		w := per.NewWriter(nil, aligned)
		o := w.BeginOpen()
		w.Int(42, 0, 255, false, "")
		w.EndOpen(o)
		w.WriteUnconstrained(1) // id: INTEGER without bounds
		res := featureDecode(t, "Late", w.Bytes(), aligned)
		text := lines(t, res)
		if len(res.Issues) > 0 || !strings.Contains(text, "x INTEGER 42") || !strings.Contains(text, "value THING.&Type  -- the row of the key 1") {
			t.Errorf("aligned %v: Late: %+v\n%s", aligned, res.Issues, text)
		}

		w = per.NewWriter(nil, aligned)
		w.WriteIndex(1, 1, true, true)
		o = w.BeginOpen()
		w.WriteBool(true)
		w.EndOpen(o)
		b := w.Bytes()
		res = featureDecode(t, "Pick", b, aligned)
		text = lines(t, res)
		if len(res.Issues) > 0 || !strings.Contains(text, "c BOOLEAN TRUE  -- extension addition") {
			t.Errorf("aligned %v: Pick: %+v\n%s", aligned, res.Issues, text)
		}
		res = featureDecode(t, "PickOld", b, aligned)
		text = lines(t, res)
		if len(res.Issues) > 0 || !strings.Contains(text, "-- unknown alternative 1 of the extension") {
			t.Errorf("aligned %v: PickOld: %+v\n%s", aligned, res.Issues, text)
		}
	}
}

// TestContainsRule reads the octets of an OCTET STRING as the type a rule
// says they hold.
func TestContainsRule(t *testing.T) {
	for _, aligned := range []bool{false, true} {
		iw := per.NewWriter(nil, aligned)
		iw.Int(42, 0, 255, false, "")
		w := per.NewWriter(nil, aligned)
		w.Int(2, 0, 3, false, "")
		w.OctetString(iw.Bytes(), per.Unsized, "")
		b := w.Bytes()
		res := featureDecode(t, "Wrap", b, aligned, "Features.Wrap.data=Inner")
		text := lines(t, res)
		if len(res.Issues) > 0 || !strings.Contains(text, "data OCTET STRING  -- containing, by -contains") || !strings.Contains(text, "x INTEGER 42") {
			t.Errorf("aligned %v: %+v\n%s", aligned, res.Issues, text)
		}
		// without the rule, the octets
		res = featureDecode(t, "Wrap", b, aligned)
		if text := lines(t, res); !strings.Contains(text, "data OCTET STRING 2a") {
			t.Errorf("aligned %v: without the rule:\n%s", aligned, text)
		}
	}
}

// TestOwnConstraints walks components that constrain the named type they
// refer to by their effective constraints, as the generated codecs read
// them (X.691 10.9, 13.2.1, 17.6, 20.6): o present 1; oct, fixed, ab cd
// without a length; l 5 and 3 without a count, 3 bits each; ver, of
// the one value 3, no bits; o ff. ALIGNED aligns none of these.
func TestOwnConstraints(t *testing.T) {
	b := []byte{0xd5, 0xe6, 0xd7, 0xfe}
	for _, aligned := range []bool{false, true} {
		res := featureDecode(t, "Own", b, aligned)
		text := lines(t, res)
		if len(res.Issues) > 0 || res.Bits != 31 {
			t.Fatalf("aligned %v: %d bits, %+v\n%s", aligned, res.Bits, res.Issues, text)
		}
		for _, want := range []string{"oct Oct abcd", "[0] INTEGER 5", "[1] INTEGER 3", "ver Ver 3", "o Oct ff"} {
			if !strings.Contains(text, want) {
				t.Errorf("aligned %v: no %q in\n%s", aligned, want, text)
			}
		}
	}
}
