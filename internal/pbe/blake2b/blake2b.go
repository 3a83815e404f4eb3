// Package blake2b implements BLAKE2b-512 (RFC 7693), unkeyed, as a
// hash.Hash: the standard library lacks it, and OpenSSL writes PKCS #12
// files whose MAC uses it (`openssl pkcs12 -export -macalg blake2b512`,
// id-blake2b512 1.3.6.1.4.1.1722.12.2.1.16), HMAC keyed by the PKCS #12 KDF
// over BLAKE2b as over SHA-2.
//
// The implementation follows RFC 7693 section 3 step by step, in pure Go:
// reading a file's MAC needs one hash of its authSafe per password tried,
// and the KDF's iterations, nothing that warrants assembly.
package blake2b

import (
	"encoding/binary"
	"hash"
	"math/bits"
)

// Size is the length of a BLAKE2b-512 digest, BlockSize that of its
// blocks, in octets.
const (
	Size      = 64
	BlockSize = 128
)

// iv is the initialization vector of RFC 7693 section 2.6 (SHA-512's).
var iv = [8]uint64{
	0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
	0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179,
}

// sigma is the message schedule of RFC 7693 section 2.7; rounds 10 and
// 11 reuse rows 0 and 1.
var sigma = [12][16]byte{
	{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
	{14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
	{11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
	{7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
	{9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
	{2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
	{12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
	{13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
	{6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
	{10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
	{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
	{14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
}

// digest is the state of a BLAKE2b-512 computation.
type digest struct {
	h     [8]uint64
	t     [2]uint64 // octets hashed so far, a 128-bit counter
	block [BlockSize]byte
	n     int // octets in block
}

// New512 returns a new BLAKE2b-512 hash.
func New512() hash.Hash {
	d := new(digest)
	d.Reset()
	return d
}

// Sum512 returns the BLAKE2b-512 digest of data.
func Sum512(data []byte) [Size]byte {
	var d digest
	d.Reset()
	d.Write(data)
	var out [Size]byte
	d.checkSum(&out)
	return out
}

func (d *digest) Size() int      { return Size }
func (d *digest) BlockSize() int { return BlockSize }

func (d *digest) Reset() {
	d.h = iv
	// Parameter block (RFC 7693 2.5): digest length 64, no key,
	// fanout 1, depth 1.
	d.h[0] ^= 0x01010000 ^ Size
	d.t = [2]uint64{}
	d.n = 0
}

// Write absorbs p. The last block is kept until Sum, which compresses it
// with the final flag (RFC 7693 3.3), so a full block is compressed only
// once more data follows.
func (d *digest) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		if d.n == BlockSize {
			d.increment(BlockSize)
			compress(&d.h, &d.block, d.t, false)
			d.n = 0
		}
		k := copy(d.block[d.n:], p)
		d.n += k
		p = p[k:]
	}
	return n, nil
}

func (d *digest) Sum(b []byte) []byte {
	var out [Size]byte
	c := *d // Sum does not change the state
	c.checkSum(&out)
	return append(b, out[:]...)
}

func (d *digest) checkSum(out *[Size]byte) {
	d.increment(uint64(d.n))
	clear(d.block[d.n:])
	compress(&d.h, &d.block, d.t, true)
	for i, v := range d.h {
		binary.LittleEndian.PutUint64(out[8*i:], v)
	}
}

func (d *digest) increment(n uint64) {
	var carry uint64
	d.t[0], carry = bits.Add64(d.t[0], n, 0)
	d.t[1] += carry
}

// compress is the function F of RFC 7693 section 3.2.
func compress(h *[8]uint64, block *[BlockSize]byte, t [2]uint64, final bool) {
	var m [16]uint64
	for i := range m {
		m[i] = binary.LittleEndian.Uint64(block[8*i:])
	}
	var v [16]uint64
	copy(v[:8], h[:])
	copy(v[8:], iv[:])
	v[12] ^= t[0]
	v[13] ^= t[1]
	if final {
		v[14] = ^v[14]
	}
	for i := range 12 {
		s := &sigma[i]
		g(&v, 0, 4, 8, 12, m[s[0]], m[s[1]])
		g(&v, 1, 5, 9, 13, m[s[2]], m[s[3]])
		g(&v, 2, 6, 10, 14, m[s[4]], m[s[5]])
		g(&v, 3, 7, 11, 15, m[s[6]], m[s[7]])
		g(&v, 0, 5, 10, 15, m[s[8]], m[s[9]])
		g(&v, 1, 6, 11, 12, m[s[10]], m[s[11]])
		g(&v, 2, 7, 8, 13, m[s[12]], m[s[13]])
		g(&v, 3, 4, 9, 14, m[s[14]], m[s[15]])
	}
	for i := range h {
		h[i] ^= v[i] ^ v[i+8]
	}
}

// g is the mixing function G of RFC 7693 section 3.1 (R1..R4 = 32, 24,
// 16, 63).
func g(v *[16]uint64, a, b, c, d int, x, y uint64) {
	v[a] += v[b] + x
	v[d] = bits.RotateLeft64(v[d]^v[a], -32)
	v[c] += v[d]
	v[b] = bits.RotateLeft64(v[b]^v[c], -24)
	v[a] += v[b] + y
	v[d] = bits.RotateLeft64(v[d]^v[a], -16)
	v[c] += v[d]
	v[b] = bits.RotateLeft64(v[b]^v[c], -63)
}
