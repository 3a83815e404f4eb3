package pbe

import (
	"crypto"
	"crypto/cipher"
	"io"
)

// PBES2Params are PBES2-params (RFC 8018 Appendix A.4) with PBKDF2 as the
// key derivation function:
//
//	PBES2-params ::= SEQUENCE {
//	    keyDerivationFunc AlgorithmIdentifier {{PBES2-KDFs}},
//	    encryptionScheme  AlgorithmIdentifier {{PBES2-Encs}} }
type PBES2Params struct {
	KDF    KDFParams
	Cipher CipherParams
}

// KDFParams are a keyDerivationFunc: its OID, which must be OIDPBKDF2,
// and the PBKDF2-params (RFC 8018 Appendix A.2):
//
//	PBKDF2-params ::= SEQUENCE {
//	    salt CHOICE { specified OCTET STRING, otherSource AlgorithmIdentifier },
//	    iterationCount INTEGER (1..MAX),
//	    keyLength INTEGER (1..MAX) OPTIONAL,
//	    prf AlgorithmIdentifier {{PBKDF2-PRFs}} DEFAULT algid-hmacWithSHA1 }
//
// Only the specified salt is defined anywhere; a caller meeting
// otherSource reports it unsupported itself.
type KDFParams struct {
	Algorithm  string // keyDerivationFunc's OID: OIDPBKDF2
	Salt       []byte // salt.specified
	Iterations int    // iterationCount
	KeyLength  int    // keyLength in octets; 0 when absent
	PRF        string // prf's OID (an OIDHMACWith…); "" when absent, meaning hmacWithSHA1
}

// CipherParams are a PBES2 encryptionScheme: its OID and the IV its
// parameters carry (RFC 8018 B.2):
//
//	desCBC, des-EDE3-CBC, aes*-CBC-PAD: the parameters are the IV, an OCTET STRING
//	rc2CBC: RC2-CBC-Parameter ::= SEQUENCE {
//	            rc2ParameterVersion INTEGER OPTIONAL,
//	            iv OCTET STRING (SIZE(8)) }
type CipherParams struct {
	Algorithm     string // OIDAES256CBC, OIDDESEDE3CBC, ...
	IV            []byte
	RC2Version    int  // rc2ParameterVersion (rc2CBC only)
	HasRC2Version bool // whether rc2ParameterVersion is present
}

// pbes2Cipher describes a PBES2 encryption scheme.
type pbes2Cipher struct {
	kind   cipherKind
	keyLen int // 0: variable (RC2)
}

var pbes2Ciphers = map[string]pbes2Cipher{
	OIDDESCBC:     {cipherDES, 8},
	OIDDESEDE3CBC: {cipherTripleDES, 24},
	OIDRC2CBC:     {cipherRC2, 0},
	OIDAES128CBC:  {cipherAES, 16},
	OIDAES192CBC:  {cipherAES, 24},
	OIDAES256CBC:  {cipherAES, 32},
}

// prfHash returns the hash of a PBKDF2 PRF OID ("" is the DEFAULT,
// hmacWithSHA1).
func prfHash(role, prf string) (crypto.Hash, error) {
	if prf == "" {
		return crypto.SHA1, nil
	}
	if h, ok := hmacHashes[prf]; ok {
		return h, nil
	}
	return 0, unsupported(role, prf)
}

// The effective key bits of RC2 and the rc2ParameterVersion values that
// encode them (RFC 8018 B.2.3): 40, 64 and 128 bits have their own
// version numbers, a version of 256 or more is the number of bits, an
// absent version means 32 bits.
var rc2Versions = map[int]int{160: 40, 120: 64, 58: 128}

// rc2VersionOf is the inverse of rc2Versions, for encoding.
func rc2VersionOf(bits int) int {
	for v, b := range rc2Versions {
		if b == bits {
			return v
		}
	}
	return bits // ≥ 256
}

func rc2EffectiveBits(c CipherParams) (int, error) {
	if !c.HasRC2Version {
		return 32, nil
	}
	if b, ok := rc2Versions[c.RC2Version]; ok {
		return b, nil
	}
	if c.RC2Version >= 256 && c.RC2Version <= 1024 {
		return c.RC2Version, nil
	}
	return 0, invalid("rc2CBC: rc2ParameterVersion " + itoa(c.RC2Version) + " is not 160, 120, 58 or 256 to 1024")
}

// IsPBES2Cipher reports whether alg is a PBES2 encryption scheme that
// DecryptPBES2 and EncryptPBES2 implement.
func IsPBES2Cipher(alg string) bool {
	_, ok := pbes2Ciphers[alg]
	return ok
}

// DecryptPBES2 decrypts ciphertext with PBES2 (RFC 8018 section 6.2): a
// key from PBKDF2 over pw's octets (Password.Octets), then the encryption
// scheme in CBC mode, whose padding is checked.
//
// The key length is the cipher's; a keyLength parameter that disagrees is
// an error. For RC2 it is keyLength, else the effective key bits / 8, as
// OpenSSL does.
//
// Errors: ErrUnsupported (a KDF, PRF or cipher this package does not
// implement: the error names its OID), ErrLimit (too many iterations,
// checked first), ErrInvalidParameters, ErrIncorrectPassword (bad
// padding).
func (o Options) DecryptPBES2(p PBES2Params, pw Password, ciphertext []byte) ([]byte, error) {
	b, err := o.pbes2Block(p, pw)
	if err != nil {
		return nil, err
	}
	return cbcDecrypt(b, p.Cipher.IV, ciphertext, "PBES2 with "+oidNames[p.Cipher.Algorithm])
}

// EncryptPBES2 encrypts plaintext with PBES2 and its parameters
// (NewPBES2Params makes fresh ones).
func (o Options) EncryptPBES2(p PBES2Params, pw Password, plaintext []byte) ([]byte, error) {
	b, err := o.pbes2Block(p, pw)
	if err != nil {
		return nil, err
	}
	return cbcEncrypt(b, p.Cipher.IV, plaintext, "PBES2 with "+oidNames[p.Cipher.Algorithm])
}

// pbes2Block checks p, derives the key and returns the keyed cipher.
func (o Options) pbes2Block(p PBES2Params, pw Password) (cipher.Block, error) {
	c, ok := pbes2Ciphers[p.Cipher.Algorithm]
	if !ok {
		return nil, unsupported("PBES2 encryption scheme", p.Cipher.Algorithm)
	}
	if p.KDF.Algorithm != OIDPBKDF2 {
		return nil, unsupported("PBES2 key derivation function", p.KDF.Algorithm)
	}
	h, err := prfHash("PBKDF2 PRF", p.KDF.PRF)
	if err != nil {
		return nil, err
	}
	if err := o.checkIterations("PBKDF2", p.KDF.Iterations); err != nil {
		return nil, err
	}
	if bs := c.kind.blockSize(); len(p.Cipher.IV) != bs {
		return nil, invalid("PBES2 with " + oidNames[p.Cipher.Algorithm] + ": IV of " + itoa(len(p.Cipher.IV)) + " octets, want " + itoa(bs))
	}
	keyLen, bits := c.keyLen, 0
	if c.kind == cipherRC2 {
		if bits, err = rc2EffectiveBits(p.Cipher); err != nil {
			return nil, err
		}
		keyLen = p.KDF.KeyLength
		if keyLen == 0 {
			keyLen = (bits + 7) / 8
		}
		if keyLen < 1 || keyLen > 128 {
			return nil, invalid("PBES2 with rc2CBC: key length " + itoa(keyLen) + " is not 1 to 128 octets")
		}
	} else if p.KDF.KeyLength != 0 && p.KDF.KeyLength != keyLen {
		return nil, invalid("PBES2 with " + oidNames[p.Cipher.Algorithm] + ": PBKDF2 keyLength " + itoa(p.KDF.KeyLength) + ", but the cipher takes " + itoa(keyLen) + " octets")
	}
	key, err := pbkdf2Key(h, pw.Octets(), p.KDF.Salt, p.KDF.Iterations, keyLen)
	if err != nil {
		return nil, err
	}
	defer clear(key)
	return newBlock(c.kind, key, bits)
}

// NewPBES2Params returns PBES2 parameters for the encryption scheme
// cipherOID and the PBKDF2 PRF prfOID ("" for hmacWithSHA1), with a
// fresh 16-octet salt (NIST SP 800-132's minimum) and IV read from rand.
// keyLength is left absent, as OpenSSL writes it, except for RC2, which
// gets 128 effective bits and a 16-octet key.
func NewPBES2Params(rand io.Reader, cipherOID, prfOID string, iterations int) (PBES2Params, error) {
	c, ok := pbes2Ciphers[cipherOID]
	if !ok {
		return PBES2Params{}, unsupported("PBES2 encryption scheme", cipherOID)
	}
	if _, err := prfHash("PBKDF2 PRF", prfOID); err != nil {
		return PBES2Params{}, err
	}
	buf := make([]byte, 16+c.kind.blockSize())
	if _, err := io.ReadFull(rand, buf); err != nil {
		return PBES2Params{}, err
	}
	p := PBES2Params{
		KDF:    KDFParams{Algorithm: OIDPBKDF2, Salt: buf[:16:16], Iterations: iterations, PRF: prfOID},
		Cipher: CipherParams{Algorithm: cipherOID, IV: buf[16:]},
	}
	if c.kind == cipherRC2 {
		p.KDF.KeyLength = 16
		p.Cipher.RC2Version, p.Cipher.HasRC2Version = rc2VersionOf(128), true
	}
	return p, nil
}
