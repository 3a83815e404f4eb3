package pbe

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/des"
	"crypto/rc4"
	"crypto/subtle"

	"github.com/asn1gen/asn1gen/internal/pbe/rc2"
)

// cipherKind is a block cipher this package encrypts with in CBC mode,
// or RC4.
type cipherKind int

const (
	cipherDES cipherKind = iota + 1
	cipherTripleDES
	cipherTwoKeyTripleDES // a 16-octet key K1 || K2, used as K1, K2, K1
	cipherRC2
	cipherAES
	cipherRC4
)

func (k cipherKind) String() string {
	switch k {
	case cipherDES:
		return "DES-CBC"
	case cipherTripleDES, cipherTwoKeyTripleDES:
		return "DES-EDE3-CBC"
	case cipherRC2:
		return "RC2-CBC"
	case cipherAES:
		return "AES-CBC"
	case cipherRC4:
		return "RC4"
	}
	return "?"
}

// blockSize is the block (and IV) size of k; 0 for RC4.
func (k cipherKind) blockSize() int {
	switch k {
	case cipherAES:
		return aes.BlockSize
	case cipherRC4:
		return 0
	}
	return 8
}

// newBlock returns the block cipher of kind k with key (checked by the
// caller to be of the right length); effectiveBits is RC2's.
func newBlock(k cipherKind, key []byte, effectiveBits int) (cipher.Block, error) {
	switch k {
	case cipherDES:
		return des.NewCipher(key)
	case cipherTripleDES:
		return des.NewTripleDESCipher(key)
	case cipherTwoKeyTripleDES:
		k3 := make([]byte, 24)
		copy(k3, key[:16])
		copy(k3[16:], key[:8])
		defer clear(k3)
		return des.NewTripleDESCipher(k3)
	case cipherRC2:
		return rc2.NewCipher(key, effectiveBits)
	case cipherAES:
		return aes.NewCipher(key)
	}
	panic("pbe: newBlock of " + k.String())
}

// cbcDecrypt decrypts ciphertext in CBC mode and removes its padding
// (RFC 8018 6.1.1 step 4, RFC 5652 6.3: n octets of value n, 1 ≤ n ≤ the
// block size). Bad padding is ErrIncorrectPassword: with the right key it
// cannot happen unless the data was altered.
func cbcDecrypt(b cipher.Block, iv, ciphertext []byte, scheme string) ([]byte, error) {
	bs := b.BlockSize()
	if len(iv) != bs {
		return nil, invalid(scheme + ": IV of " + itoa(len(iv)) + " octets, want " + itoa(bs))
	}
	if len(ciphertext) == 0 || len(ciphertext)%bs != 0 {
		return nil, invalid(scheme + ": ciphertext of " + itoa(len(ciphertext)) + " octets is not a positive multiple of the block size " + itoa(bs))
	}
	out := make([]byte, len(ciphertext))
	cipher.NewCBCDecrypter(b, iv).CryptBlocks(out, ciphertext)
	n, ok := paddingLength(out[len(out)-bs:])
	if !ok {
		clear(out)
		return nil, &paramError{msg: scheme + ": bad padding after decryption: incorrect password (or altered data)", class: ErrIncorrectPassword}
	}
	return out[:len(out)-n], nil
}

// paddingLength checks the padding of the last block and returns its
// length. It reads every octet of the block whatever it finds and
// reports one failure for all causes, so that neither timing nor the
// error tells which octet was wrong.
func paddingLength(last []byte) (int, bool) {
	bs := len(last)
	n := int(last[bs-1])
	good := subtle.ConstantTimeLessOrEq(1, n) & subtle.ConstantTimeLessOrEq(n, bs)
	for i := range bs {
		// The i-th octet from the end is padding when i < n; padding
		// octets must all equal n.
		isPad := subtle.ConstantTimeLessOrEq(i+1, n)
		eq := subtle.ConstantTimeByteEq(last[bs-1-i], byte(n))
		good &= subtle.ConstantTimeSelect(isPad, eq, 1)
	}
	return n, good == 1
}

// cbcEncrypt pads plaintext to whole blocks (1 to bs octets of value n)
// and encrypts it in CBC mode.
func cbcEncrypt(b cipher.Block, iv, plaintext []byte, scheme string) ([]byte, error) {
	bs := b.BlockSize()
	if len(iv) != bs {
		return nil, invalid(scheme + ": IV of " + itoa(len(iv)) + " octets, want " + itoa(bs))
	}
	n := bs - len(plaintext)%bs
	out := make([]byte, len(plaintext)+n)
	copy(out, plaintext)
	for i := len(plaintext); i < len(out); i++ {
		out[i] = byte(n)
	}
	cipher.NewCBCEncrypter(b, iv).CryptBlocks(out, out)
	return out, nil
}

// rc4Crypt encrypts or decrypts (the same operation) with RC4.
func rc4Crypt(key, in []byte) ([]byte, error) {
	c, err := rc4.NewCipher(key)
	if err != nil {
		return nil, err
	}
	out := make([]byte, len(in))
	c.XORKeyStream(out, in)
	return out, nil
}
