package pbe_test

// The encoding side of the tests: encoding/asn1 structures for the
// EncryptedPrivateKeyInfo and PFX files the tests make with this
// package's output, for openssl to read.

import (
	"crypto/rand"
	"encoding/asn1"
	"strconv"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/internal/pbe"
)

type algorithmIdentifier struct {
	Algorithm  asn1.ObjectIdentifier
	Parameters asn1.RawValue `asn1:"optional"`
}

type encryptedPrivateKeyInfo struct {
	Algorithm algorithmIdentifier
	Data      []byte
}

type pbeParameter struct {
	Salt       []byte
	Iterations int
}

type pbkdf2Params struct {
	Salt       []byte
	Iterations int
	KeyLength  int                 `asn1:"optional"`
	PRF        algorithmIdentifier `asn1:"optional"`
}

type rc2CBCParameter struct {
	Version int
	IV      []byte
}

type pbes2Parameters struct {
	KDF, Cipher algorithmIdentifier
}

type pbmac1Parameters struct {
	KDF, MAC algorithmIdentifier
}

type contentInfo struct {
	ContentType asn1.ObjectIdentifier
	Content     asn1.RawValue // [0] EXPLICIT: see explicit0
}

type encryptedContentInfo struct {
	ContentType      asn1.ObjectIdentifier
	Algorithm        algorithmIdentifier
	EncryptedContent []byte `asn1:"tag:0,optional"`
}

type encryptedData struct {
	Version              int
	EncryptedContentInfo encryptedContentInfo
}

type safeBag struct {
	ID    asn1.ObjectIdentifier
	Value asn1.RawValue // [0] EXPLICIT: see explicit0
}

type certBag struct {
	ID    asn1.ObjectIdentifier
	Value []byte `asn1:"explicit,tag:0"`
}

type digestInfo struct {
	Algorithm algorithmIdentifier
	Digest    []byte
}

type macData struct {
	MAC        digestInfo
	Salt       []byte
	Iterations int `asn1:"optional,default:1"`
}

type pfxPDU struct {
	Version  int
	AuthSafe contentInfo
	MacData  macData `asn1:"optional"`
}

func oid(t testing.TB, s string) asn1.ObjectIdentifier {
	t.Helper()
	var o asn1.ObjectIdentifier
	for _, a := range strings.Split(s, ".") {
		n, err := strconv.Atoi(a)
		if err != nil {
			t.Fatalf("OID %q: %v", s, err)
		}
		o = append(o, n)
	}
	return o
}

func mustMarshal(t testing.TB, v any) []byte {
	t.Helper()
	b, err := asn1.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func raw(t testing.TB, v any) asn1.RawValue { return asn1.RawValue{FullBytes: mustMarshal(t, v)} }

// explicit0 is v under [0] EXPLICIT. (encoding/asn1 writes a RawValue's
// FullBytes as they are, ignoring an explicit tag on the field, so the
// tag is built here.)
func explicit0(t testing.TB, v any) asn1.RawValue {
	return asn1.RawValue{Class: asn1.ClassContextSpecific, Tag: 0, IsCompound: true, Bytes: mustMarshal(t, v)}
}

// pbes2Params encodes p as PBES2-params.
func pbes2Params(t testing.TB, p pbe.PBES2Params) pbes2Parameters {
	kdf := pbkdf2Params{Salt: p.KDF.Salt, Iterations: p.KDF.Iterations, KeyLength: p.KDF.KeyLength}
	if p.KDF.PRF != "" {
		kdf.PRF = algorithmIdentifier{Algorithm: oid(t, p.KDF.PRF), Parameters: asn1.NullRawValue}
	}
	enc := algorithmIdentifier{Algorithm: oid(t, p.Cipher.Algorithm), Parameters: raw(t, p.Cipher.IV)}
	if p.Cipher.Algorithm == pbe.OIDRC2CBC {
		enc.Parameters = raw(t, rc2CBCParameter{p.Cipher.RC2Version, p.Cipher.IV})
	}
	return pbes2Parameters{
		KDF:    algorithmIdentifier{Algorithm: oid(t, pbe.OIDPBKDF2), Parameters: raw(t, kdf)},
		Cipher: enc,
	}
}

// buildPFX makes a PFX holding m's certificates, encrypted with certAlg,
// and its key in a pkcs8ShroudedKeyBag encrypted with keyAlg, MACed with
// digest, all with pw.
func buildPFX(t testing.TB, m *material, pw pbe.Password, certAlg, certCipher, keyAlg, keyCipher, prf, digest string) []byte {
	t.Helper()
	var bags []safeBag
	for _, c := range [][]byte{m.cert, m.ca} {
		bags = append(bags, safeBag{ID: oid(t, oidCertBag), Value: explicit0(t, certBag{ID: oid(t, oidX509Cert), Value: c})})
	}
	certAlgID, certCT := encryptWith(t, certAlg, certCipher, prf, 0, pw, mustMarshal(t, bags))
	keyAlgID, keyCT := encryptWith(t, keyAlg, keyCipher, prf, 0, pw, m.key)
	keyBags := []safeBag{{ID: oid(t, oidShroudedKey), Value: explicit0(t, encryptedPrivateKeyInfo{Algorithm: keyAlgID, Data: keyCT})}}

	authSafe := mustMarshal(t, []contentInfo{
		{ContentType: oid(t, oidEncryptedData), Content: explicit0(t, encryptedData{EncryptedContentInfo: encryptedContentInfo{
			ContentType: oid(t, oidData), Algorithm: certAlgID, EncryptedContent: certCT}})},
		{ContentType: oid(t, oidData), Content: explicit0(t, mustMarshal(t, keyBags))},
	})
	var mp pbe.MACParams
	var err error
	macAlg := algorithmIdentifier{Algorithm: oid(t, digest), Parameters: asn1.NullRawValue}
	if digest == pbe.OIDPBMAC1 {
		if mp, err = pbe.NewPBMAC1Params(rand.Reader, prf, pbe.OIDHMACWithSHA256, 2048); err != nil {
			t.Fatal(err)
		}
		kdf := mp.PBMAC1.KDF
		macAlg.Parameters = raw(t, pbmac1Parameters{
			KDF: algorithmIdentifier{Algorithm: oid(t, pbe.OIDPBKDF2), Parameters: raw(t, pbkdf2Params{
				Salt: kdf.Salt, Iterations: kdf.Iterations, KeyLength: kdf.KeyLength,
				PRF: algorithmIdentifier{Algorithm: oid(t, kdf.PRF), Parameters: asn1.NullRawValue},
			})},
			MAC: algorithmIdentifier{Algorithm: oid(t, mp.PBMAC1.MessageAuthScheme), Parameters: asn1.NullRawValue},
		})
	} else if mp, err = pbe.NewMACParams(rand.Reader, digest, 2048); err != nil {
		t.Fatal(err)
	}
	mac, err := pbe.Options{}.MAC(mp, pw, authSafe)
	if err != nil {
		t.Fatal(err)
	}
	return mustMarshal(t, pfxPDU{
		Version:  3,
		AuthSafe: contentInfo{ContentType: oid(t, oidData), Content: explicit0(t, authSafe)},
		MacData:  macData{MAC: digestInfo{Algorithm: macAlg, Digest: mac}, Salt: mp.Salt, Iterations: mp.Iterations},
	})
}
