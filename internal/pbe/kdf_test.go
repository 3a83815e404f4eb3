package pbe_test

import (
	"bytes"
	"crypto"
	"encoding/hex"
	"errors"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/asn1gen/asn1gen/internal/pbe"
)

func unhex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestPKCS12KDFVectors runs published vectors of the PKCS #12 KDF.
//
//   - "smeg" and "queeg": the vectors of OpenSSL's
//     test/recipes/30-test_evp_data/evpkdf_pkcs12.txt (first written for
//     OpenSSL's PKCS #12 code by Dr Stephen Henson; Bouncy Castle and
//     x/crypto/pkcs12 test with them too), SHA-1, IDs 1, 2 and 3.
//   - "ge@äheim": RustCrypto's pkcs12 crate, tests/kdf.rs, SHA-256 and
//     SHA-512 (its derive_key takes the password as text and encodes it
//     as a BMPString, like Password.BMP).
func TestPKCS12KDFVectors(t *testing.T) {
	for _, v := range []struct {
		hash     crypto.Hash
		password string
		salt     string
		iter     int
		id       byte
		want     string
	}{
		{crypto.SHA1, "smeg", "0a58cf64530d823f", 1, pbe.IDKey, "8aaae6297b6cb04642ab5b077851284eb7128f1a2a7fbca3"},
		{crypto.SHA1, "smeg", "0a58cf64530d823f", 1, pbe.IDIV, "79993dfe048d3b76"},
		{crypto.SHA1, "queeg", "05dec959acff72f7", 1000, pbe.IDKey, "ed2034e36328830ff09df1e1a07dd357185dac0d4f9eb3d4"},
		{crypto.SHA1, "queeg", "05dec959acff72f7", 1000, pbe.IDIV, "11dedad7758d4860"},
		{crypto.SHA1, "smeg", "3d83c0e4546ac140", 1, pbe.IDMAC, "8d967d88f6caa9d714800ab3d48051d63f73a312"},
		{crypto.SHA1, "queeg", "263216fcc2fab31c", 1000, pbe.IDMAC, "5ec4c7a80df652294c3925b6489a7ab857c83476"},
		{crypto.SHA256, "ge@äheim", "0102030405060708", 100, pbe.IDKey, "fae4d4957a3cc781e1180b9d4fb79c1e0c8579b746a3177e5b0768a3118bf863"},
		{crypto.SHA256, "ge@äheim", "0102030405060708", 100, pbe.IDIV, "e5ff813bc6547de5155b14d2fada85b3201a977349db6e26ccc998d9e8f83d6c"},
		{crypto.SHA256, "ge@äheim", "0102030405060708", 100, pbe.IDMAC, "136355ed9434516682534f46d63956db5ff06b844702c2c1f3b46321e2524a4d"},
		{crypto.SHA256, "ge@äheim", "0102030405060708", 100, pbe.IDKey, "fae4d4957a3cc781e1180b9d"},
		{crypto.SHA256, "ge@äheim", "0102030405060708", 1000, pbe.IDKey, "2b95a0569b63f641fae1efca32e84db3699ab74540628ba66283b58cf5400527"},
		{crypto.SHA256, "ge@äheim", "0102030405060708", 1000, pbe.IDMAC, "3f9113f05c30a996c4a516409bdac9d065f44296ccd52bb75de3fcfdbe2bf130"},
		{crypto.SHA512, "ge@äheim", "0102030405060708", 100, pbe.IDKey, "b14a9f01bfd9dce4c9d66d2fe9937e5fd9f1afa59e370a6fa4fc81c1cc8ec8ee"},
	} {
		want := unhex(t, v.want)
		got, err := pbe.Options{}.PKCS12KDF(v.hash, pbe.NewPassword(v.password).BMP(), unhex(t, v.salt), v.iter, v.id, len(want))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%v %q salt %s, %d iterations, ID %d: %x, want %x", v.hash, v.password, v.salt, v.iter, v.id, got, want)
		}
	}
}

// TestPBKDF2Vectors runs RFC 6070's PBKDF2-HMAC-SHA-1 vectors and RFC
// 7914 section 11's PBKDF2-HMAC-SHA-256 ones through Options.PBKDF2.
// RFC 6070's 16,777,216-iteration vector exceeds the default bound: it
// must be refused at once, and derive the published key when the bound
// is raised (a few seconds; not in -short).
func TestPBKDF2Vectors(t *testing.T) {
	for _, v := range []struct {
		prf      string
		password string
		salt     string
		iter     int
		want     string
	}{
		{pbe.OIDHMACWithSHA1, "password", "salt", 1, "0c60c80f961f0e71f3a9b524af6012062fe037a6"},
		{"", "password", "salt", 2, "ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957"}, // "" is the DEFAULT, hmacWithSHA1
		{pbe.OIDHMACWithSHA1, "password", "salt", 4096, "4b007901b765489abead49d926f721d065a429c1"},
		{pbe.OIDHMACWithSHA1, "passwordPASSWORDpassword", "saltSALTsaltSALTsaltSALTsaltSALTsalt", 4096, "3d2eec4fe41c849b80c8d83662c0e44a8b291a964cf2f07038"},
		{pbe.OIDHMACWithSHA1, "pass\x00word", "sa\x00lt", 4096, "56fa6aa75548099dcc37d7f03425e0c3"},
		{pbe.OIDHMACWithSHA256, "passwd", "salt", 1, "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783"},
		{pbe.OIDHMACWithSHA256, "Password", "NaCl", 80000, "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d"},
	} {
		want := unhex(t, v.want)
		got, err := pbe.Options{}.PBKDF2(v.prf, pbe.NewPassword(v.password), []byte(v.salt), v.iter, len(want))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s %q %q %d: %x, want %x", v.prf, v.password, v.salt, v.iter, got, want)
		}
	}

	const huge = 16777216
	start := time.Now()
	_, err := pbe.Options{}.PBKDF2(pbe.OIDHMACWithSHA1, pbe.NewPassword("password"), []byte("salt"), huge, 20)
	if !errors.Is(err, pbe.ErrLimit) {
		t.Errorf("PBKDF2 with %d iterations: %v, want ErrLimit", huge, err)
	}
	if d := time.Since(start); d > 100*time.Millisecond {
		t.Errorf("refusing %d iterations took %v: was a key derived?", huge, d)
	}
	if testing.Short() {
		return
	}
	got, err := pbe.Options{MaxIterations: huge}.PBKDF2(pbe.OIDHMACWithSHA1, pbe.NewPassword("password"), []byte("salt"), huge, 20)
	if err != nil {
		t.Fatal(err)
	}
	if want := unhex(t, "eefe3d61cd4da4e4e9945b3d6ba2158c2634e984"); !bytes.Equal(got, want) {
		t.Errorf("PBKDF2 with %d iterations: %x, want %x", huge, got, want)
	}
}

// TestKDFBounds checks the parameters every KDF refuses before deriving
// anything.
func TestKDFBounds(t *testing.T) {
	o := pbe.Options{MaxIterations: 5000}
	pw := pbe.NewPassword("x").BMP()
	for _, tc := range []struct {
		name string
		err  error
		want error
		text string
	}{
		{"zero iterations", kdfErr(o.PKCS12KDF(crypto.SHA1, pw, nil, 0, pbe.IDKey, 24)), pbe.ErrInvalidParameters, "iteration count 0 is not positive"},
		{"negative iterations", kdfErr(o.PKCS12KDF(crypto.SHA1, pw, nil, -1, pbe.IDKey, 24)), pbe.ErrInvalidParameters, "iteration count -1"},
		{"over the bound", kdfErr(o.PKCS12KDF(crypto.SHA1, pw, nil, 5001, pbe.IDKey, 24)), pbe.ErrLimit, "iteration count 5001 exceeds the limit 5000"},
		{"default bound", kdfErr(pbe.Options{}.PKCS12KDF(crypto.SHA1, pw, nil, pbe.DefaultMaxIterations+1, pbe.IDKey, 24)), pbe.ErrLimit, "exceeds the limit 10000000"},
		{"zero length", kdfErr(o.PKCS12KDF(crypto.SHA1, pw, nil, 1, pbe.IDKey, 0)), pbe.ErrInvalidParameters, "output length 0"},
		{"absurd length", kdfErr(o.PKCS12KDF(crypto.SHA1, pw, nil, 1, pbe.IDKey, 1<<30)), pbe.ErrInvalidParameters, "output length 1073741824"},
		{"MD5", kdfErr(o.PKCS12KDF(crypto.MD5, pw, nil, 1, pbe.IDKey, 8)), pbe.ErrInvalidParameters, "MD5 is not SHA-1, SHA-2 or BLAKE2b-512"},
		{"PBKDF2 absurd length", kdfErr(o.PBKDF2("", pbe.NewPassword("x"), nil, 1, 1<<30)), pbe.ErrInvalidParameters, "key length 1073741824"},
		{"PBKDF2 unknown PRF", kdfErr(o.PBKDF2("1.2.840.113549.2.5", pbe.NewPassword("x"), nil, 1, 16)), pbe.ErrUnsupported, "PBKDF2 PRF 1.2.840.113549.2.5 (md5)"},
		{"PBKDF2 over the bound", kdfErr(o.PBKDF2("", pbe.NewPassword("x"), nil, 1<<40, 16)), pbe.ErrLimit, "iteration count 1099511627776"},
	} {
		if !errors.Is(tc.err, tc.want) || !strings.Contains(tc.err.Error(), tc.text) {
			t.Errorf("%s: %v, want %v containing %q", tc.name, tc.err, tc.want, tc.text)
		}
	}
}

func kdfErr(_ []byte, err error) error { return err }

// TestPKCS12KDFEdges checks what the RFC 7292 B.2 steps do at their
// edges against the definition written out naively here: an empty salt
// and password contribute no blocks, lengths that are not multiples of
// the hash or block size are cut or repeated.
func TestPKCS12KDFEdges(t *testing.T) {
	for _, h := range []crypto.Hash{crypto.SHA1, crypto.SHA224, crypto.SHA256, crypto.SHA384, crypto.SHA512, crypto.SHA512_224, crypto.SHA512_256} {
		for _, tc := range []struct {
			password, salt []byte
			n, iter        int
		}{
			{nil, nil, 1, 1},
			{[]byte{0, 0}, []byte{1}, 200, 3},
			{bytes.Repeat([]byte{7}, 130), bytes.Repeat([]byte{9}, 65), 65, 2},
			{[]byte("abc"), bytes.Repeat([]byte{1}, 128), 129, 1},
		} {
			got, err := pbe.Options{}.PKCS12KDF(h, tc.password, tc.salt, tc.iter, pbe.IDKey, tc.n)
			if err != nil {
				t.Fatal(err)
			}
			if want := naivePKCS12KDF(h, tc.password, tc.salt, tc.iter, pbe.IDKey, tc.n); !bytes.Equal(got, want) {
				t.Errorf("%v, password %d octets, salt %d, n %d: %x, want %x", h, len(tc.password), len(tc.salt), tc.n, got, want)
			}
		}
	}
}

// naivePKCS12KDF is RFC 7292 B.2 transcribed with math/big for the
// addition, independent of the package's carry loop.
func naivePKCS12KDF(h crypto.Hash, p, s []byte, r int, id byte, n int) []byte {
	u, v := h.Size(), h.New().BlockSize()
	d := bytes.Repeat([]byte{id}, v)
	rep := func(x []byte) []byte {
		if len(x) == 0 {
			return nil
		}
		out := make([]byte, v*((len(x)+v-1)/v))
		for i := range out {
			out[i] = x[i%len(x)]
		}
		return out
	}
	in := append(rep(s), rep(p)...)
	var out []byte
	for len(out) < n {
		a := append(append([]byte{}, d...), in...)
		for range r {
			hh := h.New()
			hh.Write(a)
			a = hh.Sum(nil)
		}
		out = append(out, a...)
		b := make([]byte, v)
		for i := range b {
			b[i] = a[i%u]
		}
		bi := new(bigInt).set(b)
		for j := 0; j < len(in); j += v {
			x := new(bigInt).set(in[j : j+v])
			x.add(bi).addOne()
			x.put(in[j : j+v])
		}
	}
	return out[:n]
}

// bigInt wraps math/big for naivePKCS12KDF: v-octet big-endian integers
// added modulo 2^(8v).
type bigInt struct{ big.Int }

func (x *bigInt) set(b []byte) *bigInt  { x.SetBytes(b); return x }
func (x *bigInt) add(y *bigInt) *bigInt { x.Int.Add(&x.Int, &y.Int); return x }
func (x *bigInt) addOne() *bigInt       { x.Int.Add(&x.Int, big.NewInt(1)); return x }

// put writes x modulo 2^(8 len(dst)) into dst, big-endian.
func (x *bigInt) put(dst []byte) {
	m := new(big.Int).Lsh(big.NewInt(1), uint(8*len(dst)))
	x.Int.Mod(&x.Int, m)
	x.FillBytes(dst)
}
