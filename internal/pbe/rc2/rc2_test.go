package rc2

import (
	"bytes"
	"encoding/hex"
	"testing"
)

// rfc2268Vectors are the test vectors of RFC 2268 section 5.
var rfc2268Vectors = []struct {
	key           string
	effectiveBits int
	plaintext     string
	ciphertext    string
}{
	{"0000000000000000", 63, "0000000000000000", "ebb773f993278eff"},
	{"ffffffffffffffff", 64, "ffffffffffffffff", "278b27e42e2f0d49"},
	{"3000000000000000", 64, "1000000000000001", "30649edf9be7d2c2"},
	{"88", 64, "0000000000000000", "61a8a244adacccf0"},
	{"88bca90e90875a", 64, "0000000000000000", "6ccf4308974c267f"},
	{"88bca90e90875a7f0f79c384627bafb2", 64, "0000000000000000", "1a807d272bbe5db1"},
	{"88bca90e90875a7f0f79c384627bafb2", 128, "0000000000000000", "2269552ab0f85ca6"},
	{"88bca90e90875a7f0f79c384627bafb216f80a6f85920584c42fceb0be255daf1e", 129, "0000000000000000", "5b78d3a43dfff1f1"},
}

func unhex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestRFC2268(t *testing.T) {
	for _, v := range rfc2268Vectors {
		c, err := NewCipher(unhex(t, v.key), v.effectiveBits)
		if err != nil {
			t.Fatalf("key %s: %v", v.key, err)
		}
		pt, ct := unhex(t, v.plaintext), unhex(t, v.ciphertext)
		got := make([]byte, BlockSize)
		c.Encrypt(got, pt)
		if !bytes.Equal(got, ct) {
			t.Errorf("key %s, %d bits: Encrypt = %x, want %x", v.key, v.effectiveBits, got, ct)
		}
		c.Decrypt(got, ct)
		if !bytes.Equal(got, pt) {
			t.Errorf("key %s, %d bits: Decrypt = %x, want %x", v.key, v.effectiveBits, got, pt)
		}
	}
}

// TestPITablePermutation checks the transcribed table: RFC 2268 says it is
// a permutation of 0..255.
func TestPITablePermutation(t *testing.T) {
	var seen [256]bool
	for i, b := range piTable {
		if seen[b] {
			t.Fatalf("piTable[%d] = %#x appears twice", i, b)
		}
		seen[b] = true
	}
}

// TestInPlace checks that dst and src may be the same block, as
// crypto/cipher's CBC mode asks of a cipher.Block.
func TestInPlace(t *testing.T) {
	c, err := NewCipher(unhex(t, "88bca90e90875a7f0f79c384627bafb2"), 128)
	if err != nil {
		t.Fatal(err)
	}
	b := make([]byte, BlockSize)
	c.Encrypt(b, b)
	if want := unhex(t, "2269552ab0f85ca6"); !bytes.Equal(b, want) {
		t.Fatalf("in-place Encrypt = %x, want %x", b, want)
	}
	c.Decrypt(b, b)
	if !bytes.Equal(b, make([]byte, BlockSize)) {
		t.Fatalf("in-place Decrypt = %x, want zeros", b)
	}
}

func TestNewCipherErrors(t *testing.T) {
	for _, tc := range []struct {
		keyLen, bits int
		want         string
	}{
		{0, 64, "rc2: invalid key size 0"},
		{129, 64, "rc2: invalid key size 129"},
		{8, 0, "rc2: invalid effective key bits 0"},
		{8, 1025, "rc2: invalid effective key bits 1025"},
	} {
		_, err := NewCipher(make([]byte, tc.keyLen), tc.bits)
		if err == nil || err.Error() != tc.want {
			t.Errorf("NewCipher(%d octets, %d bits) = %v, want %q", tc.keyLen, tc.bits, err, tc.want)
		}
	}
}

func BenchmarkEncrypt(b *testing.B) {
	c, err := NewCipher(make([]byte, 16), 128)
	if err != nil {
		b.Fatal(err)
	}
	buf := make([]byte, BlockSize)
	b.SetBytes(BlockSize)
	b.ReportAllocs()
	for b.Loop() {
		c.Encrypt(buf, buf)
	}
}
