package blake2b

import (
	"bytes"
	"encoding/hex"
	"os/exec"
	"testing"
)

// ramp is the input of the vectors below: octet i is i mod 251.
func ramp(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i % 251)
	}
	return b
}

// vectors are RFC 7693 Appendix A ("abc") and digests of ramp(n) by
// Python's hashlib.blake2b (CPython's, the reference code of the BLAKE2
// authors), around the block size.
var vectors = []struct {
	in   []byte
	want string
}{
	{[]byte("abc"), "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923"},
	{ramp(0), "786a02f742015903c6c6fd852552d272912f4740e15847618a86e217f71f5419d25e1031afee585313896444934eb04b903a685b1448b755d56f701afe9be2ce"},
	{ramp(1), "2fa3f686df876995167e7c2e5d74c4c7b6e48f8068fe0e44208344d480f7904c36963e44115fe3eb2a3ac8694c28bcb4f5a0f3276f2e79487d8219057a506e4b"},
	{ramp(63), "d10bf9a15b1c9fc8d41f89bb140bf0be08d2f3666176d13baac4d381358ad074c9d4748c300520eb026daeaea7c5b158892fde4e8ec17dc998dcd507df26eb63"},
	{ramp(127), "b6292669ccd38d5f01caae96ba272c76a879a45743afa0725d83b9ebb26665b731f1848c52f11972b6644f554c064fa90780dbbbf3a89d4fc31f67df3e5857ef"},
	{ramp(128), "2319e3789c47e2daa5fe807f61bec2a1a6537fa03f19ff32e87eecbfd64b7e0e8ccff439ac333b040f19b0c4ddd11a61e24ac1fe0f10a039806c5dcc0da3d115"},
	{ramp(129), "f59711d44a031d5f97a9413c065d1e614c417ede998590325f49bad2fd444d3e4418be19aec4e11449ac1a57207898bc57d76a1bcf3566292c20c683a5c4648f"},
	{ramp(255), "fe2c02da499516b0e9fb2dd70c49eb3629039f632e20a880946fb7bc97a7ab09deb7d48774d7f0648141c9d9ede19ae6e0dbf07863a128cf4b00195f0f179f74"},
	{ramp(256), "93463ac058b6163eb43be3f5bb32b28541498f4e3366f1effe253ad44e1e076e41c3616046027c82a7124f8f4746668ad10b12e8e25a95ac8f3151df01cd5a93"},
	{ramp(257), "9ca40e2ddee9436dbbd08efc65dbaf4870059f5eb3d76efd20241ae5bf13c60f250b882ea5c564838257a3fc95c496819ace2c6490b55b268535208dfc31822c"},
	{ramp(1000), "c11e1c0340bd7e5a1b275f1230c962fad215ecb1391486e74e31b960a2f2996381a5fad092da06841d5f26e38f6ecfeaf441acbcd1c2de61aef121e7927175f5"},
}

func TestVectors(t *testing.T) {
	for _, v := range vectors {
		want, _ := hex.DecodeString(v.want)
		if got := Sum512(v.in); !bytes.Equal(got[:], want) {
			t.Errorf("Sum512(%d octets) = %x, want %s", len(v.in), got, v.want)
		}
		// Written in pieces of every size, with Sum in the middle.
		for _, piece := range []int{1, 7, 127, 128, 129} {
			h := New512()
			for p := v.in; len(p) > 0; {
				k := min(piece, len(p))
				h.Write(p[:k])
				p = p[k:]
				h.Sum(nil)
			}
			if got := h.Sum([]byte("x")); !bytes.Equal(got[1:], want) || got[0] != 'x' {
				t.Errorf("%d octets in pieces of %d: %x", len(v.in), piece, got[1:])
			}
		}
		h := New512()
		h.Write([]byte("something else"))
		h.Reset()
		h.Write(v.in)
		if got := h.Sum(nil); !bytes.Equal(got, want) {
			t.Errorf("%d octets after Reset: %x", len(v.in), got)
		}
	}
	if h := New512(); h.Size() != 64 || h.BlockSize() != 128 {
		t.Errorf("Size %d, BlockSize %d", h.Size(), h.BlockSize())
	}
}

// TestOpenSSL compares Sum512 with `openssl dgst -blake2b512` on inputs of
// every length to three blocks.
func TestOpenSSL(t *testing.T) {
	path, err := exec.LookPath("openssl")
	if err != nil {
		t.Skip("openssl is not on the PATH")
	}
	for n := 0; n <= 3*BlockSize+1; n += 17 {
		in := ramp(n)
		for i := range in {
			in[i] ^= byte(n)
		}
		cmd := exec.Command(path, "dgst", "-blake2b512", "-binary")
		cmd.Stdin = bytes.NewReader(in)
		want, err := cmd.Output()
		if err != nil {
			t.Skipf("openssl dgst -blake2b512: %v", err)
		}
		if got := Sum512(in); !bytes.Equal(got[:], want) {
			t.Errorf("%d octets: %x, openssl %x", n, got, want)
		}
	}
}
