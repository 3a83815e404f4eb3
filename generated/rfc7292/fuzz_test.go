package rfc7292_test

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/asn1gen/asn1gen/generated/rfc7292"
	"github.com/asn1gen/asn1gen/internal/roundtrip"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// FuzzPFX checks roundtrip.Check on PKCS #12 files.
func FuzzPFX(f *testing.F) {
	roundtrip.Seed(f, "no_encryption.p12")
	f.Fuzz(func(t *testing.T, b []byte) {
		roundtrip.Check[rfc7292.PFX](t, b, &der.Options{Tolerate: der.TolerateX509})
	})
}

// FuzzDecode checks checkDecode on any input and password, seeded with
// files that Encode writes in each profile with one iteration per key
// derivation: the fuzzer's inputs reach the decryption and the MACs at a
// budget of 64 iterations, where the files of testdata, with OpenSSL's
// 2048, spent milliseconds on each input (TestDecodeConsistent checks
// them, at the budget they had here).
func FuzzDecode(f *testing.F) {
	o := &rfc7292.DecodeOptions{MaxIterations: 64, MaxTotalIterations: 512}
	for i, s := range decodeSeeds(f) {
		if _, err := rfc7292.DecodeWith(s.data, s.password, o); err != nil {
			f.Fatalf("seed %d does not decode within the budget: %v", i, err)
		}
		f.Add(s.data, s.password)
	}
	f.Fuzz(func(t *testing.T, b []byte, password string) {
		checkDecode(t, b, password, o)
	})
}

// testdataFiles are the PKCS #12 files of testdata with their passwords.
var testdataFiles = []struct{ file, password string }{
	{"no_encryption.p12", "foo"}, {"openssl-aes256.p12", "example"},
	{"empty_password.p12", ""}, {"null_password.p12", ""},
}

// TestDecodeConsistent checks checkDecode on the files of testdata, the
// seeds FuzzDecode had before its own, with the budget it had then; and
// that each decodes.
func TestDecodeConsistent(t *testing.T) {
	o := &rfc7292.DecodeOptions{MaxIterations: 4096, MaxTotalIterations: 16384}
	for _, s := range testdataFiles {
		b, err := os.ReadFile(filepath.Join("testdata", s.file))
		if err != nil {
			t.Fatal(err)
		}
		if !checkDecode(t, b, s.password, o) {
			t.Errorf("%s does not decode", s.file)
		}
	}
}

type decodeSeed struct {
	data     []byte
	password string
}

// decodeSeeds returns the key and certificate of no_encryption.p12
// encoded by Encode in every profile, with one iteration, and with the
// empty password in the Modern profile; salts and IVs from a fixed
// source, so that the seeds are the same on every run.
func decodeSeeds(f *testing.F) []decodeSeed {
	b, err := os.ReadFile(filepath.Join("testdata", "no_encryption.p12"))
	if err != nil {
		f.Fatal(err)
	}
	c, err := rfc7292.Decode(b, "foo")
	if err != nil || len(c.PrivateKeys) != 1 || len(c.Certificates) != 1 {
		f.Fatalf("no_encryption.p12: %v, want one key and one certificate", err)
	}
	cert, err := c.Certificates[0].MarshalDER()
	if err != nil {
		f.Fatal(err)
	}
	var seeds []decodeSeed
	for _, s := range []struct {
		p        rfc7292.Profile
		password string
	}{{rfc7292.Modern, "pw"}, {rfc7292.ModernPBMAC1, "pw"}, {rfc7292.LegacyDES, "pw"}, {rfc7292.LegacyRC2, "pw"}, {rfc7292.Modern, ""}} {
		enc, err := rfc7292.Encode(c.PrivateKeys[0], [][]byte{cert}, s.password, &rfc7292.EncodeOptions{Profile: s.p, Iterations: 1, Rand: rand.NewChaCha8([32]byte{})})
		if err != nil {
			f.Fatalf("%v: %v", s.p, err)
		}
		seeds = append(seeds, decodeSeed{enc, s.password})
	}
	return seeds
}

// checkDecode checks that DecodeWith never panics, and that what it
// returns is consistent: every certificate and key of Contents is in a
// Bag, and a failure returns no Contents. It reports whether b decoded.
func checkDecode(t *testing.T, b []byte, password string, o *rfc7292.DecodeOptions) bool {
	t.Helper()
	c, err := rfc7292.DecodeWith(b, password, o)
	if err != nil {
		if c != nil {
			t.Fatalf("an error (%v) and Contents", err)
		}
		return false
	}
	certs, keys := 0, 0
	for _, bag := range c.Bags {
		if bag.Certificate != nil {
			certs++
		}
		if bag.PrivateKey != nil {
			keys++
		}
	}
	if certs != len(c.Certificates) || keys != len(c.PrivateKeys) {
		t.Fatalf("%d certificates and %d keys in the bags, %d and %d in Contents", certs, keys, len(c.Certificates), len(c.PrivateKeys))
	}
	return true
}
