package rfc7292_test

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/generated/rfc5652"
	"github.com/asn1gen/asn1gen/generated/rfc7292"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// material is what the PKCS #12 tests put in files: a key (key when it
// is a P-256 one, as newMaterial makes), its certificate and a CA
// certificate, as DER.
type material struct {
	signer   crypto.Signer
	key      *ecdsa.PrivateKey
	pkcs8    []byte
	leaf, ca []byte
}

func newMaterial(t testing.TB) *material {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return materialWith(t, key)
}

// materialWith makes material for key, its certificate issued by a fresh
// P-256 CA.
func materialWith(t testing.TB, key crypto.Signer) *material {
	t.Helper()
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	m := &material{signer: key}
	m.key, _ = key.(*ecdsa.PrivateKey)
	tmpl := func(serial int64, cn string) *x509.Certificate {
		return &x509.Certificate{
			SerialNumber: big.NewInt(serial), Subject: pkix.Name{CommonName: cn},
			NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
			BasicConstraintsValid: true, IsCA: serial == 1,
		}
	}
	caTmpl := tmpl(1, "rfc7292 test CA")
	if m.ca, err = x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &caKey.PublicKey, caKey); err != nil {
		t.Fatal(err)
	}
	if m.leaf, err = x509.CreateCertificate(rand.Reader, tmpl(2, fmt.Sprintf("rfc7292 test, %T", key)), caTmpl, key.Public(), caKey); err != nil {
		t.Fatal(err)
	}
	if m.pkcs8, err = x509.MarshalPKCS8PrivateKey(key); err != nil {
		t.Fatal(err)
	}
	return m
}

// opened is what a file holds, in comparable form: certificates as DER,
// keys as PKCS #8 (MarshalPKCS8PrivateKey of the parsed key).
type opened struct {
	Certs [][]byte
	Keys  [][]byte
}

func (m *material) want() opened {
	return opened{Certs: [][]byte{m.leaf, m.ca}, Keys: [][]byte{m.pkcs8}}
}

// contentsOf puts c in comparable form.
func contentsOf(t testing.TB, c *rfc7292.Contents) opened {
	t.Helper()
	var o opened
	for _, cert := range c.Certificates {
		enc, err := cert.Encoding()
		if err != nil {
			t.Fatal(err)
		}
		o.Certs = append(o.Certs, enc)
	}
	for _, k := range c.PrivateKeys {
		der, err := x509.MarshalPKCS8PrivateKey(k)
		if err != nil {
			t.Fatal(err)
		}
		o.Keys = append(o.Keys, der)
	}
	return o
}

func readBase64(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	out, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(string(b)), ""))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return out
}

func readFile(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// fastIterations keeps the tests that make many files quick.
const fastIterations = 64

var profiles = []struct {
	name string
	p    rfc7292.Profile
	mac  string // the MAC's digest OID
	enc  string // the encryption OID of the certificates, then of the key
}{
	{"Modern", rfc7292.Modern, "2.16.840.1.101.3.4.2.1", "1.2.840.113549.1.5.13 1.2.840.113549.1.5.13"},
	{"ModernPBMAC1", rfc7292.ModernPBMAC1, "1.2.840.113549.1.5.14", "1.2.840.113549.1.5.13 1.2.840.113549.1.5.13"},
	{"LegacyDES", rfc7292.LegacyDES, "1.3.14.3.2.26", "1.2.840.113549.1.12.1.3 1.2.840.113549.1.12.1.3"},
	{"LegacyRC2", rfc7292.LegacyRC2, "1.3.14.3.2.26", "1.2.840.113549.1.12.1.6 1.2.840.113549.1.12.1.3"},
}

var passwords = []string{"encode pw", "", "pässwörd 世界 \U0001F512"}

// TestEncodeDecode encodes a key and its chain with every profile and
// password and decodes the file: the certificates, the key, the
// attributes and the algorithms must be the ones asked for, the file DER,
// and a wrong password ErrIncorrectPassword.
func TestEncodeDecode(t *testing.T) {
	m := newMaterial(t)
	for _, prof := range profiles {
		for _, pw := range passwords {
			t.Run(prof.name+"/"+pw, func(t *testing.T) {
				enc, err := rfc7292.Encode(m.key, [][]byte{m.leaf, m.ca}, pw, &rfc7292.EncodeOptions{Profile: prof.p, Iterations: fastIterations, FriendlyName: "tést alias"})
				if err != nil {
					t.Fatal(err)
				}
				var strict rfc7292.PFX
				if err := strict.UnmarshalDER(enc); err != nil {
					t.Fatalf("Encode's output is not DER: %v", err)
				}
				c, err := rfc7292.Decode(enc, pw)
				if err != nil {
					t.Fatal(err)
				}
				if diff := cmp.Diff(m.want(), contentsOf(t, c)); diff != "" {
					t.Errorf("contents (-encoded +decoded):\n%s", diff)
				}
				if got := c.PFX.MacData.Mac.DigestAlgorithm.Algorithm.String(); got != prof.mac {
					t.Errorf("MAC %s, want %s", got, prof.mac)
				}
				var algs []string
				for _, b := range c.Bags {
					algs = append(algs, b.Encryption)
				}
				if got, want := strings.Join(algs[1:], " "), prof.enc; got != want { // the CA's, then the key's
					t.Errorf("encryption %s, want %s", got, want)
				}
				leafBag, caBag, keyBag := c.Bags[0], c.Bags[1], c.Bags[2]
				if leafBag.FriendlyName != "tést alias" || keyBag.FriendlyName != "tést alias" || caBag.FriendlyName != "" {
					t.Errorf("friendly names %q %q %q", leafBag.FriendlyName, caBag.FriendlyName, keyBag.FriendlyName)
				}
				if len(keyBag.LocalKeyID) != 20 || !bytes.Equal(keyBag.LocalKeyID, leafBag.LocalKeyID) || caBag.LocalKeyID != nil {
					t.Errorf("localKeyIds %x %x %x", leafBag.LocalKeyID, caBag.LocalKeyID, keyBag.LocalKeyID)
				}
				key, leaf, others, err := c.Chain()
				if err != nil {
					t.Fatal(err)
				}
				if !m.key.Equal(key) || leaf != c.Certificates[0] || len(others) != 1 || others[0] != c.Certificates[1] {
					t.Errorf("Chain = %T, %p, %d others", key, leaf, len(others))
				}
				if _, err := rfc7292.Decode(enc, pw+"x"); !errors.Is(err, rfc7292.ErrIncorrectPassword) {
					t.Errorf("wrong password: %v, want ErrIncorrectPassword", err)
				}
				if _, err := rfc7292.Certificates(enc); !errors.Is(err, rfc7292.ErrEncrypted) {
					t.Errorf("Certificates: %v, want ErrEncrypted", err)
				}
			})
		}
	}
}

func TestEncodeTrustStore(t *testing.T) {
	m := newMaterial(t)
	enc, err := rfc7292.EncodeTrustStore([][]byte{m.ca, m.leaf}, "store", &rfc7292.EncodeOptions{Iterations: fastIterations})
	if err != nil {
		t.Fatal(err)
	}
	c, err := rfc7292.Decode(enc, "store")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(opened{Certs: [][]byte{m.ca, m.leaf}}, contentsOf(t, c)); diff != "" {
		t.Errorf("contents (-encoded +decoded):\n%s", diff)
	}
	for _, b := range c.Bags {
		var trusted []string
		for _, a := range b.SafeBag.BagAttributes {
			if a.AttrID.String() == "2.16.840.1.113894.746875.1.1" {
				for _, v := range a.AttrValues {
					trusted = append(trusted, string(v.Raw))
				}
			}
		}
		if want := []string{"\x06\x04\x55\x1d\x25\x00"}; !cmp.Equal(trusted, want) {
			t.Errorf("%s: trustedKeyUsage %q, want anyExtendedKeyUsage", b.Path, trusted)
		}
	}
	if _, _, _, err := c.Chain(); err == nil || !strings.Contains(err.Error(), "0 private keys") {
		t.Errorf("Chain of a trust store: %v", err)
	}
}

func TestProfileString(t *testing.T) {
	var got []string
	for _, p := range []rfc7292.Profile{rfc7292.Modern, rfc7292.ModernPBMAC1, rfc7292.LegacyDES, rfc7292.LegacyRC2, 7} {
		got = append(got, p.String())
	}
	if want := []string{"Modern", "ModernPBMAC1", "LegacyDES", "LegacyRC2", "Profile(7)"}; !cmp.Equal(got, want) {
		t.Errorf("Profile names %q, want %q", got, want)
	}
}

func TestEncodeErrors(t *testing.T) {
	m := newMaterial(t)
	other := newMaterial(t)
	for _, tc := range []struct {
		name  string
		key   any
		certs [][]byte
		o     *rfc7292.EncodeOptions
		want  string
	}{
		{"no key", nil, [][]byte{m.leaf}, nil, "no private key"},
		{"another key's certificate", m.key, [][]byte{other.leaf}, nil, "certs[0] is not the certificate of the private key"},
		{"not a certificate", m.key, [][]byte{m.leaf, {0x30, 0x00}}, nil, "certs[1]"},
		{"not a key", "key", nil, nil, "Encode"},
		{"negative iterations", m.key, nil, &rfc7292.EncodeOptions{Iterations: -1}, "Iterations is -1"},
		{"unknown profile", m.key, nil, &rfc7292.EncodeOptions{Profile: 99}, "Profile 99"},
	} {
		if _, err := rfc7292.Encode(tc.key, tc.certs, "pw", tc.o); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		}
	}
	// A key alone is a valid file.
	enc, err := rfc7292.Encode(m.key, nil, "pw", &rfc7292.EncodeOptions{Iterations: fastIterations})
	if err != nil {
		t.Fatal(err)
	}
	c, err := rfc7292.Decode(enc, "pw")
	if err != nil || len(c.PrivateKeys) != 1 || len(c.Certificates) != 0 {
		t.Errorf("key alone: %v", err)
	}
}

// TestDecodeTestdata opens the files of testdata.
func TestDecodeTestdata(t *testing.T) {
	for _, tc := range []struct {
		file, password string
		certs, keys    int
		enc            []string // Bag.Encryption of each bag
	}{
		{"no_encryption.p12", "foo", 1, 1, []string{"", ""}},
		{"openssl-aes256.p12", "example", 2, 1, []string{"1.2.840.113549.1.5.13", "1.2.840.113549.1.5.13", "1.2.840.113549.1.5.13"}},
		// BoringSSL opens both with "": RFC 7292's empty password
		// (00 00) and no password at all are both tried.
		{"empty_password.p12", "", 1, 1, []string{"1.2.840.113549.1.12.1.6", "1.2.840.113549.1.12.1.3"}},
		{"null_password.p12", "", 1, 1, []string{"1.2.840.113549.1.12.1.6", "1.2.840.113549.1.12.1.3"}},
	} {
		b := readFile(t, tc.file)
		c, err := rfc7292.Decode(b, tc.password)
		if err != nil {
			t.Errorf("%s: %v", tc.file, err)
			continue
		}
		var enc []string
		for _, b := range c.Bags {
			enc = append(enc, b.Encryption)
		}
		if len(c.Certificates) != tc.certs || len(c.PrivateKeys) != tc.keys || !cmp.Equal(enc, tc.enc) {
			t.Errorf("%s: %d certificates, %d keys, encryption %q; want %d, %d, %q", tc.file, len(c.Certificates), len(c.PrivateKeys), enc, tc.certs, tc.keys, tc.enc)
		}
		for _, cert := range c.Certificates {
			if _, err := cert.X509(); err != nil {
				t.Errorf("%s: %v", tc.file, err)
			}
		}
		if _, err := rfc7292.Decode(b, "wrong"); !errors.Is(err, rfc7292.ErrIncorrectPassword) {
			t.Errorf("%s, wrong password: %v, want ErrIncorrectPassword", tc.file, err)
		}
	}
}

// TestDecodeRFC9579 runs the PBMAC1 test vectors of RFC 9579 Appendix A
// through Decode.
func TestDecodeRFC9579(t *testing.T) {
	for _, tc := range []struct {
		file string
		want error // nil: opens with "1234"
	}{
		{"rfc9579-a1.txt", nil}, // PBKDF2-HMAC-SHA-256, HMAC-SHA-256
		{"rfc9579-a2.txt", nil}, // PBKDF2-HMAC-SHA-512, HMAC-SHA-256
		{"rfc9579-a3.txt", nil}, // PBKDF2-HMAC-SHA-512, HMAC-SHA-512
		{"rfc9579-a4.txt", rfc7292.ErrIncorrectPassword},
		{"rfc9579-a5.txt", rfc7292.ErrIncorrectPassword},
		{"rfc9579-a6.txt", rfc7292.ErrInvalidParameters}, // no keyLength
	} {
		b := readBase64(t, tc.file)
		c, err := rfc7292.Decode(b, "1234")
		if tc.want != nil {
			if !errors.Is(err, tc.want) || c != nil {
				t.Errorf("%s: %v, want %v", tc.file, err, tc.want)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.file, err)
			continue
		}
		if c.PFX.MacData.Mac.DigestAlgorithm.Algorithm.String() != "1.2.840.113549.1.5.14" || len(c.Certificates) != 1 || len(c.PrivateKeys) != 1 {
			t.Errorf("%s: MAC %v, %d certificates, %d keys", tc.file, c.PFX.MacData.Mac.DigestAlgorithm.Algorithm, len(c.Certificates), len(c.PrivateKeys))
		}
		if _, err := rfc7292.Decode(b, "1235"); !errors.Is(err, rfc7292.ErrIncorrectPassword) {
			t.Errorf("%s, wrong password: %v", tc.file, err)
		}
	}
}

// reencode decodes the DER file enc, lets edit change the PFX and its
// AuthenticatedSafe, and encodes it again (the MAC is left as it was).
func reencode(t testing.TB, enc []byte, edit func(*rfc7292.PFX, *rfc7292.AuthenticatedSafe)) []byte {
	t.Helper()
	var p rfc7292.PFX
	if err := p.UnmarshalDER(enc); err != nil {
		t.Fatal(err)
	}
	data, err := p.AuthSafe.Content.Data(nil)
	if err != nil {
		t.Fatal(err)
	}
	var as rfc7292.AuthenticatedSafe
	if err := as.UnmarshalDER(data); err != nil {
		t.Fatal(err)
	}
	edit(&p, &as)
	p.AuthSafe.Content.SetData(marshalT(t, &as))
	out, err := der.Marshal(&p, &der.Options{SkipConstraints: true})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// setPBES2Iterations sets the PBKDF2 iteration count of the PBES2
// parameters params.
func setPBES2Iterations(t testing.TB, params []byte, n int64) []byte {
	var p rfc7292.PBES2Params
	if err := p.UnmarshalDER(params); err != nil {
		t.Fatal(err)
	}
	p.KeyDerivationFunc.Parameters.IDPBKDF2.IterationCount = der.IntegerFromInt64(n)
	return marshalT(t, &p)
}

// TestDecodeHostileIterations checks that iteration counts above the
// bounds are refused at once: before the MAC is verified, for every count
// in sight.
func TestDecodeHostileIterations(t *testing.T) {
	m := newMaterial(t)
	enc, err := rfc7292.Encode(m.key, [][]byte{m.leaf, m.ca}, "pw", nil) // 2048 iterations each
	if err != nil {
		t.Fatal(err)
	}
	macCount := func(n int64) []byte {
		return reencode(t, enc, func(p *rfc7292.PFX, _ *rfc7292.AuthenticatedSafe) {
			p.MacData.Iterations = der.IntegerFromInt64(n)
		})
	}
	partCount := func(n int64) []byte {
		return reencode(t, enc, func(_ *rfc7292.PFX, as *rfc7292.AuthenticatedSafe) {
			alg := &(*as)[0].Content.EncryptedData.EncryptedContentInfo.ContentEncryptionAlgorithm
			alg.Parameters.Raw = setPBES2Iterations(t, alg.Parameters.Raw, n)
		})
	}
	keyCount := func(n int64) []byte {
		return reencode(t, enc, func(_ *rfc7292.PFX, as *rfc7292.AuthenticatedSafe) {
			data, err := (*as)[1].Content.Data(nil)
			if err != nil {
				t.Fatal(err)
			}
			var sc rfc7292.SafeContents
			if err := sc.UnmarshalDER(data); err != nil {
				t.Fatal(err)
			}
			alg := &sc[0].BagValue.PKCS8ShroudedKeyBag.EncryptionAlgorithm
			alg.Parameters.Raw = setPBES2Iterations(t, alg.Parameters.Raw, n)
			(*as)[1].Content.SetData(marshalT(t, &sc))
		})
	}
	for _, tc := range []struct {
		name string
		file []byte
		o    *rfc7292.DecodeOptions
		want string
	}{
		{"MAC, 2^31-1", macCount(1<<31 - 1), nil, "PFX.macData at offset 1346: pbe: over the limit: iteration count 2147483647 above the bound of 1000000"},
		{"MAC, 10^15", macCount(1e15), nil, "iteration count 1000000000000000"},
		// Issue 24, item 7: ten million took 9-14 s.
		{"MAC, 10 million", macCount(10_000_000), nil, "iteration count 10000000 above the bound of 1000000 (DecodeOptions.MaxIterations)"},
		{"MAC, 1 million and one", macCount(1_000_001), nil, "iteration count 1000001 above"},
		// The MAC no longer verifies, but the count is refused first.
		{"encryptedData", partCount(1 << 40), nil, "AuthenticatedSafe[0].encryptedData.encryptedContentInfo.contentEncryptionAlgorithm at offset 79: pbe: over the limit: iteration count 1099511627776"},
		{"shrouded key", keyCount(50_000_000), nil, "AuthenticatedSafe[1].SafeContents[0].bagValue.encryptionAlgorithm at offset 1046: pbe: over the limit: iteration count 50000000 above"},
		{"MaxIterations", enc, &rfc7292.DecodeOptions{MaxIterations: 2047}, "iteration count 2048 above the bound of 2047"},
		// The MAC and the two parts take 3 × 2048.
		{"MaxTotalIterations", enc, &rfc7292.DecodeOptions{MaxTotalIterations: 3*2048 - 1}, "MaxTotalIterations"},
	} {
		// No clock here: a count refused after its derivation would
		// keep the 2^31-1 and 10^15 cases running until go test's
		// timeout, which names this test.
		_, err := rfc7292.DecodeWith(tc.file, "pw", tc.o)
		if !errors.Is(err, rfc7292.ErrLimit) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want ErrLimit with %q", tc.name, err, tc.want)
		}
		if e := (*der.Error)(nil); !errors.As(err, &e) || e.Kind != der.KindLimit || e.Offset < 0 || e.Path() == "" {
			t.Errorf("%s: %v is not a located *der.Error of KindLimit", tc.name, err)
		}
	}
	if _, err := rfc7292.DecodeWith(enc, "pw", &rfc7292.DecodeOptions{MaxIterations: 2048, MaxTotalIterations: 3 * 2048}); err != nil {
		t.Errorf("at the bounds: %v", err)
	}
	// The default total (DefaultTotalFactor) allows every count at
	// MaxIterations in a legacy file (the key and the IV derived apart)
	// under the empty password (two candidates for the MAC).
	legacy, err := rfc7292.Encode(m.key, [][]byte{m.leaf}, "", &rfc7292.EncodeOptions{Profile: rfc7292.LegacyRC2})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rfc7292.DecodeWith(legacy, "", &rfc7292.DecodeOptions{MaxIterations: 2048}); err != nil {
		t.Errorf("legacy file, empty password, at MaxIterations: %v", err)
	}
}

// noMAC returns the file enc without its MacData.
func noMAC(t testing.TB, enc []byte) []byte {
	return reencode(t, enc, func(p *rfc7292.PFX, _ *rfc7292.AuthenticatedSafe) { p.HasMacData = false })
}

// TestDecodeNoMAC opens files without a MAC: the password is chosen by
// the first decryption, and a wrong one is still an error.
func TestDecodeNoMAC(t *testing.T) {
	m := newMaterial(t)
	for _, prof := range profiles {
		enc, err := rfc7292.Encode(m.key, [][]byte{m.leaf, m.ca}, "pw", &rfc7292.EncodeOptions{Profile: prof.p, Iterations: fastIterations})
		if err != nil {
			t.Fatal(err)
		}
		enc = noMAC(t, enc)
		c, err := rfc7292.Decode(enc, "pw")
		if err != nil {
			t.Errorf("%s: %v", prof.name, err)
			continue
		}
		if diff := cmp.Diff(m.want(), contentsOf(t, c)); diff != "" {
			t.Errorf("%s: contents (-encoded +decoded):\n%s", prof.name, diff)
		}
		for _, wrong := range []string{"px", "", "pässwörd"} {
			if _, err := rfc7292.Decode(enc, wrong); !errors.Is(err, rfc7292.ErrIncorrectPassword) {
				t.Errorf("%s, wrong password %q: %v, want ErrIncorrectPassword", prof.name, wrong, err)
			}
		}
	}
	// BoringSSL's files under the empty and the absent password, their
	// MAC removed: the decryption of the first part tells which.
	for _, file := range []string{"empty_password.p12", "null_password.p12"} {
		enc := noMAC(t, readFile(t, file))
		c, err := rfc7292.Decode(enc, "")
		if err != nil || len(c.Certificates) != 1 || len(c.PrivateKeys) != 1 {
			t.Errorf("%s without its MAC: %v", file, err)
		}
		if _, err := rfc7292.Decode(enc, "x"); !errors.Is(err, rfc7292.ErrIncorrectPassword) {
			t.Errorf("%s without its MAC, wrong password: %v", file, err)
		}
	}
}

// TestDecodeNoMACMixed opens a file without a MAC whose certificates are
// encrypted with PBES2 and key with a PKCS #12 scheme, under the empty
// password: PBES2 cannot tell the empty password from the absent one
// (both are no octets), the key's scheme can, and only the empty one
// opens it.
func TestDecodeNoMACMixed(t *testing.T) {
	m := newMaterial(t)
	modern, err := rfc7292.Encode(m.key, [][]byte{m.leaf}, "", &rfc7292.EncodeOptions{Iterations: fastIterations})
	if err != nil {
		t.Fatal(err)
	}
	old, err := rfc7292.Encode(m.key, [][]byte{m.leaf}, "", &rfc7292.EncodeOptions{Profile: rfc7292.LegacyDES, Iterations: fastIterations})
	if err != nil {
		t.Fatal(err)
	}
	var keyPart rfc5652.ContentInfo
	reencode(t, old, func(_ *rfc7292.PFX, as *rfc7292.AuthenticatedSafe) { keyPart = (*as)[1] })
	mixed := reencode(t, modern, func(p *rfc7292.PFX, as *rfc7292.AuthenticatedSafe) {
		p.HasMacData = false
		(*as)[1] = keyPart
	})
	c, err := rfc7292.Decode(mixed, "")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(opened{Certs: [][]byte{m.leaf}, Keys: [][]byte{m.pkcs8}}, contentsOf(t, c)); diff != "" {
		t.Errorf("contents (-encoded +decoded):\n%s", diff)
	}
	if got := c.Bags[0].Encryption + " " + c.Bags[1].Encryption; got != "1.2.840.113549.1.5.13 1.2.840.113549.1.12.1.3" {
		t.Errorf("encryption %s", got)
	}
}

// unencrypted returns a PFX without a MAC whose one data part holds sc.
func unencrypted(t testing.TB, sc rfc7292.SafeContents) []byte {
	t.Helper()
	ci := rfc5652.ContentInfo{ContentType: oidT(t, idData)}
	ci.Content.SetData(marshalT(t, &sc))
	as := rfc7292.AuthenticatedSafe{ci}
	p := &rfc7292.PFX{Version: rfc7292.PFX_V3}
	p.AuthSafe.ContentType = oidT(t, idData)
	p.AuthSafe.Content.SetData(marshalT(t, &as))
	out, err := der.Marshal(p, &der.Options{SkipConstraints: true})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func oidT(t testing.TB, s string) der.OID {
	t.Helper()
	o, err := der.ParseOIDString(s)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func marshalT(t testing.TB, v der.Value) []byte {
	t.Helper()
	b, err := der.Marshal(v, &der.Options{SkipConstraints: true})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestDecodeBags decodes every kind of bag: certificates (X.509 and
// SDSI), a CRL, a secret, nested SafeContents.
func TestDecodeBags(t *testing.T) {
	a := testCert(t)
	sc := testSafeContents(t, a, a)
	c, err := rfc7292.Decode(unencrypted(t, sc), "")
	if err != nil {
		t.Fatal(err)
	}
	type bag struct {
		Path string
		Kind rfc7292.BagTypeKind
	}
	var got []bag
	for _, b := range c.Bags {
		got = append(got, bag{b.Path, b.SafeBag.BagValue.Kind})
	}
	want := []bag{
		{"AuthenticatedSafe[0].SafeContents[0]", rfc7292.BagTypeKind_CertBag}, // SDSI
		{"AuthenticatedSafe[0].SafeContents[1]", rfc7292.BagTypeKind_CertBag},
		{"AuthenticatedSafe[0].SafeContents[2]", rfc7292.BagTypeKind_SecretBag},
		{"AuthenticatedSafe[0].SafeContents[3]", rfc7292.BagTypeKind_SafeContentsBag},
		{"AuthenticatedSafe[0].SafeContents[3].SafeContents[0]", rfc7292.BagTypeKind_SafeContentsBag},
		{"AuthenticatedSafe[0].SafeContents[3].SafeContents[0].SafeContents[0]", rfc7292.BagTypeKind_CRLBag},
		{"AuthenticatedSafe[0].SafeContents[3].SafeContents[0].SafeContents[1]", rfc7292.BagTypeKind_CertBag},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("bags (-want +got):\n%s", diff)
	}
	if len(c.Certificates) != 2 || len(c.CRLs) != 1 || len(c.Secrets) != 1 || len(c.PrivateKeys) != 0 {
		t.Errorf("%d certificates, %d CRLs, %d secrets, %d keys; want 2, 1, 1, 0", len(c.Certificates), len(c.CRLs), len(c.Secrets), len(c.PrivateKeys))
	}
	if c.Bags[0].Certificate != nil || c.Bags[1].Certificate != c.Certificates[0] || c.Bags[5].CRL != c.CRLs[0] || c.Bags[2].Secret != c.Secrets[0] {
		t.Error("the bags' values are not the contents'")
	}
	if enc, err := c.CRLs[0].Encoding(); err != nil || !bytes.Equal(enc, readFileAt(t, "../rfc5280/testdata/CarlRSACRLForAll.crl")) {
		t.Errorf("CRL: %v", err)
	}
}

func readFileAt(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestDecodeNothingSkipped checks that a bag of a known type whose value
// does not decode is an error, not a bag of no kind skipped: the tolerant
// decode that reads certificates as crypto/x509 does keeps such values
// as received.
func TestDecodeNothingSkipped(t *testing.T) {
	badValue := func(bagType string, value []byte) rfc7292.SafeContents {
		b := rfc7292.SafeBag{BagID: oidT(t, bagTypes+bagType)}
		b.BagValue.Raw = value
		return rfc7292.SafeContents{b}
	}
	badCert := rfc7292.SafeBag{BagID: oidT(t, bagTypes+"3")}
	cb := &rfc7292.CertBag{CertID: oidT(t, x509Certificate)}
	cb.CertValue.Raw = []byte{0x04, 0x03, 0x30, 0x01, 0x00} // OCTET STRING holding no certificate
	badCert.BagValue.Kind, badCert.BagValue.CertBag = rfc7292.BagTypeKind_CertBag, cb
	octets := []byte{0x04, 0x01, 0x00}
	for _, tc := range []struct {
		name string
		sc   rfc7292.SafeContents
		want string
	}{
		{"keyBag", badValue("1", octets), "SafeContents[0].bagValue"},
		{"pkcs8ShroudedKeyBag", badValue("2", octets), "SafeContents[0].bagValue"},
		{"certBag", badValue("3", octets), "SafeContents[0].bagValue"},
		{"crlBag", badValue("4", octets), "SafeContents[0].bagValue"},
		{"secretBag", badValue("5", octets), "SafeContents[0].bagValue"},
		{"safeContentsBag", badValue("6", octets), "SafeContents[0].bagValue"},
		{"certificate", rfc7292.SafeContents{badCert}, "SafeContents[0].bagValue.CertBag.certValue.toBeSigned"},
	} {
		if c, err := rfc7292.Decode(unencrypted(t, tc.sc), ""); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v; want an error with %q", tc.name, err, tc.want)
			if err == nil {
				t.Logf("%d bags", len(c.Bags))
			}
		}
	}
	// A bag of a type RFC 7292 does not define is kept, of no kind.
	c, err := rfc7292.Decode(unencrypted(t, badValue("99", octets)), "")
	if err != nil || len(c.Bags) != 1 || c.Bags[0].SafeBag.BagValue.Kind != 0 {
		t.Errorf("unknown bag type: %v", err)
	}
}

// TestDecodeUnsupported checks that what Decode cannot decrypt or verify
// is an error naming the algorithm.
func TestDecodeUnsupported(t *testing.T) {
	m := newMaterial(t)
	enc, err := rfc7292.Encode(m.key, [][]byte{m.leaf}, "pw", &rfc7292.EncodeOptions{Iterations: fastIterations})
	if err != nil {
		t.Fatal(err)
	}
	enc = noMAC(t, enc)
	withCipher := func(oid string, params []byte) []byte {
		return reencode(t, enc, func(_ *rfc7292.PFX, as *rfc7292.AuthenticatedSafe) {
			alg := &(*as)[0].Content.EncryptedData.EncryptedContentInfo.ContentEncryptionAlgorithm
			var p rfc7292.PBES2Params
			if err := p.UnmarshalDER(alg.Parameters.Raw); err != nil {
				t.Fatal(err)
			}
			p.EncryptionScheme.Algorithm = oidT(t, oid)
			p.EncryptionScheme.Parameters.Kind, p.EncryptionScheme.Parameters.Raw = 0, params
			alg.Parameters.Raw = marshalT(t, &p)
		})
	}
	withKDF := func(oid string) []byte {
		return reencode(t, enc, func(_ *rfc7292.PFX, as *rfc7292.AuthenticatedSafe) {
			alg := &(*as)[0].Content.EncryptedData.EncryptedContentInfo.ContentEncryptionAlgorithm
			var p rfc7292.PBES2Params
			if err := p.UnmarshalDER(alg.Parameters.Raw); err != nil {
				t.Fatal(err)
			}
			p.KeyDerivationFunc.Algorithm = oidT(t, oid)
			p.KeyDerivationFunc.Parameters.Kind, p.KeyDerivationFunc.Parameters.Raw = 0, []byte{0x30, 0x00}
			alg.Parameters.Raw = marshalT(t, &p)
		})
	}
	withScheme := func(oid string) []byte {
		return reencode(t, enc, func(_ *rfc7292.PFX, as *rfc7292.AuthenticatedSafe) {
			(*as)[0].Content.EncryptedData.EncryptedContentInfo.ContentEncryptionAlgorithm.Algorithm = oidT(t, oid)
		})
	}
	withPart := func(contentType string) []byte {
		return reencode(t, enc, func(_ *rfc7292.PFX, as *rfc7292.AuthenticatedSafe) {
			ci := rfc5652.ContentInfo{ContentType: oidT(t, contentType)}
			ci.Content.Raw = []byte{0x30, 0x00}
			*as = append(*as, ci)
		})
	}
	signed := reencode(t, enc, func(p *rfc7292.PFX, _ *rfc7292.AuthenticatedSafe) {})
	signed = bytes.Replace(signed, []byte("\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x07\x01"), []byte("\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x07\x02"), 1) // authSafe: id-signedData

	for _, tc := range []struct {
		name, oid string
		file      []byte
	}{
		// GCMParameters { aes-nonce, aes-ICVlen DEFAULT 12 }
		{"AES-256-GCM in PBES2", "2.16.840.1.101.3.4.1.46", withCipher("2.16.840.1.101.3.4.1.46", []byte{0x30, 0x0e, 0x04, 0x0c, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})},
		// RC5-CBC-Parameters { version v1-0, rounds 12, blockSizeInBits 64, iv }
		{"RC5 in PBES2", "1.2.840.113549.3.9", withCipher("1.2.840.113549.3.9", []byte{0x30, 0x13, 0x02, 0x01, 0x10, 0x02, 0x01, 0x0c, 0x02, 0x01, 0x40, 0x04, 0x08, 0, 0, 0, 0, 0, 0, 0, 0})},
		{"scrypt", "1.3.6.1.4.1.11591.4.11", withKDF("1.3.6.1.4.1.11591.4.11")},
		{"AES-256-CBC without PBES2", "2.16.840.1.101.3.4.1.42", withScheme("2.16.840.1.101.3.4.1.42")},
		{"PBES1 with MD2", "1.2.840.113549.1.5.1", withScheme("1.2.840.113549.1.5.1")},
		{"envelopedData", "1.2.840.113549.1.7.3", withPart("1.2.840.113549.1.7.3")},
		{"unknown part", "1.2.3.4", withPart("1.2.3.4")},
		{"signed authSafe", "1.2.840.113549.1.7.2", signed},
	} {
		_, err := rfc7292.Decode(tc.file, "pw")
		var ue *rfc7292.UnsupportedError
		if !errors.Is(err, rfc7292.ErrUnsupported) || !errors.As(err, &ue) || ue.OID != tc.oid {
			t.Errorf("%s: %v, want ErrUnsupported naming %s", tc.name, err, tc.oid)
		}
	}
}

// TestDecodeJavaSecret decrypts a secretBag as Java's KeyStore writes a
// secret key: secretTypeId pkcs8ShroudedKeyBag, the value the DER of an
// EncryptedPrivateKeyInfo in an OCTET STRING.
func TestDecodeJavaSecret(t *testing.T) {
	m := newMaterial(t)
	enc, err := rfc7292.Encode(m.key, nil, "pw", &rfc7292.EncodeOptions{Iterations: fastIterations})
	if err != nil {
		t.Fatal(err)
	}
	var shrouded []byte
	file := reencode(t, enc, func(p *rfc7292.PFX, as *rfc7292.AuthenticatedSafe) {
		p.HasMacData = false
		data, err := (*as)[0].Content.Data(nil)
		if err != nil {
			t.Fatal(err)
		}
		var sc rfc7292.SafeContents
		if err := sc.UnmarshalDER(data); err != nil {
			t.Fatal(err)
		}
		shrouded = marshal(t, sc[0].BagValue.PKCS8ShroudedKeyBag)
		sb := rfc7292.SafeBag{BagID: oidT(t, bagTypes+"5")}
		sb.BagValue.Kind = rfc7292.BagTypeKind_SecretBag
		sb.BagValue.SecretBag = &rfc7292.SecretBag{SecretTypeID: oidT(t, bagTypes+"2")}
		sb.BagValue.SecretBag.SecretValue.Raw = append(der.AppendHeader(nil, der.TagOctetString, false, len(shrouded)), shrouded...)
		(*as)[0].Content.SetData(marshal(t, &rfc7292.SafeContents{sb}))
	})
	c, err := rfc7292.Decode(file, "pw")
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Secrets) != 1 || len(c.PrivateKeys) != 0 || !bytes.Equal(c.Bags[0].PKCS8, m.pkcs8) || c.Bags[0].Encryption != "1.2.840.113549.1.5.13" {
		t.Errorf("%d secrets, %d keys, PKCS #8 %x", len(c.Secrets), len(c.PrivateKeys), c.Bags[0].PKCS8)
	}
	if _, err := rfc7292.Decode(file, "px"); !errors.Is(err, rfc7292.ErrIncorrectPassword) {
		t.Errorf("wrong password: %v", err)
	}
}

// TestChain checks that Chain finds the key's certificate by its public
// key wherever it is, and refuses files without exactly one key.
func TestChain(t *testing.T) {
	m := newMaterial(t)
	var kb rfc7292.KeyBag
	if err := kb.UnmarshalDER(m.pkcs8); err != nil {
		t.Fatal(err)
	}
	keyBag := rfc7292.SafeBag{BagID: oidT(t, bagTypes+"1")}
	keyBag.BagValue.Kind, keyBag.BagValue.KeyBag = rfc7292.BagTypeKind_KeyBag, &kb
	// The CA first, no localKeyId.
	c, err := rfc7292.Decode(unencrypted(t, rfc7292.SafeContents{certBag(t, m.ca), keyBag, certBag(t, m.leaf)}), "")
	if err != nil {
		t.Fatal(err)
	}
	key, leaf, others, err := c.Chain()
	if err != nil {
		t.Fatal(err)
	}
	if !m.key.Equal(key) || leaf != c.Certificates[1] || len(others) != 1 || others[0] != c.Certificates[0] {
		t.Errorf("Chain: leaf %p (want %p), %d others", leaf, c.Certificates[1], len(others))
	}
	for _, tc := range []struct {
		name string
		sc   rfc7292.SafeContents
		want string
	}{
		{"two keys", rfc7292.SafeContents{keyBag, keyBag, certBag(t, m.leaf)}, "2 private keys"},
		{"no key", rfc7292.SafeContents{certBag(t, m.leaf)}, "0 private keys"},
		{"no certificate of the key", rfc7292.SafeContents{keyBag, certBag(t, m.ca)}, "no certificate of the private key"},
	} {
		c, err := rfc7292.Decode(unencrypted(t, tc.sc), "")
		if err != nil {
			t.Fatal(err)
		}
		if _, _, _, err := c.Chain(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

// TestDecodeMalformed checks that the errors of Decode on malformed
// files are *der.Error values with the offset in the file and the field
// path (issue 24, item 3: the version error had no offset, and the
// AuthenticatedSafe's offsets were those of the authSafe's contents).
func TestDecodeMalformed(t *testing.T) {
	good := unencrypted(t, rfc7292.SafeContents{})
	v2 := bytes.Replace(good, []byte{0x02, 0x01, 0x03}, []byte{0x02, 0x01, 0x02}, 1)
	notSafe := marshal(t, &rfc7292.PFX{Version: rfc7292.PFX_V3, AuthSafe: dataInfo(t, []byte{0x04, 0x00})})
	sc := dataInfo(t, []byte{0x30, 0x03, 0x02, 0x01, 0x00}) // a SafeContents that is not one
	badParts := marshal(t, &rfc7292.PFX{Version: rfc7292.PFX_V3, AuthSafe: dataInfo(t, marshal(t, &rfc7292.AuthenticatedSafe{sc}))})
	for _, tc := range []struct {
		name string
		in   []byte
		want place
	}{
		{"empty", nil, place{"PFX", 0}},
		{"trailing octets", append(append([]byte(nil), good...), 0), place{"", len(good)}},
		{"truncated", good[:len(good)-1], place{"PFX", 0}},
		{"version 2", v2, place{"PFX.version", bytes.Index(v2, []byte{0x02, 0x01, 0x02})}},
		{"not an AuthenticatedSafe", notSafe, place{"AuthenticatedSafe", bytes.Index(notSafe, []byte{0x04, 0x02, 0x04, 0x00}) + 2}},
		{"not a SafeContents", badParts, place{"AuthenticatedSafe[0].SafeContents[0]", bytes.Index(badParts, []byte{0x30, 0x03, 0x02, 0x01, 0x00}) + 2}},
	} {
		_, err := rfc7292.Decode(tc.in, "")
		if err == nil {
			t.Errorf("%s: no error", tc.name)
			continue
		}
		if diff := cmp.Diff(tc.want, placeOf(t, err)); diff != "" {
			t.Errorf("%s: %v (-want +got):\n%s", tc.name, err, diff)
		}
	}
}

// TestDecodePBMAC1Iterations checks that the MacData's own iterations,
// which PBMAC1 ignores (RFC 9579 section 3), are not read: go-pkcs12
// writes 0 there.
func TestDecodePBMAC1Iterations(t *testing.T) {
	m := newMaterial(t)
	enc, err := rfc7292.Encode(m.key, [][]byte{m.leaf}, "pw", &rfc7292.EncodeOptions{Profile: rfc7292.ModernPBMAC1, Iterations: fastIterations})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int64{0, -1, 1 << 40} {
		file := reencode(t, enc, func(p *rfc7292.PFX, _ *rfc7292.AuthenticatedSafe) {
			p.MacData.Iterations, p.MacData.HasIterations = der.IntegerFromInt64(n), true
		})
		if _, err := rfc7292.Decode(file, "pw"); err != nil {
			t.Errorf("PBMAC1, MacData.iterations %d: %v", n, err)
		}
	}
}
