package float_test

import (
	"bytes"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/float"
	"github.com/asn1gen/asn1gen/runtime/internal/rtest"
)

// FuzzReal reads any contents as a REAL, strictly and in BER. It must not
// panic; every error is located; DER acceptance implies BER acceptance with
// the same value; and read -> write -> read is stable (and gives the input
// back when the input was DER).
func FuzzReal(f *testing.F) {
	for _, s := range []string{"", "40", "43", "80 00 01", "81 fb ce 01", "83 02 00 01 01", "ac 02 05", "03 31352e452d31", "02 20 2d 31 2c 35", "03 312e45343030"} {
		f.Add(rtest.Hex(f, s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		ber, errBER := rtest.ReadContents(b, tagReal, false, float.Read)
		strict, errDER := rtest.ReadContents(b, tagReal, true, float.Read)
		rtest.CheckErr(t, errBER)
		rtest.CheckErr(t, errDER)
		if errDER == nil && (errBER != nil || !sameFloat(strict, ber)) {
			t.Fatalf("DER %v, BER %v %v", strict, ber, errBER)
		}
		if errBER != nil {
			return
		}
		out, err := rtest.Encode(tagReal, ber, float.Add)
		if err != nil {
			t.Fatal(err)
		}
		enc := rtest.Contents(out)
		again, err := rtest.ReadContents(enc, tagReal, true, float.Read)
		if err != nil || !sameFloat(again, ber) {
			t.Fatalf("%v encoded as % x, read back as %v, %v", ber, enc, again, err)
		}
		// DER has one encoding per value; a decimal DER input is
		// re-encoded in binary, though.
		if decimal := len(b) > 0 && b[0]&0xc0 == 0; errDER == nil && !decimal && !bytes.Equal(enc, b) {
			t.Fatalf("DER input % x re-encoded as % x", b, enc)
		}
	})
}
