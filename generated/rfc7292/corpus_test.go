package rfc7292_test

import (
	"bytes"
	"crypto/x509"
	"encoding/base64"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/generated/rfc5652"
	"github.com/asn1gen/asn1gen/generated/rfc7292"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// pfxFile is one PKCS #12 file of the corpus.
type pfxFile struct {
	name      string // path under der/
	container string // DER, BER or base64 (FILES.tsv)
	data      []byte // the encoding (base64 decoded)
}

// corpusPFX returns the files of $ASN1GEN_CORPUS/der that FILES.tsv
// guesses are PKCS #12 PFX, or skips the test.
func corpusPFX(t testing.TB) []pfxFile {
	t.Helper()
	root := os.Getenv("ASN1GEN_CORPUS")
	if root == "" {
		t.Skip("ASN1GEN_CORPUS is not set (e.g. /work/shared/corpus)")
	}
	dir := filepath.Join(root, "der")
	tsv, err := os.ReadFile(filepath.Join(dir, "FILES.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	var out []pfxFile
	for _, line := range strings.Split(string(tsv), "\n") {
		f := strings.Split(line, "\t")
		if len(f) < 3 || f[2] != "PKCS12-PFX" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f[0])))
		if err != nil {
			t.Fatal(err)
		}
		if f[1] == "base64" {
			data, err = base64.StdEncoding.DecodeString(strings.Join(strings.Fields(string(data)), ""))
			if err != nil {
				t.Fatalf("%s: %v", f[0], err)
			}
		}
		out = append(out, pfxFile{name: f[0], container: f[1], data: data})
	}
	if len(out) == 0 {
		t.Fatal("FILES.tsv lists no PKCS12-PFX file")
	}
	return out
}

// pfxFailures lists the corpus files that do not decode, or whose parts
// do not, with the reason: the first error of each must contain it, so
// that a new failure, or a file that now passes, makes the test fail.
var pfxFailures = map[string]string{
	// Truncated on purpose (BoringSSL's and OpenSSL's tests of malformed
	// input): a located error is what they test.
	"boringssl/crypto/pkcs8/test/bad1.p12":              "PFX.authSafe.content at offset 18: [0] EXPLICIT: input ends",
	"boringssl/crypto/pkcs8/test/bad2.p12":              "AuthenticatedSafe[0].content at offset 15: [0] EXPLICIT: input ends",
	"boringssl/crypto/pkcs8/test/bad3.p12":              "AuthenticatedSafe[0].content at offset 15: [0] EXPLICIT: input ends",
	"openssl/test/recipes/80-test_pkcs12_data/bad1.p12": "PFX.authSafe.content at offset 18: [0] EXPLICIT: input ends",
	"openssl/test/recipes/80-test_pkcs12_data/bad2.p12": "AuthenticatedSafe[0].content at offset 15: [0] EXPLICIT: input ends",
	"openssl/test/recipes/80-test_pkcs12_data/bad3.p12": "AuthenticatedSafe[0].content at offset 15: [0] EXPLICIT: input ends",
}

// pfxCounts are what the corpus test saw.
type pfxCounts struct {
	files, der, ber, deep, reencoded, berToDER int
	authSafes, data, encrypted, enveloped      int
	signed, safeContents, bags, certs, crls    int
	keys, shrouded, secrets, nested, attrs     int
	listed, extracted, pbes2, otherEnc, macs   int
	macRaw, tolerated, refused                 int
	encryptedFile                              bool     // the last file has encrypted parts
	notDER                                     []string // why a file is not strict DER
}

// deepNesting allows BoringSSL's empty_password_ber_nested.p12, whose
// constructed OCTET STRINGs nest deeper than der.DefaultMaxDepth.
const deepNesting = 256

// TestCorpusPFX decodes every PKCS #12 file of the corpus as a PFX (DER,
// else BER), re-encodes it (a DER file byte for byte; a BER file to DER
// that decodes strictly to the same encoding), decodes its
// AuthenticatedSafe and, for the parts of type data, their SafeContents,
// every SafeBag (nested SafeContents too) and every certificate, which
// crypto/x509 must parse. Certificates must return the same certificates,
// or ErrEncrypted for a file with encrypted parts.
func TestCorpusPFX(t *testing.T) {
	var n pfxCounts
	seen := map[string]bool{}
	for _, f := range corpusPFX(t) {
		n.files++
		seen[f.name] = true
		certs, err := checkPFX(f, &n)
		want, listed := pfxFailures[f.name]
		switch {
		case err != nil && !listed:
			t.Errorf("%s: %v", f.name, err)
			continue
		case err != nil && !strings.Contains(err.Error(), want):
			t.Errorf("%s: %v; listed as failing with %q", f.name, err, want)
			continue
		case err != nil:
			n.listed++
			continue
		case listed:
			t.Errorf("%s: decodes, but pfxFailures lists it (%q): remove it", f.name, want)
		}
		got, err := rfc7292.Certificates(f.data)
		if err != nil && strings.Contains(err.Error(), "Options.MaxDepth") {
			continue // empty_password_ber_nested.p12: Certificates keeps the default limits
		}
		if n.encryptedFile {
			if !errors.Is(err, rfc7292.ErrEncrypted) {
				t.Errorf("%s has encrypted parts: Certificates = %d, %v; want ErrEncrypted", f.name, len(got), err)
			}
			n.refused++
			continue
		}
		if err != nil {
			t.Errorf("%s: Certificates: %v", f.name, err)
			continue
		}
		if len(got) != len(certs) {
			t.Errorf("%s: Certificates gives %d certificates, the walk %d", f.name, len(got), len(certs))
			continue
		}
		for i := range got {
			if !bytes.Equal(got[i], certs[i]) {
				t.Errorf("%s: Certificates()[%d] differs from the walk's", f.name, i)
			}
		}
		n.extracted += len(got)
		if testing.Verbose() && len(got) > 0 {
			t.Logf("%s: %d certificates (%d octets)", f.name, len(got), len(f.data))
		}
	}
	for name := range pfxFailures {
		if !seen[name] {
			t.Errorf("pfxFailures lists %s, which is not in the corpus", name)
		}
	}
	t.Logf("PKCS #12 corpus: %d files; PFX decoded: %d DER, %d BER (%d of them nested deeper than the default limit); %d DER re-encoded byte for byte (and %d DER but for an encoded DEFAULT), %d BER re-encoded to DER that decodes as DER (an encoded DEFAULT tolerated); %d listed failures; %d MACs, %d of an algorithm PKCS-1 does not list (parameters kept)",
		n.files, n.der, n.ber, n.deep, n.reencoded, n.tolerated, n.berToDER, n.listed, n.macs, n.macRaw)
	t.Logf("not strict DER (decoded in BER mode):\n\t%s", strings.Join(n.notDER, "\n\t"))
	t.Logf("AuthenticatedSafe: %d decoded; parts: %d data, %d encryptedData, %d envelopedData (%d files signed); encryption (encryptedData, pkcs8ShroudedKeyBag): %d PBES2 with PBKDF2 (PBES2-params decoded), %d other (PKCS #12 PBE)",
		n.authSafes, n.data, n.encrypted, n.enveloped, n.signed, n.pbes2, n.otherEnc)
	t.Logf("unencrypted parts: %d SafeContents, %d SafeBags (%d keyBag, %d pkcs8ShroudedKeyBag, %d certBag, %d crlBag, %d secretBag, %d safeContentsBag), %d bag attributes; %d certificates parsed by crypto/x509, %d extracted by Certificates (which refused %d files with encrypted parts)",
		n.safeContents, n.bags, n.keys, n.shrouded, n.certs, n.crls, n.secrets, n.nested, n.attrs, n.certs, n.extracted, n.refused)
}

// unmarshal decodes b into v, DER first, then BER; strict tells which.
// dataOptions reads the octets of data parts: BER, nested as deep as the
// corpus's deepest files.
var dataOptions = &der.Options{BER: true, MaxDepth: deepNesting}

func unmarshal[T any, P interface {
	*T
	der.Value
}](v P, b []byte) (strict bool, err error) {
	if err := der.Unmarshal(b, v, nil); err == nil {
		return true, nil
	}
	err = der.Unmarshal(b, v, &der.Options{BER: true})
	if err != nil && strings.Contains(err.Error(), "Options.MaxDepth") {
		err = der.Unmarshal(b, v, &der.Options{BER: true, MaxDepth: deepNesting})
	}
	return false, err
}

// checkPFX runs the checks of TestCorpusPFX on one file and returns the
// certificates of its unencrypted bags, in order.
func checkPFX(f pfxFile, n *pfxCounts) ([][]byte, error) {
	n.encryptedFile = false
	authSafe, err := checkPFXEncoding(f, n)
	if err != nil {
		return nil, err
	}
	return checkAuthSafe(authSafe, n)
}

// checkPFXEncoding decodes f as a PFX and checks its re-encoding.
func checkPFXEncoding(f pfxFile, n *pfxCounts) (*rfc5652.ContentInfo, error) {
	var pfx rfc7292.PFX
	enc, err := unmarshal(&pfx, f.data)
	if err != nil {
		return nil, fmt.Errorf("PFX: %v", err)
	}
	out, err := pfx.MarshalDER()
	if err != nil {
		return nil, fmt.Errorf("PFX: MarshalDER: %v", err)
	}
	if enc {
		n.der++
		if !bytes.Equal(out, f.data) {
			return nil, fmt.Errorf("PFX: DER re-encoding differs from the file")
		}
		n.reencoded++
	} else {
		n.ber++
		n.notDER = append(n.notDER, fmt.Sprintf("%s: %v", f.name, pfx.UnmarshalDER(f.data)))
		// DER but for an encoded DEFAULT (iterations 1): encoding with
		// the same tolerance writes back what was encoded, byte for byte
		// (MarshalDER writes DER, without it).
		tolerate := &der.Options{Tolerate: der.TolerateExplicitDefault}
		if der.Unmarshal(f.data, &pfx, tolerate) == nil {
			if out, err := der.Append(nil, &pfx, tolerate); err != nil || !bytes.Equal(out, f.data) {
				return nil, fmt.Errorf("PFX: DER with an encoded DEFAULT: re-encoding differs from the file (%v)", err)
			}
			n.tolerated++
		}
		if _, err := unmarshal(&pfx, f.data); err != nil {
			return nil, fmt.Errorf("PFX: %v", err)
		}
		var plain rfc7292.PFX
		if der.Unmarshal(f.data, &plain, &der.Options{BER: true}) != nil {
			n.deep++ // decoded with MaxDepth deepNesting
		}
		// MarshalDER writes back a DEFAULT component that was encoded
		// (HasIterations: macOS writes iterations 1), which DER omits.
		var again rfc7292.PFX
		if err := der.Unmarshal(out, &again, &der.Options{Tolerate: der.TolerateExplicitDefault}); err != nil {
			return nil, fmt.Errorf("PFX: the DER re-encoding of the BER file does not decode strictly: %v", err)
		}
		out2, err := again.MarshalDER()
		if err != nil || !bytes.Equal(out, out2) {
			return nil, fmt.Errorf("PFX: the DER re-encoding of the BER file does not re-encode the same (%v)", err)
		}
		n.berToDER++
	}
	if pfx.Version != rfc7292.PFX_V3 {
		return nil, fmt.Errorf("PFX: version %d", pfx.Version)
	}
	if pfx.HasMacData {
		n.macs++
		if alg := &pfx.MacData.Mac.DigestAlgorithm; alg.HasParameters && alg.Parameters.Kind == 0 {
			n.macRaw++ // PBMAC1 (RFC 9579), BLAKE2b: -extensible keeps them
			if alg.Algorithm.String() == "1.2.840.113549.1.5.14" {
				var p rfc7292.PBMAC1Params
				if _, err := unmarshal(&p, alg.Parameters.Raw); err != nil {
					return nil, fmt.Errorf("PFX: PBMAC1-params: %v", err)
				}
				if p.KeyDerivationFunc.Parameters.Kind != rfc7292.PBES2KDFs_IDPBKDF2 {
					return nil, fmt.Errorf("PFX: PBMAC1-params: key derivation function %v", p.KeyDerivationFunc.Algorithm)
				}
			}
		}
	}
	return &pfx.AuthSafe, nil
}

// checkAuthSafe decodes the AuthenticatedSafe of authSafe and the
// SafeContents of its parts of type data.
func checkAuthSafe(authSafe *rfc5652.ContentInfo, n *pfxCounts) ([][]byte, error) {
	var content []byte
	switch c := &authSafe.Content; c.Kind {
	case rfc5652.CtData:
		var err error
		if content, err = c.Data(dataOptions); err != nil {
			return nil, fmt.Errorf("authSafe: %v", err)
		}
	case rfc5652.CtSignedData:
		// Public-key integrity mode (RFC 7292 4): the AuthenticatedSafe
		// is the SignedData's content.
		n.signed++
		e := &c.SignedData.EncapContentInfo
		if e.EContent.Kind != rfc5652.CtData {
			return nil, fmt.Errorf("authSafe: SignedData content %v is not data", e.EContentType)
		}
		content = e.EContent.Raw
	default:
		return nil, fmt.Errorf("authSafe: content type %v is neither data nor signedData", authSafe.ContentType)
	}
	var as rfc7292.AuthenticatedSafe
	if _, err := unmarshal(&as, content); err != nil {
		return nil, fmt.Errorf("AuthenticatedSafe: %v", err)
	}
	n.authSafes++
	var certs [][]byte
	for i := range as {
		switch c := &as[i].Content; c.Kind {
		case rfc5652.CtData:
			n.data++
			var sc rfc7292.SafeContents
			data, err := c.Data(dataOptions)
			if err != nil {
				return nil, fmt.Errorf("AuthenticatedSafe[%d]: %v", i, err)
			}
			if _, err := unmarshal(&sc, data); err != nil {
				return nil, fmt.Errorf("AuthenticatedSafe[%d]: SafeContents: %v", i, err)
			}
			if certs, err = walkBags(sc, certs, n, fmt.Sprintf("AuthenticatedSafe[%d]", i)); err != nil {
				return nil, err
			}
		case rfc5652.CtEncryptedData:
			n.encrypted++
			n.encryptedFile = true
			alg := &c.EncryptedData.EncryptedContentInfo.ContentEncryptionAlgorithm
			if err := checkPBES2(alg.Algorithm, alg.Parameters.Raw, n); err != nil {
				return nil, fmt.Errorf("AuthenticatedSafe[%d]: encryptedData: %v", i, err)
			}
		case rfc5652.CtEnvelopedData:
			n.enveloped++
			n.encryptedFile = true
		default:
			return nil, fmt.Errorf("AuthenticatedSafe[%d]: content type %v", i, as[i].ContentType)
		}
	}
	return certs, nil
}

// checkPBES2 decodes the parameters of a PBES2 encryption algorithm
// (RFC 8018 A.4), which must name PBKDF2 and a known encryption scheme.
func checkPBES2(alg der.OID, params []byte, n *pfxCounts) error {
	if alg.String() != "1.2.840.113549.1.5.13" {
		n.otherEnc++
		return nil
	}
	var p rfc7292.PBES2Params
	if _, err := unmarshal(&p, params); err != nil {
		return fmt.Errorf("PBES2-params: %v", err)
	}
	if p.KeyDerivationFunc.Parameters.Kind != rfc7292.PBES2KDFs_IDPBKDF2 {
		return fmt.Errorf("PBES2-params: key derivation function %v", p.KeyDerivationFunc.Algorithm)
	}
	if p.EncryptionScheme.Parameters.Kind == 0 {
		return fmt.Errorf("PBES2-params: encryption scheme %v is not in SupportingAlgorithms", p.EncryptionScheme.Algorithm)
	}
	n.pbes2++
	return nil
}

// walkBags checks the bags of sc, descending into nested SafeContents,
// and appends the certificates of its CertBags to certs.
func walkBags(sc rfc7292.SafeContents, certs [][]byte, n *pfxCounts, path string) ([][]byte, error) {
	n.safeContents++
	for i := range sc {
		b := &sc[i]
		at := fmt.Sprintf("%s.SafeContents[%d]", path, i)
		n.bags++
		n.attrs += len(b.BagAttributes)
		switch v := &b.BagValue; v.Kind {
		case rfc7292.BagTypeKind_KeyBag:
			n.keys++
		case rfc7292.BagTypeKind_PKCS8ShroudedKeyBag:
			n.shrouded++
			alg := &v.PKCS8ShroudedKeyBag.EncryptionAlgorithm
			if err := checkPBES2(alg.Algorithm, alg.Parameters.Raw, n); err != nil {
				return nil, fmt.Errorf("%s: pkcs8ShroudedKeyBag: %v", at, err)
			}
		case rfc7292.BagTypeKind_CertBag:
			cv := &v.CertBag.CertValue
			if cv.Kind != rfc7292.BagTypeKind_X509Certificate {
				return nil, fmt.Errorf("%s: certificate type %v", at, v.CertBag.CertID)
			}
			// The bag holds an rfc5280.Certificate; its Encoding is the
			// certificate as the file holds it.
			enc, err := cv.X509Certificate.Encoding()
			if err != nil {
				return nil, fmt.Errorf("%s: %v", at, err)
			}
			if _, err := x509.ParseCertificate(enc); err != nil {
				return nil, fmt.Errorf("%s: crypto/x509: %v", at, err)
			}
			n.certs++
			certs = append(certs, enc)
		case rfc7292.BagTypeKind_CRLBag:
			n.crls++
		case rfc7292.BagTypeKind_SecretBag:
			n.secrets++
		case rfc7292.BagTypeKind_SafeContentsBag:
			n.nested++
			var err error
			if certs, err = walkBags(v.SafeContentsBag, certs, n, at); err != nil {
				return nil, err
			}
		default:
			return nil, fmt.Errorf("%s: bag type %v", at, b.BagID)
		}
	}
	return certs, nil
}
