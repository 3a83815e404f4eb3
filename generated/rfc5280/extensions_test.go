package rfc5280_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"math/big"
	"net"
	"net/netip"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/generated/rfc5280"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// sanCert returns a certificate made by crypto/x509 with names of every
// kind crypto/x509 writes, and a key usage.
func sanCert(t *testing.T) []byte {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	u1, _ := url.Parse("https://example.com/a?b=c")
	u2, _ := url.Parse("spiffe://example.org/ns/default/sa/web")
	tmpl := &x509.Certificate{
		SerialNumber:   big.NewInt(9),
		Subject:        pkix.Name{CommonName: "example.com", Organization: []string{"Example, Inc."}},
		NotBefore:      time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
		NotAfter:       time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC),
		DNSNames:       []string{"example.com", "*.example.com"},
		EmailAddresses: []string{"admin@example.com"},
		IPAddresses:    []net.IP{net.ParseIP("192.0.2.1").To4(), net.ParseIP("2001:db8::1")},
		URIs:           []*url.URL{u1, u2},
		KeyUsage:       x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
	}
	octets, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	return octets
}

// The helpers give what crypto/x509 reads from the same certificate.
func TestSubjectAltNames(t *testing.T) {
	octets := sanCert(t)
	xc, err := x509.ParseCertificate(octets)
	if err != nil {
		t.Fatal(err)
	}
	var c rfc5280.Certificate
	if err := c.UnmarshalDER(octets); err != nil {
		t.Fatal(err)
	}
	tbs := &c.ToBeSigned
	san, err := tbs.SubjectAltNames()
	if err != nil {
		t.Fatal(err)
	}
	var wantIPs []netip.Addr
	for _, ip := range xc.IPAddresses {
		a, _ := netip.AddrFromSlice(ip)
		wantIPs = append(wantIPs, a)
	}
	var gotURIs, wantURIs []string
	for _, u := range san.URIs() {
		gotURIs = append(gotURIs, u.String())
	}
	for _, u := range xc.URIs {
		wantURIs = append(wantURIs, u.String())
	}
	type names struct{ DNS, Email, URI []string }
	if diff := cmp.Diff(names{xc.DNSNames, xc.EmailAddresses, wantURIs}, names{san.DNSNames(), san.EmailAddresses(), gotURIs}); diff != "" {
		t.Errorf("names (-crypto/x509 +ours):\n%s", diff)
	}
	if diff := cmp.Diff(wantIPs, san.IPAddresses(), cmp.Comparer(func(a, b netip.Addr) bool { return a == b })); diff != "" {
		t.Errorf("IPAddresses (-crypto/x509 +ours):\n%s", diff)
	}
	if !wantIPs[0].Is4() || !wantIPs[1].Is6() {
		t.Errorf("IPv4 %v, IPv6 %v", wantIPs[0], wantIPs[1])
	}
	ku, ok := tbs.KeyUsage()
	if !ok || ku.DigitalSignature() != (xc.KeyUsage&x509.KeyUsageDigitalSignature != 0) ||
		ku.KeyCertSign() != (xc.KeyUsage&x509.KeyUsageCertSign != 0) || ku.KeyEncipherment() {
		t.Errorf("KeyUsage %v, %v; crypto/x509 %b", ku, ok, xc.KeyUsage)
	}
	if got, want := tbs.Subject.String(), xc.Subject.String(); got != want {
		t.Errorf("Subject %q, crypto/x509 %q", got, want)
	}
	if e := tbs.Extension(rfc5280.IDCeSubjectAltName); e == nil || e.ExtnValue.Kind != rfc5280.ExtSubjectAltName {
		t.Errorf("Extension(subjectAltName) = %v", e)
	}
	if e := tbs.Extension(rfc5280.IDCeCRLNumber); e != nil {
		t.Errorf("Extension(cRLNumber) = %v, want nil", e)
	}

	// Without the extensions: no names, no key usage, no error.
	bare := *tbs
	bare.Extensions = nil
	if san, err := bare.SubjectAltNames(); san != nil || err != nil {
		t.Errorf("SubjectAltNames without extensions: %v, %v", san, err)
	}
	if _, ok := bare.KeyUsage(); ok {
		t.Errorf("KeyUsage without extensions: ok")
	}
}

// SubjectAltNames fails where crypto/x509.ParseCertificate does.
func TestSubjectAltNamesErrors(t *testing.T) {
	octets := sanCert(t)
	decode := func(t *testing.T) *rfc5280.TBSCertificate {
		var c rfc5280.Certificate
		if err := c.UnmarshalDER(octets); err != nil {
			t.Fatal(err)
		}
		return &c.ToBeSigned
	}
	nameOf := func(tbs *rfc5280.TBSCertificate, choice rfc5280.GeneralNameChoice) *rfc5280.GeneralName {
		names := *tbs.Extension(rfc5280.IDCeSubjectAltName).ExtnValue.GeneralNames
		for i := range names {
			if names[i].Choice == choice {
				return &names[i]
			}
		}
		t.Fatalf("no %v name", choice)
		return nil
	}
	tests := []struct {
		name   string
		change func(*rfc5280.TBSCertificate)
		want   string
	}{
		{"two extensions", func(tbs *rfc5280.TBSCertificate) {
			tbs.Extensions = append(tbs.Extensions, *tbs.Extension(rfc5280.IDCeSubjectAltName))
		}, "two subjectAltName extensions"},
		{"iPAddress of 5 octets", func(tbs *rfc5280.TBSCertificate) {
			nameOf(tbs, rfc5280.GeneralName_IPAddress).IPAddress = []byte{192, 0, 2, 1, 0}
		}, "iPAddress of 5 octets, not 4 or 16"},
		{"a URI that does not parse", func(tbs *rfc5280.TBSCertificate) {
			nameOf(tbs, rfc5280.GeneralName_UniformResourceIdentifier).UniformResourceIdentifier = "http://[::1"
		}, "uniformResourceIdentifier"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tbs := decode(t)
			tt.change(tbs)
			if san, err := tbs.SubjectAltNames(); err == nil || !strings.Contains(err.Error(), tt.want) || san != nil {
				t.Errorf("SubjectAltNames: %v, %v; want an error with %q", san, err, tt.want)
			}
		})
	}

	// The per-name helpers keep a place for a malformed name.
	tbs := decode(t)
	nameOf(tbs, rfc5280.GeneralName_IPAddress).IPAddress = []byte{1, 2, 3}
	nameOf(tbs, rfc5280.GeneralName_UniformResourceIdentifier).UniformResourceIdentifier = "http://[::1"
	names := tbs.Extension(rfc5280.IDCeSubjectAltName).ExtnValue.GeneralNames
	if ips := names.IPAddresses(); len(ips) != 2 || ips[0].IsValid() || !ips[1].IsValid() {
		t.Errorf("IPAddresses with a 3-octet address: %v", ips)
	}
	if uris := names.URIs(); len(uris) != 2 || uris[0] != nil || uris[1] == nil {
		t.Errorf("URIs with one that does not parse: %v", uris)
	}
}

// A subjectAltName whose value does not decode: strict DER rejects the
// certificate, X509Options keeps the value raw, and SubjectAltNames
// reports the decoding's error instead of no names.
func TestSubjectAltNamesUndecoded(t *testing.T) {
	var c rfc5280.Certificate
	if err := c.UnmarshalDER(sanCert(t)); err != nil {
		t.Fatal(err)
	}
	ext := c.ToBeSigned.Extension(rfc5280.IDCeSubjectAltName)
	ext.ExtnValue = rfc5280.CertExtensions{Raw: []byte{0x30, 0x03, 0x82, 0x05, 'a'}} // dNSName longer than its SEQUENCE
	c.ToBeSignedRaw = nil
	bad, err := c.MarshalDER()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.UnmarshalDER(bad); err == nil {
		t.Fatal("strict decode of a malformed subjectAltName: no error")
	}
	if err := der.Unmarshal(bad, &c, rfc5280.X509Options()); err != nil {
		t.Fatal(err)
	}
	if k := c.ToBeSigned.Extension(rfc5280.IDCeSubjectAltName).ExtnValue.Kind; k != 0 {
		t.Fatalf("tolerant decode: Kind %v, want 0 (kept raw)", k)
	}
	san, err := c.ToBeSigned.SubjectAltNames()
	var de *der.Error
	if san != nil || !errors.As(err, &de) {
		t.Errorf("SubjectAltNames of a raw value: %v, %v; want a *der.Error", san, err)
	}
}

// TestKeyUsageString checks the String method of a named-bit type: the
// bits set, by name, in ASN.1 value notation.
func TestKeyUsageString(t *testing.T) {
	for _, tt := range []struct {
		v    rfc5280.KeyUsage
		want string
	}{
		{rfc5280.NewKeyUsage(), "{}"},
		{rfc5280.NewKeyUsage(rfc5280.KeyUsage_DigitalSignature, rfc5280.KeyUsage_KeyCertSign), "{digitalSignature, keyCertSign}"},
		{rfc5280.NewKeyUsage(rfc5280.KeyUsage_DecipherOnly), "{decipherOnly}"},
	} {
		if got := tt.v.String(); got != tt.want {
			t.Errorf("got %q, want %q", got, tt.want)
		}
	}
}
