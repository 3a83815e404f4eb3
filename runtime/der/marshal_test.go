package der_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/internal/rtest"
)

// pair is what asn1gen generates for
//
//	Pair ::= SEQUENCE { n INTEGER (0..255), s OCTET STRING }
//
// written by hand, to test the entry points without the generator.
type pair struct {
	N int64
	S []byte
}

func (v *pair) DecodeASN1(r *der.Reader, t der.Tag) error {
	if t == 0 {
		return r.Root(v.DecodeASN1(r, der.TagSequence), "Pair")
	}
	s, err := r.ReadConstructed(t, "Pair")
	if err != nil {
		return err
	}
	if v.N, err = s.ReadInt64(der.TagInteger); err != nil {
		return der.WithField(err, "n")
	}
	if v.S, err = s.ReadOctetString(der.TagOctetString); err != nil {
		return der.WithField(err, "s")
	}
	return s.Finish("Pair")
}

func (v *pair) EncodeASN1(b *der.Builder, t der.Tag) {
	if t == 0 {
		t = der.TagSequence
	}
	m := b.Begin(t, true)
	if !b.SkipConstraints() {
		if err := der.CheckRange(-1, "INTEGER", v.N, 0, 255); err != nil {
			b.SetError(der.WithField(err, "n"))
		}
	}
	b.AddInt64(der.TagInteger, v.N)
	b.AddPrimitive(der.TagOctetString, v.S)
	b.End(m)
}

func TestEntryPoints(t *testing.T) {
	in := rtest.Hex(t, "30 07 02 01 05 04 02 61 62")
	want := pair{5, []byte("ab")}
	if got, err := der.Marshal(&want, nil); err != nil || !bytes.Equal(got, in) {
		t.Errorf("Marshal = % x, %v; want % x", got, err, in)
	}
	if got, err := der.Append([]byte{0xde}, &want, nil); err != nil || !bytes.Equal(got, append([]byte{0xde}, in...)) {
		t.Errorf("Append = % x, %v", got, err)
	}
	got := pair{N: 9, S: []byte("old")}
	if err := der.Unmarshal(in, &got, nil); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Unmarshal (-want +got):\n%s", diff)
	}
	if &got.S[0] != &in[7] {
		t.Errorf("Unmarshal copied the OCTET STRING")
	}

	// An IMPLICIT tag is the caller's: [1] IMPLICIT Pair.
	b := der.NewBuilder(nil)
	want.EncodeASN1(b, der.Context(1))
	tagged, _ := b.Bytes()
	if !bytes.Equal(tagged, rtest.Hex(t, "a1 07 02 01 05 04 02 61 62")) {
		t.Errorf("[1] IMPLICIT Pair = % x", tagged)
	}
	r := der.NewReader(tagged, nil)
	var v pair
	if err := v.DecodeASN1(&r, der.Context(1)); err != nil || !r.Empty() {
		t.Errorf("DecodeASN1([1]): %v", err)
	}

	// BER only when asked.
	ber := rtest.Hex(t, "30 80 02 01 05 04 02 61 62 00 00")
	if err := der.Unmarshal(ber, &v, nil); !errors.Is(err, der.ErrNonCanonical) {
		t.Errorf("DER decode of BER: %v", err)
	}
	if err := der.Unmarshal(ber, &v, &der.Options{BER: true}); err != nil || v.N != 5 {
		t.Errorf("BER decode: %+v, %v", v, err)
	}

	// A value outside its constraint is written only with SkipConstraints.
	big := pair{N: 256}
	if _, err := der.Marshal(&big, nil); !errors.Is(err, der.ErrConstraint) {
		t.Errorf("Marshal of n = 256: %v", err)
	}
	if _, err := der.Marshal(&big, &der.Options{SkipConstraints: true}); err != nil {
		t.Errorf("Marshal of n = 256 with SkipConstraints: %v", err)
	}
}

// TestUnmarshalErrors checks what the root of a decode adds: the type's
// name at the start of the path, the check that nothing follows, and the
// reset of the value.
func TestUnmarshalErrors(t *testing.T) {
	tests := []struct {
		name, in, text string
	}{
		{"field", "30 06 01 01 ff 04 01 61", "asn1: Pair.n at offset 2: INTEGER: expected INTEGER, got BOOLEAN"},
		{"trailing", "30 07 02 01 05 04 02 61 62 05 00", "asn1: at offset 9: Pair: 2 unexpected octets after the last element (X.690 8.1.1)"},
		{"tag", "31 00", "asn1: Pair at offset 0: Pair: expected SEQUENCE, got SET"},
	}
	for _, tt := range tests {
		v := pair{N: 9, S: []byte("old")}
		err := der.Unmarshal(rtest.Hex(t, tt.in), &v, nil)
		if err == nil || err.Error() != tt.text {
			t.Errorf("%s: %v, want %s", tt.name, err, tt.text)
		}
		if tt.name == "field" && v.S != nil {
			t.Errorf("%s: *v not reset: %+v", tt.name, v)
		}
	}
}

// TestEntryPointAllocs checks that the entry points allocate only what
// the value needs: DecodeASN1 and EncodeASN1, called through an interface,
// would move a Reader or Builder of the entry point's stack to the heap,
// so they are pooled.
func TestEntryPointAllocs(t *testing.T) {
	in := rtest.Hex(t, "30 07 02 01 05 04 02 61 62")
	var v pair
	if n := testing.AllocsPerRun(100, func() { _ = der.Unmarshal(in, &v, nil) }); n != 0 {
		t.Errorf("Unmarshal: %v allocations, want 0", n)
	}
	buf := make([]byte, 0, 64)
	if n := testing.AllocsPerRun(100, func() { _, _ = der.Append(buf[:0], &v, nil) }); n != 0 {
		t.Errorf("Append: %v allocations, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = der.Marshal(&v, nil) }); n != 1 {
		t.Errorf("Marshal: %v allocations, want 1 (the result)", n)
	}
}

// TestUnmarshalHints checks the Hint of the errors of Unmarshal: PEM
// passed where DER or BER belongs is named, with what to do; a DER error
// on a form BER allows says so when a BER decode accepts the input, and
// only then.
func TestUnmarshalHints(t *testing.T) {
	const pemText = "-----BEGIN PAIR-----\nMAcCAQUEAmFi\n-----END PAIR-----\n"
	tests := []struct {
		name string
		in   []byte
		ber  bool
		kind error
		hint string // "" for none
	}{
		{"PEM", []byte(pemText), false, der.ErrTagMismatch,
			"the input is PEM (-----BEGIN PAIR-----), not DER: decode it with encoding/pem and pass the block's Bytes"},
		{"PEM after blank lines", []byte("\r\n\n  " + pemText), false, der.ErrTagMismatch,
			"the input is PEM (-----BEGIN PAIR-----), not DER: decode it with encoding/pem and pass the block's Bytes"},
		{"PEM in a BER decode", []byte(pemText), true, der.ErrTagMismatch,
			"the input is PEM (-----BEGIN PAIR-----), not DER: decode it with encoding/pem and pass the block's Bytes"},
		{"non-minimal length", rtest.Hex(t, "30 81 07 02 01 05 04 02 61 62"), false, der.ErrNonCanonical,
			"valid BER, which a decode with der.Options{BER: true} accepts"},
		{"indefinite length", rtest.Hex(t, "30 80 02 01 05 04 02 61 62 00 00"), false, der.ErrNonCanonical,
			"valid BER, which a decode with der.Options{BER: true} accepts"},
		{"constructed string", rtest.Hex(t, "30 09 02 01 05 24 04 04 02 61 62"), false, der.ErrNonCanonical,
			"valid BER, which a decode with der.Options{BER: true} accepts"},
		// Issue 24: a DER rule broken first, and no valid BER further on.
		{"non-minimal length, then truncated", rtest.Hex(t, "30 81 07 02 01 05 04 03 61 62"), false, der.ErrNonCanonical, ""},
		{"indefinite length without end", rtest.Hex(t, "30 80 02 01 05 04 02 61 62"), false, der.ErrNonCanonical, ""},
		{"indefinite length, then an extra component", rtest.Hex(t, "30 80 02 01 05 04 02 61 62 05 00 00 00"), false, der.ErrNonCanonical, ""},
		{"not BER either", rtest.Hex(t, "30 07 02 01 05 04 03 61 62"), false, der.ErrTruncated, ""},
		// Issue 24: a defect crypto/x509 accepts names its options.
		{"trailing octets in a SEQUENCE", rtest.Hex(t, "30 09 02 01 05 04 02 61 62 05 00"), false, der.ErrTrailingData,
			"a decode with the tolerances of crypto/x509 accepts it: rfc5280.X509Options(), or der.Options{Tolerate: der.TolerateX509, SkipConstraints: true}"},
		{"BER and trailing octets: neither option alone", rtest.Hex(t, "30 81 09 02 01 05 04 02 61 62 05 00"), false, der.ErrNonCanonical, ""},
		{"trailing octets in a BER decode", rtest.Hex(t, "30 80 02 01 05 04 02 61 62 05 00 00 00"), true, der.ErrTrailingData,
			"a decode with the tolerances of crypto/x509 accepts it: rfc5280.X509Options(), or der.Options{Tolerate: der.TolerateX509, SkipConstraints: true}"},
		{"BER decode", rtest.Hex(t, "30 07 02 01 05 04 03 61 62"), true, der.ErrTruncated, ""},
	}
	for _, tt := range tests {
		var v pair
		err := der.Unmarshal(tt.in, &v, &der.Options{BER: tt.ber})
		var e *der.Error
		if !errors.As(err, &e) || !errors.Is(err, tt.kind) {
			t.Errorf("%s: %v, want a *der.Error of kind %v", tt.name, err, tt.kind)
			continue
		}
		if e.Hint != tt.hint {
			t.Errorf("%s: Hint = %q, want %q", tt.name, e.Hint, tt.hint)
		}
		if tt.hint != "" && !bytes.HasSuffix([]byte(err.Error()), []byte("; "+tt.hint)) {
			t.Errorf("%s: %q does not end with the hint", tt.name, err)
		}
		// The hint is true when given, and given when true.
		berErr := der.Unmarshal(tt.in, &v, &der.Options{BER: true})
		if saysBER := strings.Contains(e.Hint, "valid BER"); saysBER != (berErr == nil && !tt.ber && errors.Is(err, der.ErrNonCanonical)) {
			t.Errorf("%s: hint %q, but a BER decode gives %v", tt.name, e.Hint, berErr)
		}
		x509Err := der.Unmarshal(tt.in, &v, &der.Options{BER: tt.ber, Tolerate: der.TolerateX509, SkipConstraints: true})
		if saysX509 := strings.Contains(e.Hint, "X509Options"); saysX509 != (x509Err == nil) {
			t.Errorf("%s: hint %q, but a decode with TolerateX509 gives %v", tt.name, e.Hint, x509Err)
		}
	}
}

// TestTolerateTrailingOctets checks that TolerateTrailingOctets skips
// octets after the last component of a SEQUENCE, elements or not (issue
// 24, item 6: crypto/x509 ignores them inside AlgorithmIdentifier,
// AttributeTypeAndValue and Extension), and only there: what follows the
// outermost element and the value of an open type stays an error.
func TestTolerateTrailingOctets(t *testing.T) {
	tolerant := &der.Options{Tolerate: der.TolerateTrailingOctets}
	tests := []struct {
		name string
		in   string
		opts *der.Options
		want *pair
		kind error // when want is nil
		off  int
	}{
		{"strict, an element after the last component", "30 09 02 01 05 04 02 61 62 05 00", nil, nil, der.ErrTrailingData, 9},
		{"an element after the last component", "30 09 02 01 05 04 02 61 62 05 00", tolerant, &pair{5, []byte("ab")}, nil, 0},
		{"an octet that is no element", "30 08 02 01 05 04 02 61 62 ff", tolerant, &pair{5, []byte("ab")}, nil, 0},
		{"X509", "30 08 02 01 05 04 02 61 62 ff", &der.Options{Tolerate: der.TolerateX509}, &pair{5, []byte("ab")}, nil, 0},
		{"after the outermost element", "30 07 02 01 05 04 02 61 62 05 00", tolerant, nil, der.ErrTrailingData, 9},
		{"a missing component is no trailing octet", "30 03 02 01 05", tolerant, nil, der.ErrTruncated, 5},
	}
	for _, tt := range tests {
		var v pair
		err := der.Unmarshal(rtest.Hex(t, tt.in), &v, tt.opts)
		if tt.want != nil {
			if err != nil {
				t.Errorf("%s: %v", tt.name, err)
			} else if diff := cmp.Diff(*tt.want, v); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tt.name, diff)
			}
			continue
		}
		var e *der.Error
		if !errors.As(err, &e) || !errors.Is(err, tt.kind) || e.Offset != tt.off {
			t.Errorf("%s: %v, want %v at offset %d", tt.name, err, tt.kind, tt.off)
		}
	}

	// The value of an open type (a reader of Open) is one element.
	r := der.NewReader(rtest.Hex(t, "04 04 05 00 05 00"), tolerant)
	raw, err := r.ReadOctetString(der.TagOctetString)
	if err != nil {
		t.Fatal(err)
	}
	sub := r.Open(raw, 2)
	if _, err := sub.ReadRaw(); err != nil {
		t.Fatal(err)
	}
	if err := sub.Finish("OPEN"); !errors.Is(err, der.ErrTrailingData) {
		t.Errorf("Finish after an open type's value: %v, want trailing data", err)
	}
}
