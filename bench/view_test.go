package bench

import (
	"bytes"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/asn1gen/asn1gen/generated/rfc5280"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// viewCerts returns the certificates of the shallow-parse benchmark: the
// ML-DSA-44, -65 and -87 certificates of the corpus (4 to 7.5 KB) and
// the first RSA certificate of the set of about 1 KB.
func viewCerts(b *testing.B) (names []string, certs [][]byte) {
	root := os.Getenv("ASN1GEN_CORPUS")
	if root == "" {
		b.Skip("ASN1GEN_CORPUS is not set")
	}
	set, err := Certificates()
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range set {
		if x, err := x509.ParseCertificate(c); err == nil && x.PublicKeyAlgorithm == x509.RSA && len(c) >= 950 && len(c) <= 1100 {
			names, certs = append(names, "RSA-1KB"), append(certs, c)
			break
		}
	}
	for _, n := range []string{"ML-DSA-44", "ML-DSA-65", "ML-DSA-87"} {
		data, err := os.ReadFile(filepath.Join(root, "der/lamps-wg-dilithium-certificates/examples", n+".crt"))
		if err != nil {
			b.Fatal(err)
		}
		if p, _ := pem.Decode(data); p != nil {
			data = p.Bytes
		}
		names, certs = append(names, n), append(certs, data)
	}
	return names, certs
}

// BenchmarkViewParse is the shallow parse of one certificate
// (rfc5280.ParseCertificateView: the header and the three components'
// headers) beside the bare TLV walk of the whole certificate, the full
// typed decode and crypto/x509's parse. The shallow parse reads the same
// few octets whatever the certificate's size.
func BenchmarkViewParse(b *testing.B) {
	names, certs := viewCerts(b)
	for i, c := range certs {
		b.Run(names[i], func(b *testing.B) {
			run := func(name string, f func() error) {
				b.Run(name, func(b *testing.B) {
					b.SetBytes(int64(len(c)))
					b.ReportAllocs()
					for b.Loop() {
						if err := f(); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
			run("floor", func() error {
				if _, ok := Floor(c); !ok {
					return errors.New("floor walk failed")
				}
				return nil
			})
			run("asn1gen-view", func() error {
				_, err := rfc5280.ParseCertificateView(c, x509Options)
				return err
			})
			var v rfc5280.Certificate
			run("asn1gen", func() error { return der.Unmarshal(c, &v, x509Options) })
			run("crypto-x509", func() error {
				_, err := x509.ParseCertificate(c)
				return err
			})
		})
	}
}

// scanned is what the scanner benchmark reads of a certificate: the
// subject's common name, the DNS names of the subject alternative names,
// notAfter and the issuer's encoding.
type scanned struct {
	cn       string
	dns      []string
	notAfter time.Time
	issuer   []byte
}

// The encodings of the OIDs the scanner looks for: DER is canonical, so
// comparing a component's encoding (XRaw, which decodes nothing) with
// them is comparing the values.
var (
	cnTLV  = append([]byte{0x06, byte(len(rfc5280.IDAtCommonName))}, rfc5280.IDAtCommonName...)
	sanTLV = append([]byte{0x06, byte(len(rfc5280.IDCeSubjectAltName))}, rfc5280.IDCeSubjectAltName...)
)

// scanView reads s from a shallow parse: only the parts it reads are
// decoded.
func scanView(c []byte, s *scanned, rows bool) error {
	cert, err := rfc5280.ParseCertificateView(c, x509Options)
	if err != nil {
		return err
	}
	tbs, err := cert.ToBeSigned()
	if err != nil {
		return err
	}
	s.issuer = tbs.IssuerRaw()
	validity, err := tbs.Validity()
	if err != nil {
		return err
	}
	t, err := validity.NotAfter()
	if err != nil {
		return err
	}
	s.notAfter = t.Value.Time()
	subject, err := tbs.Subject()
	if err != nil {
		return err
	}
	rdns, err := subject.RdnSequence()
	if err != nil {
		return err
	}
	s.cn = ""
	for it := rdns.Iter(); it.Next(); {
		rdn := it.View()
		for it := rdn.Iter(); it.Next(); {
			atv := it.View()
			if !bytes.Equal(atv.TypeRaw(), cnTLV) {
				continue
			}
			v, err := atv.Value()
			if err != nil {
				return err
			}
			s.cn = v.DirectoryString.Value
		}
		if err := it.Err(); err != nil {
			return err
		}
	}
	s.dns = s.dns[:0]
	if !tbs.HasExtensions() {
		return nil
	}
	exts, err := tbs.Extensions()
	if err != nil {
		return err
	}
	it := exts.Iter()
	for it.Next() {
		ext := it.View()
		if !bytes.Equal(ext.ExtnIDRaw(), sanTLV) {
			continue
		}
		if err := scanSAN(&ext, s, rows); err != nil {
			return err
		}
	}
	return it.Err()
}

// scanSAN appends the DNS names of the subjectAltName ext to s.dns: with
// rows, from the row view of the value, each name parsed shallowly as
// the iterator reaches it and its DNSName decoded; otherwise from the
// eager union of the value (ExtnValue), which decodes the list at once.
func scanSAN(ext *rfc5280.Extension_CertExtensionsView, s *scanned, rows bool) error {
	if !rows {
		v, err := ext.ExtnValue()
		if err != nil || v.GeneralNames == nil { // nil: kept raw (X509Options)
			return err
		}
		for _, n := range *v.GeneralNames {
			if n.Choice == rfc5280.GeneralName_DNSName {
				s.dns = append(s.dns, n.DNSName)
			}
		}
		return nil
	}
	names, ok, err := ext.ExtnValueGeneralNames()
	if err != nil || !ok {
		return err
	}
	it := names.Iter()
	for it.Next() {
		if n := it.View(); n.Choice() == rfc5280.GeneralName_DNSName {
			dns, err := n.DNSName()
			if err != nil {
				return err
			}
			s.dns = append(s.dns, dns)
		}
	}
	return it.Err()
}

// scanEager reads s from the full typed decode. The eager value keeps no
// encoding of the issuer (only of the TBSCertificate), so it reads no
// issuer bytes: it does less than the others.
func scanEager(c []byte, v *rfc5280.Certificate, s *scanned) error {
	if err := der.Unmarshal(c, v, x509Options); err != nil {
		return err
	}
	tbs := &v.ToBeSigned
	s.issuer, s.notAfter, s.cn = nil, tbs.Validity.NotAfter.Value.Time(), tbs.Subject.CommonName()
	s.dns = s.dns[:0]
	for _, ext := range tbs.Extensions {
		if ext.ExtnValue.Kind == rfc5280.ExtSubjectAltName {
			for _, n := range *ext.ExtnValue.GeneralNames {
				if n.Choice == rfc5280.GeneralName_DNSName {
					s.dns = append(s.dns, n.DNSName)
				}
			}
		}
	}
	return nil
}

// BenchmarkViewScanner reads the subject's CN, the SAN DNS names,
// notAfter and the issuer's encoding of every certificate of the set:
// from a shallow parse (the SAN from its eager union, ExtnValue, or from
// the row view of its GeneralNames), from the full typed decode, and from
// crypto/x509's parse.
func BenchmarkViewScanner(b *testing.B) {
	certs := typedCerts(b, false)
	var s scanned
	run := func(name string, f func(c []byte) error) { runCertSet(b, certs, name, f) }
	run("floor", func(c []byte) error {
		Floor(c)
		return nil
	})
	run("asn1gen-view", func(c []byte) error { return scanView(c, &s, false) })
	run("asn1gen-view-rows", func(c []byte) error { return scanView(c, &s, true) })
	var v rfc5280.Certificate
	run("asn1gen", func(c []byte) error { return scanEager(c, &v, &s) })
	run("crypto-x509", func(c []byte) error {
		x, err := x509.ParseCertificate(c)
		if err != nil {
			return err
		}
		s.issuer, s.notAfter, s.cn, s.dns = x.RawIssuer, x.NotAfter, x.Subject.CommonName, x.DNSNames
		return nil
	})
}

// TestViewScanner checks that the scanner of the benchmark reads from a
// shallow parse what it reads from the full typed decode, and the issuer
// and notAfter that crypto/x509 reads, over the certificate set.
func TestViewScanner(t *testing.T) {
	n := 0
	for _, c := range typedCerts(t, false) {
		var v rfc5280.Certificate
		var lazy, eager scanned
		if err := scanEager(c, &v, &eager); err != nil {
			t.Fatal(err)
		}
		x, err := x509.ParseCertificate(c)
		if err != nil {
			t.Fatal(err)
		}
		var rows scanned
		if err := scanView(c, &lazy, false); err != nil {
			t.Errorf("scanView: %v", err)
			continue
		}
		if err := scanView(c, &rows, true); err != nil || strings.Join(rows.dns, ",") != strings.Join(lazy.dns, ",") {
			t.Errorf("scanView with row views: %q, %v; with ExtnValue %q", rows.dns, err, lazy.dns)
		}
		n++
		if !bytes.Equal(lazy.issuer, x.RawIssuer) || !lazy.notAfter.Equal(x.NotAfter) {
			t.Errorf("scanView reads issuer %x, notAfter %v; crypto/x509 %x, %v", lazy.issuer, lazy.notAfter, x.RawIssuer, x.NotAfter)
		}
		if lazy.cn != eager.cn || strings.Join(lazy.dns, ",") != strings.Join(eager.dns, ",") {
			t.Errorf("scanView reads CN %q, DNS %q; the typed decode %q, %q", lazy.cn, lazy.dns, eager.cn, eager.dns)
		}
	}
	if n == 0 {
		t.Fatal("no certificate scanned")
	}
}
