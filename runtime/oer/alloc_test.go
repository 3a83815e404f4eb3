package oer_test

import (
	"testing"

	"github.com/asn1gen/asn1gen/runtime/oer"
)

// TestAliasAndAllocs: the strings of octets and bits alias the input, and
// the primitives that return no Go string allocate nothing.
func TestAliasAndAllocs(t *testing.T) {
	in := unhex(t, "03 61 62 63 04 00 01 02 03 02 04 f0 01 2c 06 2a 86 48 86 f7 0d")
	r := oer.NewReader(in, nil)
	b, _ := r.ReadOctetString(oer.Unsized)
	fixed, _ := r.ReadFixedOctetString(5)
	bs, _ := r.ReadBitString(oer.Unsized)
	r.ReadIntRange(0, 65535)
	oid, _ := r.ReadOID()
	if err := r.Finish(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		got  []byte
		off  int
	}{{"OCTET STRING", b, 1}, {"fixed OCTET STRING", fixed, 4}, {"BIT STRING", bs.Bytes, 11}, {"OID", oid, 15}} {
		if &c.got[0] != &in[c.off] {
			t.Errorf("%s is a copy, not the input's octets at %d", c.name, c.off)
		}
	}
	n := testing.AllocsPerRun(100, func() {
		r := oer.NewReader(in, &oer.Options{Canonical: true})
		r.ReadOctetString(oer.Unsized)
		r.ReadFixedOctetString(5)
		r.ReadBitString(oer.Unsized)
		r.ReadIntRange(0, 65535)
		r.ReadOID()
	})
	if n != 0 {
		t.Errorf("%v allocations per decode, want 0", n)
	}
	w := oer.NewWriter(make([]byte, 0, 64))
	n = testing.AllocsPerRun(100, func() {
		w.Reset()
		w.WriteOctetString(b, oer.Unsized)
		w.WriteIntRange(300, 0, 65535)
		w.WriteBool(true)
		m := w.BeginOpen()
		w.WriteInt(-5)
		w.EndOpen(m)
	})
	if n != 0 {
		t.Errorf("%v allocations per encode into a buffer large enough, want 0", n)
	}
}
