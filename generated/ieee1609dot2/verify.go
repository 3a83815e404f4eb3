// This file is written by hand, not generated: the verification of a
// signed SPDU's signature (IEEE 1609.2 clause 5.3.1).

package ieee1609dot2

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"errors"
	"fmt"
	"math/big"

	"github.com/asn1gen/asn1gen/runtime/oer"
)

// ErrBadSignature is the error of a signature that does not verify.
var ErrBadSignature = errors.New("ieee1609dot2: signature does not verify")

// VerifySignature verifies the ECDSA signature of d, a signed SPDU
// (content signedData), against its signer's certificate: the one d
// carries when its signer is a certificate (signer may then be nil, or
// must be that certificate), else signer, whose HashedId8 must be d's
// signer digest. A self-signed SPDU is verified with signer's key and an
// empty signer input.
//
// The signed digest is H(H(tbsData) || H(signer)) (IEEE 1609.2 5.3.1),
// H being d's hashId (SHA-256 for the 256-bit curves, SHA-384 for
// brainpoolP384r1), tbsData and signer their CANONICAL-OER encodings (the
// received octets when d was decoded with oer.Options{Canonical: true})
// and H(signer) the hash of the empty string for a self-signed SPDU. The
// key and r may be sent as compressed points (r x-only too). NIST P-256
// is verified by crypto/ecdsa; the brainpool curves, which Go's libraries
// lack, by internal/ecverify on math/big.
func (d *Ieee1609Dot2Data) VerifySignature(signer *CertificateBase) error {
	sd := d.Content.SignedData
	if d.Content.Choice != Ieee1609Dot2Content_SignedData || sd == nil {
		return errors.New("ieee1609dot2: not a signed SPDU")
	}
	var signerInput []byte // empty for self
	switch sd.Signer.Choice {
	case SignerIdentifier_Certificate:
		if len(sd.Signer.Certificate) != 1 {
			return fmt.Errorf("ieee1609dot2: %d signer certificates, want 1", len(sd.Signer.Certificate))
		}
		carried := &sd.Signer.Certificate[0]
		if signer != nil {
			if err := sameCertificate(signer, carried); err != nil {
				return err
			}
		}
		signer = carried
	case SignerIdentifier_Digest:
		if signer == nil {
			return errors.New("ieee1609dot2: the signer is a digest: its certificate is needed")
		}
		id, err := signer.HashedID8()
		if err != nil {
			return err
		}
		if string(id) != string(sd.Signer.Digest) {
			return fmt.Errorf("ieee1609dot2: the signer certificate's HashedId8 is %x, the SPDU names %x", []byte(id), []byte(sd.Signer.Digest))
		}
	case SignerIdentifier_Self:
		if signer == nil {
			return errors.New("ieee1609dot2: a self-signed SPDU: the key's certificate is needed")
		}
	default:
		return errors.New("ieee1609dot2: signer of an unknown kind")
	}
	key, err := signer.VerificationKey()
	if err != nil {
		return err
	}
	if sd.Signer.Choice != SignerIdentifier_Self {
		if signerInput, err = oer.Marshal(signer); err != nil {
			return err
		}
	}
	tbs, err := oer.Marshal(&sd.TBSData)
	if err != nil {
		return err
	}
	return verifyData(key, sd.HashID, tbs, signerInput, &sd.Signature)
}

// VerifyIssuerSignature verifies the signature of the explicit
// certificate c by its issuer, as IEEE 1609.2 5.3.1 signs certificates:
// over H(H(toBeSigned) || H(issuer)), H being the hash c's issuer field
// names, toBeSigned c's CANONICAL-OER encoding of it and issuer the
// issuer certificate's, whose HashedId8 must be the one c names; for a
// self-signed certificate (issuer self), issuer is ignored, c's own key
// verifies and H(issuer) is the hash of the empty string.
func (c *CertificateBase) VerifyIssuerSignature(issuer *CertificateBase) error {
	if c.Type != CertificateType_Explicit || !c.HasSignature {
		return errors.New("ieee1609dot2: not an explicit certificate with a signature")
	}
	digest, alg, self, err := c.IssuerDigest()
	if err != nil {
		return err
	}
	signer := c
	var issuerInput []byte // empty when self-signed
	if !self {
		if issuer == nil {
			return errors.New("ieee1609dot2: the issuer certificate is needed")
		}
		id, err := issuer.Hash()
		if err != nil {
			return err
		}
		if string(id[len(id)-8:]) != string(digest) {
			return fmt.Errorf("ieee1609dot2: the issuer certificate's HashedId8 is %x, the certificate names %x", id[len(id)-8:], []byte(digest))
		}
		if issuerInput, err = oer.Marshal(issuer); err != nil {
			return err
		}
		signer = issuer
	}
	key, err := signer.VerificationKey()
	if err != nil {
		return err
	}
	tbs, err := oer.Marshal(&c.ToBeSigned)
	if err != nil {
		return err
	}
	return verifyData(key, alg, tbs, issuerInput, &c.Signature)
}

// verifyData verifies sig by key over H(H(data) || H(signer)), after
// checking that alg is the hash of key's curve.
func verifyData(key *PublicKey, alg HashAlgorithm, data, signer []byte, sig *Signature) error {
	if want := key.Curve.hashAlgorithm(); alg != want {
		return fmt.Errorf("ieee1609dot2: hash %v for a %v key, want %v", alg, key.Curve, want)
	}
	digest, err := signedDigest(alg, data, signer)
	if err != nil {
		return err
	}
	return verify(key, sig, digest)
}

// sameCertificate fails unless a and b encode to the same octets.
func sameCertificate(a, b *CertificateBase) error {
	ea, err := oer.Marshal(a)
	if err != nil {
		return err
	}
	eb, err := oer.Marshal(b)
	if err != nil {
		return err
	}
	if string(ea) != string(eb) {
		return errors.New("ieee1609dot2: the signer given is not the certificate the SPDU carries")
	}
	return nil
}

// signedDigest returns H(H(data) || H(signer)) with the hash alg.
func signedDigest(alg HashAlgorithm, data, signer []byte) ([]byte, error) {
	h, err := newHash(alg)
	if err != nil {
		return nil, err
	}
	h.Write(data)
	hd := h.Sum(nil)
	h.Reset()
	h.Write(signer)
	hs := h.Sum(nil)
	h.Reset()
	h.Write(hd)
	h.Write(hs)
	return h.Sum(nil), nil
}

// verify checks sig, which must be of key's curve, over digest.
func verify(key *PublicKey, sig *Signature, digest []byte) error {
	var (
		curve Curve
		rSig  curvePoint
		sSig  []byte
	)
	switch {
	case sig.Choice == Signature_ECDSANistP256Signature && sig.ECDSANistP256Signature != nil:
		curve, rSig, sSig = NistP256, p256(&sig.ECDSANistP256Signature.RSig), sig.ECDSANistP256Signature.SSig
	case sig.Choice == Signature_ECDSABrainpoolP256r1Signature && sig.ECDSABrainpoolP256r1Signature != nil:
		curve, rSig, sSig = BrainpoolP256r1, p256(&sig.ECDSABrainpoolP256r1Signature.RSig), sig.ECDSABrainpoolP256r1Signature.SSig
	case sig.Choice == Signature_ECDSABrainpoolP384r1Signature && sig.ECDSABrainpoolP384r1Signature != nil:
		curve, rSig, sSig = BrainpoolP384r1, p384(&sig.ECDSABrainpoolP384r1Signature.RSig), sig.ECDSABrainpoolP384r1Signature.SSig
	default:
		return errors.New("ieee1609dot2: signature of an unsupported algorithm")
	}
	if curve != key.Curve {
		return fmt.Errorf("ieee1609dot2: a %v signature by a %v key", curve, key.Curve)
	}
	c := curve.params()
	x, err := rSig.xCoordinate(c.ByteSize)
	if err != nil {
		return err
	}
	if len(sSig) != c.ByteSize {
		return fmt.Errorf("ieee1609dot2: sSig of %d octets, want %d", len(sSig), c.ByteSize)
	}
	// ECDSA's r is the x coordinate of R reduced mod n (SEC 1 4.1.3).
	r := x.Mod(x, c.N)
	s := new(big.Int).SetBytes(sSig)
	ok := false
	if curve == NistP256 {
		pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), uncompressed(key, c.ByteSize))
		if err != nil {
			return err
		}
		ok = ecdsa.Verify(pub, digest, r, s)
	} else {
		ok = c.Verify(key.X, key.Y, digest, r, s)
	}
	if !ok {
		return ErrBadSignature
	}
	return nil
}

// uncompressed returns the SEC 1 uncompressed form of key, 04 x y.
func uncompressed(key *PublicKey, size int) []byte {
	b := make([]byte, 1+2*size)
	b[0] = 4
	key.X.FillBytes(b[1 : 1+size])
	key.Y.FillBytes(b[1+size:])
	return b
}
