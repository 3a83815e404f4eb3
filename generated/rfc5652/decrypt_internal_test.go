package rfc5652

import (
	"bytes"
	"encoding/hex"
	"errors"
	"testing"
)

// TestAESKeyUnwrap: the test vectors of RFC 3394 4, and a changed
// wrapped key failing the integrity check.
func TestAESKeyUnwrap(t *testing.T) {
	h := func(s string) []byte {
		b, err := hex.DecodeString(s)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	cases := []struct{ name, kek, key, wrapped string }{
		{"4.1 128-bit key, 128-bit KEK", "000102030405060708090A0B0C0D0E0F", "00112233445566778899AABBCCDDEEFF",
			"1FA68B0A8112B447AEF34BD8FB5A7B829D3E862371D2CFE5"},
		{"4.3 128-bit key, 256-bit KEK", "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F", "00112233445566778899AABBCCDDEEFF",
			"64E8C3F9CE0F5BA263E9777905818A2A93C8191E7D6E8AE7"},
		{"4.6 256-bit key, 256-bit KEK", "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F",
			"00112233445566778899AABBCCDDEEFF000102030405060708090A0B0C0D0E0F",
			"28C9F404C4B810F4CBCCB35CFB87F8263F5786E2D80ED326CBC7F0E71A99F43BFB988B9B7A02DD21"},
	}
	for _, c := range cases {
		got, err := aesKeyUnwrap(h(c.kek), h(c.wrapped))
		if err != nil || !bytes.Equal(got, h(c.key)) {
			t.Errorf("%s: %x, %v; want %s", c.name, got, err, c.key)
		}
		bad := h(c.wrapped)
		bad[len(bad)-1] ^= 1
		if _, err := aesKeyUnwrap(h(c.kek), bad); !errors.Is(err, ErrDecrypt) {
			t.Errorf("%s, changed: %v, want ErrDecrypt", c.name, err)
		}
	}
}
