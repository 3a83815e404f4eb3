// Package rc2 implements the RC2 block cipher of RFC 2268, which the
// standard library lacks and old PKCS #12 files still use
// (pbeWithSHAAnd40BitRC2-CBC encrypts the certificates of every file
// OpenSSL 1.x wrote by default).
//
// RC2 is broken as a cipher: use it to read old files, never to protect
// new ones. The implementation follows RFC 2268 step by step and is not
// hardened against timing attacks (the key schedule indexes a table with
// key bytes, and the mashing rounds index the key with data); that is
// acceptable for a cipher whose 40-bit variant falls to brute force anyway.
package rc2

import (
	"crypto/cipher"
	"encoding/binary"
	"math/bits"
	"strconv"
)

// BlockSize is the RC2 block size in octets.
const BlockSize = 8

// KeySizeError reports a key length RC2 does not accept (1 to 128 octets).
type KeySizeError int

func (k KeySizeError) Error() string {
	return "rc2: invalid key size " + strconv.Itoa(int(k))
}

// EffectiveBitsError reports an effective key length out of range
// (1 to 1024 bits).
type EffectiveBitsError int

func (e EffectiveBitsError) Error() string {
	return "rc2: invalid effective key bits " + strconv.Itoa(int(e))
}

// rc2Cipher holds the expanded key K[0..63] (RFC 2268 section 2).
type rc2Cipher struct {
	k [64]uint16
}

// NewCipher returns RC2 with key (1 to 128 octets) and an effective key
// length of effectiveBits (1 to 1024; RFC 2268 section 2 calls it T1).
// PKCS #12 uses 40 and 128; PKCS #5 carries it in rc2ParameterVersion.
func NewCipher(key []byte, effectiveBits int) (cipher.Block, error) {
	if len(key) < 1 || len(key) > 128 {
		return nil, KeySizeError(len(key))
	}
	if effectiveBits < 1 || effectiveBits > 1024 {
		return nil, EffectiveBitsError(effectiveBits)
	}
	c := new(rc2Cipher)
	c.expand(key, effectiveBits)
	return c, nil
}

// expand is the key expansion of RFC 2268 section 2.
func (c *rc2Cipher) expand(key []byte, t1 int) {
	var l [128]byte
	t := len(key)
	copy(l[:], key)
	t8 := (t1 + 7) / 8
	tm := byte(0xff >> (8*t8 - t1)) // 255 MOD 2^(8 + T1 - 8*T8)
	for i := t; i < 128; i++ {
		l[i] = piTable[l[i-1]+l[i-t]]
	}
	l[128-t8] = piTable[l[128-t8]&tm]
	for i := 127 - t8; i >= 0; i-- {
		l[i] = piTable[l[i+1]^l[i+t8]]
	}
	for i := range c.k {
		c.k[i] = uint16(l[2*i]) | uint16(l[2*i+1])<<8
	}
	clear(l[:])
}

func (c *rc2Cipher) BlockSize() int { return BlockSize }

// Encrypt is RFC 2268 section 3: five mixing rounds, a mashing round, six
// mixing rounds, a mashing round and five mixing rounds, on four 16-bit
// little-endian words.
func (c *rc2Cipher) Encrypt(dst, src []byte) {
	if len(src) < BlockSize || len(dst) < BlockSize {
		panic("rc2: input not full block")
	}
	r0 := binary.LittleEndian.Uint16(src[0:])
	r1 := binary.LittleEndian.Uint16(src[2:])
	r2 := binary.LittleEndian.Uint16(src[4:])
	r3 := binary.LittleEndian.Uint16(src[6:])
	k := &c.k
	j := 0
	mix := func() {
		r0 = bits.RotateLeft16(r0+k[j]+(r3&r2)+(^r3&r1), 1)
		r1 = bits.RotateLeft16(r1+k[j+1]+(r0&r3)+(^r0&r2), 2)
		r2 = bits.RotateLeft16(r2+k[j+2]+(r1&r0)+(^r1&r3), 3)
		r3 = bits.RotateLeft16(r3+k[j+3]+(r2&r1)+(^r2&r0), 5)
		j += 4
	}
	mash := func() {
		r0 += k[r3&63]
		r1 += k[r0&63]
		r2 += k[r1&63]
		r3 += k[r2&63]
	}
	for range 5 {
		mix()
	}
	mash()
	for range 6 {
		mix()
	}
	mash()
	for range 5 {
		mix()
	}
	binary.LittleEndian.PutUint16(dst[0:], r0)
	binary.LittleEndian.PutUint16(dst[2:], r1)
	binary.LittleEndian.PutUint16(dst[4:], r2)
	binary.LittleEndian.PutUint16(dst[6:], r3)
}

// Decrypt is RFC 2268 section 4: Encrypt's rounds undone in reverse order.
func (c *rc2Cipher) Decrypt(dst, src []byte) {
	if len(src) < BlockSize || len(dst) < BlockSize {
		panic("rc2: input not full block")
	}
	r0 := binary.LittleEndian.Uint16(src[0:])
	r1 := binary.LittleEndian.Uint16(src[2:])
	r2 := binary.LittleEndian.Uint16(src[4:])
	r3 := binary.LittleEndian.Uint16(src[6:])
	k := &c.k
	j := 63
	rmix := func() {
		r3 = bits.RotateLeft16(r3, -5) - k[j] - (r2 & r1) - (^r2 & r0)
		r2 = bits.RotateLeft16(r2, -3) - k[j-1] - (r1 & r0) - (^r1 & r3)
		r1 = bits.RotateLeft16(r1, -2) - k[j-2] - (r0 & r3) - (^r0 & r2)
		r0 = bits.RotateLeft16(r0, -1) - k[j-3] - (r3 & r2) - (^r3 & r1)
		j -= 4
	}
	rmash := func() {
		r3 -= k[r2&63]
		r2 -= k[r1&63]
		r1 -= k[r0&63]
		r0 -= k[r3&63]
	}
	for range 5 {
		rmix()
	}
	rmash()
	for range 6 {
		rmix()
	}
	rmash()
	for range 5 {
		rmix()
	}
	binary.LittleEndian.PutUint16(dst[0:], r0)
	binary.LittleEndian.PutUint16(dst[2:], r1)
	binary.LittleEndian.PutUint16(dst[4:], r2)
	binary.LittleEndian.PutUint16(dst[6:], r3)
}

// piTable is PITABLE of RFC 2268 section 2, a permutation of 0..255 made
// from the digits of pi.
var piTable = [256]byte{
	0xd9, 0x78, 0xf9, 0xc4, 0x19, 0xdd, 0xb5, 0xed, 0x28, 0xe9, 0xfd, 0x79, 0x4a, 0xa0, 0xd8, 0x9d,
	0xc6, 0x7e, 0x37, 0x83, 0x2b, 0x76, 0x53, 0x8e, 0x62, 0x4c, 0x64, 0x88, 0x44, 0x8b, 0xfb, 0xa2,
	0x17, 0x9a, 0x59, 0xf5, 0x87, 0xb3, 0x4f, 0x13, 0x61, 0x45, 0x6d, 0x8d, 0x09, 0x81, 0x7d, 0x32,
	0xbd, 0x8f, 0x40, 0xeb, 0x86, 0xb7, 0x7b, 0x0b, 0xf0, 0x95, 0x21, 0x22, 0x5c, 0x6b, 0x4e, 0x82,
	0x54, 0xd6, 0x65, 0x93, 0xce, 0x60, 0xb2, 0x1c, 0x73, 0x56, 0xc0, 0x14, 0xa7, 0x8c, 0xf1, 0xdc,
	0x12, 0x75, 0xca, 0x1f, 0x3b, 0xbe, 0xe4, 0xd1, 0x42, 0x3d, 0xd4, 0x30, 0xa3, 0x3c, 0xb6, 0x26,
	0x6f, 0xbf, 0x0e, 0xda, 0x46, 0x69, 0x07, 0x57, 0x27, 0xf2, 0x1d, 0x9b, 0xbc, 0x94, 0x43, 0x03,
	0xf8, 0x11, 0xc7, 0xf6, 0x90, 0xef, 0x3e, 0xe7, 0x06, 0xc3, 0xd5, 0x2f, 0xc8, 0x66, 0x1e, 0xd7,
	0x08, 0xe8, 0xea, 0xde, 0x80, 0x52, 0xee, 0xf7, 0x84, 0xaa, 0x72, 0xac, 0x35, 0x4d, 0x6a, 0x2a,
	0x96, 0x1a, 0xd2, 0x71, 0x5a, 0x15, 0x49, 0x74, 0x4b, 0x9f, 0xd0, 0x5e, 0x04, 0x18, 0xa4, 0xec,
	0xc2, 0xe0, 0x41, 0x6e, 0x0f, 0x51, 0xcb, 0xcc, 0x24, 0x91, 0xaf, 0x50, 0xa1, 0xf4, 0x70, 0x39,
	0x99, 0x7c, 0x3a, 0x85, 0x23, 0xb8, 0xb4, 0x7a, 0xfc, 0x02, 0x36, 0x5b, 0x25, 0x55, 0x97, 0x31,
	0x2d, 0x5d, 0xfa, 0x98, 0xe3, 0x8a, 0x92, 0xae, 0x05, 0xdf, 0x29, 0x10, 0x67, 0x6c, 0xba, 0xc9,
	0xd3, 0x00, 0xe6, 0xcf, 0xe1, 0x9e, 0xa8, 0x2c, 0x63, 0x16, 0x01, 0x3f, 0x58, 0xe2, 0x89, 0xa9,
	0x0d, 0x38, 0x34, 0x1b, 0xab, 0x33, 0xff, 0xb0, 0xbb, 0x48, 0x0c, 0x5f, 0xb9, 0xb1, 0xcd, 0x2e,
	0xc5, 0xf3, 0xdb, 0x47, 0xe5, 0xa5, 0x9c, 0x77, 0x0a, 0xa6, 0x20, 0x68, 0xfe, 0x7f, 0xc1, 0xad,
}
