package jer

import (
	"errors"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/google/go-cmp/cmp"
)

// TestKept: an INSTANCE OF or EXTERNAL read keeps its JSON text, which
// the Writer writes back as it came.
func TestKept(t *testing.T) {
	for _, c := range []struct {
		in       string
		external bool
	}{
		{`{"type-id":"1.2.3","value":{"a":[1,"x",null]}}`, false},
		{`{"value":"\n\topen_type","type-id":"2.18.501"}`, false},
		{`{ "type-id" : "0.7" , "value" : -1.5e3 }`, false},
		{`{"identification":{"syntax":"1.2"},"data-value":"0102"}`, true},
		{`{"data-value":"","data-value-descriptor":"d","identification":{"presentation-context-id":-12345678901234567890}}`, true},
		{`{"identification":{"context-negotiation":{"transfer-syntax":"2.1.1","presentation-context-id":3}},"data-value":"FF"}`, true},
	} {
		r := NewReader([]byte(c.in), nil)
		var got []byte
		if c.external {
			got = r.External("f")
		} else {
			got = r.InstanceOf("f")
		}
		if err := r.Finish(); err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if diff := cmp.Diff(c.in, string(got)); diff != "" {
			t.Errorf("kept text (-want +got):\n%s", diff)
		}
		var w Writer
		if c.external {
			w.WriteExternal(got, "f")
		} else {
			w.WriteInstanceOf(got, "f")
		}
		if diff := cmp.Diff(c.in, string(w.Bytes())); w.Err() != nil || diff != "" {
			t.Errorf("written (-want +got), %v:\n%s", w.Err(), diff)
		}
	}
}

// TestKeptErrors: what is not an INSTANCE OF or EXTERNAL fails at the
// byte at fault, with the field's path.
func TestKeptErrors(t *testing.T) {
	inst := func(r *Reader) { r.InstanceOf("f") }
	ext := func(r *Reader) { r.External("f") }
	for _, c := range []struct {
		in   string
		read func(*Reader)
		kind der.Kind
		off  int
		msg  string
	}{
		{`[1]`, inst, der.KindInvalidValue, 0, "f at offset 0: INSTANCE OF: an object is due"},
		{`{"type-id":"1.2"}`, inst, der.KindInvalidValue, 16, `f at offset 16: INSTANCE OF: no member "value"`},
		{`{"value":1}`, inst, der.KindInvalidValue, 10, `f at offset 10: INSTANCE OF: no member "type-id"`},
		{`{"type-id":"x","value":1}`, inst, der.KindInvalidValue, 11, "f.type-id at offset 11: OBJECT IDENTIFIER: not dotted arcs"},
		{`{"type-id":"1.2","value":1,"value":2}`, inst, der.KindInvalidValue, 35, `member "value" twice`},
		{`{"type-id":"1.2","value":1,"other":2}`, inst, der.KindInvalidValue, 35, `no component is named "other"`},
		{`{"type-id":"1.2","value":[1,]}`, inst, der.KindInvalidValue, 28, "f.value"},
		{`{"type-id":"1.2","value":` + strings.Repeat("[", 100), inst, der.KindLimit, 89, "nesting"},
		{`{"identification":{"syntax":"1.2"}}`, ext, der.KindInvalidValue, 34, `f at offset 34: EXTERNAL: no member "data-value"`},
		{`{"data-value":""}`, ext, der.KindInvalidValue, 16, `no member "identification"`},
		{`{"identification":{},"data-value":""}`, ext, der.KindInvalidValue, 19, "f.identification at offset 19: EXTERNAL.identification: no member for the alternative"},
		{`{"identification":{"fixed":null},"data-value":""}`, ext, der.KindConstraint, 27, "the alternative fixed is excluded"},
		{`{"identification":{"syntaxes":{}},"data-value":""}`, ext, der.KindConstraint, 30, "the alternative syntaxes is excluded"},
		{`{"identification":{"syntax":"1.2","fixed":null},"data-value":""}`, ext, der.KindInvalidValue, 42, `a second member "fixed"`},
		{`{"identification":{"context-negotiation":{"transfer-syntax":"1.2"}},"data-value":""}`, ext, der.KindInvalidValue, 65, `f.identification.context-negotiation at offset 65: EXTERNAL.identification.context-negotiation: no member "presentation-context-id"`},
		{`{"identification":{"presentation-context-id":1.5},"data-value":""}`, ext, der.KindInvalidValue, 45, "f.identification.presentation-context-id"},
		{`{"identification":{"syntax":"1.2"},"data-value":"XY"}`, ext, der.KindInvalidValue, 48, "f.data-value at offset 48: OCTET STRING: not a hex digit"},
		{`{"identification":{"syntax":"1.2"},"data-value":"","data-value-descriptor":7}`, ext, der.KindInvalidValue, 75, "f.data-value-descriptor"},
	} {
		r := NewReader([]byte(c.in), nil)
		c.read(&r)
		var e *der.Error
		if !errors.As(r.Err(), &e) {
			t.Errorf("%s: error %v, want a *der.Error", c.in, r.Err())
			continue
		}
		if e.Kind != c.kind || e.Offset != c.off || !strings.Contains(e.Error(), c.msg) {
			t.Errorf("%s: got %v (kind %v at %d), want kind %v at %d with %q", c.in, e, e.Kind, e.Offset, c.kind, c.off, c.msg)
		}
	}
}

// TestWriteKeptRefused: octets that are not the JSON text of an INSTANCE
// OF or EXTERNAL (another codec's encoding, a text of another shape) are
// refused, not written.
func TestWriteKeptRefused(t *testing.T) {
	for _, c := range []struct {
		write func(w *Writer)
		msg   string
	}{
		{func(w *Writer) { w.WriteInstanceOf([]byte{0x28, 0x05, 0x06, 0x01, 0x2a, 0xa0, 0x00}, "i") }, "i INSTANCE OF: the value is not the JSON text of one"},
		{func(w *Writer) { w.WriteInstanceOf(nil, "i") }, "i INSTANCE OF: the value is not the JSON text of one"},
		{func(w *Writer) { w.WriteInstanceOf([]byte(`{"type-id":"1.2","value":1} 2`), "i") }, "i INSTANCE OF"},
		{func(w *Writer) { w.WriteExternal([]byte(`{"type-id":"1.2","value":1}`), "e") }, "e EXTERNAL: the value is not the JSON text of one"},
	} {
		var w Writer
		c.write(&w)
		if err := w.Err(); !errors.Is(err, der.ErrUnsupported) || !strings.Contains(err.Error(), c.msg) || len(w.Bytes()) != 0 {
			t.Errorf("got %v and %q, want an unsupported error with %q", err, w.Bytes(), c.msg)
		}
	}
}

// pair is SEQUENCE { n INTEGER, b BOOLEAN } with a DER codec written as
// generated code writes one, the type an OCTET STRING (CONTAINING pair
// ENCODED BY der) holds in TestDER.
type pair struct {
	N int64
	B bool
}

func (v *pair) DecodeASN1(r *der.Reader, t der.Tag) error {
	if t == 0 {
		return r.Root(v.DecodeASN1(r, der.TagSequence), "Pair")
	}
	s, err := r.ReadConstructed(t, "Pair")
	if err != nil {
		return err
	}
	v.N = s.Int64(der.TagInteger, "n")
	v.B = s.Boolean(der.TagBoolean, "b")
	return s.End("Pair")
}

func (v *pair) EncodeASN1(b *der.Builder, t der.Tag) {
	m := b.Begin(t.Or(der.TagSequence), true)
	b.AddInt64(der.TagInteger, v.N)
	b.AddBoolean(der.TagBoolean, v.B)
	b.End(m)
}

// TestDER: a string CONTAINING a type ENCODED BY der is the hex of its
// DER, as an OCTET STRING or a BIT STRING, both ways; errors of the DER
// decode are located at the string, with the octet in the message.
func TestDER(t *testing.T) {
	for _, c := range []struct {
		in   string
		bits bool
		want pair
	}{
		{`"3006020107010100"`, false, pair{7, false}},
		{`"3007020200FF0101FF"`, false, pair{255, true}},
		{`{"value":"3006020107010100","length":64}`, true, pair{7, false}},
	} {
		r := NewReader([]byte(c.in), nil)
		var v pair
		r.DecodeDER(&v, c.bits, false, "p")
		if err := r.Finish(); err != nil || v != c.want {
			t.Errorf("%s: %+v, %v; want %+v", c.in, v, err, c.want)
			continue
		}
		var w Writer
		w.EncodeDER(&v, c.bits, "p")
		if diff := cmp.Diff(c.in, string(w.Bytes())); w.Err() != nil || diff != "" {
			t.Errorf("written (-want +got), %v:\n%s", w.Err(), diff)
		}
	}
	for _, c := range []struct {
		in       string
		bits     bool
		ber      bool
		maxAlloc int
		kind     der.Kind
		off      int
		msg      string
	}{
		{`  "3006020107010101"`, false, false, 0, der.KindNonCanonical, 2, "p.Pair.b at offset 2: BOOLEAN: in the DER contents at octet 7: TRUE not encoded as 0xFF"},
		{`"300602010701010000"`, false, false, 0, der.KindTrailingData, 0, "p at offset 0: Pair: in the DER contents at octet 8: 1 unexpected octets"},
		{`"3080020107010100 000"`, false, true, 0, der.KindInvalidValue, 0, "p at offset 0: OCTET STRING: not a hex digit"},
		{`"30800201070101000000"`, false, false, 0, der.KindNonCanonical, 0, "p.Pair at offset 0: Pair: in the DER contents at octet 0: indefinite length"},
		{`{"value":"3006020107010100","length":63}`, true, false, 0, der.KindInvalidValue, 0, "p at offset 0: BIT STRING: contents of a type that are not a whole number of octets"},
		{`"3006020107010100"`, false, false, 4, der.KindLimit, 18, "p at offset 18: OCTET STRING: decode would allocate more than its limit"},
		{`3006`, false, false, 0, der.KindInvalidValue, 0, "p at offset 0: OCTET STRING: a string of hex digits is due"},
	} {
		r := NewReader([]byte(c.in), &Options{MaxAlloc: c.maxAlloc})
		var v pair
		r.DecodeDER(&v, c.bits, c.ber, "p")
		var e *der.Error
		if !errors.As(r.Err(), &e) {
			t.Errorf("%s: error %v, want a *der.Error", c.in, r.Err())
			continue
		}
		if e.Kind != c.kind || e.Offset != c.off || !strings.Contains(e.Error(), c.msg) {
			t.Errorf("%s: got %v (kind %v at %d), want kind %v at %d with %q", c.in, e, e.Kind, e.Offset, c.kind, c.off, c.msg)
		}
	}
	// BER, ENCODED BY the basic encoding: an indefinite length.
	r := NewReader([]byte(`"30800201070101FF0000"`), nil)
	var v pair
	if r.DecodeDER(&v, false, true, "p"); r.Finish() != nil || v != (pair{7, true}) {
		t.Errorf("BER contents: %+v, %v", v, r.Err())
	}
}

// FuzzKept: reading any input as an INSTANCE OF or EXTERNAL never panics,
// fails located, and what it keeps the Writer writes back unchanged.
func FuzzKept(f *testing.F) {
	for _, s := range []string{
		`{"type-id":"1.2.3","value":{"a":[1,"x",null]}}`,
		`{"identification":{"context-negotiation":{"transfer-syntax":"2.1.1","presentation-context-id":3}},"data-value":"FF","data-value-descriptor":"d"}`,
		`{"identification":{"syntax":"1.2"},"data-value":"0"}`,
		`{"type-id":"1.2","value":[`,
	} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	f.Fuzz(func(t *testing.T, b []byte, external bool) {
		r := NewReader(b, nil)
		var kept []byte
		if external {
			kept = r.External("f")
		} else {
			kept = r.InstanceOf("f")
		}
		if err := r.Err(); err != nil {
			var e *der.Error
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(b) {
				t.Fatalf("error not located: %v", err)
			}
			return
		}
		var w Writer
		if external {
			w.WriteExternal(kept, "f")
		} else {
			w.WriteInstanceOf(kept, "f")
		}
		if w.Err() != nil || string(w.Bytes()) != string(kept) {
			t.Fatalf("kept %q, written %q, %v", kept, w.Bytes(), w.Err())
		}
	})
}
