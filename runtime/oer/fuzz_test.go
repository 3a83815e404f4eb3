package oer_test

import (
	"errors"
	"sort"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/oer"
	"github.com/google/go-cmp/cmp"
)

// FuzzReader reads arbitrary input with the primitive which selects, in
// both modes: no panic; every error a *der.Error located within the input;
// what CANONICAL-OER reads re-encodes to the octets it read; what
// BASIC-OER reads encodes, and that encoding reads back to the same value.
func FuzzReader(f *testing.F) {
	ps := prims()
	names := make([]string, 0, len(ps))
	for n := range ps {
		names = append(names, n)
	}
	sort.Strings(names)
	index := make(map[string]int, len(names))
	for i, n := range names {
		index[n] = i
	}
	for _, tt := range everyNth(7) {
		f.Add(byte(index[tt.prim]), unhex(f, tt.hex))
	}
	f.Add(byte(index["Tag"]), []byte{0xbf, 0x80, 0x46})
	f.Add(byte(index["Length"]), []byte{0x81, 0x05, 0, 0, 0, 0, 0})
	// Permitted alphabets (StringType.From): in and outside them.
	f.Add(byte(index["IA5String FROM"]), []byte{0x03, '0', 'A', 'F'})
	f.Add(byte(index["IA5String FROM"]), []byte{0x03, '0', 'A', 'G'})
	f.Add(byte(index["UTF8String FROM"]), []byte{0x03, 'a', 0xce, 0xb2})
	f.Add(byte(index["UTF8String FROM"]), []byte{0x03, 'a', 0xd0, 0x96})
	f.Fuzz(func(t *testing.T, which byte, b []byte) {
		p := ps[names[int(which)%len(names)]]
		for _, canonical := range []bool{false, true} {
			r := oer.NewReader(b, &oer.Options{Canonical: canonical, MaxAlloc: 1 << 20})
			v, err := p.read(&r)
			if err != nil {
				var e *der.Error
				if !errors.As(err, &e) || e.Bits || e.Offset < 0 || e.Offset > len(b) {
					t.Fatalf("%s: error %v not located in %d octets", p.name, err, len(b))
				}
				continue
			}
			w := oer.NewWriter(nil)
			if err := p.write(&w, v); err != nil {
				if !canonical && (p.name == "External" || p.name == "InstanceOf") {
					// The octets of a value held as its encoding are
					// written only in their canonical form.
					continue
				}
				if !canonical && p.name == "Extensions" && !strings.Contains(string(v.(bits)), "1") {
					// BASIC-OER reads a bitmap without an addition
					// present, which has no canonical form.
					continue
				}
				t.Fatalf("%s: %v decoded, encode: %v", p.name, v, err)
			}
			if canonical {
				if d := cmp.Diff(b[:r.Offset()], w.Bytes()); d != "" {
					t.Fatalf("%s: canonical %x re-encodes otherwise: -read +written\n%s", p.name, b, d)
				}
				continue
			}
			r2 := oer.NewReader(w.Bytes(), &oer.Options{Canonical: true})
			v2, err := p.read(&r2)
			if err != nil {
				t.Fatalf("%s: %x, the encoding of %v, does not read: %v", p.name, w.Bytes(), v, err)
			}
			if d := cmp.Diff(v, v2, opts, cmp.Comparer(bytesEqual)); d != "" {
				t.Fatalf("%s: -read +re-read\n%s", p.name, d)
			}
		}
	})
}

// everyNth returns every nth valid encoding: a few small seeds.
func everyNth(n int) (out []struct {
	prim string
	hex  string
	want any
}) {
	for i := 0; i < len(valid); i += n {
		out = append(out, valid[i])
	}
	return out
}
