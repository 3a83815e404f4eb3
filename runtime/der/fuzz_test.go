package der_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/internal/rtest"
)

// fuzzOpts lifts the element budget: walkReader reads elements twice.
func fuzzOpts(ber bool) *der.Options { return &der.Options{BER: ber, MaxElements: 1 << 30} }

// walkReader reads every element of r recursively with ReadRaw, ReadElement
// and ReadAny, checks that they agree and that the raw encodings of the
// elements concatenate to the window, and returns the headers in order and
// the end of the window.
func walkReader(t *testing.T, r der.Reader, in []byte, hs *[]der.Header) (int, error) {
	start := r.Offset()
	var cat []byte
	for !r.Empty() {
		rr, ra := r, r
		raw, rawErr := rr.ReadRaw()
		var sub der.Reader
		tag, constructed, ac, anyErr := ra.ReadAny(&sub)
		var h der.Header
		c, err := r.ReadElement(&h)
		var e *der.Error
		if rawErr == nil && errors.As(err, &e) && e.Rule == "Options.MaxDepth" && anyErr != nil {
			return 0, err // ReadAny and ReadElement enter the element, ReadRaw does not
		}
		if (err == nil) != (rawErr == nil) || (err == nil) != (anyErr == nil) {
			t.Fatalf("ReadElement error %v, ReadRaw error %v, ReadAny error %v", err, rawErr, anyErr)
		}
		if err != nil {
			return 0, err
		}
		if rr.Offset() != r.Offset() || ra.Offset() != r.Offset() || tag != h.Tag || constructed != h.Constructed || !bytes.Equal(ac, c) {
			t.Fatalf("ReadAny, ReadRaw and ReadElement disagree at %d", h.Offset)
		}
		if h.Offset+len(raw) != r.Offset() || !bytes.Equal(raw, in[h.Offset:r.Offset()]) {
			t.Fatalf("raw element at %d is not the input", h.Offset)
		}
		if len(c) > 0 && &c[0] != &in[h.Offset+h.HeaderLen] {
			t.Fatalf("contents at %d are not aliased", h.Offset)
		}
		cat = append(cat, raw...)
		*hs = append(*hs, h)
		if h.Constructed {
			if sub.Offset() != h.Offset+h.HeaderLen {
				t.Fatalf("ReadAny sub-reader of element at %d starts at %d", h.Offset, sub.Offset())
			}
			end, err := walkReader(t, sub, in, hs)
			if err != nil {
				return 0, err
			}
			if end != h.Offset+h.HeaderLen+len(c) {
				t.Fatalf("ReadAny sub-reader of element at %d ends at %d", h.Offset, end)
			}
		}
	}
	if !bytes.Equal(cat, in[start:r.Offset()]) {
		t.Fatalf("elements at %d do not concatenate to their window", start)
	}
	return r.Offset(), nil
}

// FuzzReader checks checkReader on any input, seeded with rtest.Seeds.
func FuzzReader(f *testing.F) {
	rtest.AddSeeds(f)
	f.Fuzz(checkReader)
}

// TestReaderCorpus checks checkReader on every encoding of the shared
// corpus, the seeds FuzzReader had before they were cut to a few.
func TestReaderCorpus(t *testing.T) {
	for _, in := range rtest.CorpusInputs(t) {
		t.Run(in.Name, func(t *testing.T) { checkReader(t, in.Data) })
	}
}

// checkReader walks in with the Reader, strict and BER. It must not
// panic; when the strict walk succeeds, the BER walk gives the same
// headers and every header is the one the writer produces (DER headers
// are unique).
func checkReader(t *testing.T, in []byte) {
	var derH, berH []der.Header
	_, derErr := walkReader(t, der.NewReader(in, fuzzOpts(false)), in, &derH)
	_, berErr := walkReader(t, der.NewReader(in, fuzzOpts(true)), in, &berH)
	for _, err := range []error{derErr, berErr} {
		var e *der.Error
		if err != nil && (!errors.As(err, &e) || e.Offset < 0 || e.Offset > len(in)) {
			t.Fatalf("error without a valid offset: %v", err)
		}
	}
	if derErr != nil {
		return
	}
	if berErr != nil {
		t.Fatalf("DER walk succeeds, BER walk fails: %v", berErr)
	}
	if diff := cmp.Diff(derH, berH); diff != "" {
		t.Fatalf("BER headers differ from DER (-DER +BER):\n%s", diff)
	}
	for _, h := range derH {
		if hdr := der.AppendHeader(nil, h.Tag, h.Constructed, h.Length); !bytes.Equal(hdr, in[h.Offset:h.Offset+h.HeaderLen]) {
			t.Fatalf("header at %d is %x, DER writes %x", h.Offset, in[h.Offset:h.Offset+h.HeaderLen], hdr)
		}
	}
}
