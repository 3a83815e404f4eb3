package rfc5652

import (
	"crypto"
	_ "crypto/sha1" // registers crypto.SHA1 for Hash.New
	_ "crypto/sha256"
	_ "crypto/sha3"
	_ "crypto/sha512"
	"fmt"

	"github.com/asn1gen/asn1gen/generated/rfc5280"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// The algorithms SignedData's verification and creation know, by OID. The
// modules name most of them (rfc5280 holds the PKIX ones); those they do
// not (SHA-3, Ed25519) are spelt out here with their RFCs.
var (
	oidSHA512_224 = der.OID("`\x86H\x01e\x03\x04\x02\x05") // 2.16.840.1.101.3.4.2.5 (RFC 5754 uses the FIPS 180-4 arcs)
	oidSHA512_256 = der.OID("`\x86H\x01e\x03\x04\x02\x06") // 2.16.840.1.101.3.4.2.6
	oidSHA3_256   = der.OID("`\x86H\x01e\x03\x04\x02\x08") // 2.16.840.1.101.3.4.2.8 (RFC 8702)
	oidSHA3_384   = der.OID("`\x86H\x01e\x03\x04\x02\x09") // 2.16.840.1.101.3.4.2.9
	oidSHA3_512   = der.OID("`\x86H\x01e\x03\x04\x02\x0a") // 2.16.840.1.101.3.4.2.10
	oidMD2        = der.OID("*\x86H\x86\xf7\r\x02\x02")    // 1.2.840.113549.2.2
	oidMD4        = der.OID("*\x86H\x86\xf7\r\x02\x04")    // 1.2.840.113549.2.4

	oidEd25519 = der.OID("+e\x70") // 1.3.101.112 (RFC 8410, RFC 8419)
	oidEd448   = der.OID("+e\x71") // 1.3.101.113

	// RFC 8702 and NIST's CSOR: ECDSA and RSA PKCS #1 v1.5 with SHA-3.
	oidECDSAWithSHA3_256 = der.OID("`\x86H\x01e\x03\x04\x03\x0a") // 2.16.840.1.101.3.4.3.10
	oidECDSAWithSHA3_384 = der.OID("`\x86H\x01e\x03\x04\x03\x0b") // 2.16.840.1.101.3.4.3.11
	oidECDSAWithSHA3_512 = der.OID("`\x86H\x01e\x03\x04\x03\x0c") // 2.16.840.1.101.3.4.3.12
	oidRSAWithSHA3_256   = der.OID("`\x86H\x01e\x03\x04\x03\x0e") // 2.16.840.1.101.3.4.3.14
	oidRSAWithSHA3_384   = der.OID("`\x86H\x01e\x03\x04\x03\x0f") // 2.16.840.1.101.3.4.3.15
	oidRSAWithSHA3_512   = der.OID("`\x86H\x01e\x03\x04\x03\x10") // 2.16.840.1.101.3.4.3.16
)

// digestAlgorithms maps a digest algorithm OID to its hash. MD2, MD4 and
// MD5 are not there: Verify reports them unsupported.
var digestAlgorithms = []struct {
	oid  der.OID
	hash crypto.Hash
}{
	{rfc5280.IDSHA1, crypto.SHA1},
	{rfc5280.IDSHA224, crypto.SHA224},
	{rfc5280.IDSHA256, crypto.SHA256},
	{rfc5280.IDSHA384, crypto.SHA384},
	{rfc5280.IDSHA512, crypto.SHA512},
	{oidSHA512_224, crypto.SHA512_224},
	{oidSHA512_256, crypto.SHA512_256},
	{oidSHA3_256, crypto.SHA3_256},
	{oidSHA3_384, crypto.SHA3_384},
	{oidSHA3_512, crypto.SHA3_512},
}

// hashOf returns the hash a digest algorithm OID names.
func hashOf(o der.OID) (crypto.Hash, bool) {
	for _, d := range digestAlgorithms {
		if d.oid.Equal(o) {
			return d.hash, true
		}
	}
	return 0, false
}

// hashOID returns the digest algorithm OID of h.
func hashOID(h crypto.Hash) (der.OID, bool) {
	for _, d := range digestAlgorithms {
		if d.hash == h {
			return d.oid, true
		}
	}
	return nil, false
}

// scheme is the signature scheme of a signatureAlgorithm, whose OID says
// the key type and (except for rsaEncryption, id-ecPublicKey and id-dsa)
// a hash too. CMS hashes with the SignerInfo's digestAlgorithm (RFC 5652
// 5.4, 5.6), as OpenSSL does: a hash the OID implies is not checked
// against it.
type scheme int

const (
	schemeNone scheme = iota
	schemePKCS1v15
	schemePSS
	schemeECDSA
	schemeEd25519
	schemeDSA
)

func (s scheme) String() string {
	return [...]string{"none", "RSA PKCS #1 v1.5", "RSASSA-PSS", "ECDSA", "Ed25519", "DSA"}[s]
}

// signatureAlgorithms maps a signature algorithm OID to its scheme (RFC
// 3370 3, RFC 4056, RFC 5753 7.1.3, RFC 5754 3, RFC 8419 2, RFC 8702).
var signatureAlgorithms = []struct {
	oid der.OID
	s   scheme
}{
	{rfc5280.RSAEncryption, schemePKCS1v15},
	{rfc5280.SHA1WithRSAEncryption, schemePKCS1v15},
	{rfc5280.SHA224WithRSAEncryption, schemePKCS1v15},
	{rfc5280.SHA256WithRSAEncryption, schemePKCS1v15},
	{rfc5280.SHA384WithRSAEncryption, schemePKCS1v15},
	{rfc5280.SHA512WithRSAEncryption, schemePKCS1v15},
	{oidRSAWithSHA3_256, schemePKCS1v15},
	{oidRSAWithSHA3_384, schemePKCS1v15},
	{oidRSAWithSHA3_512, schemePKCS1v15},
	{rfc5280.IDRSASSAPSS, schemePSS},
	{rfc5280.IDECPublicKey, schemeECDSA},
	{rfc5280.ECDSAWithSHA1, schemeECDSA},
	{rfc5280.ECDSAWithSHA224, schemeECDSA},
	{rfc5280.ECDSAWithSHA256, schemeECDSA},
	{rfc5280.ECDSAWithSHA384, schemeECDSA},
	{rfc5280.ECDSAWithSHA512, schemeECDSA},
	{oidECDSAWithSHA3_256, schemeECDSA},
	{oidECDSAWithSHA3_384, schemeECDSA},
	{oidECDSAWithSHA3_512, schemeECDSA},
	{oidEd25519, schemeEd25519},
	{rfc5280.IDDSA, schemeDSA},
	{rfc5280.DSAWithSHA1, schemeDSA},
	{rfc5280.DSAWithSHA224, schemeDSA},
	{rfc5280.DSAWithSHA256, schemeDSA},
}

// schemeOf returns the scheme of a signature algorithm OID.
func schemeOf(o der.OID) scheme {
	for _, a := range signatureAlgorithms {
		if a.oid.Equal(o) {
			return a.s
		}
	}
	return schemeNone
}

// algorithmNames names the OIDs an error may report that the package's
// modules leave unnamed or that users know by another name.
var algorithmNames = []struct {
	oid  der.OID
	name string
}{
	{rfc5280.IDMD5, "MD5"},
	{oidMD2, "MD2"},
	{oidMD4, "MD4"},
	{rfc5280.MD2WithRSAEncryption, "md2WithRSAEncryption"},
	{rfc5280.MD5WithRSAEncryption, "md5WithRSAEncryption"},
	{oidEd448, "Ed448"},
	{rfc5280.IDMlDSA44, "ML-DSA-44"},
	{rfc5280.IDMlDSA65, "ML-DSA-65"},
	{rfc5280.IDMlDSA87, "ML-DSA-87"},
}

// algorithmName returns "NAME (OID)" or the OID in dotted form.
func algorithmName(o der.OID) string {
	for _, a := range algorithmNames {
		if a.oid.Equal(o) {
			return a.name + " (" + o.String() + ")"
		}
	}
	if h, ok := hashOf(o); ok {
		return h.String() + " (" + o.String() + ")"
	}
	return o.String()
}

// pssParams returns the hash and salt length of RSASSA-PSS parameters
// (RFC 4055 3.1, in DER or BER as received), checking what crypto/rsa
// cannot do otherwise: MGF1 with the same hash and the trailer field 1.
func pssParams(raw []byte) (crypto.Hash, int, error) {
	if len(raw) == 0 {
		return 0, 0, fmt.Errorf("%w: RSASSA-PSS without parameters (RFC 4056 2.2)", ErrUnsupportedAlgorithm)
	}
	var p rfc5280.RSASSAPSSParams
	if err := der.Unmarshal(raw, &p, &der.Options{BER: true, Tolerate: der.TolerateX509}); err != nil {
		return 0, 0, err
	}
	hashAlg := rfc5280.IDSHA1 // RFC 4055 3.1: the DEFAULTs are SHA-1, MGF1 with SHA-1, 20, 1
	if p.HasHashAlgorithm {
		hashAlg = p.HashAlgorithm.Algorithm
	}
	h, ok := hashOf(hashAlg)
	if !ok {
		return 0, 0, fmt.Errorf("%w: RSASSA-PSS hash %s", ErrUnsupportedAlgorithm, algorithmName(hashAlg))
	}
	mgfHash := rfc5280.IDSHA1
	if p.HasMaskGenAlgorithm {
		m := p.MaskGenAlgorithm
		if !m.Algorithm.Equal(rfc5280.IDMgf1) || m.Parameters.IDMgf1 == nil {
			return 0, 0, fmt.Errorf("%w: RSASSA-PSS mask generation %v", ErrUnsupportedAlgorithm, m.Algorithm)
		}
		mgfHash = m.Parameters.IDMgf1.Algorithm
	}
	if !mgfHash.Equal(hashAlg) {
		return 0, 0, fmt.Errorf("%w: RSASSA-PSS with MGF1 hash %s and message hash %s (crypto/rsa uses one)", ErrUnsupportedAlgorithm, algorithmName(mgfHash), algorithmName(hashAlg))
	}
	// Decoding fills in the DEFAULTs of the INTEGERs (20 and 1).
	salt, ok := p.SaltLength.Int64()
	if !ok || salt < 0 || salt > 1<<16 {
		return 0, 0, fmt.Errorf("%w: RSASSA-PSS salt length %v", ErrUnsupportedAlgorithm, p.SaltLength)
	}
	if t, ok := p.TrailerField.Int64(); !ok || t != 1 {
		return 0, 0, fmt.Errorf("%w: RSASSA-PSS trailer field %v (RFC 4055 3.1: 1)", ErrUnsupportedAlgorithm, p.TrailerField)
	}
	return h, int(salt), nil
}

// appendPSSParams appends the DER of RSASSA-PSS-params for h with MGF1 of
// h and a salt as long as the hash (RFC 4056 2.2 recommends it); the
// hash identifiers have absent parameters (RFC 5754 2).
func appendPSSParams(dst []byte, h crypto.Hash) ([]byte, error) {
	o, ok := hashOID(h)
	if !ok {
		return nil, fmt.Errorf("%w: hash %v", ErrUnsupportedAlgorithm, h)
	}
	hashAlg := rfc5280.HashAlgorithm{Algorithm: o}
	p := rfc5280.RSASSAPSSParams{
		HashAlgorithm: hashAlg, HasHashAlgorithm: true,
		MaskGenAlgorithm: rfc5280.MaskGenAlgorithm{Algorithm: rfc5280.IDMgf1, HasParameters: true,
			Parameters: rfc5280.PKCS1MGFAlgorithms{Kind: rfc5280.PKCS1MGFAlgorithms_IDMgf1, IDMgf1: &hashAlg}},
		HasMaskGenAlgorithm: true,
		SaltLength:          der.IntegerFromInt64(int64(h.Size())), HasSaltLength: true,
		TrailerField: der.IntegerFromInt64(1), // the DEFAULT: not written
	}
	return der.Append(dst, &p, nil)
}
