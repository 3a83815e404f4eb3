package pbe_test

import (
	"crypto"
	"testing"

	"github.com/asn1gen/asn1gen/internal/pbe"
)

// The KDFs at OpenSSL's default iteration count (2048), which is what a
// PKCS #12 reader mostly meets: the cost of opening a file is that of
// its KDF runs.

func BenchmarkPKCS12KDF(b *testing.B) {
	pw := pbe.NewPassword("benchmark password").BMP()
	salt := []byte("8 octets")
	for _, bc := range []struct {
		name string
		h    crypto.Hash
		size int
	}{
		{"SHA-1/3DES-key", crypto.SHA1, 24}, // two blocks: pbeWithSHAAnd3-KeyTripleDES-CBC's key
		{"SHA-1/MAC-key", crypto.SHA1, 20},
		{"SHA-256/MAC-key", crypto.SHA256, 32},
		{"SHA-512/MAC-key", crypto.SHA512, 64},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := (pbe.Options{}).PKCS12KDF(bc.h, pw, salt, 2048, pbe.IDKey, bc.size); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkPBKDF2(b *testing.B) {
	pw := pbe.NewPassword("benchmark password")
	salt := []byte("sixteen octets..")
	for _, bc := range []struct {
		name, prf string
	}{{"HMAC-SHA-1", pbe.OIDHMACWithSHA1}, {"HMAC-SHA-256", pbe.OIDHMACWithSHA256}, {"HMAC-SHA-512", pbe.OIDHMACWithSHA512}} {
		b.Run(bc.name+"/AES-256-key", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := (pbe.Options{}).PBKDF2(bc.prf, pw, salt, 2048, 32); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkDecrypt decrypts a 1 KiB part as a PKCS #12 reader does: the
// KDF dominates; the rest is the package's overhead.
func BenchmarkDecrypt(b *testing.B) {
	pw := pbe.NewPassword("benchmark password")
	pt := make([]byte, 1024)
	b.Run("PBES2-AES-256-HMAC-SHA-256", func(b *testing.B) {
		p := pbe.PBES2Params{
			KDF:    pbe.KDFParams{Algorithm: pbe.OIDPBKDF2, Salt: []byte("sixteen octets.."), Iterations: 2048, PRF: pbe.OIDHMACWithSHA256},
			Cipher: pbe.CipherParams{Algorithm: pbe.OIDAES256CBC, IV: make([]byte, 16)},
		}
		ct, err := pbe.Options{}.EncryptPBES2(p, pw, pt)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		b.SetBytes(int64(len(ct)))
		for b.Loop() {
			if _, err := (pbe.Options{}).DecryptPBES2(p, pw, ct); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("pbeWithSHAAnd3-KeyTripleDES-CBC", func(b *testing.B) {
		p := pbe.PBEParams{Salt: []byte("8 octets"), Iterations: 2048}
		ct, err := pbe.Options{}.EncryptPBE(pbe.OIDPBEWithSHAAnd3KeyTripleDESCBC, p, pw, pt)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		b.SetBytes(int64(len(ct)))
		for b.Loop() {
			if _, err := (pbe.Options{}).DecryptPBE(pbe.OIDPBEWithSHAAnd3KeyTripleDESCBC, p, pw, ct); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("pbewithSHAAnd40BitRC2-CBC", func(b *testing.B) {
		p := pbe.PBEParams{Salt: []byte("8 octets"), Iterations: 2048}
		ct, err := pbe.Options{}.EncryptPBE(pbe.OIDPBEWithSHAAnd40BitRC2CBC, p, pw, pt)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		b.SetBytes(int64(len(ct)))
		for b.Loop() {
			if _, err := (pbe.Options{}).DecryptPBE(pbe.OIDPBEWithSHAAnd40BitRC2CBC, p, pw, ct); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkVerifyMAC(b *testing.B) {
	data := make([]byte, 4096)
	pw := pbe.NewPassword("benchmark password")
	for _, bc := range []struct {
		name string
		m    pbe.MACParams
	}{
		{"SHA-256", pbe.MACParams{Algorithm: pbe.OIDSHA256, Salt: []byte("8 octets"), Iterations: 2048}},
		{"PBMAC1-HMAC-SHA-256", pbe.MACParams{Algorithm: pbe.OIDPBMAC1, PBMAC1: pbe.PBMAC1Params{
			KDF:               pbe.KDFParams{Algorithm: pbe.OIDPBKDF2, Salt: []byte("sixteen octets.."), Iterations: 2048, KeyLength: 32, PRF: pbe.OIDHMACWithSHA256},
			MessageAuthScheme: pbe.OIDHMACWithSHA256,
		}}},
	} {
		mac, err := pbe.Options{}.MAC(bc.m, pw, data)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := (pbe.Options{}).VerifyMAC(bc.m, pw, data, mac); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
