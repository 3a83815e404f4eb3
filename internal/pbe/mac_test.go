package pbe_test

import (
	"bytes"
	"crypto/rand"
	"errors"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/internal/pbe"
)

var macDigests = []string{pbe.OIDSHA1, pbe.OIDSHA224, pbe.OIDSHA256, pbe.OIDSHA384, pbe.OIDSHA512, pbe.OIDSHA512_224, pbe.OIDSHA512_256}

// TestVerifyMACCandidates checks which password VerifyMAC returns when
// the file was made with the absent, the empty or the OpenSSL 1.0
// encoding of a password: the one the parts must be decrypted with.
func TestVerifyMACCandidates(t *testing.T) {
	data := []byte("authenticated safe")
	legacy := pbe.NewPassword("né").Candidates()[1]
	for _, digest := range macDigests {
		m, err := pbe.NewMACParams(rand.Reader, digest, 3)
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			name       string
			made, used pbe.Password
			want       []byte // BMP of the password returned
		}{
			{"absent, given empty", pbe.NoPassword(), pbe.NewPassword(""), nil},
			{"empty, given absent", pbe.NewPassword(""), pbe.NoPassword(), []byte{0, 0}},
			{"empty, given empty", pbe.NewPassword(""), pbe.NewPassword(""), []byte{0, 0}},
			{"UTF-8", pbe.NewPassword("né"), pbe.NewPassword("né"), pbe.NewPassword("né").BMP()},
			{"OpenSSL 1.0", legacy, pbe.NewPassword("né"), []byte{0, 'n', 0, 0xc3, 0, 0xa9, 0, 0}},
		} {
			mac, err := pbe.Options{}.MAC(m, tc.made, data)
			if err != nil {
				t.Fatal(err)
			}
			got, err := pbe.Options{}.VerifyMAC(m, tc.used, data, mac)
			if err != nil {
				t.Errorf("%s %s: %v", digest, tc.name, err)
				continue
			}
			if !bytes.Equal(got.BMP(), tc.want) {
				t.Errorf("%s %s: returned password %x, want %x", digest, tc.name, got.BMP(), tc.want)
			}
			if _, err := (pbe.Options{}).VerifyMAC(m, pbe.NewPassword("other"), data, mac); !errors.Is(err, pbe.ErrIncorrectPassword) {
				t.Errorf("%s %s, wrong password: %v", digest, tc.name, err)
			}
			altered := append([]byte{}, data...)
			altered[0] ^= 1
			if _, err := (pbe.Options{}).VerifyMAC(m, tc.used, altered, mac); !errors.Is(err, pbe.ErrIncorrectPassword) {
				t.Errorf("%s %s, altered data: %v", digest, tc.name, err)
			}
		}
	}
}

func TestPBMAC1RoundTrip(t *testing.T) {
	data := []byte("authenticated safe")
	for _, prf := range prfs {
		for _, h := range prfs[1:] {
			m, err := pbe.NewPBMAC1Params(rand.Reader, prf, h, 2)
			if err != nil {
				t.Fatal(err)
			}
			mac, err := pbe.Options{}.MAC(m, pbe.NewPassword("pw"), data)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := (pbe.Options{}).VerifyMAC(m, pbe.NewPassword("pw"), data, mac); err != nil {
				t.Errorf("PBMAC1 %s/%s: %v", prf, h, err)
			}
			if _, err := (pbe.Options{}).VerifyMAC(m, pbe.NewPassword("px"), data, mac); !errors.Is(err, pbe.ErrIncorrectPassword) {
				t.Errorf("PBMAC1 %s/%s, wrong password: %v", prf, h, err)
			}
		}
	}
}

// TestMACErrors checks what MAC and VerifyMAC refuse before deriving a
// key (the iteration counts are far beyond what could run here).
func TestMACErrors(t *testing.T) {
	huge := 1 << 40
	pbmac1 := func(f func(*pbe.PBMAC1Params)) pbe.MACParams {
		p := pbe.PBMAC1Params{
			KDF:               pbe.KDFParams{Algorithm: pbe.OIDPBKDF2, Salt: []byte("s"), Iterations: 1, KeyLength: 32, PRF: pbe.OIDHMACWithSHA256},
			MessageAuthScheme: pbe.OIDHMACWithSHA256,
		}
		f(&p)
		return pbe.MACParams{Algorithm: pbe.OIDPBMAC1, PBMAC1: p}
	}
	verify := func(m pbe.MACParams, macLen int) error {
		_, err := pbe.Options{}.VerifyMAC(m, pbe.NewPassword("pw"), []byte("data"), make([]byte, macLen))
		return err
	}
	for _, tc := range []struct {
		name string
		err  error
		want error
		text string
	}{
		{"MD5", verify(pbe.MACParams{Algorithm: "1.2.840.113549.2.5", Iterations: 1}, 16), pbe.ErrUnsupported, "PKCS #12 MAC digest 1.2.840.113549.2.5 (md5)"},
		{"HMAC OID as digest", verify(pbe.MACParams{Algorithm: pbe.OIDHMACWithSHA256, Iterations: 1}, 32), pbe.ErrUnsupported, "PKCS #12 MAC digest 1.2.840.113549.2.9"},
		{"iterations", verify(pbe.MACParams{Algorithm: pbe.OIDSHA256, Iterations: huge}, 32), pbe.ErrLimit, "PKCS #12 MAC iteration count 1099511627776 exceeds"},
		{"zero iterations", verify(pbe.MACParams{Algorithm: pbe.OIDSHA256}, 32), pbe.ErrInvalidParameters, "iteration count 0"},
		{"MAC length", verify(pbe.MACParams{Algorithm: pbe.OIDSHA256, Iterations: 1}, 20), pbe.ErrInvalidParameters, "MAC of 20 octets, but HMAC-SHA-256 gives 32"},
		{"PBMAC1 KDF", verify(pbmac1(func(p *pbe.PBMAC1Params) { p.KDF.Algorithm = "1.3.6.1.4.1.11591.4.11" }), 32), pbe.ErrUnsupported, "PBMAC1 key derivation function 1.3.6.1.4.1.11591.4.11 (id-scrypt)"},
		{"PBMAC1 PRF", verify(pbmac1(func(p *pbe.PBMAC1Params) { p.KDF.PRF = "1.2.3" }), 32), pbe.ErrUnsupported, "PBKDF2 PRF 1.2.3"},
		{"PBMAC1 scheme", verify(pbmac1(func(p *pbe.PBMAC1Params) { p.MessageAuthScheme = pbe.OIDSHA256 }), 32), pbe.ErrUnsupported, "PBMAC1 message authentication scheme 2.16.840.1.101.3.4.2.1"},
		{"PBMAC1 absent scheme", verify(pbmac1(func(p *pbe.PBMAC1Params) { p.MessageAuthScheme = "" }), 32), pbe.ErrUnsupported, "scheme (absent)"},
		{"PBMAC1 iterations", verify(pbmac1(func(p *pbe.PBMAC1Params) { p.KDF.Iterations = huge }), 32), pbe.ErrLimit, "PBMAC1 PBKDF2 iteration count"},
		{"PBMAC1 no keyLength", verify(pbmac1(func(p *pbe.PBMAC1Params) { p.KDF.KeyLength = 0 }), 32), pbe.ErrInvalidParameters, "keyLength is absent"},
		{"PBMAC1 short key", verify(pbmac1(func(p *pbe.PBMAC1Params) { p.KDF.KeyLength = 19 }), 32), pbe.ErrInvalidParameters, "keyLength 19 is not 20 to 256"},
		{"PBMAC1 long key", verify(pbmac1(func(p *pbe.PBMAC1Params) { p.KDF.KeyLength = 257 }), 32), pbe.ErrInvalidParameters, "keyLength 257"},
		{"PBMAC1 MAC length", verify(pbmac1(func(*pbe.PBMAC1Params) {}), 64), pbe.ErrInvalidParameters, "MAC of 64 octets"},
	} {
		if !errors.Is(tc.err, tc.want) || !strings.Contains(tc.err.Error(), tc.text) {
			t.Errorf("%s: %v, want %v containing %q", tc.name, tc.err, tc.want, tc.text)
		}
	}
}
