package pbe_test

import (
	"encoding/base64"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/internal/pbe"
)

func readBase64(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	der, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(string(b)), ""))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return der
}

// TestRFC9579 runs the test vectors of RFC 9579 Appendix A: three files
// whose PBMAC1 verifies with the password "1234", two whose parameters
// were altered (the MAC must not verify) and one without keyLength (must
// be rejected).
func TestRFC9579(t *testing.T) {
	for _, tc := range []struct {
		file    string
		prf     string
		mac     string
		wantErr error
	}{
		{"rfc9579-a1.txt", pbe.OIDHMACWithSHA256, pbe.OIDHMACWithSHA256, nil},
		{"rfc9579-a2.txt", pbe.OIDHMACWithSHA512, pbe.OIDHMACWithSHA256, nil},
		{"rfc9579-a3.txt", pbe.OIDHMACWithSHA512, pbe.OIDHMACWithSHA512, nil},
		{"rfc9579-a4.txt", pbe.OIDHMACWithSHA256, pbe.OIDHMACWithSHA256, pbe.ErrIncorrectPassword},
		{"rfc9579-a5.txt", pbe.OIDHMACWithSHA256, pbe.OIDHMACWithSHA256, pbe.ErrIncorrectPassword},
		{"rfc9579-a6.txt", pbe.OIDHMACWithSHA256, pbe.OIDHMACWithSHA256, pbe.ErrInvalidParameters},
	} {
		t.Run(tc.file, func(t *testing.T) {
			p, err := parsePFX(readBase64(t, tc.file))
			if err != nil {
				t.Fatal(err)
			}
			if p.mac == nil || p.mac.Algorithm != pbe.OIDPBMAC1 {
				t.Fatalf("MAC algorithm %+v, want PBMAC1", p.mac)
			}
			if p.mac.PBMAC1.KDF.PRF != tc.prf || p.mac.PBMAC1.MessageAuthScheme != tc.mac {
				t.Errorf("PRF %s, MAC %s; want %s, %s", p.mac.PBMAC1.KDF.PRF, p.mac.PBMAC1.MessageAuthScheme, tc.prf, tc.mac)
			}
			t.Logf("macSalt %q, iterations %d, PBKDF2 %d iterations, keyLength %d", p.mac.Salt, p.mac.Iterations, p.mac.PBMAC1.KDF.Iterations, p.mac.PBMAC1.KDF.KeyLength)
			_, err = pbe.Options{}.VerifyMAC(*p.mac, pbe.NewPassword("1234"), p.authSafe, p.macValue)
			if !errors.Is(err, tc.wantErr) || (err == nil) != (tc.wantErr == nil) {
				t.Fatalf("VerifyMAC: %v, want %v", err, tc.wantErr)
			}
			if tc.wantErr != nil {
				return
			}
			if _, err := (pbe.Options{}).VerifyMAC(*p.mac, pbe.NewPassword("1235"), p.authSafe, p.macValue); !errors.Is(err, pbe.ErrIncorrectPassword) {
				t.Errorf("VerifyMAC with a wrong password: %v, want ErrIncorrectPassword", err)
			}
			c, err := open(pbe.Options{}, readBase64(t, tc.file), pbe.NewPassword("1234"))
			if err != nil {
				t.Fatal(err)
			}
			if err := c.check(); err != nil {
				t.Fatal(err)
			}
			if len(c.Certs) != 1 || len(c.Keys) != 1 {
				t.Errorf("%d certificates, %d keys; want 1, 1", len(c.Certs), len(c.Keys))
			}
		})
	}
}

// TestPBMAC1ShortKey checks that a PBMAC1 keyLength of 1 is refused
// before any key is derived: with it, anyone can forge the MAC by trying
// the 256 possible keys (go-pkcs12's pbmac1-short-key-bypass.txt).
func TestPBMAC1ShortKey(t *testing.T) {
	p, err := parsePFX(readBase64(t, "pbmac1-short-key-bypass.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if got := p.mac.PBMAC1.KDF.KeyLength; got != 1 {
		t.Fatalf("keyLength %d, want the file's 1", got)
	}
	for _, pw := range []pbe.Password{pbe.NewPassword("anything"), pbe.NewPassword(""), pbe.NoPassword()} {
		_, err := pbe.Options{}.VerifyMAC(*p.mac, pw, p.authSafe, p.macValue)
		if !errors.Is(err, pbe.ErrInvalidParameters) || !strings.Contains(err.Error(), "keyLength 1 ") {
			t.Errorf("VerifyMAC: %v, want ErrInvalidParameters naming keyLength 1", err)
		}
	}
}
