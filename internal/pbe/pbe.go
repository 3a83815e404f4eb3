package pbe

import (
	"crypto"
	"io"
)

// PBEParams are the parameters of the PKCS #12 PBE schemes (RFC 7292
// Appendix C) and of PBES1 (RFC 8018 Appendix A.3), both a PBEParameter:
//
//	PBEParameter ::= SEQUENCE {
//	    salt           OCTET STRING,    -- SIZE(8) for PBES1
//	    iterationCount INTEGER }
type PBEParams struct {
	Salt       []byte
	Iterations int
}

// pbeScheme describes one PKCS #12 PBE or PBES1 scheme.
type pbeScheme struct {
	pkcs12        bool        // PKCS #12 KDF over the BMPString; else PBKDF1 over the octets
	hash          crypto.Hash // the KDF's hash
	cipher        cipherKind
	keyLen        int // octets
	effectiveBits int // RC2's
}

// pbeSchemes are the schemes DecryptPBE and EncryptPBE implement.
var pbeSchemes = map[string]pbeScheme{
	// RFC 7292 Appendix C. RC2-40 and RC4-40 take a 5-octet key (40
	// effective bits), RC2-128 and RC4-128 a 16-octet one.
	OIDPBEWithSHAAnd128BitRC4:        {pkcs12: true, hash: crypto.SHA1, cipher: cipherRC4, keyLen: 16},
	OIDPBEWithSHAAnd40BitRC4:         {pkcs12: true, hash: crypto.SHA1, cipher: cipherRC4, keyLen: 5},
	OIDPBEWithSHAAnd3KeyTripleDESCBC: {pkcs12: true, hash: crypto.SHA1, cipher: cipherTripleDES, keyLen: 24},
	OIDPBEWithSHAAnd2KeyTripleDESCBC: {pkcs12: true, hash: crypto.SHA1, cipher: cipherTwoKeyTripleDES, keyLen: 16},
	OIDPBEWithSHAAnd128BitRC2CBC:     {pkcs12: true, hash: crypto.SHA1, cipher: cipherRC2, keyLen: 16, effectiveBits: 128},
	OIDPBEWithSHAAnd40BitRC2CBC:      {pkcs12: true, hash: crypto.SHA1, cipher: cipherRC2, keyLen: 5, effectiveBits: 40},

	// RFC 8018 section 6.1: PBKDF1 gives 16 octets, the DES or RC2 key
	// (RC2 with 64 effective bits) then the IV.
	OIDPBEWithMD5AndDESCBC:  {hash: crypto.MD5, cipher: cipherDES, keyLen: 8},
	OIDPBEWithMD5AndRC2CBC:  {hash: crypto.MD5, cipher: cipherRC2, keyLen: 8, effectiveBits: 64},
	OIDPBEWithSHA1AndDESCBC: {hash: crypto.SHA1, cipher: cipherDES, keyLen: 8},
	OIDPBEWithSHA1AndRC2CBC: {hash: crypto.SHA1, cipher: cipherRC2, keyLen: 8, effectiveBits: 64},
}

// IsPBE reports whether alg is a PKCS #12 PBE or PBES1 scheme that
// DecryptPBE and EncryptPBE implement.
func IsPBE(alg string) bool {
	_, ok := pbeSchemes[alg]
	return ok
}

// DecryptPBE decrypts ciphertext with the PKCS #12 PBE scheme or PBES1
// scheme alg (an OID such as OIDPBEWithSHAAnd3KeyTripleDESCBC) and its
// parameters. The PKCS #12 schemes take pw as a BMPString (Password.BMP),
// PBES1 as octets.
//
// Errors: ErrUnsupported (alg is none of them; the error names it),
// ErrLimit (too many iterations, checked first), ErrInvalidParameters
// (ciphertext not whole blocks), ErrIncorrectPassword (bad padding).
func (o Options) DecryptPBE(alg string, p PBEParams, pw Password, ciphertext []byte) ([]byte, error) {
	s, key, iv, err := o.pbeKey(alg, p, pw)
	if err != nil {
		return nil, err
	}
	defer clear(key)
	if s.cipher == cipherRC4 {
		return rc4Crypt(key, ciphertext)
	}
	b, err := newBlock(s.cipher, key, s.effectiveBits)
	if err != nil {
		return nil, err
	}
	return cbcDecrypt(b, iv, ciphertext, oidNames[alg])
}

// EncryptPBE encrypts plaintext with the PKCS #12 PBE or PBES1 scheme alg
// and its parameters (NewPBEParams makes fresh ones). These schemes are
// for readers that know nothing newer; EncryptPBES2 is the modern choice.
func (o Options) EncryptPBE(alg string, p PBEParams, pw Password, plaintext []byte) ([]byte, error) {
	s, key, iv, err := o.pbeKey(alg, p, pw)
	if err != nil {
		return nil, err
	}
	defer clear(key)
	if s.cipher == cipherRC4 {
		return rc4Crypt(key, plaintext)
	}
	b, err := newBlock(s.cipher, key, s.effectiveBits)
	if err != nil {
		return nil, err
	}
	return cbcEncrypt(b, iv, plaintext, oidNames[alg])
}

// pbeKey derives the key and IV of scheme alg.
func (o Options) pbeKey(alg string, p PBEParams, pw Password) (pbeScheme, []byte, []byte, error) {
	s, ok := pbeSchemes[alg]
	if !ok {
		return s, nil, nil, unsupported("password-based encryption scheme", alg)
	}
	if err := o.checkIterations(oidNames[alg], p.Iterations); err != nil {
		return s, nil, nil, err
	}
	if s.pkcs12 {
		// RFC 7292 Appendix C: the key with ID 1, the IV with ID 2.
		bmp := pw.BMP()
		defer clear(bmp)
		newH := newHash(s.hash)
		key := pkcs12KDF(newH, bmp, p.Salt, p.Iterations, IDKey, s.keyLen)
		var iv []byte
		if bs := s.cipher.blockSize(); bs > 0 {
			iv = pkcs12KDF(newH, bmp, p.Salt, p.Iterations, IDIV, bs)
		}
		return s, key, iv, nil
	}
	// RFC 8018 6.1.1: DK = PBKDF1(P, S, c, 16), K = DK<0..7>, IV = DK<8..15>.
	dk := pbkdf1(s.hash, pw.Octets(), p.Salt, p.Iterations, 16)
	return s, dk[:8:8], dk[8:16], nil
}

// NewPBEParams returns PBEParameter values with a fresh 8-octet salt read
// from rand (OpenSSL's length, which PBES1 requires) and the given
// iteration count.
func NewPBEParams(rand io.Reader, iterations int) (PBEParams, error) {
	salt := make([]byte, 8)
	if _, err := io.ReadFull(rand, salt); err != nil {
		return PBEParams{}, err
	}
	return PBEParams{Salt: salt, Iterations: iterations}, nil
}
