package per_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/per"
)

// A primitive case: what the writer writes (after a lead bit 1 where lead
// is set, to show where the ALIGNED variant pads), the encoding worked out
// by hand from the X.691 clause named, and what the reader reads back.
type primCase struct {
	name    string
	aligned bool
	lead    bool
	write   func(w *per.Writer) error
	hex     string
	read    func(r *per.Reader) (any, error)
	want    any
}

func unhex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func cons(v, lb, ub int64) (func(*per.Writer) error, func(*per.Reader) (any, error)) {
	return func(w *per.Writer) error { return w.WriteConstrained(v, lb, ub) },
		func(r *per.Reader) (any, error) { return r.ReadConstrained(lb, ub) }
}

func semi(v, lb int64) (func(*per.Writer) error, func(*per.Reader) (any, error)) {
	return func(w *per.Writer) error { return w.WriteSemiConstrained(v, lb) },
		func(r *per.Reader) (any, error) { return r.ReadSemiConstrained(lb) }
}

func uncons(v int64) (func(*per.Writer) error, func(*per.Reader) (any, error)) {
	return func(w *per.Writer) error { w.WriteUnconstrained(v); return nil },
		func(r *per.Reader) (any, error) { return r.ReadUnconstrained() }
}

func octs(b []byte, s per.Size) (func(*per.Writer) error, func(*per.Reader) (any, error)) {
	return func(w *per.Writer) error { return w.WriteOctetString(b, s) },
		func(r *per.Reader) (any, error) { return r.ReadOctetString(s) }
}

func bitstr(bits string, s per.Size) (func(*per.Writer) error, func(*per.Reader) (any, error), der.BitString) {
	v := der.BitString{Bytes: make([]byte, (len(bits)+7)/8), BitLength: len(bits)}
	for i, c := range bits {
		if c == '1' {
			v.Bytes[i/8] |= 0x80 >> (i % 8)
		}
	}
	return func(w *per.Writer) error { return w.WriteBitString(v, s) },
		func(r *per.Reader) (any, error) { return r.ReadBitString(s) }, v
}

func chars(a *per.Alphabet, v string, s per.Size) (func(*per.Writer) error, func(*per.Reader) (any, error)) {
	return func(w *per.Writer) error { return w.WriteKnownString(a, v, s, "string") },
		func(r *per.Reader) (any, error) { return r.ReadKnownString(a, s, "string") }
}

func small(n int) (func(*per.Writer) error, func(*per.Reader) (any, error)) {
	return func(w *per.Writer) error { w.WriteSmall(n); return nil },
		func(r *per.Reader) (any, error) { return r.ReadSmall() }
}

func length(n, lb, ub int) (func(*per.Writer) error, func(*per.Reader) (any, error)) {
	return func(w *per.Writer) error { w.WriteLength(n, lb, ub); return nil },
		func(r *per.Reader) (any, error) { n, _, err := r.ReadLength(lb, ub); return n, err }
}

var (
	upperAZ = per.NewAlphabet('A', 'Z')
	fixed2  = per.Size{Lb: 2, Ub: 2}
)

func primCases() []primCase {
	var cs []primCase
	add := func(name string, aligned, lead bool, w func(*per.Writer) error, r func(*per.Reader) (any, error), want any, hex string) {
		cs = append(cs, primCase{name, aligned, lead, w, hex, r, want})
	}
	both := func(name string, lead bool, w func(*per.Writer) error, r func(*per.Reader) (any, error), want any, ahex, uhex string) {
		add(name+"/APER", true, lead, w, r, want, ahex)
		add(name+"/UPER", false, lead, w, r, want, uhex)
	}
	var w func(*per.Writer) error
	var r func(*per.Reader) (any, error)

	// X.691 11.5.7: constrained whole numbers.
	w, r = cons(5, 0, 7)
	both("(0..7) 5: bit-field", false, w, r, int64(5), "a0", "a0")
	w, r = cons(3, 0, 255)
	both("(0..255) 3: one octet, aligned", true, w, r, int64(3), "80 03", "81 80")
	w, r = cons(256, 0, 256)
	both("(0..256) 256: two octets, aligned", true, w, r, int64(256), "80 01 00", "c0 00")
	w, r = cons(300, 0, 65536)
	both("(0..65536) 300: indefinite length", true, w, r, int64(300), "a0 01 2c", "80 4b 00")
	w, r = cons(0, 0, 4294967295)
	both("(0..4294967295) 0: one octet", true, w, r, int64(0), "80 00", "80 00 00 00 00")
	w, r = cons(-5, -5, 5)
	both("(-5..5) -5", false, w, r, int64(-5), "00", "00")
	w, r = cons(3, 3, 3)
	both("(3..3): no bits", true, w, r, int64(3), "80", "80")

	// 11.7: semi-constrained; 11.8: unconstrained.
	w, r = semi(255, -1)
	both("(-1..MAX) 255", true, w, r, int64(255), "80 02 01 00", "81 00 80 00")
	w, r = semi(0, 0)
	both("(0..MAX) 0", false, w, r, int64(0), "01 00", "01 00")
	w, r = uncons(-1)
	both("unconstrained -1", false, w, r, int64(-1), "01 ff", "01 ff")
	w, r = uncons(128)
	both("unconstrained 128", false, w, r, int64(128), "02 00 80", "02 00 80")
	w, r = uncons(-129)
	both("unconstrained -129", true, w, r, int64(-129), "80 02 ff 7f", "81 7f bf 80")
	w, r = uncons(-1 << 63)
	both("unconstrained min int64", false, w, r, int64(-1<<63), "08 80 00 00 00 00 00 00 00", "08 80 00 00 00 00 00 00 00")

	// 11.6: normally small non-negative whole numbers.
	w, r = small(5)
	both("small 5", false, w, r, 5, "0a", "0a")
	w, r = small(64)
	both("small 64", false, w, r, 64, "80 01 40", "80 a0 00")

	// 11.9: length determinants.
	w, r = length(3, 0, 15)
	both("length 3 in 0..15", false, w, r, 3, "30", "30")
	w, r = length(127, 0, -1)
	both("length 127", true, w, r, 127, "80 7f", "bf 80")
	w, r = length(128, 0, -1)
	both("length 128", false, w, r, 128, "80 80", "80 80")
	w, r = length(16383, 0, 65536)
	both("length 16383 in 0..64K", false, w, r, 16383, "bf ff", "bf ff")
	w, r = length(300, 0, 65535)
	both("length 300 in 0..65535", true, w, r, 300, "80 01 2c", "80 96 00")

	// 17: OCTET STRING.
	w, r = octs([]byte{0xab, 0xcd}, fixed2)
	both("OCTET STRING (SIZE(2)): not aligned", true, w, r, []byte{0xab, 0xcd}, "d5 e6 80", "d5 e6 80")
	w, r = octs([]byte{0xab, 0xcd, 0xef}, per.Size{Lb: 3, Ub: 3})
	both("OCTET STRING (SIZE(3)): aligned", true, w, r, []byte{0xab, 0xcd, 0xef}, "80 ab cd ef", "d5 e6 f7 80")
	w, r = octs([]byte{0xab}, per.Unsized)
	both("OCTET STRING", true, w, r, []byte{0xab}, "80 01 ab", "80 d5 80")
	w, r = octs([]byte{0xab}, per.Size{Lb: 0, Ub: 7})
	both("OCTET STRING (SIZE(0..7))", false, w, r, []byte{0xab}, "20 ab", "35 60")
	w, r = octs([]byte{1, 2, 3}, per.Size{Lb: 1, Ub: 2, Ext: true})
	both("OCTET STRING (SIZE(1..2,...)) outside the root", false, w, r, []byte{1, 2, 3}, "80 03 01 02 03", "81 80 81 01 80")
	w, r = octs([]byte{1}, per.Size{Lb: 1, Ub: 2, Ext: true})
	both("OCTET STRING (SIZE(1..2,...)) in the root", false, w, r, []byte{1}, "00 01", "00 40")

	// 16: BIT STRING.
	var bs der.BitString
	w, r, bs = bitstr("1011", per.Size{Lb: 4, Ub: 4})
	both("BIT STRING (SIZE(4))", true, w, r, bs, "d8", "d8")
	w, r, bs = bitstr("10110011100011110", per.Size{Lb: 17, Ub: 17})
	both("BIT STRING (SIZE(17)): aligned", true, w, r, bs, "80 b3 8f 00", "d9 c7 80")
	w, r, bs = bitstr("101", per.Size{Lb: 0, Ub: 7})
	both("BIT STRING (SIZE(0..7))", false, w, r, bs, "60 a0", "74")
	w, r, bs = bitstr("101", per.Unsized)
	both("BIT STRING", false, w, r, bs, "03 a0", "03 a0")

	// 30: known-multiplier character strings.
	w, r = chars(per.IA5, "ab", per.Unsized)
	both("IA5String", false, w, r, "ab", "02 61 62", "02 c3 88")
	w, r = chars(per.Numeric, "12", per.Unsized)
	both("NumericString: indexed", false, w, r, "12", "02 23", "02 23")
	w, r = chars(upperAZ, "AB", fixed2)
	both("(FROM(\"A\"..\"Z\") SIZE(2)): indexed in UPER only", false, w, r, "AB", "41 42", "00 40")
	w, r = chars(per.BMP, "é", per.Unsized)
	both("BMPString", false, w, r, "é", "01 00 e9", "01 00 e9")
	w, r = chars(per.Printable, "A", per.Size{Lb: 1, Ub: 4})
	both("PrintableString (SIZE(1..4))", false, w, r, "A", "00 41", "20 80")

	// 24: OBJECT IDENTIFIER; 10.2: open type fields.
	oid := der.OID{0x2a, 0x86, 0x48}
	both("OBJECT IDENTIFIER", true, func(w *per.Writer) error { w.WriteOID(oid); return nil },
		func(r *per.Reader) (any, error) { return r.ReadOID() }, oid, "80 03 2a 86 48", "81 95 43 24 00")
	openBool := func(w *per.Writer) error {
		return w.WriteOpen(func(w *per.Writer) error { w.WriteBool(true); return nil })
	}
	readOpenBool := func(r *per.Reader) (any, error) {
		o, err := r.BeginOpen()
		if err != nil {
			return nil, err
		}
		b, err := r.ReadBool()
		if err != nil {
			return nil, err
		}
		return b, r.EndOpen(o)
	}
	both("open type holding TRUE", true, openBool, readOpenBool, true, "80 01 80", "80 c0 00")
	openEmpty := func(w *per.Writer) error { return w.WriteOpen(func(*per.Writer) error { return nil }) }
	readOpenEmpty := func(r *per.Reader) (any, error) {
		o, err := r.BeginOpen()
		if err != nil {
			return nil, err
		}
		return nil, r.EndOpen(o)
	}
	both("open type holding NULL", false, openEmpty, readOpenEmpty, nil, "01 00", "01 00")
	// In UPER the field after the bit is not on an octet boundary: its
	// zero octet spans two octets of the input.
	both("open type holding NULL after a bit", true, openEmpty, readOpenEmpty, nil, "80 01 00", "80 80 00")
	return append(cs, realTimeCases()...)
}

func TestPrimitives(t *testing.T) {
	for _, c := range primCases() {
		t.Run(c.name, func(t *testing.T) {
			w := per.NewWriter(nil, c.aligned)
			if c.lead {
				w.WriteBool(true)
			}
			if err := c.write(&w); err != nil {
				t.Fatalf("write: %v", err)
			}
			want := unhex(t, c.hex)
			if got := w.Bytes(); !bytes.Equal(got, want) {
				t.Fatalf("write: got % x, want % x", got, want)
			}
			r := per.NewReader(want, c.aligned, nil)
			if c.lead {
				if b, err := r.ReadBool(); err != nil || !b {
					t.Fatalf("lead bit: %v %v", b, err)
				}
			}
			got, err := c.read(&r)
			if err != nil {
				t.Fatalf("read: %v", err)
			}
			if diff := cmp.Diff(c.want, got, durationEqual); diff != "" {
				t.Errorf("read (-want +got):\n%s", diff)
			}
			if err := r.Finish(); err != nil {
				t.Errorf("finish: %v", err)
			}
		})
	}
}

// Every strict prefix of every case's encoding is a truncated input, never
// a panic or a wrong value passed off as whole.
func TestPrimitivesTruncated(t *testing.T) {
	for _, c := range primCases() {
		full := unhex(t, c.hex)
		for n := range len(full) {
			r := per.NewReader(full[:n], c.aligned, nil)
			if c.lead {
				if _, err := r.ReadBool(); err != nil {
					continue
				}
			}
			_, err := c.read(&r)
			if err == nil {
				err = r.Finish()
			}
			if err == nil {
				t.Errorf("%s: prefix of %d octets decoded", c.name, n)
				continue
			}
			var e *der.Error
			if !errors.As(err, &e) || !e.Bits || e.Offset < 0 {
				t.Errorf("%s: prefix of %d octets: error %v not located in bits", c.name, n, err)
			}
		}
	}
}
