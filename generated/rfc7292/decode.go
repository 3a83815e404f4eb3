package rfc7292

import (
	"bytes"
	"crypto"
	"crypto/x509"
	"errors"
	"fmt"
	"strconv"

	"github.com/asn1gen/asn1gen/generated/rfc5280"
	"github.com/asn1gen/asn1gen/generated/rfc5652"
	"github.com/asn1gen/asn1gen/internal/pbe"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// The classes of error of Decode and Encode, for errors.Is. They are the
// errors of the password-based cryptography underneath, so an error of
// any depth matches.
var (
	// ErrIncorrectPassword: the MAC does not verify with the password,
	// or, in a file without a MAC, an encrypted part or key does not
	// decrypt to something that decodes (bad CBC padding, or garbage).
	// A wrong password and altered data cannot be told apart.
	ErrIncorrectPassword = pbe.ErrIncorrectPassword

	// ErrUnsupported: an algorithm or a kind of protection that Decode
	// does not implement. The error is an *UnsupportedError naming the
	// OID (a part encrypted to a public key, envelopedData; an authSafe
	// signed in public-key integrity mode; scrypt, AES-GCM, a GOST
	// MAC, ...). Nothing encrypted is ever skipped.
	ErrUnsupported = pbe.ErrUnsupported

	// ErrLimit: an iteration count above DecodeOptions.MaxIterations, or
	// more key derivation than DecodeOptions.MaxTotalIterations allows.
	// Checked before the key derivation that would exceed it starts.
	ErrLimit = pbe.ErrLimit

	// ErrInvalidParameters: algorithm parameters that no correct encoder
	// writes (a zero iteration count, an IV or key length that the cipher
	// cannot take, a ciphertext that is not whole blocks).
	ErrInvalidParameters = pbe.ErrInvalidParameters

	// ErrEncrypted: Certificates met a part encrypted with a password or
	// a public key, whose certificates it cannot read; Decode, given the
	// password, reads them.
	ErrEncrypted = errors.New("rfc7292: encrypted part (Certificates does not decrypt; Decode does)")
)

// UnsupportedError reports an algorithm that Decode or Encode does not
// implement: Role says what it is for, OID is its identifier, dotted.
// errors.Is(err, ErrUnsupported) holds.
type UnsupportedError = pbe.UnsupportedError

// Contents is what a PKCS #12 file holds, decrypted: every certificate,
// private key, CRL and secret of every bag, in file order, with the bags'
// attributes in Bags and the decoded file in PFX.
//
// For a user of go-pkcs12's DecodeChain, Chain returns the same three
// values; the fields give the rest: several keys, CRLs, friendly names,
// local key IDs, the bags of unknown types.
type Contents struct {
	// Certificates are the X.509 certificates of the file's certBags,
	// in file order (the order of the AuthenticatedSafe's parts, then
	// of each SafeContents, nested SafeContents in place). Encoding gives
	// each one's DER as the file holds it; X509 parses it with
	// crypto/x509.
	Certificates []*rfc5280.Certificate

	// PrivateKeys are the keys of the keyBags and pkcs8ShroudedKeyBags,
	// decrypted, in file order, as crypto/x509.ParsePKCS8PrivateKey
	// returns them: *rsa.PrivateKey, *ecdsa.PrivateKey,
	// ed25519.PrivateKey or *ecdh.PrivateKey. A key that crypto/x509
	// cannot parse (a DSA key, say) is not here: its Bag holds its
	// PKCS #8 encoding and the reason in KeyError.
	PrivateKeys []crypto.PrivateKey

	// CRLs are the X.509 CRLs of the crlBags, in file order.
	CRLs []*rfc5280.CertificateList

	// Secrets are the secretBags, in file order, as decoded. A secret
	// encrypted as Java's KeyStore writes one (secretTypeId
	// pkcs8ShroudedKeyBag) is decrypted too: its Bag's PKCS8 is the
	// PrivateKeyInfo that holds the secret key.
	Secrets []*SecretBag

	// Bags are all the bags of the file, in file order, a
	// safeContentsBag before the bags it holds, with their attributes
	// and decrypted values.
	Bags []Bag

	// PFX is the file as decoded: the MAC, and the encrypted parts as
	// received. AuthenticatedSafe is its authSafe's content, decoded.
	PFX               *PFX
	AuthenticatedSafe AuthenticatedSafe
}

// Bag is one SafeBag of a file, with the attributes PKCS #12 readers use
// and its value decrypted and parsed. Exactly one of the value fields is
// set, by the bag's type (SafeBag.BagValue.Kind); a safeContentsBag, a
// certBag of another certificate type than X.509 (sdsiCertificate) and a
// bag of a type this package does not know have none.
type Bag struct {
	// Path locates the bag in the file, as decoding errors do:
	// "AuthenticatedSafe[1].SafeContents[0]", a nested bag with
	// ".SafeContents[i]" appended to its container's path.
	Path string

	// SafeBag is the bag as decoded: its type, its value (a
	// pkcs8ShroudedKeyBag's encrypted, as received) and every attribute.
	SafeBag *SafeBag

	// FriendlyName and LocalKeyID are the values of the bag's
	// friendlyName (PKCS #9, a BMPString) and localKeyId (an OCTET
	// STRING) attributes; "" and nil when absent. A key and its
	// certificate carry the same localKeyId (OpenSSL writes the SHA-1 of
	// the certificate), and a friendlyName is the alias of Java's and
	// Windows' stores.
	FriendlyName string
	LocalKeyID   []byte

	// Encryption is the OID, dotted, of the password-based encryption
	// that protected the value: a pkcs8ShroudedKeyBag's own, else that of
	// the encryptedData part that held the bag; "" when none did.
	// "1.2.840.113549.1.5.13" is PBES2.
	Encryption string

	// Certificate is a certBag's X.509 certificate.
	Certificate *rfc5280.Certificate

	// PKCS8 is a keyBag's or pkcs8ShroudedKeyBag's PrivateKeyInfo
	// (PKCS #8, RFC 5958), decrypted; PrivateKey is that key parsed by
	// crypto/x509.ParsePKCS8PrivateKey, or nil with the reason in
	// KeyError. For a secretBag that Java encrypted, PKCS8 is the
	// decrypted PrivateKeyInfo holding the secret, and PrivateKey nil.
	PKCS8      []byte
	PrivateKey crypto.PrivateKey
	KeyError   error

	// CRL is a crlBag's X.509 CRL.
	CRL *rfc5280.CertificateList

	// Secret is a secretBag.
	Secret *SecretBag
}

// DecodeOptions bound the work a file can ask of DecodeWith. The zero
// value (or nil) uses the defaults, which are safe for hostile files.
type DecodeOptions struct {
	// MaxIterations is the largest iteration count accepted in any key
	// derivation (the MAC's, an encrypted part's, a shrouded key's);
	// 0 means DefaultMaxIterations. Every count the file shows before
	// decryption (the MAC, the encryptedData parts, the keys in its
	// unencrypted parts) is checked before the first key is derived.
	MaxIterations int

	// MaxTotalIterations bounds the sum of the iteration counts of all
	// the key derivations one decode runs (a file can hold many encrypted
	// keys, the PKCS #12 schemes derive the key and the IV apart, and an
	// empty or non-ASCII password makes two tries); 0 means
	// DefaultTotalFactor times MaxIterations.
	MaxTotalIterations int
}

// The default budgets of DecodeOptions. Neither OpenSSL nor go-pkcs12
// bounds an iteration count when reading (OpenSSL takes the INTEGER as a
// C int; go-pkcs12 as a Go int): a file asking for ten million
// iterations took 9-14 s to refuse (issue 24). What they and the other
// writers of PKCS #12 files use is far less: OpenSSL 2048
// (PKCS12_DEFAULT_ITER, for the MAC and the encryption), go-pkcs12 2048
// (Modern2023, LegacyDES), Java's keytool 10,000 (JDK 12 and later) and
// Windows 2000; OWASP's advice for PBKDF2-HMAC-SHA256 is 600,000. One
// million admits all of them, and a key derivation of one million
// iterations takes about a second. The total, six times that, is what a
// file of the PKCS #12 schemes (which derive the key and the IV apart)
// with a MAC, an encrypted part and a shrouded key at MaxIterations takes
// under the empty password (two candidates for the MAC): the old default
// allowed 80 million.
const (
	DefaultMaxIterations = 1_000_000
	DefaultTotalFactor   = 6
)

// Decode decodes a PKCS #12 file (RFC 7292), DER or BER, with the password
// as typed (UTF-8), and returns its certificates, keys, CRLs and secrets,
// decrypted. It is DecodeWith with the default options.
func Decode(pfx []byte, password string) (*Contents, error) {
	return DecodeWith(pfx, password, nil)
}

// DecodeWith decodes a PKCS #12 file with the password and options o (nil:
// the defaults). Strip a PEM wrapping first (encoding/pem).
//
// Integrity comes first: the MAC of the MacData (HMAC keyed by the PKCS
// #12 KDF with SHA-1, SHA-2 or BLAKE2b-512, or PBMAC1 of RFC 9579) is
// verified, in constant time, before anything is decrypted; a MAC that
// does not verify is ErrIncorrectPassword. Then every encryptedData part and every
// pkcs8ShroudedKeyBag is decrypted (PBES2 with PBKDF2 and AES-CBC or
// DES-EDE3-CBC; the PKCS #12 schemes with 3DES, RC2 and RC4; PBES1): one
// that cannot be, for an unknown algorithm (ErrUnsupported, naming its
// OID) or the wrong password, fails the decode. Nothing is skipped.
//
// The password is encoded as each scheme requires: a BMPString through
// the PKCS #12 KDF, UTF-8 octets for PBES2 and PBMAC1. An empty password
// is tried as RFC 7292's empty password (two zero octets) and as no
// password at all, which files of both kinds exist for; a non-ASCII one
// also in the encoding of OpenSSL before 1.1.0. With a MAC, the one that
// verifies it is used to decrypt; without one, the first that decrypts the
// first encrypted part to something that decodes. A file with neither a
// MAC nor encryption opens with any password, as with OpenSSL.
//
// A PFX in public-key integrity mode (an authSafe of type signedData) and
// parts encrypted to a public key (envelopedData) are ErrUnsupported:
// decode them with der.Unmarshal into a PFX, and verify or decrypt with
// package rfc5652.
//
// Errors are *der.Error values with the offset in pfx and the field path,
// which names the part and bag ("AuthenticatedSafe[1].SafeContents[0]");
// what was decrypted is placed at the encrypted octets that held it. Test
// them with errors.Is against ErrIncorrectPassword, ErrUnsupported,
// ErrLimit and ErrInvalidParameters.
//
// The Contents may alias pfx (the PFX, a keyBag's PKCS #8, unencrypted
// certificates): do not modify pfx while they are in use.
func DecodeWith(pfx []byte, password string, o *DecodeOptions) (*Contents, error) {
	d := newDecoder(password, o)
	c, err := d.decode(pfx)
	if err != nil {
		return nil, err
	}
	return c, nil
}

// The options Decode reads a file with. PKCS #12 files are often BER, so
// BER is accepted; the constraints are skipped (PBEParameter's 8-octet
// salt is PBES1's, and the PKCS #12 schemes take any; certificates break
// SIZE and alphabet limits that crypto/x509 ignores); certificates and
// CRLs are read as crypto/x509 reads them (der.TolerateX509), which keeps
// an open type whose value does not decode (an emailAddress written as a
// PrintableString) as received: checkBag makes sure no bag or part is
// lost that way. Nesting may be as deep as in BoringSSL's
// empty_password_ber_nested.p12, whose constructed OCTET STRINGs nest
// deeper than der.DefaultMaxDepth.
//
// The algorithm parameters, which hold no certificate, are decoded
// without der.TolerateOpenTypeErrors (paramOptions).
var (
	berOptions   = &der.Options{BER: true, SkipConstraints: true, Tolerate: der.TolerateX509, MaxDepth: 256}
	derOptions   = &der.Options{SkipConstraints: true, Tolerate: der.TolerateX509, MaxDepth: 256}
	paramOptions = &der.Options{BER: true, SkipConstraints: true, MaxDepth: 256}
)

// unmarshal decodes b into v as DER, else as BER. DER first is faster for
// the files that are DER, and works around a limit of the runtime: in BER
// mode, the content of a data ContentInfo is kept in DER form
// (Reader.KeepDER), converted with the default nesting limit whatever
// Options.MaxDepth says; in DER mode it is kept as it is and read later
// (Data) with berOptions.
func unmarshal[T any, P interface {
	*T
	der.Value
}](b []byte, v P) error {
	if der.Unmarshal(b, v, derOptions) == nil {
		return nil
	}
	*v = *new(T)
	return der.Unmarshal(b, v, berOptions)
}

// decoder is the state of one Decode.
type decoder struct {
	in []byte // the file, where errors are placed

	opts   pbe.Options
	budget int // iterations left for key derivations
	max    int // the bound of one iteration count

	// pw is the password to decrypt with; while candidates is non-nil
	// (a file without a MAC), it is not chosen yet, and the first
	// decryption tries each candidate.
	pw         pbe.Password
	candidates []pbe.Password
	verified   bool // a MAC chose pw

	c *Contents
}

func newDecoder(password string, o *DecodeOptions) *decoder {
	if o == nil {
		o = &DecodeOptions{}
	}
	max := o.MaxIterations
	if max <= 0 {
		max = DefaultMaxIterations
	}
	total := o.MaxTotalIterations
	if total <= 0 {
		total = DefaultTotalFactor * max
	}
	return &decoder{
		opts:   pbe.Options{MaxIterations: max},
		max:    max,
		budget: total,
		pw:     pbe.NewPassword(password),
		c:      new(Contents),
	}
}

// part is one ContentInfo of the AuthenticatedSafe, before decryption.
type part struct {
	path       string
	at         int          // its offset in the file, or its nearest known
	sc         SafeContents // a data part's
	encrypted  bool
	enc        encryption // an encryptedData part's algorithm
	ciphertext []byte
}

func (d *decoder) decode(b []byte) (*Contents, error) {
	d.in = b
	p := new(PFX)
	if err := unmarshal(b, p); err != nil {
		return nil, err
	}
	if p.Version != PFX_V3 {
		return nil, der.WithField(der.NewError(der.KindInvalidValue, firstComponent(b, 0), "INTEGER",
			"version "+strconv.FormatInt(int64(p.Version), 10)+", not 3", "RFC 7292 4"), "PFX.version")
	}
	d.c.PFX = p
	// The authSafe's contentType: a decoded OID aliases the input.
	at := place(b, p.AuthSafe.ContentType, 0)
	var authSafe []byte
	switch ct := &p.AuthSafe.Content; ct.Kind {
	case rfc5652.CtData:
		var err error
		if authSafe, err = ct.Data(berOptions); err != nil {
			return nil, der.WithField(der.Rebase(err, b, ct.Raw, at), "PFX.authSafe")
		}
	case rfc5652.CtSignedData:
		return nil, d.fail(&UnsupportedError{Role: "PKCS #12 public-key integrity mode (signedData: verify it with package rfc5652)", OID: p.AuthSafe.ContentType.String()},
			nil, at, "PFX.authSafe.contentType")
	default:
		return nil, d.fail(&UnsupportedError{Role: "PKCS #12 authSafe content type", OID: p.AuthSafe.ContentType.String()},
			nil, at, "PFX.authSafe.contentType")
	}
	if err := unmarshal(authSafe, &d.c.AuthenticatedSafe); err != nil {
		// Issue 24: the offsets were the authSafe OCTET STRING's.
		return nil, der.Rebase(err, b, authSafe, at)
	}

	// Everything that can be read without a key first, so that every
	// iteration count in sight is checked before any key is derived.
	parts := make([]part, len(d.c.AuthenticatedSafe))
	for i := range d.c.AuthenticatedSafe {
		ci := &d.c.AuthenticatedSafe[i]
		pt := &parts[i]
		pt.path = "AuthenticatedSafe[" + strconv.Itoa(i) + "]"
		pt.at = place(b, ci.ContentType, at)
		switch ci.Content.Kind {
		case rfc5652.CtData:
			data, err := ci.Content.Data(berOptions)
			if err != nil {
				return nil, der.WithField(der.Rebase(err, b, ci.Content.Raw, pt.at), pt.path)
			}
			if err := unmarshal(data, &pt.sc); err != nil {
				// The path of the decode starts with SafeContents.
				return nil, der.WithField(der.Rebase(err, b, data, pt.at), pt.path)
			}
			if err := d.precheckBags(pt.sc, pt.path, pt.at, 0); err != nil {
				return nil, err
			}
		case rfc5652.CtEncryptedData:
			eci := &ci.Content.EncryptedData.EncryptedContentInfo
			alg := &eci.ContentEncryptionAlgorithm
			algAt := place(b, alg.Algorithm, pt.at)
			enc, err := parseEncryption(alg.Algorithm, alg.HasParameters, alg.Parameters.Raw)
			if err == nil {
				err = d.check(enc.iterations)
			}
			if err != nil {
				return nil, d.fail(err, alg.Parameters.Raw, algAt, pt.path+".encryptedData.encryptedContentInfo.contentEncryptionAlgorithm")
			}
			if !eci.HasEncryptedContent {
				return nil, der.WithField(der.NewError(der.KindInvalidValue, algAt, "EncryptedContentInfo", "no encryptedContent", "RFC 7292 4.1"),
					pt.path+".encryptedData.encryptedContentInfo")
			}
			pt.encrypted, pt.enc, pt.ciphertext = true, enc, eci.EncryptedContent
		case rfc5652.CtEnvelopedData:
			return nil, d.fail(&UnsupportedError{Role: "PKCS #12 part encrypted to a public key (envelopedData: decrypt it with package rfc5652)", OID: ci.ContentType.String()},
				nil, pt.at, pt.path+".contentType")
		default:
			if ci.ContentType.Equal(oidEncryptedData) {
				// An encryptedData that the tolerant decode kept as
				// received: the strict one tells why.
				err := der.Unmarshal(ci.Content.Raw, new(rfc5652.EncryptedData), paramOptions)
				return nil, d.fail(err, ci.Content.Raw, pt.at, pt.path+".content")
			}
			return nil, d.fail(&UnsupportedError{Role: "PKCS #12 part content type", OID: ci.ContentType.String()},
				nil, pt.at, pt.path+".contentType")
		}
	}

	if p.HasMacData {
		// The MAC's digest, where its errors are placed.
		macAt := place(b, p.MacData.Mac.Digest, at)
		m, err := macParams(&p.MacData)
		if err == nil {
			err = d.check(macIterations(m))
		}
		if err == nil {
			err = d.charge(macIterations(m) * len(d.pw.Candidates()))
		}
		if err == nil {
			d.pw, err = d.opts.VerifyMAC(m, d.pw, authSafe, p.MacData.Mac.Digest)
		}
		if err != nil {
			return nil, d.fail(err, p.MacData.Mac.DigestAlgorithm.Parameters.Raw, macAt, "PFX.macData")
		}
		d.verified = true
	} else {
		d.candidates = d.pw.Candidates()
	}

	for i := range parts {
		pt := &parts[i]
		if pt.encrypted {
			var sc SafeContents
			_, err := d.decrypt(pt.enc, pt.ciphertext, func(plain []byte) error {
				sc = nil
				return unmarshal(plain, &sc)
			})
			// The plaintext is placed at the ciphertext.
			encAt := place(b, pt.ciphertext, pt.at)
			if err != nil {
				return nil, d.fail(err, nil, encAt, pt.path+".encryptedData.encryptedContentInfo.encryptedContent")
			}
			pt.sc, pt.at = sc, encAt
		}
		enc := ""
		if pt.encrypted {
			enc = pt.enc.oid
		}
		if err := d.addBags(pt.sc, pt.path, enc, pt.at, 0); err != nil {
			return nil, err
		}
	}
	return d.c, nil
}

// precheckBags checks the iteration counts of the shrouded keys of an
// unencrypted SafeContents; at is the offset of the part that holds it.
func (d *decoder) precheckBags(sc SafeContents, path string, at, depth int) error {
	if depth > maxBagNesting {
		return d.fail(fmt.Errorf("%w: safeContentsBags nested deeper than %d", ErrLimit, maxBagNesting), nil, at, path)
	}
	for i := range sc {
		bagPath := path + ".SafeContents[" + strconv.Itoa(i) + "]"
		bagAt := place(d.in, sc[i].BagID, at)
		switch v := &sc[i].BagValue; v.Kind {
		case BagTypeKind_PKCS8ShroudedKeyBag:
			alg := &v.PKCS8ShroudedKeyBag.EncryptionAlgorithm
			enc, err := parseEncryption(alg.Algorithm, alg.HasParameters, alg.Parameters.Raw)
			if err == nil {
				err = d.check(enc.iterations)
			}
			if err != nil {
				return d.fail(err, alg.Parameters.Raw, place(d.in, alg.Algorithm, bagAt), bagPath+".bagValue.encryptionAlgorithm")
			}
		case BagTypeKind_SafeContentsBag:
			if err := d.precheckBags(v.SafeContentsBag, bagPath, bagAt, depth+1); err != nil {
				return err
			}
		}
	}
	return nil
}

// fail gives err, met reading part (nil: none, or octets decrypted), a
// place in the file: the offsets of an *der.Error of a decode of part move
// into the file (der.Rebase); any other error, and one without an offset,
// is placed at at (der.Locate), as near as the octets tell; path goes in
// front of the error's path.
func (d *decoder) fail(err error, part []byte, at int, path string) error {
	err = der.Rebase(err, d.in, part, at)
	return der.Locate(err, kindOf(err), at, path)
}

// kindOf is the der.Kind of the error of a helper.
func kindOf(err error) der.Kind {
	switch {
	case errors.Is(err, ErrLimit):
		return der.KindLimit
	case errors.Is(err, ErrUnsupported):
		return der.KindUnsupported
	}
	return der.KindInvalidValue
}

// addBags adds the bags of sc, decrypting their keys, to the contents.
// enc is the encryption of the part that held sc, at its offset in the
// file (of the ciphertext when it was encrypted).
func (d *decoder) addBags(sc SafeContents, path, enc string, at, depth int) error {
	if depth > maxBagNesting {
		return d.fail(fmt.Errorf("%w: safeContentsBags nested deeper than %d", ErrLimit, maxBagNesting), nil, at, path)
	}
	for i := range sc {
		sb := &sc[i]
		b := Bag{Path: path + ".SafeContents[" + strconv.Itoa(i) + "]", SafeBag: sb, Encryption: enc}
		bagAt := place(d.in, sb.BagID, at)
		if err := checkBag(sb); err != nil {
			return d.fail(err, sb.BagValue.Raw, bagAt, b.Path)
		}
		for _, a := range sb.BagAttributes {
			for _, v := range a.AttrValues {
				switch {
				case v.Kind == FriendlyName && b.FriendlyName == "":
					b.FriendlyName = v.FriendlyName
				case v.Kind == LocalKeyID && b.LocalKeyID == nil:
					b.LocalKeyID = v.LocalKeyID
				}
			}
		}
		switch v := &sb.BagValue; v.Kind {
		case BagTypeKind_KeyBag:
			b.PKCS8 = v.Raw
			d.addKey(&b, v.KeyBag)
		case BagTypeKind_PKCS8ShroudedKeyBag:
			alg := &v.PKCS8ShroudedKeyBag.EncryptionAlgorithm
			if err := d.decryptKey(&b, v.PKCS8ShroudedKeyBag); err != nil {
				return d.fail(err, alg.Parameters.Raw, place(d.in, alg.Algorithm, bagAt), b.Path+".bagValue")
			}
			d.addKey(&b, nil)
		case BagTypeKind_CertBag:
			if cv := &v.CertBag.CertValue; cv.Kind == BagTypeKind_X509Certificate {
				b.Certificate = cv.X509Certificate
				d.c.Certificates = append(d.c.Certificates, b.Certificate)
			}
		case BagTypeKind_CRLBag:
			if cv := &v.CRLBag.CrltValue; cv.Kind == BagTypeKind_X509CRL {
				b.CRL = cv.X509CRL
				d.c.CRLs = append(d.c.CRLs, b.CRL)
			}
		case BagTypeKind_SecretBag:
			b.Secret = v.SecretBag
			d.c.Secrets = append(d.c.Secrets, b.Secret)
			if b.Secret.SecretTypeID.Equal(oidShroudedKeyBag) {
				if err := d.decryptSecret(&b); err != nil {
					return d.fail(err, b.Secret.SecretValue.Raw, bagAt, b.Path+".bagValue")
				}
			}
		}
		d.c.Bags = append(d.c.Bags, b)
		if v := &sb.BagValue; v.Kind == BagTypeKind_SafeContentsBag {
			if err := d.addBags(v.SafeContentsBag, b.Path, enc, bagAt, depth+1); err != nil {
				return err
			}
		}
	}
	return nil
}

// addKey parses b.PKCS8 and adds the key. typed is the keyBag as decoded,
// whose DER encoding is tried when the bag's own is not DER (BER input).
func (d *decoder) addKey(b *Bag, typed *KeyBag) {
	key, err := x509.ParsePKCS8PrivateKey(b.PKCS8)
	if err != nil && typed != nil {
		if enc, e := typed.MarshalDER(); e == nil && !bytes.Equal(enc, b.PKCS8) {
			if k, e := x509.ParsePKCS8PrivateKey(enc); e == nil {
				key, err, b.PKCS8 = k, nil, enc
			}
		}
	}
	if err != nil {
		b.KeyError = err
		return
	}
	b.PrivateKey = key
	d.c.PrivateKeys = append(d.c.PrivateKeys, key)
}

// decryptKey decrypts a pkcs8ShroudedKeyBag into b.PKCS8.
func (d *decoder) decryptKey(b *Bag, k *PKCS8ShroudedKeyBag) error {
	alg := &k.EncryptionAlgorithm
	enc, err := parseEncryption(alg.Algorithm, alg.HasParameters, alg.Parameters.Raw)
	if err != nil {
		return err
	}
	b.Encryption = enc.oid
	b.PKCS8, err = d.decrypt(enc, k.EncryptedData, checkPrivateKeyInfo)
	return err
}

// decryptSecret decrypts a secretBag in the form Java's KeyStore writes
// for a secret key: secretTypeId pkcs8ShroudedKeyBag, and a secretValue
// holding the DER of an EncryptedPrivateKeyInfo in an OCTET STRING.
func (d *decoder) decryptSecret(b *Bag) error {
	r := der.NewReader(b.Secret.SecretValue.Raw, paramOptions)
	inner, err := r.ReadOctetString(der.TagOctetString)
	if err == nil {
		err = r.Finish("secretValue")
	}
	var k PKCS8ShroudedKeyBag
	if err == nil {
		err = der.Unmarshal(inner, &k, paramOptions)
	}
	if err != nil {
		return der.WithField(err, "secretValue")
	}
	return d.decryptKey(b, &k)
}

// checkPrivateKeyInfo tells whether plain decodes as a PrivateKeyInfo:
// without a MAC, it is what tells a right password from a wrong one.
func checkPrivateKeyInfo(plain []byte) error {
	var k PrivateKeyInfo
	return der.Unmarshal(plain, &k, paramOptions)
}

// decrypt decrypts ciphertext with enc and the password, and checks the
// plaintext with valid. Without a MAC, the first decryption chooses the
// password: the first candidate whose plaintext decrypts and is valid.
func (d *decoder) decrypt(enc encryption, ciphertext []byte, valid func([]byte) error) ([]byte, error) {
	if err := d.check(enc.iterations); err != nil {
		return nil, err
	}
	if d.candidates == nil {
		plain, err := d.decryptWith(enc, d.pw, ciphertext)
		if err != nil {
			return nil, err
		}
		if err := valid(plain); err != nil {
			err = der.Rebase(err, nil, nil, -1) // the plaintext's offsets are none of the file's
			if !d.verified {
				// No MAC: a wrong password shows as garbage (RC4 has
				// no padding to tell).
				return nil, fmt.Errorf("%w (no MAC; the plaintext does not decode: %v)", ErrIncorrectPassword, err)
			}
			return nil, fmt.Errorf("decrypted content: %w", err)
		}
		return plain, nil
	}
	var last error
	for _, pw := range d.candidates {
		plain, err := d.decryptWith(enc, pw, ciphertext)
		if err == nil {
			if err = valid(plain); err == nil {
				d.choose(enc, pw)
				return plain, nil
			}
			err = fmt.Errorf("%w (no MAC; the plaintext does not decode: %v)", ErrIncorrectPassword, err)
		}
		if !errors.Is(err, ErrIncorrectPassword) {
			return nil, err
		}
		last = err
	}
	return nil, last
}

// choose records that pw decrypted with enc. PBES2 takes the password's
// UTF-8 octets, the same for the empty and the absent password and for
// both encodings of a non-ASCII one: the candidates it cannot tell apart
// stay candidates for the next decryption (a PKCS #12 scheme, which takes
// the BMPString, tells).
func (d *decoder) choose(enc encryption, pw pbe.Password) {
	d.pw = pw
	if enc.oid == pbe.OIDPBES2 {
		var same []pbe.Password
		for _, c := range d.candidates {
			if bytes.Equal(c.Octets(), pw.Octets()) {
				same = append(same, c)
			}
		}
		if len(same) > 1 {
			d.candidates = same
			return
		}
	}
	d.candidates = nil
}

// decryptWith runs one decryption, charged to the budget.
func (d *decoder) decryptWith(enc encryption, pw pbe.Password, ciphertext []byte) ([]byte, error) {
	if enc.oid == pbe.OIDPBES2 {
		if err := d.charge(enc.iterations); err != nil {
			return nil, err
		}
		return d.opts.DecryptPBES2(enc.pbes2, pw, ciphertext)
	}
	// The PKCS #12 schemes derive the key and the IV separately.
	if err := d.charge(2 * enc.iterations); err != nil {
		return nil, err
	}
	return d.opts.DecryptPBE(enc.oid, enc.pbe, pw, ciphertext)
}

// check refuses an iteration count above the bound, before any work.
func (d *decoder) check(iterations int) error {
	if iterations > d.max {
		return fmt.Errorf("%w: iteration count %d above the bound of %d (DecodeOptions.MaxIterations)", ErrLimit, iterations, d.max)
	}
	return nil
}

// charge takes n iterations from the budget of the decode.
func (d *decoder) charge(n int) error {
	if n > d.budget {
		return fmt.Errorf("%w: the file asks for more key derivation than DecodeOptions.MaxTotalIterations allows", ErrLimit)
	}
	d.budget -= n
	return nil
}

// encryption is a password-based encryption AlgorithmIdentifier,
// decoded for package pbe.
type encryption struct {
	oid        string // dotted
	iterations int
	pbes2      pbe.PBES2Params // when oid is PBES2
	pbe        pbe.PBEParams   // otherwise
}

// parseEncryption decodes the algorithm identifier of an encryptedData
// part or a shrouded key: PBES2 (RFC 8018 A.4) or a scheme whose
// parameters are a PBEParameter (RFC 7292 Appendix C, PBES1). Any other
// algorithm is ErrUnsupported, naming its OID.
func parseEncryption(alg der.OID, hasParams bool, params []byte) (encryption, error) {
	e := encryption{oid: alg.String()}
	if e.oid != pbe.OIDPBES2 && !pbe.IsPBE(e.oid) {
		return e, &UnsupportedError{Role: "password-based encryption scheme", OID: e.oid}
	}
	if !hasParams {
		return e, fmt.Errorf("%w: %s without parameters", ErrInvalidParameters, e.oid)
	}
	if e.oid != pbe.OIDPBES2 {
		var p PBEParameter
		if err := der.Unmarshal(params, &p, paramOptions); err != nil {
			return e, der.WithField(err, "parameters")
		}
		n, err := iterationCount(p.IterationCount)
		e.iterations, e.pbe = n, pbe.PBEParams{Salt: p.Salt, Iterations: n}
		return e, err
	}
	var p PBES2Params
	if err := der.Unmarshal(params, &p, paramOptions); err != nil {
		return e, der.WithField(err, "parameters")
	}
	kdf, err := kdfParams(&p.KeyDerivationFunc.Algorithm, p.KeyDerivationFunc.Parameters.IDPBKDF2)
	if err != nil {
		return e, err
	}
	e.iterations = kdf.Iterations
	e.pbes2.KDF = kdf
	s := &p.EncryptionScheme
	e.pbes2.Cipher.Algorithm = s.Algorithm.String()
	switch s.Parameters.Kind {
	case SupportingAlgorithms_AES128CBCPAD, SupportingAlgorithms_AES192CBCPAD, SupportingAlgorithms_AES256CBCPAD,
		SupportingAlgorithms_DESCBC, SupportingAlgorithms_DESEDE3CBC:
		e.pbes2.Cipher.IV = s.Parameters.Bytes
	case SupportingAlgorithms_Rc2CBC:
		rc2 := s.Parameters.Rc2CBC
		e.pbes2.Cipher.IV = rc2.Iv
		if rc2.HasRc2ParameterVersion {
			v, ok := rc2.Rc2ParameterVersion.Int64()
			if !ok || v < 0 || v > 1<<16 {
				return e, fmt.Errorf("%w: rc2ParameterVersion %s", ErrInvalidParameters, rc2.Rc2ParameterVersion)
			}
			e.pbes2.Cipher.RC2Version, e.pbes2.Cipher.HasRC2Version = int(v), true
		}
	}
	// Any other scheme (RC5, AES-GCM, ...) is left to pbe, which names
	// its OID.
	return e, nil
}

// kdfParams converts a PBKDF2 keyDerivationFunc. Another function
// (scrypt, ...) keeps only its OID, for pbe to report.
func kdfParams(alg *der.OID, p *PBKDF2Params) (pbe.KDFParams, error) {
	k := pbe.KDFParams{Algorithm: alg.String()}
	if k.Algorithm != pbe.OIDPBKDF2 || p == nil {
		return k, nil
	}
	if p.Salt.Choice != PBKDF2Params_Specified {
		return k, &UnsupportedError{Role: "PBKDF2 salt source (otherSource)", OID: p.Salt.OtherSource.Algorithm.String()}
	}
	k.Salt = p.Salt.Specified
	var err error
	if k.Iterations, err = iterationCount(p.IterationCount); err != nil {
		return k, err
	}
	if p.HasKeyLength {
		n, ok := p.KeyLength.Int64()
		if !ok || n < 1 || n > 1<<16 {
			return k, fmt.Errorf("%w: PBKDF2 keyLength %s", ErrInvalidParameters, p.KeyLength)
		}
		k.KeyLength = int(n)
	}
	if p.HasPrf {
		k.PRF = p.Prf.Algorithm.String()
	}
	return k, nil
}

// iterationCount converts an iteration count. One too large for an int
// is over any bound: ErrLimit.
func iterationCount(i der.Integer) (int, error) {
	n, ok := i.Int64()
	if !ok || n > 1<<31 {
		return 0, fmt.Errorf("%w: iteration count %s", ErrLimit, i)
	}
	if n < 1 {
		return 0, fmt.Errorf("%w: iteration count %d", ErrInvalidParameters, n)
	}
	return int(n), nil
}

// macParams converts the MacData for package pbe.
func macParams(m *MacData) (pbe.MACParams, error) {
	p := pbe.MACParams{Algorithm: m.Mac.DigestAlgorithm.Algorithm.String(), Salt: m.MacSalt, Iterations: 1}
	if p.Algorithm != pbe.OIDPBMAC1 {
		if m.HasIterations {
			var err error
			if p.Iterations, err = iterationCount(m.Iterations); err != nil {
				return p, err
			}
		}
		return p, nil
	}
	// RFC 9579 section 3: PBMAC1 ignores the MacData's macSalt and
	// iterations (go-pkcs12 writes iterations 0); its parameters are
	// PBMAC1-params, which PKCS-1's DigestInfo does not list (kept in
	// Raw, see the package doc).
	alg := &m.Mac.DigestAlgorithm
	if !alg.HasParameters {
		return p, fmt.Errorf("%w: PBMAC1 without parameters", ErrInvalidParameters)
	}
	var params PBMAC1Params
	if err := der.Unmarshal(alg.Parameters.Raw, &params, paramOptions); err != nil {
		return p, der.WithField(err, "mac.digestAlgorithm.parameters")
	}
	kdf, err := kdfParams(&params.KeyDerivationFunc.Algorithm, params.KeyDerivationFunc.Parameters.IDPBKDF2)
	if err != nil {
		return p, err
	}
	p.PBMAC1 = pbe.PBMAC1Params{KDF: kdf, MessageAuthScheme: params.MessageAuthScheme.Algorithm.String()}
	return p, nil
}

// macIterations is the iteration count of the MAC's key derivation.
func macIterations(m pbe.MACParams) int {
	if m.Algorithm == pbe.OIDPBMAC1 {
		return m.PBMAC1.KDF.Iterations
	}
	return m.Iterations
}

// The OIDs Decode looks for, as OID contents: pkcs8ShroudedKeyBag
// {bagtypes 2} (RFC 7292 4.2), id-encryptedData (RFC 5652 8).
var (
	oidShroudedKeyBag = der.OID("\x2a\x86\x48\x86\xf7\x0d\x01\x0c\x0a\x01\x02") // 1.2.840.113549.1.12.10.1.2
	oidEncryptedData  = der.OID("\x2a\x86\x48\x86\xf7\x0d\x01\x07\x06")         // 1.2.840.113549.1.7.6
)

// checkBag returns the error that the tolerant decode of berOptions kept
// out of a bag of a known type: a value that does not decode as its type
// (a pkcs8ShroudedKeyBag that is no EncryptedPrivateKeyInfo), or a
// certificate or CRL that does not decode even as crypto/x509 would read
// it. Such a bag would otherwise be of no known kind, and skipped.
func checkBag(sb *SafeBag) error {
	v := &sb.BagValue
	var err error
	switch {
	case v.Kind != 0:
		switch {
		case v.Kind == BagTypeKind_CertBag && v.CertBag.CertValue.Kind == 0 && v.CertBag.CertID.Equal(oidX509Certificate):
			err = der.Unmarshal(v.Raw, new(CertBag), paramOptions)
		case v.Kind == BagTypeKind_CRLBag && v.CRLBag.CrltValue.Kind == 0 && v.CRLBag.CRLID.Equal(oidX509CRL):
			err = der.Unmarshal(v.Raw, new(CRLBag), paramOptions)
		}
	case sb.BagID.Equal(oidKeyBag):
		err = der.Unmarshal(v.Raw, new(KeyBag), paramOptions)
	case sb.BagID.Equal(oidShroudedKeyBag):
		err = der.Unmarshal(v.Raw, new(PKCS8ShroudedKeyBag), paramOptions)
	case sb.BagID.Equal(oidCertBag):
		err = der.Unmarshal(v.Raw, new(CertBag), paramOptions)
	case sb.BagID.Equal(oidCRLBag):
		err = der.Unmarshal(v.Raw, new(CRLBag), paramOptions)
	case sb.BagID.Equal(oidSecretBag):
		err = der.Unmarshal(v.Raw, new(SecretBag), paramOptions)
	case sb.BagID.Equal(oidSafeContentsBag):
		err = der.Unmarshal(v.Raw, new(SafeContents), paramOptions)
	}
	if err == nil && v.Kind == 0 && knownBag(sb.BagID) {
		err = errors.New("bagValue does not decode as its type") // the strict decode passed where the tolerant one did not
	}
	if err != nil {
		return der.WithField(err, "bagValue")
	}
	return nil
}

// knownBag reports whether id is one of the bag types of RFC 7292 4.2.
func knownBag(id der.OID) bool {
	for _, o := range []der.OID{oidKeyBag, oidShroudedKeyBag, oidCertBag, oidCRLBag, oidSecretBag, oidSafeContentsBag} {
		if id.Equal(o) {
			return true
		}
	}
	return false
}

// Chain returns what go-pkcs12's DecodeChain returns and crypto/tls
// needs: the file's private key, its certificate and the other
// certificates, in file order. The file must hold exactly one private key
// (keyBag or pkcs8ShroudedKeyBag). Its certificate is the one whose public
// key is the key's, else (a key type without a comparable public key) the
// one with the key's localKeyId.
//
// For a tls.Certificate: the leaf's Encoding, then each other's, in
// Certificate, and key in PrivateKey.
func (c *Contents) Chain() (key crypto.PrivateKey, leaf *rfc5280.Certificate, others []*rfc5280.Certificate, err error) {
	var kb *Bag
	n := 0
	for i := range c.Bags {
		if k := c.Bags[i].SafeBag.BagValue.Kind; k == BagTypeKind_KeyBag || k == BagTypeKind_PKCS8ShroudedKeyBag {
			kb = &c.Bags[i]
			n++
		}
	}
	if n != 1 {
		return nil, nil, nil, fmt.Errorf("rfc7292: Chain: the file holds %d private keys, not one", n)
	}
	if kb.KeyError != nil {
		return nil, nil, nil, fmt.Errorf("rfc7292: Chain: %s: %w", kb.Path, kb.KeyError)
	}
	pub, _ := kb.PrivateKey.(interface{ Public() crypto.PublicKey })
	var byID *rfc5280.Certificate
	for i := range c.Bags {
		b := &c.Bags[i]
		if b.Certificate == nil {
			continue
		}
		if pub != nil && samePublicKey(b.Certificate, pub.Public()) {
			leaf = b.Certificate
			break
		}
		if byID == nil && kb.LocalKeyID != nil && bytes.Equal(b.LocalKeyID, kb.LocalKeyID) {
			byID = b.Certificate
		}
	}
	if leaf == nil && !canCompare(pub) {
		leaf = byID
	}
	if leaf == nil {
		return nil, nil, nil, fmt.Errorf("rfc7292: Chain: no certificate of the private key (%s)", kb.Path)
	}
	for _, cert := range c.Certificates {
		if cert != leaf {
			others = append(others, cert)
		}
	}
	return kb.PrivateKey, leaf, others, nil
}

// canCompare reports whether the public key of pub can be compared with
// a certificate's.
func canCompare(pub interface{ Public() crypto.PublicKey }) bool {
	if pub == nil {
		return false
	}
	_, ok := pub.Public().(interface{ Equal(crypto.PublicKey) bool })
	return ok
}

// samePublicKey reports whether cert's subject public key is pub.
func samePublicKey(cert *rfc5280.Certificate, pub crypto.PublicKey) bool {
	spki, err := cert.ToBeSigned.SubjectPublicKeyInfo.MarshalDER()
	if err != nil {
		return false
	}
	cp, err := x509.ParsePKIXPublicKey(spki)
	if err != nil {
		return false
	}
	eq, ok := cp.(interface{ Equal(crypto.PublicKey) bool })
	return ok && eq.Equal(pub)
}
