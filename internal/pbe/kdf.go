package pbe

import (
	"crypto"
	"crypto/md5"
	"crypto/pbkdf2"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"hash"

	"github.com/asn1gen/asn1gen/internal/pbe/blake2b"
)

// DefaultMaxIterations is the iteration bound of the zero Options. Real
// files use 1 to a few hundred thousand (OpenSSL writes 2048, Windows
// 2000 or 10000, NIST SP 800-132 suggests at least 1000, OWASP 600000 for
// PBKDF2-HMAC-SHA-256); ten million PKCS #12 KDF iterations take several
// seconds, so a file asking for more is treated as hostile.
const DefaultMaxIterations = 10_000_000

// Options bound the work a file can ask for. The zero Options uses the
// defaults; the methods take Options by value, so Options{} works.
type Options struct {
	// MaxIterations is the largest iteration count accepted by every KDF;
	// 0 means DefaultMaxIterations. A larger count is an ErrLimit error
	// before any key is derived.
	MaxIterations int
}

func (o Options) checkIterations(what string, n int) error {
	if n < 1 {
		return invalid(what + " iteration count " + itoa(n) + " is not positive")
	}
	max := o.MaxIterations
	if max <= 0 {
		max = DefaultMaxIterations
	}
	if n > max {
		return overLimit(what + " iteration count " + itoa(n) + " exceeds the limit " + itoa(max))
	}
	return nil
}

// digestHashes are the digests a PKCS #12 MacData may name.
var digestHashes = map[string]crypto.Hash{
	OIDSHA1:       crypto.SHA1,
	OIDSHA224:     crypto.SHA224,
	OIDSHA256:     crypto.SHA256,
	OIDSHA384:     crypto.SHA384,
	OIDSHA512:     crypto.SHA512,
	OIDSHA512_224: crypto.SHA512_224,
	OIDSHA512_256: crypto.SHA512_256,
	OIDBLAKE2b512: crypto.BLAKE2b_512,
}

// hmacHashes are the HMACs PBKDF2 takes as its PRF and PBMAC1 as its
// message authentication scheme.
var hmacHashes = map[string]crypto.Hash{
	OIDHMACWithSHA1:       crypto.SHA1,
	OIDHMACWithSHA224:     crypto.SHA224,
	OIDHMACWithSHA256:     crypto.SHA256,
	OIDHMACWithSHA384:     crypto.SHA384,
	OIDHMACWithSHA512:     crypto.SHA512,
	OIDHMACWithSHA512_224: crypto.SHA512_224,
	OIDHMACWithSHA512_256: crypto.SHA512_256,
}

// newHash returns the constructor of h, named in the package rather than
// through crypto.Hash.New so that the hashes are linked in and the
// constructors can feed crypto/pbkdf2 and crypto/hmac directly.
func newHash(h crypto.Hash) func() hash.Hash {
	switch h {
	case crypto.MD5:
		return md5.New
	case crypto.SHA1:
		return sha1.New
	case crypto.SHA224:
		return sha256.New224
	case crypto.SHA256:
		return sha256.New
	case crypto.SHA384:
		return sha512.New384
	case crypto.SHA512:
		return sha512.New
	case crypto.SHA512_224:
		return sha512.New512_224
	case crypto.SHA512_256:
		return sha512.New512_256
	case crypto.BLAKE2b_512:
		return blake2b.New512
	}
	return nil
}

// The PKCS #12 KDF's purposes (RFC 7292 B.3): the diversifier ID.
const (
	IDKey byte = 1 // key material for encryption or decryption
	IDIV  byte = 2 // an initialization vector
	IDMAC byte = 3 // key material for the MAC
)

// maxKeyLength bounds the length a caller can ask of a KDF here. No
// cipher or MAC this package knows needs more than 128 octets (RC2's
// largest key); the bound keeps a parameter from asking for gigabytes.
const maxKeyLength = 1024

// PKCS12KDF is the key derivation function of RFC 7292 Appendix B.2: size
// octets for purpose id (IDKey, IDIV or IDMAC) from the password as
// encoded by Password.BMP (nil for an absent password), the salt and the
// iteration count, with hash h (SHA-1 for the PBE schemes; the MAC's own
// hash for the MAC: SHA-1, SHA-2 or BLAKE2b-512). The iteration count is checked against o's bound;
// size must be 1 to 1024.
func (o Options) PKCS12KDF(h crypto.Hash, password, salt []byte, iterations int, id byte, size int) ([]byte, error) {
	if err := o.checkIterations("PKCS #12 KDF", iterations); err != nil {
		return nil, err
	}
	if size < 1 || size > maxKeyLength {
		return nil, invalid("PKCS #12 KDF output length " + itoa(size) + " is out of range")
	}
	newH := newHash(h)
	if newH == nil || h == crypto.MD5 {
		return nil, invalid("PKCS #12 KDF hash " + h.String() + " is not SHA-1, SHA-2 or BLAKE2b-512")
	}
	return pkcs12KDF(newH, password, salt, iterations, id, size), nil
}

// pkcs12KDF is RFC 7292 B.2, steps 1 to 7, for checked parameters.
func pkcs12KDF(newH func() hash.Hash, password, salt []byte, r int, id byte, n int) []byte {
	hh := newH()
	u, v := hh.Size(), hh.BlockSize() // SHA-1: 20, 64; SHA-512: 64, 128

	// Step 1: D, v copies of ID.
	d := make([]byte, v)
	for i := range d {
		d[i] = id
	}
	// Steps 2 to 4: I = S || P, the salt and the password each repeated
	// to a whole number of v-octet blocks (nothing for an empty one).
	sLen := v * ((len(salt) + v - 1) / v)
	pLen := v * ((len(password) + v - 1) / v)
	in := make([]byte, sLen+pLen)
	for i := range sLen {
		in[i] = salt[i%len(salt)]
	}
	for i := range pLen {
		in[sLen+i] = password[i%len(password)]
	}

	out := make([]byte, 0, n+u)
	a := make([]byte, 0, u)
	b := make([]byte, v)
	for {
		// Step 6a: A_i = H^r(D || I).
		hh.Reset()
		hh.Write(d)
		hh.Write(in)
		a = hh.Sum(a[:0])
		for range r - 1 {
			hh.Reset()
			hh.Write(a)
			a = hh.Sum(a[:0])
		}
		out = append(out, a...)
		if len(out) >= n {
			break
		}
		// Step 6b: B, A_i repeated to v octets.
		for i := range b {
			b[i] = a[i%u]
		}
		// Step 6c: each v-octet block I_j of I becomes (I_j + B + 1) mod
		// 2^(8v), as big-endian integers.
		for j := 0; j < len(in); j += v {
			blk := in[j : j+v]
			carry := uint(1)
			for k := v - 1; k >= 0; k-- {
				carry += uint(blk[k]) + uint(b[k])
				blk[k] = byte(carry)
				carry >>= 8
			}
		}
	}
	clear(in)
	clear(a)
	clear(b)
	return out[:n]
}

// pbkdf2Key is PBKDF2 (RFC 8018 section 5.2) with HMAC over hash h.
func pbkdf2Key(h crypto.Hash, password []byte, salt []byte, iterations, size int) ([]byte, error) {
	return pbkdf2.Key(newHash(h), string(password), salt, iterations, size)
}

// pbkdf1 is PBKDF1 (RFC 8018 section 5.1): T_1 = Hash(P || S), T_c =
// Hash(T_{c-1}); the first size octets of T_c (size ≤ the hash length).
func pbkdf1(h crypto.Hash, password, salt []byte, iterations, size int) []byte {
	hh := newHash(h)()
	hh.Write(password)
	hh.Write(salt)
	t := hh.Sum(nil)
	for range iterations - 1 {
		hh.Reset()
		hh.Write(t)
		t = hh.Sum(t[:0])
	}
	return t[:size]
}

// PBKDF2 is the key derivation function of RFC 8018 section 5.2 with the
// PRF prfOID ("" for hmacWithSHA1, its DEFAULT) over pw's octets
// (Password.Octets): keyLength octets, 1 to 1024, with the iteration
// count checked against o's bound. DecryptPBES2 and VerifyMAC call it
// themselves; it is here for the schemes built on PBKDF2 elsewhere, such
// as CMS's PasswordRecipientInfo (RFC 3211).
func (o Options) PBKDF2(prfOID string, pw Password, salt []byte, iterations, keyLength int) ([]byte, error) {
	h, err := prfHash("PBKDF2 PRF", prfOID)
	if err != nil {
		return nil, err
	}
	if err := o.checkIterations("PBKDF2", iterations); err != nil {
		return nil, err
	}
	if keyLength < 1 || keyLength > maxKeyLength {
		return nil, invalid("PBKDF2 key length " + itoa(keyLength) + " is out of range")
	}
	return pbkdf2Key(h, pw.Octets(), salt, iterations, keyLength)
}
