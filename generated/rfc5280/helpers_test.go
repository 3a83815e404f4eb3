package rfc5280_test

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"math/big"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/asn1gen/asn1gen/generated/rfc5280"
	"github.com/asn1gen/asn1gen/runtime/der"
)

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestPEMBlocks(t *testing.T) {
	cert := readFile(t, "testdata/alt1-cert.pem")
	crl := pem.EncodeToMemory(&pem.Block{Type: "X509 CRL", Bytes: readFile(t, "testdata/CarlRSACRLForAll.crl")})
	data := bytes.Join([][]byte{[]byte("leading text\n"), cert, crl, []byte("between\n"), cert}, nil)
	if got := rfc5280.PEMBlocks(data, "CERTIFICATE"); len(got) != 2 || !bytes.Equal(got[0], got[1]) {
		t.Errorf("PEMBlocks CERTIFICATE: %d blocks", len(got))
	}
	if got := rfc5280.PEMBlocks(data, "X509 CRL"); len(got) != 1 {
		t.Errorf("PEMBlocks X509 CRL: %d blocks", len(got))
	}
	if got := rfc5280.PEMBlocks([]byte("no PEM here"), "CERTIFICATE"); got != nil {
		t.Errorf("PEMBlocks of text: %v", got)
	}

	certs, err := rfc5280.ParsePEMCertificates(data, nil)
	if err != nil || len(certs) != 2 {
		t.Fatalf("ParsePEMCertificates: %d, %v", len(certs), err)
	}
	crls, err := rfc5280.ParsePEMCertificateLists(data, nil)
	if err != nil || len(crls) != 1 || len(crls[0].ToBeSigned.RevokedCertificates) != 3 {
		t.Fatalf("ParsePEMCertificateLists: %d, %v", len(crls), err)
	}
	if _, err := rfc5280.ParsePEMCertificates(crl, nil); err == nil || !strings.Contains(err.Error(), "no CERTIFICATE PEM block") {
		t.Errorf("ParsePEMCertificates without a certificate: %v", err)
	}
	if _, err := rfc5280.ParsePEMCertificateLists(cert, nil); err == nil {
		t.Errorf("ParsePEMCertificateLists without a CRL: no error")
	}

	// A bad second block: the error names it and wraps the located error.
	bad := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: []byte{0x30, 0x03, 0x02, 0x01}})
	_, err = rfc5280.ParsePEMCertificates(append(append([]byte{}, cert...), bad...), nil)
	var re *der.Error
	if err == nil || !strings.Contains(err.Error(), "block 2") || !errors.As(err, &re) || re.Offset < 0 {
		t.Errorf("ParsePEMCertificates of a bad block: %v", err)
	}
}

// unsortedRDNCert returns a certificate made by crypto/x509 whose subject
// has a multi-valued RDN out of DER order: crypto/x509 accepts it, strict
// DER does not, and re-encoding sorts it.
func unsortedRDNCert(t *testing.T) []byte {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	o := []byte{0x30, 0x09, 0x06, 0x03, 0x55, 0x04, 0x0a, 0x0c, 0x02, 'z', 'z'}
	cn := []byte{0x30, 0x08, 0x06, 0x03, 0x55, 0x04, 0x03, 0x0c, 0x01, 'a'}
	set := append([]byte{0x31, byte(len(o) + len(cn))}, append(o, cn...)...)
	subject := append([]byte{0x30, byte(len(set))}, set...)
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(7),
		RawSubject:   subject,
		NotBefore:    time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
		NotAfter:     time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC),
		DNSNames:     []string{"example.com"},
	}
	octets, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	return octets
}

func TestCertificateEncoding(t *testing.T) {
	pemData := readFile(t, "testdata/alt1-cert.pem")
	certs, err := rfc5280.ParsePEMCertificates(pemData, nil)
	if err != nil {
		t.Fatal(err)
	}
	in := rfc5280.PEMBlocks(pemData, "CERTIFICATE")[0]
	if enc, err := certs[0].Encoding(); err != nil || !bytes.Equal(enc, in) {
		t.Errorf("Encoding of a DER decode: %v, equal %v", err, bytes.Equal(enc, in))
	}

	// Tolerated defect: Encoding keeps the received TBS, MarshalDER sorts.
	octets := unsortedRDNCert(t)
	var c rfc5280.Certificate
	if err := c.UnmarshalDER(octets); !errors.Is(err, der.ErrNonCanonical) {
		t.Fatalf("strict decode of an unsorted RDN: %v, want a non-canonical error", err)
	}
	if err := der.Unmarshal(octets, &c, rfc5280.X509Options()); err != nil {
		t.Fatal(err)
	}
	if enc, err := c.Encoding(); err != nil || !bytes.Equal(enc, octets) {
		t.Errorf("Encoding of a tolerant decode: %v, equal %v", err, bytes.Equal(enc, octets))
	}
	if enc, err := c.MarshalDER(); err != nil || bytes.Equal(enc, octets) {
		t.Errorf("MarshalDER of an unsorted RDN: %v, equal to the input %v (want sorted)", err, bytes.Equal(enc, octets))
	}
	xc, err := c.X509()
	if err != nil {
		t.Fatal(err)
	}
	sigErr := xc.CheckSignature(xc.SignatureAlgorithm, xc.RawTBSCertificate, xc.Signature)
	if !bytes.Equal(xc.Raw, octets) || sigErr != nil {
		t.Errorf("X509 of a tolerant decode: raw equal %v, self-signature %v", bytes.Equal(xc.Raw, octets), sigErr)
	}

	// A certificate that was not decoded is encoded.
	built := c
	built.ToBeSignedRaw = nil
	want, err := built.MarshalDER()
	if err != nil {
		t.Fatal(err)
	}
	if enc, err := built.Encoding(); err != nil || !bytes.Equal(enc, want) {
		t.Errorf("Encoding without ToBeSignedRaw: %v, equal to MarshalDER %v", err, bytes.Equal(enc, want))
	}
}

func TestCertificateListEncoding(t *testing.T) {
	octets := makeCRL(t, 10)
	var l rfc5280.CertificateList
	if err := l.UnmarshalDER(octets); err != nil {
		t.Fatal(err)
	}
	if enc, err := l.Encoding(); err != nil || !bytes.Equal(enc, octets) {
		t.Errorf("Encoding: %v, equal %v", err, bytes.Equal(enc, octets))
	}
	xl, err := l.X509()
	if err != nil {
		t.Fatal(err)
	}
	if len(xl.RevokedCertificateEntries) != 10 || xl.Number.Int64() != 42 {
		t.Errorf("X509: %d entries, number %v", len(xl.RevokedCertificateEntries), xl.Number)
	}
	if got, want := l.ToBeSigned.ThisUpdate.Value.Time(), xl.ThisUpdate; !got.Equal(want) {
		t.Errorf("Time: %v, want %v", got, want)
	}
}
