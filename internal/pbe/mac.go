package pbe

import (
	"bytes"
	"crypto"
	"crypto/hmac"
	"io"
)

// MACParams are a PFX's MacData (RFC 7292 section 4) without its MAC
// value:
//
//	MacData ::= SEQUENCE {
//	    mac        DigestInfo,   -- digestAlgorithm, digest
//	    macSalt    OCTET STRING,
//	    iterations INTEGER DEFAULT 1 }
//
// With a digest algorithm (OIDSHA256, ...), the MAC is HMAC with that
// hash, keyed by the PKCS #12 KDF (ID 3, the same hash) over the
// BMPString password, macSalt and iterations (RFC 7292 B.4). With
// OIDPBMAC1, it is PBMAC1 (RFC 9579): HMAC keyed by PBKDF2 over the
// password's UTF-8 octets, everything in the PBMAC1 parameters, macSalt
// and iterations unused.
type MACParams struct {
	Algorithm  string       // the DigestInfo's digestAlgorithm OID
	Salt       []byte       // macSalt
	Iterations int          // iterations; pass 1 when absent (its DEFAULT)
	PBMAC1     PBMAC1Params // when Algorithm is OIDPBMAC1
}

// PBMAC1Params are PBMAC1-params (RFC 8018 Appendix A.5):
//
//	PBMAC1-params ::= SEQUENCE {
//	    keyDerivationFunc AlgorithmIdentifier {{PBMAC1-KDFs}},
//	    messageAuthScheme AlgorithmIdentifier {{PBMAC1-MACs}} }
//
// RFC 9579 section 3 requires PBKDF2 with its keyLength present.
type PBMAC1Params struct {
	KDF               KDFParams
	MessageAuthScheme string // an OIDHMACWith…
}

// PBMAC1 key lengths accepted. RFC 9579 requires keyLength, and a short
// key is a forgery waiting to happen: with keyLength 1, 256 guesses find
// a key that verifies, whatever the password (go-pkcs12's
// pbmac1-short-key-bypass test file); no supported HMAC has an output
// shorter than 20 octets. The upper bound is what Bouncy Castle writes
// (256 octets for HMAC-SHA-512, in bc-test-data's
// test_key_pbmac1_bcjsse.pfx); PBKDF2 runs its iteration count once per
// PRF output block, so it holds a hostile file to 13 times the iteration
// limit with HMAC-SHA-1, 4 times with HMAC-SHA-512.
const (
	minPBMAC1KeyLength = 20
	maxPBMAC1KeyLength = 256
)

// MAC computes the MAC of data (the content octets of the PFX's authSafe,
// an OCTET STRING's contents) with the password pw.
func (o Options) MAC(m MACParams, pw Password, data []byte) ([]byte, error) {
	if m.Algorithm == OIDPBMAC1 {
		return o.pbmac1(m.PBMAC1, pw.Octets(), data)
	}
	h, err := o.macHash(m)
	if err != nil {
		return nil, err
	}
	return pkcs12HMAC(h, pw, m, data), nil
}

// VerifyMAC checks mac, the MacData's digest, against data. It tries each
// of pw.Candidates in turn, as OpenSSL does (an empty password is also
// tried as none at all, and a non-ASCII one in OpenSSL 1.0's encoding),
// and returns the candidate that verified: the password to decrypt the
// file's parts with. The comparison takes constant time.
//
// Errors: ErrIncorrectPassword (no candidate verified: wrong password or
// altered data), ErrUnsupported (the error names the OID), ErrLimit,
// ErrInvalidParameters (a MAC of the wrong length, a bad PBMAC1 key
// length: checked before any key is derived).
func (o Options) VerifyMAC(m MACParams, pw Password, data, mac []byte) (Password, error) {
	var h crypto.Hash
	if m.Algorithm == OIDPBMAC1 {
		mh, err := o.checkPBMAC1(m.PBMAC1)
		if err != nil {
			return Password{}, err
		}
		h = mh
	} else {
		var err error
		if h, err = o.macHash(m); err != nil {
			return Password{}, err
		}
	}
	if len(mac) != h.Size() {
		return Password{}, invalid("MAC of " + itoa(len(mac)) + " octets, but HMAC-" + h.String() + " gives " + itoa(h.Size()))
	}
	var tried [][]byte
	for _, c := range pw.Candidates() {
		// Two candidates may encode alike (PBMAC1 takes an empty and an
		// absent password both as no octets): derive each key once.
		enc := c.Octets()
		if m.Algorithm != OIDPBMAC1 {
			enc = c.BMP()
		}
		if seen(tried, enc) {
			continue
		}
		tried = append(tried, enc)
		var got []byte
		if m.Algorithm == OIDPBMAC1 {
			var err error
			if got, err = o.pbmac1(m.PBMAC1, c.Octets(), data); err != nil {
				return Password{}, err
			}
		} else {
			got = pkcs12HMAC(h, c, m, data)
		}
		if hmac.Equal(got, mac) {
			return c, nil
		}
	}
	return Password{}, &paramError{msg: "MAC (" + describe(m.Algorithm) + ") does not verify: incorrect password (or altered data)", class: ErrIncorrectPassword}
}

func seen(list [][]byte, b []byte) bool {
	for _, x := range list {
		if bytes.Equal(x, b) {
			return true
		}
	}
	return false
}

// macHash checks the parameters of a PKCS #12 MAC and returns its hash.
func (o Options) macHash(m MACParams) (crypto.Hash, error) {
	h, ok := digestHashes[m.Algorithm]
	if !ok {
		return 0, unsupported("PKCS #12 MAC digest", m.Algorithm)
	}
	if err := o.checkIterations("PKCS #12 MAC", m.Iterations); err != nil {
		return 0, err
	}
	return h, nil
}

// pkcs12HMAC is the MAC of RFC 7292 B.4 for checked parameters: HMAC over
// a key of the hash's length from the PKCS #12 KDF with ID 3.
func pkcs12HMAC(h crypto.Hash, pw Password, m MACParams, data []byte) []byte {
	newH := newHash(h)
	bmp := pw.BMP()
	key := pkcs12KDF(newH, bmp, m.Salt, m.Iterations, IDMAC, h.Size())
	clear(bmp)
	mac := hmac.New(newH, key)
	clear(key)
	mac.Write(data)
	return mac.Sum(nil)
}

// checkPBMAC1 checks PBMAC1 parameters and returns the MAC's hash.
func (o Options) checkPBMAC1(p PBMAC1Params) (crypto.Hash, error) {
	if p.KDF.Algorithm != OIDPBKDF2 {
		return 0, unsupported("PBMAC1 key derivation function", p.KDF.Algorithm)
	}
	if _, err := prfHash("PBKDF2 PRF", p.KDF.PRF); err != nil {
		return 0, err
	}
	h, ok := hmacHashes[p.MessageAuthScheme]
	if !ok {
		return 0, unsupported("PBMAC1 message authentication scheme", p.MessageAuthScheme)
	}
	if err := o.checkIterations("PBMAC1 PBKDF2", p.KDF.Iterations); err != nil {
		return 0, err
	}
	switch kl := p.KDF.KeyLength; {
	case kl == 0:
		return 0, invalid("PBMAC1: PBKDF2 keyLength is absent (RFC 9579 section 3 requires it)")
	case kl < minPBMAC1KeyLength || kl > maxPBMAC1KeyLength:
		return 0, invalid("PBMAC1: PBKDF2 keyLength " + itoa(kl) + " is not " + itoa(minPBMAC1KeyLength) + " to " + itoa(maxPBMAC1KeyLength) + " octets")
	}
	return h, nil
}

// pbmac1 is PBMAC1 (RFC 8018 section 7.1) with PBKDF2 and HMAC.
func (o Options) pbmac1(p PBMAC1Params, password, data []byte) ([]byte, error) {
	h, err := o.checkPBMAC1(p)
	if err != nil {
		return nil, err
	}
	prf, _ := prfHash("", p.KDF.PRF)
	key, err := pbkdf2Key(prf, password, p.KDF.Salt, p.KDF.Iterations, p.KDF.KeyLength)
	if err != nil {
		return nil, err
	}
	mac := hmac.New(newHash(h), key)
	clear(key)
	mac.Write(data)
	return mac.Sum(nil), nil
}

// NewMACParams returns MacData parameters for the PKCS #12 MAC with the
// digest digestOID (OIDSHA256 is the modern choice; OIDSHA1 for readers
// that know nothing else), a fresh 16-octet salt from rand and the given
// iteration count.
func NewMACParams(rand io.Reader, digestOID string, iterations int) (MACParams, error) {
	if _, ok := digestHashes[digestOID]; !ok {
		return MACParams{}, unsupported("PKCS #12 MAC digest", digestOID)
	}
	salt := make([]byte, 16)
	if _, err := io.ReadFull(rand, salt); err != nil {
		return MACParams{}, err
	}
	return MACParams{Algorithm: digestOID, Salt: salt, Iterations: iterations}, nil
}

// NewPBMAC1Params returns MacData parameters for PBMAC1 with PBKDF2 over
// the PRF prfOID and HMAC macOID (RFC 9579's examples: both
// OIDHMACWithSHA256), a fresh 16-octet salt from rand, the given
// iteration count and a key as long as the MAC's output. The MacData's
// own salt and iterations, which PBMAC1 ignores, are set as RFC 9579
// section 3 says to write them: "NOT USED" and 1.
func NewPBMAC1Params(rand io.Reader, prfOID, macOID string, iterations int) (MACParams, error) {
	if _, err := prfHash("PBKDF2 PRF", prfOID); err != nil {
		return MACParams{}, err
	}
	h, ok := hmacHashes[macOID]
	if !ok {
		return MACParams{}, unsupported("PBMAC1 message authentication scheme", macOID)
	}
	salt := make([]byte, 16)
	if _, err := io.ReadFull(rand, salt); err != nil {
		return MACParams{}, err
	}
	return MACParams{
		Algorithm:  OIDPBMAC1,
		Salt:       []byte("NOT USED"),
		Iterations: 1,
		PBMAC1: PBMAC1Params{
			KDF:               KDFParams{Algorithm: OIDPBKDF2, Salt: salt, Iterations: iterations, KeyLength: h.Size(), PRF: prfOID},
			MessageAuthScheme: macOID,
		},
	}, nil
}
