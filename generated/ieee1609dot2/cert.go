// This file is written by hand, not generated: the reading of a
// certificate that users of IEEE 1609.2 expect. The definitions cited are
// the comments of the modules (../../modules/ieee1609dot2), which are
// IEEE 1609.2's text.

package ieee1609dot2

import (
	"crypto/sha256"
	"crypto/sha512"
	"errors"
	"fmt"
	"hash"
	"math/big"
	"time"

	"github.com/asn1gen/asn1gen/generated/ieee1609dot2/internal/ecverify"
	"github.com/asn1gen/asn1gen/runtime/oer"
)

// Epoch is the origin of Time32 and Time64: 00:00:00 UTC, 1 January 2004
// (Time32's definition in Ieee1609Dot2BaseTypes).
var Epoch = time.Date(2004, time.January, 1, 0, 0, 0, 0, time.UTC)

// leapSeconds are the UTC instants after which a leap second was
// inserted since Epoch (IERS Bulletin C): Time32 counts TAI seconds, which
// run through them, so they are taken off to give UTC.
var leapSeconds = []time.Time{
	time.Date(2006, time.January, 1, 0, 0, 0, 0, time.UTC),
	time.Date(2009, time.January, 1, 0, 0, 0, 0, time.UTC),
	time.Date(2012, time.July, 1, 0, 0, 0, 0, time.UTC),
	time.Date(2015, time.July, 1, 0, 0, 0, 0, time.UTC),
	time.Date(2017, time.January, 1, 0, 0, 0, 0, time.UTC),
}

// TimeOf returns the UTC time of t, the number of TAI seconds since Epoch
// (Time32): Epoch plus t seconds, less the leap seconds
// inserted meanwhile (five since 2004, the last at the end of 2016).
func TimeOf(t Time32) time.Time {
	elapsed := int64(t)
	leaps := int64(0)
	for i, l := range leapSeconds {
		// The elapsed TAI seconds at l count the leap seconds before it
		// and the one inserted just before l.
		if elapsed >= int64(l.Sub(Epoch)/time.Second)+int64(i)+1 {
			leaps = int64(i) + 1
		}
	}
	return Epoch.Add(time.Duration(elapsed-leaps) * time.Second)
}

// DurationOf returns d as a time.Duration (Duration: sixtyHours are units
// of 60 hours, years of 31,556,952 seconds), or an error if it
// exceeds time.Duration's 292 years.
func DurationOf(d Duration) (time.Duration, error) {
	var n, unit int64
	switch d.Choice {
	case Duration_Microseconds:
		n, unit = int64(d.Microseconds), int64(time.Microsecond)
	case Duration_Milliseconds:
		n, unit = int64(d.Milliseconds), int64(time.Millisecond)
	case Duration_Seconds:
		n, unit = int64(d.Seconds), int64(time.Second)
	case Duration_Minutes:
		n, unit = int64(d.Minutes), int64(time.Minute)
	case Duration_Hours:
		n, unit = int64(d.Hours), int64(time.Hour)
	case Duration_SixtyHours:
		n, unit = int64(d.SixtyHours), 60*int64(time.Hour)
	case Duration_Years:
		n, unit = int64(d.Years), 31556952*int64(time.Second)
	default:
		return 0, errors.New("ieee1609dot2: Duration without an alternative")
	}
	if n > (1<<63-1)/unit {
		return 0, fmt.Errorf("ieee1609dot2: duration of %d %v exceeds time.Duration", n, d.Choice)
	}
	return time.Duration(n * unit), nil
}

// Validity returns the certificate's validity period (toBeSigned
// .validityPeriod): its start as a UTC time and its duration.
func (c *CertificateBase) Validity() (start time.Time, d time.Duration, err error) {
	vp := c.ToBeSigned.ValidityPeriod
	d, err = DurationOf(vp.Duration)
	return TimeOf(vp.Start), d, err
}

// Permission is one of a certificate's application permissions: a PSID
// (the application, IEEE 1609.12) and its service specific permissions.
type Permission struct {
	PSID int64
	// SSP is the SSP's octets, nil when the certificate gives none;
	// Bitmap tells whether they are a bitmapSsp (ETSI ITS) rather than
	// opaque.
	SSP    []byte
	Bitmap bool
}

// AppPermissions returns the permissions of toBeSigned.appPermissions,
// in order (none when the component is absent).
func (c *CertificateBase) AppPermissions() ([]Permission, error) {
	var out []Permission
	for i, p := range c.ToBeSigned.AppPermissions {
		psid, ok := p.Psid.Int64()
		if !ok {
			return nil, fmt.Errorf("ieee1609dot2: appPermissions[%d]: PSID %v beyond int64", i, p.Psid)
		}
		perm := Permission{PSID: psid}
		if p.HasSsp {
			switch p.Ssp.Choice {
			case ServiceSpecificPermissions_Opaque:
				perm.SSP = p.Ssp.Opaque
			case ServiceSpecificPermissions_BitmapSsp:
				perm.SSP, perm.Bitmap = p.Ssp.BitmapSsp, true
			default:
				perm.SSP = p.Ssp.Unknown // an alternative of a later version, as received
			}
		}
		out = append(out, perm)
	}
	return out, nil
}

// IssuerDigest returns the HashedId8 of the certificate's issuer and the
// hash algorithm that made it, or self = true for a self-signed
// certificate (whose alg is the one named in its issuer field).
func (c *CertificateBase) IssuerDigest() (digest HashedID8, alg HashAlgorithm, self bool, err error) {
	switch c.Issuer.Choice {
	case IssuerIdentifier_SHA256AndDigest:
		return c.Issuer.SHA256AndDigest, HashAlgorithm_SHA256, false, nil
	case IssuerIdentifier_SHA384AndDigest:
		return c.Issuer.SHA384AndDigest, HashAlgorithm_SHA384, false, nil
	case IssuerIdentifier_Self:
		return nil, c.Issuer.Self, true, nil
	}
	return nil, 0, false, errors.New("ieee1609dot2: issuer of an unknown kind")
}

// newHash returns the hash function alg names.
func newHash(alg HashAlgorithm) (hash.Hash, error) {
	switch alg {
	case HashAlgorithm_SHA256:
		return sha256.New(), nil
	case HashAlgorithm_SHA384:
		return sha512.New384(), nil
	}
	return nil, fmt.Errorf("ieee1609dot2: unsupported hash algorithm %v", alg)
}

// Hash returns the whole-certificate hash of the certificate's
// CANONICAL-OER encoding (IEEE 1609.2 6.4.3), the input of HashedID8 and
// HashedID3: SHA-256 for an implicit certificate and for an explicit one
// whose verification key is a 256-bit point, SHA-384 for a 384-bit one,
// whatever hash its own issuer field names (a brainpoolP384r1 CA under a
// P-256 root is named by its SHA-384 HashedId8).
func (c *CertificateBase) Hash() ([]byte, error) {
	alg, err := c.wholeCertificateHash()
	if err != nil {
		return nil, err
	}
	h, err := newHash(alg)
	if err != nil {
		return nil, err
	}
	enc, err := oer.Marshal(c)
	if err != nil {
		return nil, err
	}
	h.Write(enc)
	return h.Sum(nil), nil
}

// wholeCertificateHash returns the algorithm of the certificate's
// whole-certificate hash (IEEE 1609.2 6.4.3), which its type and the size
// of its verification key's point determine.
func (c *CertificateBase) wholeCertificateHash() (HashAlgorithm, error) {
	if c.Type == CertificateType_Implicit {
		return HashAlgorithm_SHA256, nil
	}
	if vki := c.ToBeSigned.VerifyKeyIndicator; vki.Choice == VerificationKeyIndicator_VerificationKey && vki.VerificationKey != nil {
		switch vki.VerificationKey.Choice {
		case PublicVerificationKey_ECDSANistP256, PublicVerificationKey_ECDSABrainpoolP256r1:
			return HashAlgorithm_SHA256, nil
		case PublicVerificationKey_ECDSABrainpoolP384r1:
			return HashAlgorithm_SHA384, nil
		}
	}
	return 0, errors.New("ieee1609dot2: no whole-certificate hash for an explicit certificate without a known verification key")
}

// HashedID8 returns the certificate's HashedId8, the low-order (last) 8
// octets of its Hash (HashedId8): what a signer digest and an issuer
// field name it by.
func (c *CertificateBase) HashedID8() (HashedID8, error) {
	h, err := c.Hash()
	if err != nil {
		return nil, err
	}
	return HashedID8(h[len(h)-8:]), nil
}

// HashedID3 returns the certificate's HashedId3, the low-order 3 octets
// of its Hash (HashedId3).
func (c *CertificateBase) HashedID3() (HashedID3, error) {
	h, err := c.Hash()
	if err != nil {
		return nil, err
	}
	return HashedID3(h[len(h)-3:]), nil
}

// Curve names an elliptic curve of IEEE 1609.2's verification keys.
type Curve int

// The curves of PublicVerificationKey.
const (
	NistP256 Curve = iota + 1
	BrainpoolP256r1
	BrainpoolP384r1
)

// String returns the curve's name as 1609.2 and RFC 5639 write it.
func (c Curve) String() string {
	switch c {
	case NistP256:
		return "nistP256"
	case BrainpoolP256r1:
		return "brainpoolP256r1"
	case BrainpoolP384r1:
		return "brainpoolP384r1"
	}
	return fmt.Sprintf("Curve(%d)", int(c))
}

// params returns the domain parameters of c.
func (c Curve) params() *ecverify.Curve {
	switch c {
	case NistP256:
		return ecverify.NistP256
	case BrainpoolP256r1:
		return ecverify.BrainpoolP256r1
	case BrainpoolP384r1:
		return ecverify.BrainpoolP384r1
	}
	return nil
}

// hashAlgorithm is the hash that signatures by keys of c use (IEEE 1609.2
// 5.3.1: SHA-256 for the 256-bit curves, SHA-384 for the 384-bit ones).
func (c Curve) hashAlgorithm() HashAlgorithm {
	if c == BrainpoolP384r1 {
		return HashAlgorithm_SHA384
	}
	return HashAlgorithm_SHA256
}

// PublicKey is an ECDSA verification key: a point of its curve, on it.
type PublicKey struct {
	Curve Curve
	X, Y  *big.Int
}

// ErrImplicitCertificate is returned for the key of an implicit
// certificate, which is reconstructed from its issuer's key (ECQV): not
// supported.
var ErrImplicitCertificate = errors.New("ieee1609dot2: the key of an implicit certificate (reconstructionValue) is not supported")

// VerificationKey returns the certificate's verification key
// (toBeSigned.verifyKeyIndicator.verificationKey), decompressed when sent
// compressed and checked to be on its curve.
func (c *CertificateBase) VerificationKey() (*PublicKey, error) {
	vki := c.ToBeSigned.VerifyKeyIndicator
	switch {
	case vki.Choice == VerificationKeyIndicator_ReconstructionValue:
		return nil, ErrImplicitCertificate
	case vki.Choice != VerificationKeyIndicator_VerificationKey || vki.VerificationKey == nil:
		return nil, errors.New("ieee1609dot2: verifyKeyIndicator of an unknown kind")
	}
	k := vki.VerificationKey
	var (
		curve Curve
		pt    curvePoint
	)
	switch {
	case k.Choice == PublicVerificationKey_ECDSANistP256 && k.ECDSANistP256 != nil:
		curve, pt = NistP256, p256(k.ECDSANistP256)
	case k.Choice == PublicVerificationKey_ECDSABrainpoolP256r1 && k.ECDSABrainpoolP256r1 != nil:
		curve, pt = BrainpoolP256r1, p256(k.ECDSABrainpoolP256r1)
	case k.Choice == PublicVerificationKey_ECDSABrainpoolP384r1 && k.ECDSABrainpoolP384r1 != nil:
		curve, pt = BrainpoolP384r1, p384(k.ECDSABrainpoolP384r1)
	default:
		return nil, errors.New("ieee1609dot2: verification key of an unsupported curve")
	}
	x, y, err := pt.point(curve.params())
	if err != nil {
		return nil, err
	}
	return &PublicKey{Curve: curve, X: x, Y: y}, nil
}

// curvePoint is an EccP256CurvePoint or EccP384CurvePoint: its form (the
// numbering of both CHOICEs) and coordinates.
type curvePoint struct {
	form EccP256CurvePointChoice
	x, y []byte
}

func p256(p *EccP256CurvePoint) curvePoint {
	switch p.Choice {
	case EccP256CurvePointChoice_XOnly:
		return curvePoint{p.Choice, p.XOnly, nil}
	case EccP256CurvePointChoice_CompressedY0:
		return curvePoint{p.Choice, p.CompressedY0, nil}
	case EccP256CurvePointChoice_CompressedY1:
		return curvePoint{p.Choice, p.CompressedY1, nil}
	case EccP256CurvePointChoice_UncompressedP256:
		return curvePoint{p.Choice, p.UncompressedP256.X, p.UncompressedP256.Y}
	}
	return curvePoint{form: p.Choice}
}

func p384(p *EccP384CurvePoint) curvePoint {
	form := EccP256CurvePointChoice(p.Choice) // the same numbering
	switch p.Choice {
	case EccP384CurvePointChoice_XOnly:
		return curvePoint{form, p.XOnly, nil}
	case EccP384CurvePointChoice_CompressedY0:
		return curvePoint{form, p.CompressedY0, nil}
	case EccP384CurvePointChoice_CompressedY1:
		return curvePoint{form, p.CompressedY1, nil}
	case EccP384CurvePointChoice_UncompressedP384:
		return curvePoint{form, p.UncompressedP384.X, p.UncompressedP384.Y}
	}
	return curvePoint{form: form}
}

// point returns the point p of c: a compressed one decompressed, an
// uncompressed one checked to be on c. An x-only point is not a key.
func (p curvePoint) point(c *ecverify.Curve) (x, y *big.Int, err error) {
	switch p.form {
	case EccP256CurvePointChoice_CompressedY0, EccP256CurvePointChoice_CompressedY1:
		return c.Decompress(p.x, p.form == EccP256CurvePointChoice_CompressedY1)
	case EccP256CurvePointChoice_UncompressedP256:
		if len(p.x) != c.ByteSize || len(p.y) != c.ByteSize {
			return nil, nil, fmt.Errorf("ieee1609dot2: %s point with coordinates of %d and %d octets", c.Name, len(p.x), len(p.y))
		}
		x, y = new(big.Int).SetBytes(p.x), new(big.Int).SetBytes(p.y)
		if !c.OnCurve(x, y) {
			return nil, nil, ecverify.ErrNotOnCurve
		}
		return x, y, nil
	}
	return nil, nil, fmt.Errorf("ieee1609dot2: a %v point is not a public key", p.form)
}

// xCoordinate returns the x coordinate of the point p, in any form but
// fill: the r of an ECDSA signature (EcdsaP256Signature's rSig: x-only,
// or a compressed or uncompressed point).
func (p curvePoint) xCoordinate(size int) (*big.Int, error) {
	switch p.form {
	case EccP256CurvePointChoice_XOnly, EccP256CurvePointChoice_CompressedY0, EccP256CurvePointChoice_CompressedY1, EccP256CurvePointChoice_UncompressedP256:
		if len(p.x) != size {
			return nil, fmt.Errorf("ieee1609dot2: rSig of %d octets, want %d", len(p.x), size)
		}
		return new(big.Int).SetBytes(p.x), nil
	}
	return nil, fmt.Errorf("ieee1609dot2: rSig %v has no x coordinate", p.form)
}
