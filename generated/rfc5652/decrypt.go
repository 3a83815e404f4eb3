package rfc5652

import (
	"bytes"
	"crypto"
	"crypto/aes"
	"crypto/cipher"
	"crypto/des"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/rand"
	"crypto/rsa"
	"crypto/subtle"
	"crypto/x509"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/asn1gen/asn1gen/generated/rfc5280"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// The kinds of decryption failure, for errors.Is.
var (
	// ErrNotEnvelopedData: the ContentInfo holds neither an EnvelopedData
	// nor an AuthEnvelopedData.
	ErrNotEnvelopedData = errors.New("rfc5652: not an EnvelopedData or AuthEnvelopedData")
	// ErrNoRecipient: no RecipientInfo that this package can use names
	// the certificate (key transport and key agreement recipients are
	// looked at; KEK and password recipients are not supported).
	ErrNoRecipient = errors.New("rfc5652: no RecipientInfo for the certificate")
	// ErrDecrypt: the content-encryption key or the content does not
	// decrypt: another key, or a changed message. It says no more, on
	// purpose.
	ErrDecrypt = errors.New("rfc5652: decryption failed")
)

// The algorithms of EnvelopedData decryption (RFC 3370, RFC 3565, RFC
// 5084, RFC 5753) that the modules leave unnamed or untyped.
var (
	oidAES128CBC  = der.OID("`\x86H\x01e\x03\x04\x01\x02") // 2.16.840.1.101.3.4.1.2
	oidAES192CBC  = der.OID("`\x86H\x01e\x03\x04\x01\x16") // 2.16.840.1.101.3.4.1.22
	oidAES256CBC  = der.OID("`\x86H\x01e\x03\x04\x01\x2a") // 2.16.840.1.101.3.4.1.42
	oidAES128Wrap = der.OID("`\x86H\x01e\x03\x04\x01\x05") // 2.16.840.1.101.3.4.1.5
	oidAES192Wrap = der.OID("`\x86H\x01e\x03\x04\x01\x19") // 2.16.840.1.101.3.4.1.25
	oidAES256Wrap = der.OID("`\x86H\x01e\x03\x04\x01\x2d") // 2.16.840.1.101.3.4.1.45

	// RFC 5753 7.1.4: ECDH with the X9.63 KDF, by hash.
	oidECDHSHA1KDF           = der.OID("+\x81\x05\x10\x86H?\x00\x02") // 1.3.133.16.840.63.0.2 dhSinglePass-stdDH-sha1kdf-scheme
	oidECDHCofactorSHA1KDF   = der.OID("+\x81\x05\x10\x86H?\x00\x03") // 1.3.133.16.840.63.0.3
	oidECDHSHA224KDF         = der.OID("+\x81\x04\x01\x0b\x00")       // 1.3.132.1.11.0
	oidECDHSHA256KDF         = der.OID("+\x81\x04\x01\x0b\x01")       // 1.3.132.1.11.1
	oidECDHSHA384KDF         = der.OID("+\x81\x04\x01\x0b\x02")       // 1.3.132.1.11.2
	oidECDHSHA512KDF         = der.OID("+\x81\x04\x01\x0b\x03")       // 1.3.132.1.11.3
	oidECDHCofactorSHA224KDF = der.OID("+\x81\x04\x01\x0e\x00")       // 1.3.132.1.14.0
	oidECDHCofactorSHA256KDF = der.OID("+\x81\x04\x01\x0e\x01")       // 1.3.132.1.14.1
	oidECDHCofactorSHA384KDF = der.OID("+\x81\x04\x01\x0e\x02")       // 1.3.132.1.14.2
	oidECDHCofactorSHA512KDF = der.OID("+\x81\x04\x01\x0e\x03")       // 1.3.132.1.14.3
)

// ecdhKDFHash returns the hash of the X9.63 KDF of an ECDH key agreement
// algorithm. The cofactor variants compute the same secret on the NIST
// prime curves, whose cofactor is 1.
func ecdhKDFHash(o der.OID) (crypto.Hash, bool) {
	for _, a := range []struct {
		oid  der.OID
		hash crypto.Hash
	}{
		{oidECDHSHA1KDF, crypto.SHA1}, {oidECDHCofactorSHA1KDF, crypto.SHA1},
		{oidECDHSHA224KDF, crypto.SHA224}, {oidECDHCofactorSHA224KDF, crypto.SHA224},
		{oidECDHSHA256KDF, crypto.SHA256}, {oidECDHCofactorSHA256KDF, crypto.SHA256},
		{oidECDHSHA384KDF, crypto.SHA384}, {oidECDHCofactorSHA384KDF, crypto.SHA384},
		{oidECDHSHA512KDF, crypto.SHA512}, {oidECDHCofactorSHA512KDF, crypto.SHA512},
	} {
		if a.oid.Equal(o) {
			return a.hash, true
		}
	}
	return 0, false
}

// wrapKeySize returns the key size of an AES key wrap algorithm.
func wrapKeySize(o der.OID) (int, bool) {
	switch {
	case o.Equal(oidAES128Wrap):
		return 16, true
	case o.Equal(oidAES192Wrap):
		return 24, true
	case o.Equal(oidAES256Wrap):
		return 32, true
	}
	return 0, false
}

// contentCipher is a content-encryption algorithm: its key size and
// whether it is AES-GCM (AuthEnvelopedData) or a CBC mode.
type contentCipher struct {
	oid     der.OID
	keySize int
	gcm     bool
	des     bool
}

var contentCiphers = []contentCipher{
	{oidAES128CBC, 16, false, false},
	{oidAES192CBC, 24, false, false},
	{oidAES256CBC, 32, false, false},
	{DESEde3Cbc, 24, false, true},
	{IDAES128GCM, 16, true, false},
	{IDAES192GCM, 24, true, false},
	{IDAES256GCM, 32, true, false},
}

func contentCipherOf(o der.OID) (contentCipher, error) {
	for _, c := range contentCiphers {
		if c.oid.Equal(o) {
			return c, nil
		}
	}
	return contentCipher{}, fmt.Errorf("%w: content encryption %s", ErrUnsupportedAlgorithm, algorithmName(o))
}

// Decrypt decodes ber, a ContentInfo holding an EnvelopedData (RFC 5652
// 6) or an AuthEnvelopedData (RFC 5083), in BER or DER, and returns its
// content decrypted for the recipient whose certificate is cert, with
// key, that certificate's private key: a crypto.Decrypter of an RSA key
// (*rsa.PrivateKey, a token) for a key transport recipient, an
// *ecdsa.PrivateKey or *ecdh.PrivateKey for an ECDH key agreement one.
func Decrypt(ber []byte, cert *x509.Certificate, key crypto.PrivateKey) ([]byte, error) {
	var ci ContentInfo
	if err := der.Unmarshal(ber, &ci, &der.Options{BER: true}); err != nil {
		return nil, err
	}
	switch ci.Content.Kind {
	case CtEnvelopedData:
		return ci.Content.EnvelopedData.Decrypt(cert, key)
	case CtAuthEnvelopedData:
		return ci.Content.AuthEnvelopedData.Decrypt(cert, key)
	}
	off, _ := der.OffsetIn(ber, ci.ContentType)
	return nil, der.Locate(fmt.Errorf("%w: content type %v", ErrNotEnvelopedData, ci.ContentType), der.KindInvalidValue, off, "ContentInfo.contentType")
}

// Decrypt returns the content of ed decrypted for the recipient whose
// certificate is cert, with its private key (see the package function
// Decrypt). Recipients: key transport with RSA (rsaEncryption, whose
// padding errors are not told apart from a wrong key, and RSAES-OAEP);
// ECDH key agreement (RFC 5753: ephemeral-static, the X9.63 KDF with
// SHA-1 or SHA-2, AES key wrap). Content encryption: AES-CBC and
// DES-EDE3-CBC.
func (ed *EnvelopedData) Decrypt(cert *x509.Certificate, key crypto.PrivateKey) ([]byte, error) {
	eci := &ed.EncryptedContentInfo
	alg := &eci.ContentEncryptionAlgorithm
	cc, err := contentCipherOf(alg.Algorithm)
	if err != nil {
		return nil, err
	}
	if cc.gcm {
		return nil, fmt.Errorf("%w: AES-GCM in an EnvelopedData (RFC 5084: AuthEnvelopedData)", ErrUnsupportedAlgorithm)
	}
	if !eci.HasEncryptedContent {
		return nil, errors.New("rfc5652: the encrypted content is detached (RFC 5652 6.1)")
	}
	cek, err := contentKey(ed.RecipientInfos, cert, key, cc.keySize)
	if err != nil {
		return nil, err
	}
	var iv []byte
	if err := der.Unmarshal(alg.Parameters.Raw, (*octets)(&iv), &der.Options{BER: true}); err != nil {
		return nil, fmt.Errorf("rfc5652: the IV of %s: %w", algorithmName(alg.Algorithm), err)
	}
	return decryptCBC(cc, cek, iv, eci.EncryptedContent)
}

// Decrypt returns the content of ad decrypted and authenticated (AES-GCM,
// RFC 5084, with the authenticated attributes, RFC 5083 2.2) for the
// recipient whose certificate is cert, with its private key (see the
// package function Decrypt and EnvelopedData.Decrypt).
func (ad *AuthEnvelopedData) Decrypt(cert *x509.Certificate, key crypto.PrivateKey) ([]byte, error) {
	eci := &ad.AuthEncryptedContentInfo
	alg := &eci.ContentEncryptionAlgorithm
	cc, err := contentCipherOf(alg.Algorithm)
	if err != nil {
		return nil, err
	}
	if !cc.gcm {
		return nil, fmt.Errorf("%w: %s in an AuthEnvelopedData", ErrUnsupportedAlgorithm, algorithmName(alg.Algorithm))
	}
	if !eci.HasEncryptedContent {
		return nil, errors.New("rfc5652: the encrypted content is detached (RFC 5083 2.1)")
	}
	var p GCMParameters
	if err := der.Unmarshal(alg.Parameters.Raw, &p, &der.Options{BER: true}); err != nil {
		return nil, fmt.Errorf("rfc5652: the parameters of %s: %w", algorithmName(alg.Algorithm), err)
	}
	cek, err := contentKey(ad.RecipientInfos, cert, key, cc.keySize)
	if err != nil {
		return nil, err
	}
	blk, err := aes.NewCipher(cek)
	if err != nil {
		return nil, err
	}
	var gcm cipher.AEAD
	switch tag := int(p.AESICVlen); {
	case len(p.AESNonce) == 12:
		gcm, err = cipher.NewGCMWithTagSize(blk, tag)
	case tag == 16:
		gcm, err = cipher.NewGCMWithNonceSize(blk, len(p.AESNonce))
	default:
		err = fmt.Errorf("%w: AES-GCM with a %d-octet nonce and a %d-octet tag", ErrUnsupportedAlgorithm, len(p.AESNonce), tag)
	}
	if err != nil {
		return nil, err
	}
	if len(ad.Mac) != gcm.Overhead() {
		return nil, fmt.Errorf("%w: a %d-octet MAC, the parameters say %d", ErrDecrypt, len(ad.Mac), gcm.Overhead())
	}
	var aad []byte
	if ad.HasAuthAttrs {
		aad = setOf(ad.AuthAttrsRaw)
	}
	sealed := append(bytes.Clone(eci.EncryptedContent), ad.Mac...)
	out, err := gcm.Open(sealed[:0], p.AESNonce, sealed, aad)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrDecrypt, err)
	}
	return out, nil
}

// octets decodes an OCTET STRING (an IV, RFC 3565 4.1, RFC 3370 5.1).
type octets []byte

func (v *octets) DecodeASN1(r *der.Reader, t der.Tag) error {
	if t == 0 {
		return r.Root(v.DecodeASN1(r, der.TagOctetString), "IV")
	}
	b, err := r.ReadOctetString(t.Or(der.TagOctetString))
	*v = b
	return err
}

func (v *octets) EncodeASN1(b *der.Builder, t der.Tag) {
	b.AddPrimitive(t.Or(der.TagOctetString), *v)
}

// decryptCBC decrypts a CBC content and removes its padding (RFC 5652
// 6.3).
func decryptCBC(cc contentCipher, key, iv, ct []byte) ([]byte, error) {
	var blk cipher.Block
	var err error
	if cc.des {
		blk, err = des.NewTripleDESCipher(key)
	} else {
		blk, err = aes.NewCipher(key)
	}
	if err != nil {
		return nil, err
	}
	bs := blk.BlockSize()
	if len(iv) != bs {
		return nil, fmt.Errorf("rfc5652: a %d-octet IV for %d-octet blocks", len(iv), bs)
	}
	if len(ct) == 0 || len(ct)%bs != 0 {
		return nil, fmt.Errorf("%w: %d octets of ciphertext, not whole blocks", ErrDecrypt, len(ct))
	}
	out := make([]byte, len(ct))
	cipher.NewCBCDecrypter(blk, iv).CryptBlocks(out, ct)
	n := int(out[len(out)-1])
	if n == 0 || n > bs || subtle.ConstantTimeCompare(out[len(out)-n:], bytes.Repeat([]byte{byte(n)}, n)) != 1 {
		return nil, ErrDecrypt
	}
	return out[:len(out)-n], nil
}

// contentKey returns the content-encryption key of keySize octets that
// the RecipientInfo for cert holds, decrypted with key.
func contentKey(ris RecipientInfos, cert *x509.Certificate, key crypto.PrivateKey, keySize int) ([]byte, error) {
	if cert == nil {
		return nil, fmt.Errorf("%w: no certificate given", ErrNoRecipient)
	}
	for i := range ris {
		ri := &ris[i]
		var cek []byte
		var err error
		switch {
		case ri.Choice == RecipientInfo_Ktri && ri.Ktri != nil && recipientIs(&ri.Ktri.Rid, cert):
			cek, err = keyTransport(ri.Ktri, key, keySize)
		case ri.Choice == RecipientInfo_Kari && ri.Kari != nil:
			k := -1
			for j := range ri.Kari.RecipientEncryptedKeys {
				if agreeRecipientIs(&ri.Kari.RecipientEncryptedKeys[j].Rid, cert) {
					k = j
					break
				}
			}
			if k < 0 {
				continue
			}
			cek, err = keyAgreement(ri.Kari, k, key)
		default:
			continue
		}
		if err == nil && len(cek) != keySize {
			err = fmt.Errorf("%w: a %d-octet key for a %d-octet cipher", ErrDecrypt, len(cek), keySize)
		}
		if err != nil {
			return nil, fmt.Errorf("rfc5652: recipientInfos[%d]: %w", i, err)
		}
		return cek, nil
	}
	return nil, fmt.Errorf("%w (issuer %s, serial %s)", ErrNoRecipient, cert.Issuer, serialString(cert.SerialNumber))
}

// recipientIs reports whether rid identifies cert.
func recipientIs(rid *RecipientIdentifier, cert *x509.Certificate) bool {
	switch rid.Choice {
	case RecipientIdentifier_IssuerAndSerialNumber:
		return certIs(&rid.IssuerAndSerialNumber, cert)
	case RecipientIdentifier_SubjectKeyIdentifier:
		return bytes.Equal(rid.SubjectKeyIdentifier, keyID(cert))
	}
	return false
}

func agreeRecipientIs(rid *KeyAgreeRecipientIdentifier, cert *x509.Certificate) bool {
	switch rid.Choice {
	case KeyAgreeRecipientIdentifier_IssuerAndSerialNumber:
		return certIs(&rid.IssuerAndSerialNumber, cert)
	case KeyAgreeRecipientIdentifier_RKeyID:
		return rid.RKeyID != nil && bytes.Equal(rid.RKeyID.SubjectKeyIdentifier, keyID(cert))
	}
	return false
}

func certIs(ias *IssuerAndSerialNumber, cert *x509.Certificate) bool {
	if ias.SerialNumber.Big().Cmp(cert.SerialNumber) != 0 {
		return false
	}
	issuer, err := der.Marshal(&ias.Issuer, rfc5280.X509Options())
	return err == nil && sameName(issuer, cert.RawIssuer)
}

// keyTransport decrypts the content-encryption key of a key transport
// recipient (RFC 3370 4.2.1, RFC 3560).
func keyTransport(ktri *KeyTransRecipientInfo, key crypto.PrivateKey, keySize int) ([]byte, error) {
	dec, ok := key.(crypto.Decrypter)
	if !ok {
		return nil, fmt.Errorf("a key transport recipient needs a crypto.Decrypter, not a %T", key)
	}
	if _, ok := dec.Public().(*rsa.PublicKey); !ok {
		return nil, fmt.Errorf("a key transport recipient needs an RSA key, not a %T", dec.Public())
	}
	alg := &ktri.KeyEncryptionAlgorithm
	var opts crypto.DecrypterOpts
	switch {
	case alg.Algorithm.Equal(rfc5280.RSAEncryption):
		// A padding error gives a random key of the right size, in
		// constant time, so that it is found only when the content does
		// not decrypt: no oracle (Bleichenbacher) on the padding.
		//lint:ignore SA1019 rsaEncryption is S/MIME's and OpenSSL's default key transport; SessionKeyLen is the safe way to read it
		opts = &rsa.PKCS1v15DecryptOptions{SessionKeyLen: keySize}
	case alg.Algorithm.Equal(rfc5280.IDRSAESOAEP):
		o, err := oaepOptions(alg.Parameters.Raw)
		if err != nil {
			return nil, err
		}
		opts = o
	default:
		return nil, fmt.Errorf("%w: key transport %s", ErrUnsupportedAlgorithm, algorithmName(alg.Algorithm))
	}
	cek, err := dec.Decrypt(rand.Reader, ktri.EncryptedKey, opts)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrDecrypt, err)
	}
	return cek, nil
}

// oaepOptions reads RSAES-OAEP-params (RFC 4055 4.1; absent parameters
// are all the DEFAULTs: SHA-1, MGF1 with SHA-1, an empty label).
func oaepOptions(raw []byte) (*rsa.OAEPOptions, error) {
	var p rfc5280.RSAESOAEPParams
	if len(raw) > 0 {
		if err := der.Unmarshal(raw, &p, &der.Options{BER: true, Tolerate: der.TolerateX509}); err != nil {
			return nil, err
		}
	}
	// SHA-1 is OAEP's DEFAULT and does not weaken it.
	hashFor := func(has bool, o der.OID) (crypto.Hash, error) {
		if !has {
			return crypto.SHA1, nil
		}
		h, ok := hashOf(o)
		if !ok {
			return 0, fmt.Errorf("%w: RSAES-OAEP hash %s", ErrUnsupportedAlgorithm, algorithmName(o))
		}
		return h, nil
	}
	h, err := hashFor(p.HasHashFunc, p.HashFunc.Algorithm)
	if err != nil {
		return nil, err
	}
	mgf := crypto.SHA1
	if p.HasMaskGenFunc {
		m := &p.MaskGenFunc
		if !m.Algorithm.Equal(rfc5280.IDMgf1) || m.Parameters.IDMgf1 == nil {
			return nil, fmt.Errorf("%w: RSAES-OAEP mask generation %v", ErrUnsupportedAlgorithm, m.Algorithm)
		}
		if mgf, err = hashFor(true, m.Parameters.IDMgf1.Algorithm); err != nil {
			return nil, err
		}
	}
	var label []byte
	if p.HasPSourceFunc {
		ps := &p.PSourceFunc
		if !ps.Algorithm.Equal(rfc5280.IDPSpecified) {
			return nil, fmt.Errorf("%w: RSAES-OAEP label source %v", ErrUnsupportedAlgorithm, ps.Algorithm)
		}
		if ps.HasParameters {
			if err := der.Unmarshal(ps.Parameters.Raw, (*octets)(&label), &der.Options{BER: true}); err != nil {
				return nil, err
			}
		}
	}
	return &rsa.OAEPOptions{Hash: h, MGFHash: mgf, Label: label}, nil
}

// keyAgreement derives the key-encryption key of the k-th recipient
// encrypted key of an ECDH key agreement recipient and unwraps the
// content-encryption key (RFC 5753 3.1.2).
func keyAgreement(kari *KeyAgreeRecipientInfo, k int, key crypto.PrivateKey) ([]byte, error) {
	var priv *ecdh.PrivateKey
	switch p := key.(type) {
	case *ecdsa.PrivateKey:
		var err error
		if priv, err = p.ECDH(); err != nil {
			return nil, err
		}
	case *ecdh.PrivateKey:
		priv = p
	default:
		return nil, fmt.Errorf("a key agreement recipient needs an *ecdsa.PrivateKey or *ecdh.PrivateKey, not a %T", key)
	}
	alg := &kari.KeyEncryptionAlgorithm
	h, ok := ecdhKDFHash(alg.Algorithm)
	if !ok {
		return nil, fmt.Errorf("%w: key agreement %s", ErrUnsupportedAlgorithm, algorithmName(alg.Algorithm))
	}
	var wrap KeyWrapAlgorithm
	if err := der.Unmarshal(alg.Parameters.Raw, &wrap, &der.Options{BER: true, Tolerate: der.TolerateOpenTypeErrors}); err != nil {
		return nil, fmt.Errorf("rfc5652: the key wrap algorithm: %w", err)
	}
	kekSize, ok := wrapKeySize(wrap.Algorithm)
	if !ok {
		return nil, fmt.Errorf("%w: key wrap %s", ErrUnsupportedAlgorithm, algorithmName(wrap.Algorithm))
	}
	o := &kari.Originator
	if o.Choice != OriginatorIdentifierOrKey_OriginatorKey || o.OriginatorKey == nil {
		return nil, fmt.Errorf("%w: an originator identified by %v (static-static ECDH)", ErrUnsupportedAlgorithm, o.Choice)
	}
	pub, err := priv.Curve().NewPublicKey(o.OriginatorKey.PublicKey.Bytes)
	if err != nil {
		return nil, fmt.Errorf("rfc5652: the originator key: %w", err)
	}
	z, err := priv.ECDH(pub)
	if err != nil {
		return nil, fmt.Errorf("rfc5652: ECDH: %w", err)
	}
	info, err := sharedInfo(wrap.Algorithm, kari.Ukm, kari.HasUkm, kekSize)
	if err != nil {
		return nil, err
	}
	kek := x963KDF(h, z, info, kekSize)
	cek, err := aesKeyUnwrap(kek, kari.RecipientEncryptedKeys[k].EncryptedKey)
	if err != nil {
		return nil, err
	}
	return cek, nil
}

// sharedInfo returns the DER of ECC-CMS-SharedInfo (RFC 5753 7.2): the
// key wrap algorithm without parameters, the ukm, and the KEK size in
// bits.
func sharedInfo(wrap der.OID, ukm []byte, hasUkm bool, kekSize int) ([]byte, error) {
	b := der.NewBuilder(nil)
	m := b.Begin(der.TagSequence, true)
	m1 := b.Begin(der.TagSequence, true)
	b.AddOID(der.TagOID, wrap)
	b.End(m1)
	if hasUkm {
		m2 := b.Begin(der.Context(0), true)
		b.AddPrimitive(der.TagOctetString, ukm)
		b.End(m2)
	}
	m3 := b.Begin(der.Context(2), true)
	b.AddPrimitive(der.TagOctetString, binary.BigEndian.AppendUint32(nil, uint32(kekSize*8)))
	b.End(m3)
	b.End(m)
	return b.Bytes()
}

// x963KDF is the key derivation function of ANSI X9.63 (SEC 1 3.6.1)
// that RFC 5753 uses: the hash of Z, a 32-bit counter from 1 and the
// shared info, repeated.
func x963KDF(h crypto.Hash, z, info []byte, size int) []byte {
	var out []byte
	for counter := uint32(1); len(out) < size; counter++ {
		w := h.New()
		w.Write(z)
		w.Write(binary.BigEndian.AppendUint32(nil, counter))
		w.Write(info)
		out = w.Sum(out)
	}
	return out[:size]
}

// aesKeyUnwrap is the AES key unwrap of RFC 3394 2.2.2 with its integrity
// check (2.2.3.1: the initial value A6A6A6A6A6A6A6A6).
func aesKeyUnwrap(kek, wrapped []byte) ([]byte, error) {
	if len(wrapped)%8 != 0 || len(wrapped) < 24 {
		return nil, fmt.Errorf("%w: a wrapped key of %d octets (RFC 3394: 8n, n >= 2, plus 8)", ErrDecrypt, len(wrapped))
	}
	blk, err := aes.NewCipher(kek)
	if err != nil {
		return nil, err
	}
	n := len(wrapped)/8 - 1
	a := binary.BigEndian.Uint64(wrapped)
	r := bytes.Clone(wrapped[8:])
	var buf [16]byte
	for j := 5; j >= 0; j-- {
		for i := n; i >= 1; i-- {
			binary.BigEndian.PutUint64(buf[:8], a^uint64(n*j+i))
			copy(buf[8:], r[(i-1)*8:i*8])
			blk.Decrypt(buf[:], buf[:])
			a = binary.BigEndian.Uint64(buf[:8])
			copy(r[(i-1)*8:i*8], buf[8:])
		}
	}
	if a != 0xa6a6a6a6a6a6a6a6 {
		return nil, ErrDecrypt
	}
	return r, nil
}
