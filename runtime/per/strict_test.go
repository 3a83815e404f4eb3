package per_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/per"
)

// bitsOf returns the octets of the bits s ('0' and '1'; spaces ignored),
// padded with 0 bits.
func bitsOf(s string) []byte {
	s = strings.ReplaceAll(s, " ", "")
	b := make([]byte, (len(s)+7)/8)
	for i, c := range s {
		if c == '1' {
			b[i/8] |= 0x80 >> (i % 8)
		}
	}
	return b
}

// none is a value of no bits, for the checks of complete encodings.
type none struct{}

func (*none) DecodePER(r *per.Reader) error { return nil }
func (*none) EncodePER(w *per.Writer) error { return nil }

// TestStrict: what X.691 fixes in an encoding and a non-canonical encoder
// could vary is checked by the Reader: each input is valid PER but for
// the one thing named, and decodes to an error of that kind (not to a
// value that would encode to other bits).
func TestStrict(t *testing.T) {
	frag := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	k16 := bytes.Repeat([]byte{0x55}, per.Fragment)
	utc := per.NewWriter(nil, false)
	_ = utc.WriteKnownString(per.Visible, "9710021120-0500", per.Unsized, "UTCTime")
	for _, c := range []struct {
		name    string
		aligned bool
		in      []byte
		read    func(r *per.Reader) (any, error)
		kind    der.Kind
	}{
		// Whole numbers (X.691 11.5 to 11.8, 13).
		{"(0..5) 6 in the bit-field", false, bitsOf("110"),
			func(r *per.Reader) (any, error) { return r.ReadConstrained(0, 5) }, der.KindInvalidValue},
		{"(0..4294967295) 5 in two octets (ALIGNED)", true, bitsOf("01 000000 00000000 00000101"),
			func(r *per.Reader) (any, error) { return r.ReadConstrained(0, 4294967295) }, der.KindNonCanonical},
		{"semi-constrained 5 in two octets", false, unhex(t, "02 00 05"),
			func(r *per.Reader) (any, error) { return r.ReadSemiConstrained(0) }, der.KindNonCanonical},
		{"unconstrained 5 in two octets", false, unhex(t, "02 00 05"),
			func(r *per.Reader) (any, error) { return r.ReadUnconstrained() }, der.KindNonCanonical},
		{"unconstrained -123 in two octets", false, unhex(t, "02 ff 85"),
			func(r *per.Reader) (any, error) { return r.ReadUnconstrained() }, der.KindNonCanonical},
		{"(0..7, ...) 5 outside the root", false, bitsOf("1 00000001 00000101"),
			func(r *per.Reader) (any, error) { return r.ReadInt(0, 7, true) }, der.KindNonCanonical},
		{"(0..MAX, ...) 5 outside the root", false, bitsOf("1 00000001 00000101"),
			func(r *per.Reader) (any, error) { return r.ReadIntLb(0, true) }, der.KindNonCanonical},
		{"(MIN..10, ...) 5 outside the root", false, bitsOf("1 00000001 00000101"),
			func(r *per.Reader) (any, error) { return r.ReadIntAny(10, true) }, der.KindNonCanonical},
		{"(MIN..10, ...) 20 in the root", false, bitsOf("0 00000001 00010100"),
			func(r *per.Reader) (any, error) { return r.ReadIntAny(10, true) }, der.KindNonCanonical},
		// Indices (X.691 14, 23) and normally small numbers (11.6).
		{"ENUMERATED index 3 of 3 root items", false, bitsOf("11"),
			func(r *per.Reader) (any, error) { return r.ReadEnum(3, 0, false) }, der.KindInvalidValue},
		{"CHOICE index 3 of 3 root alternatives", false, bitsOf("0 11"),
			func(r *per.Reader) (any, error) { i, _, err := r.ReadIndex(3, true); return i, err }, der.KindInvalidValue},
		{"normally small 5 in the long form", false, bitsOf("1 00000001 00000101"),
			func(r *per.Reader) (any, error) { return r.ReadSmall() }, der.KindNonCanonical},
		{"normally small length 3 in the long form", false, bitsOf("1 00000011"),
			func(r *per.Reader) (any, error) { return r.ReadSmallLength() }, der.KindNonCanonical},
		// Lengths (X.691 11.9).
		{"length 5 in two octets", false, unhex(t, "80 05 01 02 03 04 05"),
			func(r *per.Reader) (any, error) { return r.ReadOctetString(per.Unsized) }, der.KindNonCanonical},
		{"fragment of 5 times 16K", false, unhex(t, "c5"),
			func(r *per.Reader) (any, error) { return r.ReadOctetString(per.Unsized) }, der.KindMalformed},
		{"fragment of 16K after one of 16K (one of 32K)", false, frag(unhex(t, "c1"), k16, unhex(t, "c1"), k16, unhex(t, "00")),
			func(r *per.Reader) (any, error) { return r.ReadOctetString(per.Unsized) }, der.KindNonCanonical},
		{"IA5String fragment after one of 16K", true, frag(unhex(t, "c1"), k16, unhex(t, "c1"), k16, unhex(t, "00")),
			func(r *per.Reader) (any, error) { return r.ReadKnownString(per.IA5, per.Unsized, "IA5String") }, der.KindNonCanonical},
		{"OCTET STRING (SIZE(0..4, ...)) of 2 outside the root", false, bitsOf("1 00000010 00000001 00000010"),
			func(r *per.Reader) (any, error) { return r.ReadOctetString(per.Size{Lb: 0, Ub: 4, Ext: true}) }, der.KindNonCanonical},
		{"BIT STRING (SIZE(0..8, ...)) of 3 outside the root", false, bitsOf("1 00000011 101"),
			func(r *per.Reader) (any, error) { return r.ReadBitString(per.Size{Lb: 0, Ub: 8, Ext: true}) }, der.KindNonCanonical},
		{"IA5String (SIZE(1..4, ...)) of 1 outside the root", false, bitsOf("1 00000001 1000001"),
			func(r *per.Reader) (any, error) {
				return r.ReadKnownString(per.IA5, per.Size{Lb: 1, Ub: 4, Ext: true}, "IA5String")
			}, der.KindNonCanonical},
		{"SEQUENCE (SIZE(0..3, ...)) OF of 2 outside the root", false, bitsOf("1 00000010"),
			func(r *per.Reader) (any, error) {
				n, _, err := r.ReadCount(per.Size{Lb: 0, Ub: 3, Ext: true}, true)
				return n, err
			},
			der.KindNonCanonical},
		{"BIT STRING with named bits and a trailing 0 bit", false, bitsOf("00000011 110"),
			func(r *per.Reader) (any, error) { return r.ReadNamedBitString(per.Unsized) }, der.KindNonCanonical},
		{"BIT STRING (SIZE(2..8)) with named bits and a trailing 0 bit", false, bitsOf("001 110"),
			func(r *per.Reader) (any, error) { return r.ReadNamedBitString(per.Size{Lb: 2, Ub: 8}) }, der.KindNonCanonical},
		// Extensions (X.691 19.7) and complete encodings (11.1).
		{"extension bitmap with no addition present", false, bitsOf("0 000001 00"),
			func(r *per.Reader) (any, error) { return r.ReadBitmap() }, der.KindNonCanonical},
		{"open type of an empty value not 00", false, unhex(t, "01 01"),
			func(r *per.Reader) (any, error) {
				o, err := r.BeginOpen()
				if err != nil {
					return nil, err
				}
				return nil, r.EndOpen(o)
			}, der.KindNonCanonical},
		{"empty encoding not 00", false, unhex(t, "01"),
			func(r *per.Reader) (any, error) { return nil, r.Finish() }, der.KindNonCanonical},
		{"an octet after the encoding", false, unhex(t, "00 00"),
			func(r *per.Reader) (any, error) { return nil, r.Finish() }, der.KindTrailingData},
		{"non-zero octet after the encoding", true, unhex(t, "80 80"),
			func(r *per.Reader) (any, error) { r.ReadBool(); return nil, r.Finish() }, der.KindTrailingData},
		// REAL (X.691 15: the DER contents) and the time types.
		{"REAL mantissa with a leading zero octet (asn1c)", false, unhex(t, "0a c1 00 ae 00 4e 7c 54 8d 57 7b"),
			func(r *per.Reader) (any, error) { return r.ReadReal() }, der.KindNonCanonical},
		{"REAL in base 8", false, unhex(t, "03 90 00 01"),
			func(r *per.Reader) (any, error) { return r.ReadReal() }, der.KindNonCanonical},
		{"UTCTime not in the DER form", false, utc.Bytes(),
			func(r *per.Reader) (any, error) { return r.ReadUTCTime() }, der.KindNonCanonical},
		{"DATE 2010 as remainder", false, bitsOf("11 00000010 0000011111011010 0000 00000"),
			func(r *per.Reader) (any, error) { return r.ReadDate() }, der.KindNonCanonical},
		{"DATE 2011-02-30", false, bitsOf("00 0110 0001 11101"),
			func(r *per.Reader) (any, error) { return r.ReadDate() }, der.KindInvalidValue},
		{"DURATION of no component", false, bitsOf("00000000"),
			func(r *per.Reader) (any, error) { return r.ReadDuration() }, der.KindInvalidValue},
		{"DURATION of a fraction alone", false, bitsOf("00000001 0 00 0 0000000101"),
			func(r *per.Reader) (any, error) { return r.ReadDuration() }, der.KindInvalidValue},
		{"DURATION of weeks and days", false, bitsOf("00110000 0 000001 0 00001"),
			func(r *per.Reader) (any, error) { return r.ReadDuration() }, der.KindInvalidValue},
		{"DURATION 5 seconds outside the root", false, bitsOf("00000010 1 00000001 00000101"),
			func(r *per.Reader) (any, error) { return r.ReadDuration() }, der.KindNonCanonical},
		{"DURATION fraction 1234 of 3 digits", false, bitsOf("00000011 0 000001 0 10 1 00000010 00000100 11010010"),
			func(r *per.Reader) (any, error) { return r.ReadDuration() }, der.KindInvalidValue},
		{"TIME 2012 as ANY-YEAR-ENCODING", false, bitsOf("000011 00000010 00000111 11011100"),
			func(r *per.Reader) (any, error) { return r.ReadTime() }, der.KindNonCanonical},
		{"TIME 1985-02-30", false, bitsOf("000110 10 11101100 0001 11101"),
			func(r *per.Reader) (any, error) { return r.ReadTime() }, der.KindInvalidValue},
		{"TIME row 54", false, bitsOf("110101"),
			func(r *per.Reader) (any, error) { return r.ReadTime() }, der.KindInvalidValue},
		{"TIME difference of 1 hour and 60 minutes", false, bitsOf("010000 01111 1 0 0001 111011"),
			func(r *per.Reader) (any, error) { return r.ReadTime() }, der.KindInvalidValue},
		{"TIME number-of-digits without a fraction", false, bitsOf("100000 0000 0010011 1 00000001 00000000 00000"),
			func(r *per.Reader) (any, error) { return r.ReadTime() }, der.KindInvalidValue},
		{"TIME (SETTINGS Year=Proleptic) 2012", false, bitsOf("00000010 00000111 11011100"),
			func(r *per.Reader) (any, error) { return r.ReadTimeWith("Basic=Date Date=Y Year=Proleptic") }, der.KindConstraint},
		{"DURATION fraction of 10^9 digits", false, bitsOf("00000011 0 000001 1 00000100 00111011 10011010 11001010 00000000 0 0000000000"),
			func(r *per.Reader) (any, error) { return r.ReadDuration() }, der.KindLimit},
		{"TIME-OF-DAY 24:00:00", false, bitsOf("11000 000000 000000"),
			func(r *per.Reader) (any, error) { return r.ReadTimeOfDay() }, der.KindInvalidValue},
	} {
		r := per.NewReader(c.in, c.aligned, nil)
		v, err := c.read(&r)
		var e *der.Error
		switch {
		case err == nil:
			t.Errorf("%s: read %v, want an error of kind %v", c.name, v, c.kind)
		case !errors.As(err, &e) || e.Kind != c.kind || !e.Bits || e.Offset < 0:
			t.Errorf("%s: error %v (%#v), want kind %v located in bits", c.name, err, err, c.kind)
		}
	}
	// The same through Unmarshal.
	if err := per.Unmarshal([]byte{1}, new(none), false, nil); !errors.Is(err, der.ErrNonCanonical) {
		t.Errorf("Unmarshal of an empty encoding 01: %v", err)
	}
	if err := per.Unmarshal([]byte{0}, new(none), false, nil); err != nil {
		t.Errorf("Unmarshal of the empty encoding 00: %v", err)
	}
}
