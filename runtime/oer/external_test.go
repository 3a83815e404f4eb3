package oer_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/oer"
)

// TestExternal reads and writes EXTERNAL values, the X.690 8.18.1
// sequence type in OER (X.696, as X.691 29), derived by hand.
func TestExternal(t *testing.T) {
	for _, h := range []string{
		// Preamble 100 (direct-reference only, X.696 16.2); the OID
		// 2.1.1 (a length, then 2*40+1 = 0x51 and 01, X.696 21); the tag
		// of octet-aligned, [1] (81, X.696 8.7); the OCTET STRING 'CAFE'H
		// with its length (14).
		"80 02 51 01 81 02 ca fe",
		// Preamble 010 (indirect-reference); INTEGER 5, signed in one
		// octet (10.4); single-ASN1-type, [0] (80), an open type field
		// holding BOOLEAN TRUE (30, 9).
		"40 01 05 80 01 ff",
		// Preamble 001 (data-value-descriptor); ObjectDescriptor "d" (a
		// length and its octet, 27); arbitrary, [2] (82), the BIT STRING
		// '101'B: a length, 5 unused bits, a0 (13.3).
		"20 01 64 82 02 05 a0",
	} {
		in := unhex(t, h)
		r := oer.NewReader(append(in, 0x99), &oer.Options{Canonical: true})
		b, err := r.ReadExternal()
		if err != nil || !bytes.Equal(b, in) || r.Left() != 1 {
			t.Errorf("ReadExternal(%s) = % x, %v, %d left; want its octets and 1 left", h, b, err, r.Left())
		}
		var w oer.Writer
		if err := w.WriteExternal(in); err != nil || !bytes.Equal(w.Bytes(), in) {
			t.Errorf("WriteExternal(%s) = % x, %v", h, w.Bytes(), err)
		}
	}
	for _, c := range []struct {
		h         string
		canonical bool
		kind      der.Kind
		off       int
	}{
		{"00 83 00", false, der.KindInvalidValue, 1},         // [3]: no alternative of encoding
		{"00 81 05 ca", false, der.KindTruncated, 2},         // the OCTET STRING cut short
		{"10 81 00", true, der.KindNonCanonical, 0},          // a padding bit of the preamble set
		{"40 02 00 05 81 00", true, der.KindNonCanonical, 1}, // INTEGER 5 with a redundant octet
	} {
		r := oer.NewReader(unhex(t, c.h), &oer.Options{Canonical: c.canonical})
		if _, err := r.ReadExternal(); err == nil || r.Offset() != 0 {
			t.Errorf("ReadExternal(%s): %v at offset %d, want an error and the offset kept", c.h, err, r.Offset())
		} else {
			errorAt(t, c.h, err, c.kind, c.off)
		}
	}
	// The DER encoding of an EXTERNAL that another codec kept is refused
	// by the writer, as is a non-canonical one.
	var w oer.Writer
	for _, h := range []string{"28 07 06 02 51 01 81 01 00", "40 02 00 05 81 00", "80 02 51 01 81 02 ca fe 00"} {
		if err := w.WriteExternal(unhex(t, h)); !errors.Is(err, der.ErrInvalidValue) {
			t.Errorf("WriteExternal(%s): %v, want an invalid value error", h, err)
		}
	}
	if len(w.Bytes()) != 0 {
		t.Errorf("refused values wrote % x", w.Bytes())
	}
}

// TestInstanceOf reads and writes INSTANCE OF values, their associated
// SEQUENCE (X.681 C.8) in OER: the OID 2.1.1 (a length and 51 01, X.696
// 21) and an open type field holding BOOLEAN TRUE (30, 9).
func TestInstanceOf(t *testing.T) {
	in := unhex(t, "02 51 01 01 ff")
	r := oer.NewReader(in, &oer.Options{Canonical: true})
	if b := r.InstanceOf("x"); r.Err() != nil || !bytes.Equal(b, in) {
		t.Errorf("InstanceOf = % x, %v", b, r.Err())
	}
	var w oer.Writer
	if err := w.WriteInstanceOf(in); err != nil || !bytes.Equal(w.Bytes(), in) {
		t.Errorf("WriteInstanceOf = % x, %v", w.Bytes(), err)
	}
	r = oer.NewReader(unhex(t, "02 51 01 02 ff"), nil)
	r.InstanceOf("x")
	errorAt(t, "value cut short", r.Err(), der.KindTruncated, 3)
	if err := w.WriteInstanceOf(unhex(t, "02 51 01")); !errors.Is(err, der.ErrInvalidValue) {
		t.Errorf("WriteInstanceOf without a value: %v", err)
	}
}

// heldPrims are the prims of the types held as their encodings, EXTERNAL
// and INSTANCE OF, as strings (their octets); random ones are written
// field by field, as TestExternal's are by hand.
func heldPrims() []prim {
	octets := func(rng *rand.Rand) []byte {
		b := make([]byte, rng.IntN(1<<rng.IntN(10)))
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		return b
	}
	return []prim{
		{
			name: "External",
			read: func(r *oer.Reader) (any, error) {
				b, err := r.ReadExternal()
				return string(b), err
			},
			write: func(w *oer.Writer, v any) error { return w.WriteExternal([]byte(v.(string))) },
			random: func(rng *rand.Rand) any {
				w := oer.NewWriter(nil)
				p := [3]bool{rng.IntN(2) == 1, rng.IntN(2) == 1, rng.IntN(2) == 1}
				w.WritePreamble(p[:]...)
				if p[0] {
					w.WriteOID(der.OID(randomSubids(rng, 1)))
				}
				if p[1] {
					w.WriteInt(randomInt(rng))
				}
				if p[2] {
					if err := w.WriteString(oer.ObjectDescriptor, "descriptor", oer.Unsized); err != nil {
						panic(err)
					}
				}
				switch rng.IntN(3) {
				case 0:
					w.WriteTag(der.Context(0))
					w.WriteOpen(octets(rng))
				case 1:
					w.WriteTag(der.Context(1))
					if err := w.WriteOctetString(octets(rng), oer.Unsized); err != nil {
						panic(err)
					}
				default:
					w.WriteTag(der.Context(2))
					n := rng.IntN(40)
					v := der.BitString{Bytes: make([]byte, (n+7)/8), BitLength: n}
					if err := w.WriteBitString(v, oer.Unsized); err != nil {
						panic(err)
					}
				}
				return string(w.Bytes())
			},
		},
		{
			name: "InstanceOf",
			read: func(r *oer.Reader) (any, error) {
				b, err := r.ReadInstanceOf()
				return string(b), err
			},
			write: func(w *oer.Writer, v any) error { return w.WriteInstanceOf([]byte(v.(string))) },
			random: func(rng *rand.Rand) any {
				w := oer.NewWriter(nil)
				w.WriteOID(der.OID(randomSubids(rng, 1)))
				w.WriteOpen(octets(rng))
				return string(w.Bytes())
			},
		},
	}
}
