package per_test

import (
	"errors"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/per"
)

// FuzzPrimitives reads arbitrary input with every primitive of the
// interop module, in both variants: no panic, every error an *der.Error
// located in bits, and whatever decodes re-encodes to the same bits.
func FuzzPrimitives(f *testing.F) {
	ps := prims()
	for _, c := range primCases() {
		f.Add(byte(0), unhex(f, c.hex))
	}
	f.Add(byte(12), []byte{0xc4, 0, 0})
	f.Add(byte(30), []byte{0xc1, 0xff})
	f.Fuzz(func(t *testing.T, which byte, b []byte) {
		p := ps[int(which)%len(ps)]
		for _, aligned := range []bool{false, true} {
			r := per.NewReader(b, aligned, &per.Options{MaxAlloc: 1 << 20})
			v, err := readWrapped(&r, p)
			if err != nil {
				var e *der.Error
				if !errors.As(err, &e) || !e.Bits || e.Offset < 0 || e.Offset > 8*len(b) {
					t.Fatalf("%s: error %v not located", p.name, err)
				}
				continue
			}
			w := per.NewWriter(nil, aligned)
			w.WriteBool(b[0]&0x80 != 0)
			if err := p.enc(&w, v); err != nil {
				t.Fatalf("%s: %v decoded, encode: %v", p.name, v, err)
			}
			w.WriteBool(false)
			_ = w.Bytes()
		}
	})
}

// FuzzOpen reads open type fields nested in open type fields.
func FuzzOpen(f *testing.F) {
	f.Add([]byte{0x02, 0x01, 0x80})
	f.Add([]byte{0x01, 0x00})
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, aligned := range []bool{false, true} {
			r := per.NewReader(b, aligned, nil)
			var read func(depth int) error
			read = func(depth int) error {
				o, err := r.BeginOpen()
				if err != nil {
					return err
				}
				if depth < 3 && r.Left() >= 8 {
					if err := read(depth + 1); err != nil {
						return err
					}
				} else if _, err := r.ReadBool(); err != nil {
					return err
				}
				return r.EndOpen(o)
			}
			if err := read(0); err != nil {
				var e *der.Error
				if !errors.As(err, &e) || !e.Bits {
					t.Fatalf("error %v not located", err)
				}
			}
		}
	})
}
