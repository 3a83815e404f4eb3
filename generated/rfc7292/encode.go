package rfc7292

import (
	"crypto"
	"crypto/rand"
	"crypto/sha1"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/asn1gen/asn1gen/generated/rfc5652"
	"github.com/asn1gen/asn1gen/internal/pbe"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// Profile is a choice of algorithms for Encode: how the key and the
// certificates are encrypted and how the file is MACed.
type Profile int

const (
	// Modern encrypts the key and the certificates with PBES2
	// (PBKDF2-HMAC-SHA-256, AES-256-CBC) and MACs the file with
	// HMAC-SHA-256 keyed by the PKCS #12 KDF: what OpenSSL 3 writes by
	// default, and what OpenSSL 1.1.1 and later, Java 12 and later,
	// Windows Server 2019 and later, and go-pkcs12 read.
	Modern Profile = iota

	// ModernPBMAC1 is Modern with the MAC of RFC 9579 (PBMAC1: HMAC-SHA-256
	// keyed by PBKDF2-HMAC-SHA-256), for readers that know it: OpenSSL
	// 3.4 and later, go-pkcs12 0.7 and later.
	ModernPBMAC1

	// LegacyDES encrypts the key and the certificates with
	// pbeWithSHAAnd3-KeyTripleDES-CBC and MACs the file with HMAC-SHA-1,
	// for readers older than PBES2 (Windows before Server 2019, macOS's
	// Keychain, Java 8): `openssl pkcs12 -export -descert -macalg sha1`.
	// OpenSSL 3 reads it without its legacy provider.
	LegacyDES

	// LegacyRC2 encrypts the certificates with pbewithSHAAnd40BitRC2-CBC
	// and the key with pbeWithSHAAnd3-KeyTripleDES-CBC, and MACs the file
	// with HMAC-SHA-1: OpenSSL 1's default and `openssl pkcs12 -export
	// -legacy`. OpenSSL 3 reads it only with its legacy provider.
	LegacyRC2
)

// String returns the profile's name, as declared.
func (p Profile) String() string {
	switch p {
	case Modern:
		return "Modern"
	case ModernPBMAC1:
		return "ModernPBMAC1"
	case LegacyDES:
		return "LegacyDES"
	case LegacyRC2:
		return "LegacyRC2"
	}
	return "Profile(" + strconv.Itoa(int(p)) + ")"
}

// DefaultIterations is the iteration count of Encode's key derivations
// when EncodeOptions.Iterations is 0: OpenSSL's default (PKCS12_DEFAULT_ITER).
const DefaultIterations = 2048

// EncodeOptions choose how Encode protects a file. The zero value (or nil)
// is the Modern profile with DefaultIterations and no friendly name.
type EncodeOptions struct {
	Profile Profile

	// Iterations is the iteration count of every key derivation (the
	// encryption of the key, of the certificates, and the MAC's);
	// 0 means DefaultIterations.
	Iterations int

	// FriendlyName, when not empty, is written as the friendlyName
	// attribute of the key and of its certificate: the alias under which
	// Java's KeyStore and Windows show them.
	FriendlyName string

	// Rand is the source of the salts and IVs; nil means crypto/rand.
	Rand io.Reader
}

// Encode returns a PKCS #12 file (RFC 7292, DER) holding the private key
// key and the certificates certs (DER, as x509.Certificate.Raw or
// rfc5280.Certificate.Encoding give them), protected with the password:
// certs[0] is key's certificate and the others its chain, in the order
// given. key is what x509.MarshalPKCS8PrivateKey takes (*rsa.PrivateKey,
// *ecdsa.PrivateKey, ed25519.PrivateKey, *ecdh.PrivateKey); certs may be
// empty.
//
// The file is laid out as OpenSSL lays it out: an encryptedData part with
// a certBag per certificate, then a data part with the key in a
// pkcs8ShroudedKeyBag, then the MAC. The key and its certificate carry the
// same localKeyId (the SHA-1 of the certificate, as OpenSSL writes it) and
// the friendly name of o, if any. o (nil: Modern) chooses the
// algorithms. An empty password is RFC 7292's empty password, as
// `openssl pkcs12 -export -passout pass:` writes it.
func Encode(key crypto.PrivateKey, certs [][]byte, password string, o *EncodeOptions) ([]byte, error) {
	if key == nil {
		return nil, errors.New("rfc7292: Encode: no private key (EncodeTrustStore writes certificates alone)")
	}
	e, err := newEncoder(password, o)
	if err != nil {
		return nil, err
	}
	pkcs8, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return nil, fmt.Errorf("rfc7292: Encode: %w", err)
	}
	var keyID []byte
	if len(certs) > 0 {
		leaf, err := x509.ParseCertificate(certs[0])
		if err != nil {
			return nil, fmt.Errorf("rfc7292: Encode: certs[0]: %w", err)
		}
		pub, ok := key.(interface{ Public() crypto.PublicKey })
		if eq, ok2 := leaf.PublicKey.(interface{ Equal(crypto.PublicKey) bool }); ok && ok2 && !eq.Equal(pub.Public()) {
			return nil, errors.New("rfc7292: Encode: certs[0] is not the certificate of the private key")
		}
		sum := sha1.Sum(certs[0])
		keyID = sum[:]
	}
	var certBags SafeContents
	for i, c := range certs {
		var attrs SafeBag_BagAttributes
		if i == 0 {
			attrs = e.attributes(keyID)
		}
		b, err := newCertBag(c, attrs)
		if err != nil {
			return nil, fmt.Errorf("rfc7292: Encode: certs[%d]: %w", i, err)
		}
		certBags = append(certBags, b)
	}

	alg, ct, err := e.encrypt(e.keyAlg, pkcs8)
	if err != nil {
		return nil, err
	}
	keyBag := SafeBag{BagID: oidShroudedKeyBag}
	keyBag.BagValue.Kind = BagTypeKind_PKCS8ShroudedKeyBag
	keyBag.BagValue.PKCS8ShroudedKeyBag = &PKCS8ShroudedKeyBag{EncryptedData: ct}
	keyBag.BagValue.PKCS8ShroudedKeyBag.EncryptionAlgorithm = EncryptionAlgorithmIdentifier{Algorithm: alg.oid, HasParameters: true}
	keyBag.BagValue.PKCS8ShroudedKeyBag.EncryptionAlgorithm.Parameters.Raw = alg.params
	keyBag.BagAttributes = e.attributes(keyID)
	keyBag.HasBagAttributes = len(keyBag.BagAttributes) > 0

	var parts AuthenticatedSafe
	if len(certBags) > 0 {
		p, err := e.encryptedPart(certBags)
		if err != nil {
			return nil, err
		}
		parts = append(parts, p)
	}
	p, err := dataPart(SafeContents{keyBag})
	if err != nil {
		return nil, err
	}
	return e.pfx(append(parts, p))
}

// EncodeTrustStore returns a PKCS #12 file holding certificates alone
// (DER), a trust store: each certBag carries the attribute by which Java's
// KeyStore takes a certificate as a trust anchor (Oracle's
// trustedKeyUsage, 2.16.840.1.113894.746875.1.1, with anyExtendedKeyUsage),
// as `keytool -importcert` and go-pkcs12's EncodeTrustStore write it. The
// certificates are encrypted in one encryptedData part and the file MACed
// as o's profile says, as `openssl pkcs12 -export -nokeys` does.
func EncodeTrustStore(certs [][]byte, password string, o *EncodeOptions) ([]byte, error) {
	e, err := newEncoder(password, o)
	if err != nil {
		return nil, err
	}
	var bags SafeContents
	for i, c := range certs {
		if _, err := x509.ParseCertificate(c); err != nil {
			return nil, fmt.Errorf("rfc7292: EncodeTrustStore: certs[%d]: %w", i, err)
		}
		attrs := e.attributes(nil)
		attrs = append(attrs, PKCS12Attribute{AttrID: oidJavaTrustedKeyUsage, AttrValues: []PKCS12AttrSet{{Raw: anyExtendedKeyUsage}}})
		b, err := newCertBag(c, attrs)
		if err != nil {
			return nil, fmt.Errorf("rfc7292: EncodeTrustStore: certs[%d]: %w", i, err)
		}
		bags = append(bags, b)
	}
	p, err := e.encryptedPart(bags)
	if err != nil {
		return nil, err
	}
	return e.pfx(AuthenticatedSafe{p})
}

var (
	// Oracle's trustedKeyUsage attribute (Java's PKCS12KeyStore), whose
	// values are the extended key usages a trust anchor is trusted for.
	oidJavaTrustedKeyUsage = der.OID("\x60\x86\x48\x01\x86\xf9\x66\xad\xca\x7b\x01\x01") // 2.16.840.1.113894.746875.1.1
	// The DER of anyExtendedKeyUsage (RFC 5280 4.2.1.12).
	anyExtendedKeyUsage = []byte("\x06\x04\x55\x1d\x25\x00")              // 2.5.29.37.0
	oidData             = der.OID("\x2a\x86\x48\x86\xf7\x0d\x01\x07\x01") // 1.2.840.113549.1.7.1
	oidFriendlyName     = der.OID("\x2a\x86\x48\x86\xf7\x0d\x01\x09\x14") // 1.2.840.113549.1.9.20
	oidLocalKeyID       = der.OID("\x2a\x86\x48\x86\xf7\x0d\x01\x09\x15") // 1.2.840.113549.1.9.21
)

// encoder holds the choices of one Encode.
type encoder struct {
	pw              pbe.Password
	rand            io.Reader
	iterations      int
	certAlg, keyAlg string // a PKCS #12 PBE OID, or pbe.OIDPBES2 (AES-256-CBC)
	mac             string // a digest OID, or pbe.OIDPBMAC1
	friendlyName    string
}

func newEncoder(password string, o *EncodeOptions) (*encoder, error) {
	if o == nil {
		o = &EncodeOptions{}
	}
	e := &encoder{pw: pbe.NewPassword(password), rand: o.Rand, iterations: o.Iterations, friendlyName: o.FriendlyName}
	if e.rand == nil {
		e.rand = rand.Reader
	}
	switch {
	case e.iterations == 0:
		e.iterations = DefaultIterations
	case e.iterations < 0:
		return nil, fmt.Errorf("rfc7292: EncodeOptions.Iterations is %d", o.Iterations)
	}
	switch o.Profile {
	case Modern:
		e.certAlg, e.keyAlg, e.mac = pbe.OIDPBES2, pbe.OIDPBES2, pbe.OIDSHA256
	case ModernPBMAC1:
		e.certAlg, e.keyAlg, e.mac = pbe.OIDPBES2, pbe.OIDPBES2, pbe.OIDPBMAC1
	case LegacyDES:
		e.certAlg, e.keyAlg, e.mac = pbe.OIDPBEWithSHAAnd3KeyTripleDESCBC, pbe.OIDPBEWithSHAAnd3KeyTripleDESCBC, pbe.OIDSHA1
	case LegacyRC2:
		e.certAlg, e.keyAlg, e.mac = pbe.OIDPBEWithSHAAnd40BitRC2CBC, pbe.OIDPBEWithSHAAnd3KeyTripleDESCBC, pbe.OIDSHA1
	default:
		return nil, fmt.Errorf("rfc7292: EncodeOptions.Profile %d is none of Modern, ModernPBMAC1, LegacyDES, LegacyRC2", o.Profile)
	}
	return e, nil
}

// attributes are the bag attributes of the key and its certificate.
func (e *encoder) attributes(keyID []byte) SafeBag_BagAttributes {
	var attrs SafeBag_BagAttributes
	if e.friendlyName != "" {
		attrs = append(attrs, PKCS12Attribute{AttrID: oidFriendlyName, AttrValues: []PKCS12AttrSet{{Kind: FriendlyName, FriendlyName: e.friendlyName}}})
	}
	if keyID != nil {
		attrs = append(attrs, PKCS12Attribute{AttrID: oidLocalKeyID, AttrValues: []PKCS12AttrSet{{Kind: LocalKeyID, LocalKeyID: keyID}}})
	}
	return attrs
}

// newCertBag returns a certBag holding the certificate cert (DER). The
// certificate is written as given, byte for byte (CertTypes.Raw): a
// decoded and re-encoded one could differ from what its issuer signed.
func newCertBag(cert []byte, attrs SafeBag_BagAttributes) (SafeBag, error) {
	if _, err := x509.ParseCertificate(cert); err != nil {
		return SafeBag{}, err
	}
	cb := &CertBag{CertID: oidX509Certificate}
	cb.CertValue.Raw = append(der.AppendHeader(make([]byte, 0, len(cert)+6), der.TagOctetString, false, len(cert)), cert...)
	b := SafeBag{BagID: oidCertBag, BagAttributes: attrs, HasBagAttributes: len(attrs) > 0}
	b.BagValue.Kind, b.BagValue.CertBag = BagTypeKind_CertBag, cb
	return b, nil
}

// algorithm is an encryption AlgorithmIdentifier: its OID and the DER of
// its parameters.
type algorithm struct {
	oid    der.OID
	params []byte
}

// encrypt encrypts plaintext with the scheme alg (a PKCS #12 PBE OID, or
// PBES2 with PBKDF2-HMAC-SHA-256 and AES-256-CBC) and fresh parameters.
func (e *encoder) encrypt(alg string, plaintext []byte) (algorithm, []byte, error) {
	if alg == pbe.OIDPBES2 {
		p, err := pbe.NewPBES2Params(e.rand, pbe.OIDAES256CBC, pbe.OIDHMACWithSHA256, e.iterations)
		if err != nil {
			return algorithm{}, nil, fmt.Errorf("rfc7292: %w", err)
		}
		ct, err := pbe.Options{}.EncryptPBES2(p, e.pw, plaintext)
		if err != nil {
			return algorithm{}, nil, fmt.Errorf("rfc7292: %w", err)
		}
		params, err := pbes2Params(p)
		return algorithm{oid: oidPBES2, params: params}, ct, err
	}
	p, err := pbe.NewPBEParams(e.rand, e.iterations)
	if err != nil {
		return algorithm{}, nil, fmt.Errorf("rfc7292: %w", err)
	}
	ct, err := pbe.Options{}.EncryptPBE(alg, p, e.pw, plaintext)
	if err != nil {
		return algorithm{}, nil, fmt.Errorf("rfc7292: %w", err)
	}
	oid, err := der.ParseOIDString(alg)
	if err != nil {
		return algorithm{}, nil, err
	}
	params, err := (&PBEParameter{Salt: p.Salt, IterationCount: der.IntegerFromInt64(int64(p.Iterations))}).MarshalDER()
	return algorithm{oid: oid, params: params}, ct, err
}

// The OIDs of Encode's PBES2 parameters, as OID contents.
var (
	oidPBES2          = der.OID("\x2a\x86\x48\x86\xf7\x0d\x01\x05\x0d") // 1.2.840.113549.1.5.13
	oidPBKDF2         = der.OID("\x2a\x86\x48\x86\xf7\x0d\x01\x05\x0c") // 1.2.840.113549.1.5.12
	oidPBMAC1         = der.OID("\x2a\x86\x48\x86\xf7\x0d\x01\x05\x0e") // 1.2.840.113549.1.5.14
	oidHMACWithSHA256 = der.OID("\x2a\x86\x48\x86\xf7\x0d\x02\x09")     // 1.2.840.113549.2.9
	oidAES256CBC      = der.OID("\x60\x86\x48\x01\x65\x03\x04\x01\x2a") // 2.16.840.1.101.3.4.1.42
	oidSHA1           = der.OID("\x2b\x0e\x03\x02\x1a")                 // 1.3.14.3.2.26
	oidSHA256         = der.OID("\x60\x86\x48\x01\x65\x03\x04\x02\x01") // 2.16.840.1.101.3.4.2.1
)

// pbkdf2HMACSHA256 is the AlgorithmIdentifier of PBKDF2 with
// HMAC-SHA-256 and p's salt and iteration count, keyLength absent.
func pbkdf2HMACSHA256(k pbe.KDFParams) *PBKDF2Params {
	kdf := &PBKDF2Params{IterationCount: der.IntegerFromInt64(int64(k.Iterations)), HasPrf: true}
	kdf.Salt.Choice, kdf.Salt.Specified = PBKDF2Params_Specified, k.Salt
	if k.KeyLength != 0 {
		kdf.KeyLength, kdf.HasKeyLength = der.IntegerFromInt64(int64(k.KeyLength)), true
	}
	kdf.Prf.Algorithm, kdf.Prf.HasParameters = oidHMACWithSHA256, true
	kdf.Prf.Parameters.Kind = PBKDF2PRFs_IDHMACWithSHA256
	return kdf
}

// pbes2Params returns the DER of PBES2-params for PBKDF2-HMAC-SHA-256 and
// AES-256-CBC.
func pbes2Params(p pbe.PBES2Params) ([]byte, error) {
	var params PBES2Params
	params.KeyDerivationFunc.Algorithm, params.KeyDerivationFunc.HasParameters = oidPBKDF2, true
	params.KeyDerivationFunc.Parameters.Kind = PBES2KDFs_IDPBKDF2
	params.KeyDerivationFunc.Parameters.IDPBKDF2 = pbkdf2HMACSHA256(p.KDF)
	params.EncryptionScheme.Algorithm, params.EncryptionScheme.HasParameters = oidAES256CBC, true
	params.EncryptionScheme.Parameters.Kind = SupportingAlgorithms_AES256CBCPAD
	params.EncryptionScheme.Parameters.Bytes = p.Cipher.IV
	return params.MarshalDER()
}

// encryptedPart returns an encryptedData ContentInfo holding sc,
// encrypted with the certificates' scheme.
func (e *encoder) encryptedPart(sc SafeContents) (rfc5652.ContentInfo, error) {
	plain, err := sc.MarshalDER()
	if err != nil {
		return rfc5652.ContentInfo{}, fmt.Errorf("rfc7292: %w", err)
	}
	alg, ct, err := e.encrypt(e.certAlg, plain)
	if err != nil {
		return rfc5652.ContentInfo{}, err
	}
	ed := &rfc5652.EncryptedData{Version: rfc5652.CMSVersion_V0}
	eci := &ed.EncryptedContentInfo
	eci.ContentType = oidData
	eci.ContentEncryptionAlgorithm.Algorithm, eci.ContentEncryptionAlgorithm.HasParameters = alg.oid, true
	eci.ContentEncryptionAlgorithm.Parameters.Raw = alg.params
	eci.EncryptedContent, eci.HasEncryptedContent = ct, true
	ci := rfc5652.ContentInfo{ContentType: oidEncryptedData}
	ci.Content.Kind, ci.Content.EncryptedData = rfc5652.CtEncryptedData, ed
	return ci, nil
}

// dataPart returns a data ContentInfo holding sc.
func dataPart(sc SafeContents) (rfc5652.ContentInfo, error) {
	plain, err := sc.MarshalDER()
	if err != nil {
		return rfc5652.ContentInfo{}, fmt.Errorf("rfc7292: %w", err)
	}
	ci := rfc5652.ContentInfo{ContentType: oidData}
	ci.Content.SetData(plain)
	return ci, nil
}

// pfx returns the DER of the PFX of parts, with its MAC.
func (e *encoder) pfx(parts AuthenticatedSafe) ([]byte, error) {
	authSafe, err := parts.MarshalDER()
	if err != nil {
		return nil, fmt.Errorf("rfc7292: %w", err)
	}
	p := &PFX{Version: PFX_V3, HasMacData: true}
	p.AuthSafe.ContentType = oidData
	p.AuthSafe.Content.SetData(authSafe)

	var m pbe.MACParams
	if e.mac == pbe.OIDPBMAC1 {
		m, err = pbe.NewPBMAC1Params(e.rand, pbe.OIDHMACWithSHA256, pbe.OIDHMACWithSHA256, e.iterations)
	} else {
		m, err = pbe.NewMACParams(e.rand, e.mac, e.iterations)
	}
	if err != nil {
		return nil, fmt.Errorf("rfc7292: %w", err)
	}
	mac, err := pbe.Options{}.MAC(m, e.pw, authSafe)
	if err != nil {
		return nil, fmt.Errorf("rfc7292: %w", err)
	}
	md := &p.MacData
	md.Mac.Digest, md.MacSalt = mac, m.Salt
	md.Iterations, md.HasIterations = der.IntegerFromInt64(int64(m.Iterations)), m.Iterations != 1
	alg := &md.Mac.DigestAlgorithm
	alg.HasParameters = true
	switch e.mac {
	case pbe.OIDSHA1:
		alg.Algorithm, alg.Parameters.Kind = oidSHA1, PKCS1V1_5DigestAlgorithms_IDSHA1
	case pbe.OIDSHA256:
		alg.Algorithm, alg.Parameters.Kind = oidSHA256, PKCS1V1_5DigestAlgorithms_IDSHA256
	case pbe.OIDPBMAC1:
		// RFC 9579 section 3: PBKDF2 with its keyLength, and the HMAC.
		var params PBMAC1Params
		params.KeyDerivationFunc.Algorithm, params.KeyDerivationFunc.HasParameters = oidPBKDF2, true
		params.KeyDerivationFunc.Parameters.Kind = PBES2KDFs_IDPBKDF2
		params.KeyDerivationFunc.Parameters.IDPBKDF2 = pbkdf2HMACSHA256(m.PBMAC1.KDF)
		params.MessageAuthScheme.Algorithm, params.MessageAuthScheme.HasParameters = oidHMACWithSHA256, true
		params.MessageAuthScheme.Parameters.Raw = []byte{0x05, 0x00} // NULL
		if alg.Parameters.Raw, err = params.MarshalDER(); err != nil {
			return nil, fmt.Errorf("rfc7292: %w", err)
		}
		alg.Algorithm = oidPBMAC1
	}
	out, err := p.MarshalDER()
	if err != nil {
		return nil, fmt.Errorf("rfc7292: %w", err)
	}
	return out, nil
}
