package rfc5280_test

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/asn1"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/asn1gen/asn1gen/generated/rfc5280"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// knownCRLFailures lists the CRLs that crypto/x509 accepts but that do not
// decode even with rfc5280.X509Options(): name -> a substring of the
// error, with a one-line reason each.
var knownCRLFailures = map[string]string{
	// None: the issuingDistributionPoint of BoringSSL's
	// invalid_idp_dpname_choice_extra_data.pem (15 octets after the
	// fullName, which crypto/x509 does not read) is kept raw with
	// X509Options (der.TolerateOpenTypeErrors).
}

func unmarshalCRL(l *rfc5280.CertificateList) func([]byte, *der.Options) error {
	return func(b []byte, o *der.Options) error { return der.Unmarshal(b, l, o) }
}

// crlLike reports whether a blob is meant to be a CRL.
func crlLike(b blob) bool {
	if b.PEMType != "" {
		return strings.Contains(b.PEMType, "CRL")
	}
	return strings.Contains(b.Guess, "CRL")
}

// TestCorpusCRLs decodes every CRL of the corpus (eid2011.crl and the
// 100,000-entry OpenSSL one included), compares it with
// crypto/x509.ParseRevocationList and checks that it re-encodes to its
// input. The CRLs crypto/x509 rejects must decode or fail with a located
// error.
func TestCorpusCRLs(t *testing.T) {
	var strictOK, tolerantOK, listed, rejectedOK, rejectedErr, entries int
	seen := map[string]bool{}
	sawEID := false
	for _, b := range dedupe(corpusBlobs(t)) {
		xl, xerr := x509.ParseRevocationList(b.Data)
		if xerr != nil && !crlLike(b) {
			continue
		}
		var l rfc5280.CertificateList
		err, panicked := decode(unmarshalCRL(&l), b.Data, nil)
		if panicked {
			t.Errorf("%s: %v", b.Name, err)
			continue
		}
		strict := err == nil
		if !strict {
			if !located(err) {
				t.Errorf("%s: error without offset: %v", b.Name, err)
			}
			terr, panicked := decode(unmarshalCRL(&l), b.Data, rfc5280.X509Options())
			if panicked {
				t.Errorf("%s: tolerant decode: %v", b.Name, terr)
				continue
			}
			if terr != nil {
				if !located(terr) {
					t.Errorf("%s: tolerant decode: error without offset: %v", b.Name, terr)
				}
				if xerr != nil {
					rejectedErr++
				} else if want, ok := knownCRLFailures[b.Name]; ok && strings.Contains(terr.Error(), want) {
					listed++
					seen[b.Name] = true
				} else {
					t.Errorf("%s: crypto/x509 accepts it, rfc5280 does not: %v", b.Name, terr)
				}
				continue
			}
		}
		if xerr != nil {
			rejectedOK++
			t.Logf("%s: decodes (strict %v), crypto/x509 rejects it: %v", b.Name, strict, xerr)
			continue
		}
		if strict {
			strictOK++
		} else {
			tolerantOK++
			t.Logf("%s: tolerant only: %v", b.Name, err)
		}
		if strings.HasSuffix(b.Name, "eid2011.crl") {
			sawEID = true
		}
		entries += len(l.ToBeSigned.RevokedCertificates)
		compareCRL(t, b.Name, b.Data, &l, xl, strict)
	}
	for name := range knownCRLFailures {
		if !seen[name] {
			t.Errorf("%s: listed in knownCRLFailures but did not fail as listed", name)
		}
	}
	if !sawEID {
		t.Errorf("eid2011.crl not decoded")
	}
	t.Logf("CRLs crypto/x509 accepts: %d strict DER, %d only with X509Options, %d listed failures; %d entries", strictOK, tolerantOK, listed, entries)
	t.Logf("CRLs crypto/x509 rejects: %d decode, %d give a located error", rejectedOK, rejectedErr)
}

func compareCRL(t *testing.T, name string, encoded []byte, l *rfc5280.CertificateList, xl *x509.RevocationList, strict bool) {
	tbs := &l.ToBeSigned
	if !bytes.Equal(l.ToBeSignedRaw, xl.RawTBSRevocationList) || !bytes.Equal(tbs.Raw, xl.RawTBSRevocationList) {
		t.Errorf("%s: ToBeSignedRaw/Raw differ from RawTBSRevocationList", name)
	}
	compareName(t, name, "issuer", &tbs.Issuer, xl.RawIssuer, strict)
	if got := timeOf(tbs.ThisUpdate); !got.Equal(xl.ThisUpdate) {
		t.Errorf("%s: thisUpdate %v, crypto/x509 %v", name, got, xl.ThisUpdate)
	}
	var next time.Time
	if tbs.HasNextUpdate {
		next = timeOf(tbs.NextUpdate)
	}
	if !next.Equal(xl.NextUpdate) {
		t.Errorf("%s: nextUpdate %v, crypto/x509 %v", name, next, xl.NextUpdate)
	}
	var sg signed
	if rest, err := asn1.Unmarshal(xl.Raw, &sg); err != nil || len(rest) > 0 {
		t.Errorf("%s: encoding/asn1 cannot read the CRL: %v", name, err)
	} else {
		alg := &l.AlgorithmIdentifier
		compareAlg(t, name, "signature algorithm", sg.Alg, alg.Algorithm, alg.HasParameters, alg.Parameters.Raw)
		compareBits(t, name, "signature", l.Signature, sg.Sig)
	}
	if !bytes.Equal(l.Signature.RightAlign(), xl.Signature) {
		t.Errorf("%s: signature differs from crypto/x509's", name)
	}

	// CRL extensions, and the CRL number.
	var number *big.Int
	var aki []byte
	compareExtensions(t, name, "CRL extension", len(tbs.CRLExtensions), xl.Extensions, func(i int) (der.OID, bool, []byte) {
		e := &tbs.CRLExtensions[i]
		switch e.ExtnValue.Kind {
		case rfc5280.ExtCRLNumber:
			number = e.ExtnValue.CRLNumber.Big()
		case rfc5280.ExtAuthorityKeyIdentifier:
			if a := e.ExtnValue.AuthorityKeyIdentifier; a.HasKeyIdentifier {
				aki = a.KeyIdentifier
			}
		}
		return e.ExtnID, e.Critical, e.ExtnValue.Raw
	})
	if (number == nil) != (xl.Number == nil) || number != nil && number.Cmp(xl.Number) != 0 {
		t.Errorf("%s: CRL number %v, crypto/x509 %v", name, number, xl.Number)
	}
	if !bytes.Equal(aki, xl.AuthorityKeyId) {
		t.Errorf("%s: authority key identifier %x, crypto/x509 %x", name, aki, xl.AuthorityKeyId)
	}

	// Every entry.
	revoked := tbs.RevokedCertificates
	if len(revoked) != len(xl.RevokedCertificateEntries) {
		t.Errorf("%s: %d entries, crypto/x509 %d", name, len(revoked), len(xl.RevokedCertificateEntries))
	} else {
		bad := 0
		for i := range revoked {
			if !compareEntry(t, name, i, &revoked[i], &xl.RevokedCertificateEntries[i]) {
				if bad++; bad > 5 {
					t.Errorf("%s: more entries differ", name)
					break
				}
			}
		}
	}

	if strict {
		if enc, err := l.MarshalDER(); err != nil {
			t.Errorf("%s: MarshalDER: %v", name, err)
		} else if !bytes.Equal(enc, encoded) {
			t.Errorf("%s: MarshalDER does not reproduce the input (%d octets, input %d)", name, len(enc), len(encoded))
		}
	} else {
		reencodeTolerant(t, name, encoded, l, new(rfc5280.CertificateList).UnmarshalDER)
	}
	if enc, err := l.Encoding(); err != nil {
		t.Errorf("%s: Encoding: %v", name, err)
	} else if !bytes.Equal(enc, encoded) {
		t.Errorf("%s: Encoding does not reproduce the input", name)
	}
}

// compareExtensions compares n decoded extensions (at(i) gives the i-th)
// with crypto/x509's.
func compareExtensions(t *testing.T, name, what string, n int, want []pkix.Extension, at func(int) (der.OID, bool, []byte)) bool {
	t.Helper()
	if n != len(want) {
		t.Errorf("%s: %d %ss, crypto/x509 %d", name, n, what, len(want))
		return false
	}
	ok := true
	for i := 0; i < n; i++ {
		id, critical, value := at(i)
		if w := want[i]; id.String() != w.Id.String() || critical != w.Critical || !bytes.Equal(value, w.Value) {
			t.Errorf("%s: %s %d: %v critical %v %x, crypto/x509 %v %v %x", name, what, i, id, critical, value, w.Id, w.Critical, w.Value)
			ok = false
		}
	}
	return ok
}

// compareEntry compares one revoked certificate and reports whether it
// agrees.
func compareEntry(t *testing.T, name string, i int, e *rfc5280.TBSCertList_RevokedCertificates_Item, w *x509.RevocationListEntry) bool {
	t.Helper()
	ok := true
	if got := der.Integer(e.UserCertificate).Big(); got.Cmp(w.SerialNumber) != 0 {
		t.Errorf("%s: entry %d: serial %v, crypto/x509 %v", name, i, got, w.SerialNumber)
		ok = false
	}
	if got := timeOf(e.RevocationDate); !got.Equal(w.RevocationTime) {
		t.Errorf("%s: entry %d: revocation date %v, crypto/x509 %v", name, i, got, w.RevocationTime)
		ok = false
	}
	reason := 0
	ok = compareExtensions(t, name, "entry extension", len(e.CRLEntryExtensions), w.Extensions, func(j int) (der.OID, bool, []byte) {
		x := &e.CRLEntryExtensions[j]
		if x.ExtnValue.Kind == rfc5280.ExtCRLReason {
			reason = int(x.ExtnValue.CRLReason)
		}
		return x.ExtnID, x.Critical, x.ExtnValue.Raw
	}) && ok
	if reason != w.ReasonCode {
		t.Errorf("%s: entry %d: reason %d, crypto/x509 %d", name, i, reason, w.ReasonCode)
		ok = false
	}
	return ok
}

// TestGeneratedCRL makes a 100,000-entry CRL with crypto/x509 (an ECDSA
// P-256 issuer, a reason code on every third entry), decodes it strictly,
// compares it with crypto/x509's parse and re-encodes it byte for byte.
func TestGeneratedCRL(t *testing.T) {
	n := 100_000
	if testing.Short() {
		n = 1000
	}
	encoded := makeCRL(t, n)
	var l rfc5280.CertificateList
	if err := l.UnmarshalDER(encoded); err != nil {
		t.Fatal(err)
	}
	xl, err := x509.ParseRevocationList(encoded)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(l.ToBeSigned.RevokedCertificates); got != n {
		t.Fatalf("%d entries, want %d", got, n)
	}
	compareCRL(t, "generated CRL", encoded, &l, xl, true)
	for i, e := range l.ToBeSigned.RevokedCertificates {
		wantExt := i%3 == 0
		if e.HasCRLEntryExtensions != wantExt {
			t.Fatalf("entry %d: extensions present %v, want %v", i, e.HasCRLEntryExtensions, wantExt)
		}
		if wantExt {
			x := e.CRLEntryExtensions[0].ExtnValue
			if x.Kind != rfc5280.ExtCRLReason || x.CRLReason != reasonOf(i) {
				t.Fatalf("entry %d: reason %v (kind %v), want %v", i, x.CRLReason, x.Kind, reasonOf(i))
			}
		}
	}
}

// reasonOf is the reason code makeCRL gives entry i (when i%3 == 0): one
// of keyCompromise..aACompromise, skipping the unused value 7.
func reasonOf(i int) rfc5280.CRLReason {
	r := rfc5280.CRLReason(1 + (i/3)%9)
	if r >= 7 {
		r++
	}
	return r
}

// makeCRL returns a CRL of n entries signed by a new ECDSA P-256 CA.
func makeCRL(t testing.TB, n int) []byte {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	caTmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "asn1gen test CA", Organization: []string{"asn1gen"}},
		NotBefore:             now.Add(-time.Hour),
		NotAfter:              now.Add(365 * 24 * time.Hour),
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageCRLSign,
		BasicConstraintsValid: true,
		IsCA:                  true,
		SubjectKeyId:          []byte{1, 2, 3, 4, 5, 6, 7, 8},
	}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	ca, err := x509.ParseCertificate(caDER)
	if err != nil {
		t.Fatal(err)
	}
	entries := make([]x509.RevocationListEntry, n)
	for i := range entries {
		entries[i] = x509.RevocationListEntry{
			SerialNumber:   new(big.Int).Lsh(big.NewInt(int64(i)+1), uint(i%97)),
			RevocationTime: now.Add(-time.Duration(i) * time.Minute),
		}
		if i%3 == 0 {
			entries[i].ReasonCode = int(reasonOf(i))
		}
	}
	encoded, err := x509.CreateRevocationList(rand.Reader, &x509.RevocationList{
		Number:                    big.NewInt(42),
		ThisUpdate:                now,
		NextUpdate:                now.Add(7 * 24 * time.Hour),
		RevokedCertificateEntries: entries,
	}, ca, key)
	if err != nil {
		t.Fatal(err)
	}
	return encoded
}
