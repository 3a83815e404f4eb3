package per_test

import (
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/per"
)

// The primitives allocate nothing, in both directions, but for a string
// that has to be copied (unaligned or fragmented octets, characters): a
// decode by slicing, an encode into a Writer's reused buffer.
func TestPrimitivesAllocs(t *testing.T) {
	in := unhex(t, "80 02 01 00 2a ab cd ef 03 2a 86 48 01 00")
	bits := der.BitString{Bytes: []byte{0xb0}, BitLength: 4}
	for _, aligned := range []bool{false, true} {
		w := per.NewWriter(make([]byte, 0, 64), aligned)
		n := testing.AllocsPerRun(100, func() {
			w.Reset()
			w.WriteBool(true)
			_ = w.WriteInt(300, 0, 65536, true)
			_ = w.WriteSemiConstrained(255, -1)
			w.WriteUnconstrained(-129)
			w.WriteSmall(70)
			_ = w.WriteOctetString([]byte{1, 2, 3}, per.Size{Lb: 3, Ub: 3})
			_ = w.WriteBitString(bits, per.Size{Lb: 4, Ub: 4})
			w.WriteOID(der.OID{0x2a, 0x86, 0x48})
			_ = w.WriteEnum(2, 3, 1, true)
			ext := per.Additions(nil, false, true, w.Len() > 0)
			w.WriteBitmap(ext, nil)
			w.WritePreamble(true, false, ext.Has(1))
			o := w.BeginOpen()
			w.WriteBool(true)
			w.EndOpen(o)
			_ = w.Bytes()
		})
		if n != 0 {
			t.Errorf("aligned=%v: encode allocates %v times", aligned, n)
		}
	}
	var failed error
	n := testing.AllocsPerRun(100, func() {
		r := per.NewReader(in, true, nil)
		_, err1 := r.ReadBool()
		_, err2 := r.ReadSemiConstrained(-1)
		_, err3 := r.ReadConstrained(0, 7)
		_, err4 := r.ReadOctetString(per.Size{Lb: 3, Ub: 3})
		_, err5 := r.ReadOID()
		o, err6 := r.BeginOpen()
		err7 := r.EndOpen(o)
		for _, err := range []error{err1, err2, err3, err4, err5, err6, err7, r.Finish()} {
			if err != nil {
				failed = err
			}
		}
	})
	if failed != nil {
		t.Fatal(failed)
	}
	if n != 0 {
		t.Errorf("decode allocates %v times", n)
	}
}
