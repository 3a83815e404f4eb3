package ecverify

import (
	"bufio"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"math/big"
	"os"
	"strings"
	"testing"
)

var curves = []*Curve{BrainpoolP256r1, BrainpoolP384r1, NistP256, NistP384}

// TestDomainParameters checks each curve's parameters against what they
// must satisfy: G on the curve, N·G the point at infinity, and P ≡ 3 (mod
// 4), which Decompress's square root needs.
func TestDomainParameters(t *testing.T) {
	for _, c := range curves {
		if !c.OnCurve(c.Gx, c.Gy) {
			t.Errorf("%s: G not on the curve", c.Name)
		}
		if p := c.combined(c.N, new(big.Int), point{x: c.Gx, y: c.Gy}); !p.inf {
			t.Errorf("%s: N·G is not the point at infinity", c.Name)
		}
		if c.P.Bit(0) != 1 || c.P.Bit(1) != 1 {
			t.Errorf("%s: P is not 3 mod 4", c.Name)
		}
	}
}

// TestDecompress recovers G and -G from G's x coordinate, and refuses an
// x that no point has.
func TestDecompress(t *testing.T) {
	for _, c := range curves {
		x := c.Gx.FillBytes(make([]byte, c.ByteSize))
		for _, odd := range []bool{false, true} {
			X, Y, err := c.Decompress(x, odd)
			if err != nil || X.Cmp(c.Gx) != 0 || (Y.Bit(0) == 1) != odd || !c.OnCurve(X, Y) {
				t.Errorf("%s: Decompress(Gx, %v) = %v, %v, %v", c.Name, odd, X, Y, err)
			}
			if want := (c.Gy.Bit(0) == 1) == odd; want != (Y.Cmp(c.Gy) == 0) {
				t.Errorf("%s: Decompress(Gx, %v) gives y %x, G's is %x", c.Name, odd, Y, c.Gy)
			}
		}
		bad := 0
		for i := int64(1); i < 40; i++ {
			if _, _, err := c.Decompress(big.NewInt(i).FillBytes(make([]byte, c.ByteSize)), false); err != nil {
				bad++
			}
		}
		if bad == 0 || bad == 39 {
			t.Errorf("%s: %d of 39 small x have no point: the square root test is wrong", c.Name, bad)
		}
		if _, _, err := c.Decompress(x[1:], false); err == nil {
			t.Errorf("%s: a short x decompresses", c.Name)
		}
	}
}

// TestOpenSSLSignatures verifies the brainpool signatures OpenSSL made
// (testdata/openssl.txt), and fails each with one bit of its digest, r or
// s flipped.
func TestOpenSSLSignatures(t *testing.T) {
	f, err := os.Open("testdata/openssl.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	byName := map[string]*Curve{"brainpoolP256r1": BrainpoolP256r1, "brainpoolP384r1": BrainpoolP384r1}
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Fields(line)
		c := byName[fs[0]]
		pub, _ := hex.DecodeString(fs[1])
		digest, _ := hex.DecodeString(fs[2])
		r, _ := new(big.Int).SetString(fs[3], 16)
		s, _ := new(big.Int).SetString(fs[4], 16)
		if c == nil || len(pub) != 1+2*c.ByteSize || r == nil || s == nil {
			t.Fatalf("bad line %q", line)
		}
		x := new(big.Int).SetBytes(pub[1 : 1+c.ByteSize])
		y := new(big.Int).SetBytes(pub[1+c.ByteSize:])
		if !c.Verify(x, y, digest, r, s) {
			t.Errorf("%s: OpenSSL's signature does not verify: %s", c.Name, line)
		}
		digest[len(digest)-1] ^= 1
		if c.Verify(x, y, digest, r, s) {
			t.Errorf("%s: verifies with a bit of the digest flipped", c.Name)
		}
		digest[len(digest)-1] ^= 1
		if c.Verify(x, y, digest, new(big.Int).Xor(r, big.NewInt(1)), s) || c.Verify(x, y, digest, r, new(big.Int).Xor(s, big.NewInt(2))) {
			t.Errorf("%s: verifies with a bit of r or s flipped", c.Name)
		}
		n++
	}
	if n < 4 {
		t.Fatalf("%d signatures, want 4", n)
	}
}

// TestAgainstCryptoECDSA: Verify agrees with crypto/ecdsa on P-256
// signatures of random keys, valid and with a digest bit flipped.
func TestAgainstCryptoECDSA(t *testing.T) {
	for i := range 8 {
		k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		d := sha256.Sum256([]byte{byte(i)})
		r, s, err := ecdsa.Sign(rand.Reader, k, d[:])
		if err != nil {
			t.Fatal(err)
		}
		pub, err := k.PublicKey.Bytes() // 04 x y
		if err != nil {
			t.Fatal(err)
		}
		x, y := new(big.Int).SetBytes(pub[1:33]), new(big.Int).SetBytes(pub[33:])
		if !NistP256.Verify(x, y, d[:], r, s) {
			t.Errorf("a crypto/ecdsa signature does not verify")
		}
		d[0] ^= 0x80
		if NistP256.Verify(x, y, d[:], r, s) {
			t.Errorf("verifies with a digest bit flipped")
		}
	}
}
