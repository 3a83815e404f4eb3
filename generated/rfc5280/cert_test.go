package rfc5280_test

import (
	"bytes"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/asn1"
	"errors"
	"fmt"
	"net"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/generated/rfc5280"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// knownCertFailures lists the certificates that crypto/x509 accepts but
// that do not decode even with rfc5280.X509Options(): name -> a substring
// of the error. Each has a one-line reason. The test fails on a failure
// not listed here, and on a listed certificate that decodes.
//
// None is a decoder bug: each breaks X.690/X.680 or the schema in a part
// crypto/x509 does not read, or reads leniently.
var knownCertFailures = map[string]string{
	// None: with X509Options (der.TolerateX509) every certificate
	// crypto/x509 accepts decodes. What needed which tolerance is logged:
	// malformed extension values and algorithm parameters kept raw
	// (TolerateOpenTypeErrors), UTCTime without seconds or with an offset
	// (TolerateTimeForms), '&' in PrintableString (ToleratePrintableString),
	// malformed octets after the extensions (TolerateUnreadAdditions).
}

func unmarshalCert(c *rfc5280.Certificate) func([]byte, *der.Options) error {
	return func(b []byte, o *der.Options) error { return der.Unmarshal(b, c, o) }
}

// certLike reports whether a blob is meant to be a certificate (by PEM
// type, FILES.tsv's guess or folder), for the crypto/x509-rejects part.
func certLike(b blob) bool {
	switch {
	case b.PEMType != "":
		return strings.Contains(b.PEMType, "CERTIFICATE") && !strings.Contains(b.PEMType, "REQUEST")
	case strings.Contains(b.Guess, "Certificate"):
		return true
	}
	return strings.Contains(b.Name, "invalid-x509/")
}

// TestCorpusCertificates decodes every certificate of the corpus and of
// /etc/ssl/certs that crypto/x509 accepts, strictly and then with
// X509Options, compares it with crypto/x509 field by field and checks that
// it re-encodes to its input. The certificates crypto/x509 rejects must
// decode or fail with a located *der.Error; no blob of the corpus may
// make the decoder panic.
func TestCorpusCertificates(t *testing.T) {
	blobs := dedupe(append(corpusBlobs(t), systemCertBlobs(t)...))
	var strictOK, tolerantOK, listed, rejectedOK, rejectedErr, others, mldsa int
	seenListed := map[string]bool{}
	for _, b := range blobs {
		var c rfc5280.Certificate
		xc, xerr := x509.ParseCertificate(b.Data)
		err, panicked := decode(unmarshalCert(&c), b.Data, nil)
		if panicked {
			t.Errorf("%s: strict decode: %v", b.Name, err)
			continue
		}
		strict := err == nil
		if !strict {
			if !located(err) {
				t.Errorf("%s: strict decode: error without offset: %v", b.Name, err)
			}
			var terr error
			terr, panicked = decode(unmarshalCert(&c), b.Data, rfc5280.X509Options())
			if panicked {
				t.Errorf("%s: tolerant decode: %v", b.Name, terr)
				continue
			}
			if terr != nil {
				if !located(terr) {
					t.Errorf("%s: tolerant decode: error without offset: %v", b.Name, terr)
				}
				switch {
				case xerr == nil:
					if want, ok := knownCertFailures[b.Name]; ok && strings.Contains(terr.Error(), want) {
						listed++
						seenListed[b.Name] = true
					} else {
						t.Errorf("%s: crypto/x509 accepts it, rfc5280 does not: %v", b.Name, terr)
					}
				case certLike(b):
					rejectedErr++
				default:
					others++
				}
				continue
			}
		}
		if xerr != nil {
			if certLike(b) {
				rejectedOK++
				t.Logf("%s: decodes (strict %v), crypto/x509 rejects it: %v", b.Name, strict, xerr)
			} else {
				others++
			}
			continue
		}
		if strict {
			strictOK++
		} else {
			tolerantOK++
			t.Logf("%s: tolerant only: %v", b.Name, err)
		}
		if isMLDSA(c.ToBeSigned.SubjectPublicKeyInfo.Algorithm.Algorithm) {
			mldsa++
		}
		compareCertificate(t, b.Name, b.Data, &c, xc, strict)
	}
	for name := range knownCertFailures {
		if !seenListed[name] {
			t.Errorf("%s: listed in knownCertFailures but did not fail as listed", name)
		}
	}
	t.Logf("certificates crypto/x509 accepts: %d strict DER, %d only with X509Options, %d listed failures (%d ML-DSA)", strictOK, tolerantOK, listed, mldsa)
	t.Logf("certificates crypto/x509 rejects: %d decode, %d give a located error; %d other blobs fail cleanly", rejectedOK, rejectedErr, others)
	if mldsa == 0 && strictOK > 0 {
		t.Errorf("no ML-DSA certificate decoded")
	}
}

// TestMLDSACertificates decodes the LAMPS ML-DSA example certificates
// strictly, with the algorithm identifiers of the ML-DSA module.
func TestMLDSACertificates(t *testing.T) {
	var n int
	for _, b := range corpusBlobs(t) {
		if !strings.HasPrefix(b.Name, "lamps-wg-dilithium-certificates/") || !strings.HasSuffix(b.Name, ".crt") && !strings.Contains(b.Name, ".crt#") {
			continue
		}
		var c rfc5280.Certificate
		if err := c.UnmarshalDER(b.Data); err != nil {
			t.Errorf("%s: %v", b.Name, err)
			continue
		}
		alg := c.ToBeSigned.SubjectPublicKeyInfo.Algorithm
		if !isMLDSA(alg.Algorithm) || alg.HasParameters {
			t.Errorf("%s: public key algorithm %v (parameters %v), want an ML-DSA OID without parameters", b.Name, alg.Algorithm, alg.HasParameters)
		}
		if !isMLDSA(c.AlgorithmIdentifier.Algorithm) || !c.AlgorithmIdentifier.Algorithm.Equal(c.ToBeSigned.Signature.Algorithm) {
			t.Errorf("%s: signature algorithms %v, %v", b.Name, c.AlgorithmIdentifier.Algorithm, c.ToBeSigned.Signature.Algorithm)
		}
		n++
	}
	if n == 0 {
		t.Fatal("no ML-DSA certificate in the corpus")
	}
	t.Logf("%d ML-DSA certificates", n)
}

func isMLDSA(o der.OID) bool {
	return o.Equal(rfc5280.IDMlDSA44) || o.Equal(rfc5280.IDMlDSA65) || o.Equal(rfc5280.IDMlDSA87)
}

// timeOf returns the instant a Time holds.
func timeOf(v rfc5280.Time) time.Time {
	return v.Value.Time()
}

// signed is what encoding/asn1 reads of a certificate or CRL, independently
// of crypto/x509's own parser: the signature algorithm and value.
type signed struct {
	TBS asn1.RawValue
	Alg pkix.AlgorithmIdentifier
	Sig asn1.BitString
}

type spki struct {
	Alg pkix.AlgorithmIdentifier
	Key asn1.BitString
}

// compareAlg compares an algorithm identifier read by encoding/asn1 with
// the decoded OID and parameters.
func compareAlg(t *testing.T, name, what string, want pkix.AlgorithmIdentifier, oid der.OID, has bool, raw []byte) {
	t.Helper()
	if oid.String() != want.Algorithm.String() {
		t.Errorf("%s: %s: algorithm %v, crypto/x509 %v", name, what, oid, want.Algorithm)
	}
	wantRaw := want.Parameters.FullBytes
	if has != (len(wantRaw) > 0) || !bytes.Equal(raw, wantRaw) {
		t.Errorf("%s: %s: parameters %x (present %v), encoding/asn1 %x", name, what, raw, has, wantRaw)
	}
}

func compareBits(t *testing.T, name, what string, got der.BitString, want asn1.BitString) {
	t.Helper()
	if got.BitLength != want.BitLength || !bytes.Equal(got.Bytes, want.Bytes) {
		t.Errorf("%s: %s: %d bits %x, crypto/x509 %d bits %x", name, what, got.BitLength, got.Bytes, want.BitLength, want.Bytes)
	}
}

// compareName compares a decoded Name with the raw encoding crypto/x509
// kept: byte for byte after a strict decode; as decoded values otherwise
// (the tolerant decode accepts unsorted SET OF, which re-encoding sorts).
func compareName(t *testing.T, name, what string, n *rfc5280.Name, raw []byte, strict bool) {
	t.Helper()
	enc, err := der.Append(nil, n, rfc5280.X509Options())
	if err == nil && bytes.Equal(enc, raw) {
		return
	}
	if strict {
		t.Errorf("%s: %s: encodes to %x (%v), crypto/x509 raw %x", name, what, enc, err, raw)
		return
	}
	var w rfc5280.Name
	if err := der.Unmarshal(raw, &w, rfc5280.X509Options()); err != nil {
		t.Errorf("%s: %s: raw name does not decode alone: %v", name, what, err)
	} else if d := cmp.Diff(&w, n); d != "" {
		t.Errorf("%s: %s differs from crypto/x509's raw name (-raw +decoded):\n%s", name, what, d)
	}
}

func compareCertificate(t *testing.T, name string, wire []byte, c *rfc5280.Certificate, xc *x509.Certificate, strict bool) {
	tbs := &c.ToBeSigned
	if !bytes.Equal(c.ToBeSignedRaw, xc.RawTBSCertificate) || !bytes.Equal(tbs.Raw, xc.RawTBSCertificate) {
		t.Errorf("%s: ToBeSignedRaw/Raw differ from RawTBSCertificate", name)
	}
	if int(tbs.Version)+1 != xc.Version {
		t.Errorf("%s: version %d, crypto/x509 %d", name, tbs.Version, xc.Version)
	}
	if got := der.Integer(tbs.SerialNumber).Big(); got.Cmp(xc.SerialNumber) != 0 {
		t.Errorf("%s: serial %v, crypto/x509 %v", name, got, xc.SerialNumber)
	}
	compareName(t, name, "issuer", &tbs.Issuer, xc.RawIssuer, strict)
	compareName(t, name, "subject", &tbs.Subject, xc.RawSubject, strict)
	if nb, na := timeOf(tbs.Validity.NotBefore), timeOf(tbs.Validity.NotAfter); !nb.Equal(xc.NotBefore) || !na.Equal(xc.NotAfter) {
		t.Errorf("%s: validity %v..%v, crypto/x509 %v..%v", name, nb, na, xc.NotBefore, xc.NotAfter)
	}

	// The SPKI and the signature, against encoding/asn1's reading.
	var sp spki
	if rest, err := asn1.Unmarshal(xc.RawSubjectPublicKeyInfo, &sp); err != nil || len(rest) > 0 {
		t.Errorf("%s: encoding/asn1 cannot read the SPKI: %v", name, err)
	} else {
		alg := &tbs.SubjectPublicKeyInfo.Algorithm
		compareAlg(t, name, "SPKI", sp.Alg, alg.Algorithm, alg.HasParameters, alg.Parameters.Raw)
		compareBits(t, name, "SPKI key", tbs.SubjectPublicKeyInfo.SubjectPublicKey, sp.Key)
	}
	var sg signed
	if rest, err := asn1.Unmarshal(xc.Raw, &sg); err != nil || len(rest) > 0 {
		t.Errorf("%s: encoding/asn1 cannot read the certificate: %v", name, err)
	} else {
		alg := &c.AlgorithmIdentifier
		compareAlg(t, name, "signature algorithm", sg.Alg, alg.Algorithm, alg.HasParameters, alg.Parameters.Raw)
		compareBits(t, name, "signature", c.Signature, sg.Sig)
		if !bytes.Equal(c.Signature.RightAlign(), xc.Signature) {
			t.Errorf("%s: signature differs from crypto/x509's", name)
		}
	}

	compareCertExtensions(t, name, tbs, xc)

	// Encodings: MarshalDER reproduces a strict DER input; Encoding (and
	// so X509) reproduces every input crypto/x509 accepts.
	if strict {
		if enc, err := c.MarshalDER(); err != nil {
			t.Errorf("%s: MarshalDER: %v", name, err)
		} else if !bytes.Equal(enc, wire) {
			t.Errorf("%s: MarshalDER does not reproduce the input (%d octets, input %d)", name, len(enc), len(wire))
		}
	} else {
		reencodeTolerant(t, name, wire, c, new(rfc5280.Certificate).UnmarshalDER)
	}
	if enc, err := c.Encoding(); err != nil {
		t.Errorf("%s: Encoding: %v", name, err)
	} else if !bytes.Equal(enc, wire) {
		t.Errorf("%s: Encoding does not reproduce the input", name)
	}
}

// reencodeTolerant checks the encoding of a value decoded with
// X509Options. Decoding keeps what it tolerated (an encoded DEFAULT, the
// padding of named bits), so encoding with the same options (which skip
// the SIZE and alphabet checks the decode skipped) reproduces the input
// too, except that it sorts an unsorted SET OF. Without the options,
// encoding may refuse a value that breaks a constraint, with a
// *der.Error of KindConstraint.
func reencodeTolerant(t *testing.T, name string, wire []byte, v der.Value, unmarshalDER func([]byte) error) (same bool) {
	t.Helper()
	enc, err := der.Marshal(v, rfc5280.X509Options())
	switch {
	case err != nil:
		t.Errorf("%s: der.Marshal(X509Options) of a tolerant decode: %v", name, err)
	case !bytes.Equal(enc, wire):
		// Only a repair may change it (sorting, a time in its DER form),
		// and the result is then DER (when the input broke no other rule).
		if err := unmarshalDER(enc); err != nil && !errors.Is(err, der.ErrNonCanonical) {
			t.Errorf("%s: the re-encoding of a tolerant decode differs from the input (%d octets, input %d): %v", name, len(enc), len(wire), err)
		} else {
			t.Logf("%s: the re-encoding of a tolerant decode differs from the input (repaired to DER)", name)
		}
	default:
		same = true
	}
	if _, err := der.Marshal(v, nil); err != nil && !errors.Is(err, der.ErrConstraint) && !errors.Is(err, der.ErrInvalidValue) {
		t.Errorf("%s: MarshalDER of a tolerant decode: %v", name, err)
	}
	return same
}

// extKeyUsageOIDs is crypto/x509's table of the extended key usages it names.
var extKeyUsageOIDs = map[string]x509.ExtKeyUsage{
	"2.5.29.37.0":            x509.ExtKeyUsageAny,
	"1.3.6.1.5.5.7.3.1":      x509.ExtKeyUsageServerAuth,
	"1.3.6.1.5.5.7.3.2":      x509.ExtKeyUsageClientAuth,
	"1.3.6.1.5.5.7.3.3":      x509.ExtKeyUsageCodeSigning,
	"1.3.6.1.5.5.7.3.4":      x509.ExtKeyUsageEmailProtection,
	"1.3.6.1.5.5.7.3.5":      x509.ExtKeyUsageIPSECEndSystem,
	"1.3.6.1.5.5.7.3.6":      x509.ExtKeyUsageIPSECTunnel,
	"1.3.6.1.5.5.7.3.7":      x509.ExtKeyUsageIPSECUser,
	"1.3.6.1.5.5.7.3.8":      x509.ExtKeyUsageTimeStamping,
	"1.3.6.1.5.5.7.3.9":      x509.ExtKeyUsageOCSPSigning,
	"1.3.6.1.4.1.311.10.3.3": x509.ExtKeyUsageMicrosoftServerGatedCrypto,
	"2.16.840.1.113730.4.1":  x509.ExtKeyUsageNetscapeServerGatedCrypto,
	"1.3.6.1.4.1.311.2.1.22": x509.ExtKeyUsageMicrosoftCommercialCodeSigning,
	"1.3.6.1.4.1.311.61.1.1": x509.ExtKeyUsageMicrosoftKernelCodeSigning,
}

func diff(t *testing.T, name, what string, want, got any) {
	t.Helper()
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("%s: %s (-crypto/x509 +rfc5280):\n%s", name, what, d)
	}
}

// generalNames sorts the names crypto/x509 keeps of a SAN.
func generalNames(t *testing.T, name string, gns rfc5280.GeneralNames) (dns, email []string, ips []net.IP, uris []string) {
	for _, g := range gns {
		switch g.Choice {
		case rfc5280.GeneralName_DNSName:
			dns = append(dns, g.DNSName)
		case rfc5280.GeneralName_RFC822Name:
			email = append(email, g.RFC822Name)
		case rfc5280.GeneralName_IPAddress:
			ips = append(ips, net.IP(g.IPAddress))
		case rfc5280.GeneralName_UniformResourceIdentifier:
			u, err := url.Parse(g.UniformResourceIdentifier)
			if err != nil {
				t.Errorf("%s: SAN URI %q: %v", name, g.UniformResourceIdentifier, err)
				continue
			}
			uris = append(uris, u.String())
		}
	}
	return
}

func compareCertExtensions(t *testing.T, name string, tbs *rfc5280.TBSCertificate, xc *x509.Certificate) {
	exts := tbs.Extensions
	if len(exts) != len(xc.Extensions) {
		t.Errorf("%s: %d extensions, crypto/x509 %d", name, len(exts), len(xc.Extensions))
		return
	}
	// A tolerant decode (der.TolerateOpenTypeErrors) keeps a known
	// extension whose value is malformed (a trailing octet crypto/x509
	// does not check) untyped: only OIDs, criticality and bytes compare.
	typed := true
	for i := range exts {
		if exts[i].ExtnValue.Kind == 0 && knownCertExtension(exts[i].ExtnID) {
			typed = false
			t.Logf("%s: extension %v kept as received (its value does not decode)", name, exts[i].ExtnID)
		}
	}
	var sawBC bool
	var aki, ski []byte
	var crldp, ocsp, caIssuers []string
	var policies []string
	for i := range exts {
		e, xe := &exts[i], xc.Extensions[i]
		if e.ExtnID.String() != xe.Id.String() || e.Critical != xe.Critical || !bytes.Equal(e.ExtnValue.Raw, xe.Value) {
			t.Errorf("%s: extension %d: %v critical %v %x, crypto/x509 %v %v %x", name, i, e.ExtnID, e.Critical, e.ExtnValue.Raw, xe.Id, xe.Critical, xe.Value)
			continue
		}
		v := &e.ExtnValue
		switch v.Kind {
		case rfc5280.ExtSubjectAltName:
			dns, email, ips, uris := generalNames(t, name, *v.GeneralNames)
			var xuris []string
			for _, u := range xc.URIs {
				xuris = append(xuris, u.String())
			}
			diff(t, name, "SAN dNSName", xc.DNSNames, dns)
			diff(t, name, "SAN rfc822Name", xc.EmailAddresses, email)
			diff(t, name, "SAN iPAddress", fmt.Sprint(xc.IPAddresses), fmt.Sprint(ips))
			diff(t, name, "SAN URI", xuris, uris)
		case rfc5280.ExtKeyUsage:
			var ku x509.KeyUsage
			for bit := 0; bit < 9; bit++ {
				if v.KeyUsage.Has(bit) {
					ku |= 1 << bit
				}
			}
			diff(t, name, "key usage", xc.KeyUsage, ku)
		case rfc5280.ExtExtKeyUsage:
			var known []x509.ExtKeyUsage
			var unknown []string
			for _, o := range *v.ExtKeyUsage {
				if k, ok := extKeyUsageOIDs[der.OID(o).String()]; ok {
					known = append(known, k)
				} else {
					unknown = append(unknown, der.OID(o).String())
				}
			}
			var xunknown []string
			for _, o := range xc.UnknownExtKeyUsage {
				xunknown = append(xunknown, o.String())
			}
			diff(t, name, "extended key usage", xc.ExtKeyUsage, known)
			diff(t, name, "unknown extended key usage", xunknown, unknown)
		case rfc5280.ExtBasicConstraints:
			sawBC = true
			bc := v.BasicConstraints
			mpl := -1
			if bc.HasPathLenConstraint {
				n, ok := bc.PathLenConstraint.Int64()
				if !ok {
					t.Errorf("%s: pathLenConstraint %v does not fit", name, bc.PathLenConstraint)
				}
				mpl = int(n)
			}
			diff(t, name, "basic constraints", [3]any{true, xc.IsCA, xc.MaxPathLen}, [3]any{true, bc.CA, mpl})
		case rfc5280.ExtAuthorityKeyIdentifier:
			if v.AuthorityKeyIdentifier.HasKeyIdentifier {
				aki = v.AuthorityKeyIdentifier.KeyIdentifier
			}
		case rfc5280.ExtSubjectKeyIdentifier:
			ski = *v.SubjectKeyIdentifier
		case rfc5280.ExtCRLDistributionPoints:
			// crypto/x509 keeps the leading URIs of each fullName.
			for _, dp := range *v.CRLDistributionPoints {
				if !dp.HasDistributionPoint || dp.DistributionPoint.Choice != rfc5280.DistributionPointName_FullName {
					continue
				}
				for _, g := range dp.DistributionPoint.FullName {
					if g.Choice != rfc5280.GeneralName_UniformResourceIdentifier {
						break
					}
					crldp = append(crldp, g.UniformResourceIdentifier)
				}
			}
		case rfc5280.ExtAuthorityInfoAccess:
			for _, ad := range *v.AuthorityInfoAccess {
				if ad.AccessLocation.Choice != rfc5280.GeneralName_UniformResourceIdentifier {
					continue
				}
				switch {
				case ad.AccessMethod.Equal(rfc5280.IDAdOCSP):
					ocsp = append(ocsp, ad.AccessLocation.UniformResourceIdentifier)
				case ad.AccessMethod.Equal(rfc5280.IDAdCaIssuers):
					caIssuers = append(caIssuers, ad.AccessLocation.UniformResourceIdentifier)
				}
			}
		case rfc5280.ExtCertificatePolicies:
			for _, p := range *v.CertificatePolicies {
				policies = append(policies, der.OID(p.PolicyIdentifier).String())
			}
		case rfc5280.ExtNameConstraints:
			compareNameConstraints(t, name, v.NameConstraints, e.Critical, xc)
		case 0:
			if known := knownCertExtension(e.ExtnID); known && typed {
				t.Errorf("%s: extension %v left untyped", name, e.ExtnID)
			}
		}
	}
	if !typed {
		return
	}
	if sawBC != xc.BasicConstraintsValid {
		t.Errorf("%s: basic constraints present %v, crypto/x509 %v", name, sawBC, xc.BasicConstraintsValid)
	}
	diff(t, name, "authority key identifier", xc.AuthorityKeyId, []byte(aki))
	diff(t, name, "subject key identifier", xc.SubjectKeyId, []byte(ski))
	diff(t, name, "CRL distribution points", xc.CRLDistributionPoints, crldp)
	diff(t, name, "AIA OCSP", xc.OCSPServer, ocsp)
	diff(t, name, "AIA caIssuers", xc.IssuingCertificateURL, caIssuers)
	var xpolicies []string
	for _, p := range xc.Policies {
		xpolicies = append(xpolicies, p.String())
	}
	diff(t, name, "certificate policies", xpolicies, policies)
}

// knownCertExtension reports whether the CertExtensions table lists an OID
// (so that its value must be typed).
func knownCertExtension(o der.OID) bool {
	return slices.ContainsFunc([]der.OID{
		rfc5280.IDCeAuthorityKeyIdentifier, rfc5280.IDCeSubjectKeyIdentifier, rfc5280.IDCeKeyUsage,
		rfc5280.IDCeCertificatePolicies, rfc5280.IDCeSubjectAltName, rfc5280.IDCeBasicConstraints,
		rfc5280.IDCeNameConstraints, rfc5280.IDCeExtKeyUsage, rfc5280.IDCeCRLDistributionPoints,
		rfc5280.IDPeAuthorityInfoAccess,
	}, o.Equal)
}

func compareNameConstraints(t *testing.T, name string, nc *rfc5280.NameConstraints, critical bool, xc *x509.Certificate) {
	values := func(subtrees rfc5280.GeneralSubtrees) (dns, emails, uris []string, ips []string) {
		for _, st := range subtrees {
			switch g := st.Base; g.Choice {
			case rfc5280.GeneralName_DNSName:
				dns = append(dns, g.DNSName)
			case rfc5280.GeneralName_RFC822Name:
				emails = append(emails, g.RFC822Name)
			case rfc5280.GeneralName_UniformResourceIdentifier:
				uris = append(uris, g.UniformResourceIdentifier)
			case rfc5280.GeneralName_IPAddress:
				n := len(g.IPAddress) / 2
				ips = append(ips, (&net.IPNet{IP: net.IP(g.IPAddress[:n]), Mask: net.IPMask(g.IPAddress[n:])}).String())
			}
		}
		return
	}
	ipStrings := func(nets []*net.IPNet) []string {
		var s []string
		for _, n := range nets {
			s = append(s, n.String())
		}
		return s
	}
	pd, pe, pu, pi := values(nc.PermittedSubtrees)
	ed, ee, eu, ei := values(nc.ExcludedSubtrees)
	diff(t, name, "name constraints",
		[][]string{xc.PermittedDNSDomains, xc.PermittedEmailAddresses, xc.PermittedURIDomains, ipStrings(xc.PermittedIPRanges),
			xc.ExcludedDNSDomains, xc.ExcludedEmailAddresses, xc.ExcludedURIDomains, ipStrings(xc.ExcludedIPRanges)},
		[][]string{pd, pe, pu, pi, ed, ee, eu, ei})
	if critical != xc.PermittedDNSDomainsCritical {
		t.Errorf("%s: name constraints critical %v, crypto/x509 %v", name, critical, xc.PermittedDNSDomainsCritical)
	}
}
