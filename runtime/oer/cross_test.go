package oer_test

import (
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/oer"
	"github.com/google/go-cmp/cmp"
)

// TestBigAgrees checks the int64 and uint64 fast paths against math/big:
// both write the same octets, and each reads the other's.
func TestBigAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		v := randomInt(rng)
		w1, w2 := oer.NewWriter(nil), oer.NewWriter(nil)
		w1.WriteInt(v)
		if err := w2.WriteBigInt(big.NewInt(v), true); err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(w1.Bytes(), w2.Bytes()); d != "" {
			t.Fatalf("%d: WriteInt -, WriteBigInt +\n%s", v, d)
		}
		r := oer.NewReader(w1.Bytes(), &oer.Options{Canonical: true})
		if z, err := r.ReadBigInt(true); err != nil || z.Int64() != v || !z.IsInt64() {
			t.Fatalf("%d: ReadBigInt %v, %v", v, z, err)
		}
		u := randomUint(rng)
		w1.Reset()
		w2.Reset()
		w1.WriteUint(u)
		if err := w2.WriteBigInt(new(big.Int).SetUint64(u), false); err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(w1.Bytes(), w2.Bytes()); d != "" {
			t.Fatalf("%d: WriteUint -, WriteBigInt +\n%s", u, d)
		}
		r = oer.NewReader(w2.Bytes(), &oer.Options{Canonical: true})
		if got, err := r.ReadUint(); err != nil || got != u {
			t.Fatalf("%d: ReadUint %d, %v", u, got, err)
		}
	}
}

// TestNestedOpen writes an open type field holding another one that holds
// a string long enough for the long form of both lengths, and reads it
// back through Field: the lengths are inserted where they belong, and an
// error inside keeps its offset in the outermost input.
func TestNestedOpen(t *testing.T) {
	s := strings.Repeat("x", 300)
	w := oer.NewWriter(nil)
	w.WriteBool(true)
	outer := w.BeginOpen()
	inner := w.BeginOpen()
	w.Fail(w.WriteString(oer.IA5String, s, oer.Unsized), "s")
	w.EndOpen(inner)
	w.WriteBool(false)
	w.EndOpen(outer)
	w.WriteEnumerated(7)
	if w.Err() != nil {
		t.Fatal(w.Err())
	}
	// ff | 82 01 33 | 82 01 2f | 82 01 2c | x*300 | 00 | 07: the string's
	// length is 300 = 0x012C; the inner field adds its 3 octets (0x012F),
	// the outer one those and the BOOLEAN (0x0133).
	want := unhex(t, "ff 82 01 33 82 01 2f 82 01 2c 78*300 00 07")
	if d := cmp.Diff(want, w.Bytes()); d != "" {
		t.Fatalf("-want +got\n%s", d)
	}
	r := oer.NewReader(w.Bytes(), &oer.Options{Canonical: true})
	r.Bool("a")
	f, _ := r.Open("outer")
	g, _ := f.Open("inner")
	got := g.String(oer.IA5String, oer.Unsized, "s")
	f.EndOpen(&g, "inner")
	f.Bool("b")
	r.EndOpen(&f, "outer")
	e := r.Enumerated("e")
	if err := r.Finish(); r.Err() != nil || err != nil || got != s || e != 7 {
		t.Fatalf("read %q, %d: %v, %v", got, e, r.Err(), err)
	}

	// The inner string's last character made invalid: the error is at its
	// offset in the whole input, with the path outer.inner.s.
	bad := append([]byte(nil), w.Bytes()...)
	bad[10+299] = 0x80
	r = oer.NewReader(bad, nil)
	r.Bool("a")
	f, _ = r.Open("outer")
	g, _ = f.Open("inner")
	g.String(oer.IA5String, oer.Unsized, "s")
	f.EndOpen(&g, "inner")
	r.EndOpen(&f, "outer")
	errorAt(t, "inner string", r.Err(), der.KindInvalidValue, 10+299)
	if e, ok := r.Err().(*der.Error); ok && e.Path() != "outer.inner.s" {
		t.Errorf("path %q, want outer.inner.s", e.Path())
	}
}
