package rfc5280_test

import (
	"bytes"
	"crypto/x509"
	"encoding/asn1"
	"encoding/pem"
	"errors"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/generated/rfc5280"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// editTBS returns cert with the components of its TBSCertificate (their
// encodings, in order) replaced by what edit returns, re-encoded around
// them; the signature no longer matches, which crypto/x509.ParseCertificate
// does not check.
func editTBS(t *testing.T, cert []byte, edit func([][]byte) [][]byte) []byte {
	t.Helper()
	var c, tbs asn1.RawValue
	if _, err := asn1.Unmarshal(cert, &c); err != nil {
		t.Fatal(err)
	}
	after, err := asn1.Unmarshal(c.Bytes, &tbs)
	if err != nil {
		t.Fatal(err)
	}
	var elems [][]byte
	for in := tbs.Bytes; len(in) > 0; {
		var e asn1.RawValue
		if in, err = asn1.Unmarshal(in, &e); err != nil {
			t.Fatal(err)
		}
		elems = append(elems, e.FullBytes)
	}
	tbs.Bytes, tbs.FullBytes = bytes.Join(edit(elems), nil), nil
	enc, err := asn1.Marshal(tbs)
	if err != nil {
		t.Fatal(err)
	}
	c.Bytes, c.FullBytes = append(enc, after...), nil
	out, err := asn1.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestX509Unread checks X509Options on hand-made reproductions of the
// mutants of issue 24, item 6 that crypto/x509 parses and X509Options
// rejected: components of a TBSCertificate that crypto/x509 does not read
// (der.TolerateX509Unread). Each is built from a version 3 certificate
// (testdata/alt1-cert.pem: version, serialNumber, signature, issuer,
// validity, subject, subjectPublicKeyInfo, extensions). crypto/x509 must
// parse it (the premise), X509Options decode it with one deviation of
// that tolerance at the place given, keep the unread octets (Unknown) or
// the unread unique identifier (present, zero), and the view agree; the
// certificate still goes to crypto/x509 through Certificate.X509 with
// its to-be-signed bytes as received. The last case is the limit of the
// tolerance: crypto/x509 reads the extensions of a version 3 certificate,
// and so does X509Options.
func TestX509Unread(t *testing.T) {
	block, _ := pem.Decode(readFile(t, "testdata/alt1-cert.pem"))
	base := block.Bytes
	const spki, exts = 6, 7 // the indexes of the components
	// malformedExts is an extensions field whose contents are no
	// Extensions: a NULL.
	malformedExts := []byte{0xa3, 0x02, 0x05, 0x00}
	v1 := func(e [][]byte) [][]byte { return e[1:] }
	v2 := func(e [][]byte) [][]byte {
		return append([][]byte{{0xa0, 0x03, 0x02, 0x01, 0x01}}, e[1:]...)
	}
	insert := func(e [][]byte, at int, x []byte) [][]byte {
		return append(e[:at:at], append([][]byte{x}, e[at:]...)...)
	}
	tests := []struct {
		name     string
		edit     func([][]byte) [][]byte
		path     string // of the deviation (or of the error)
		unknown  bool   // the extensions go to Unknown
		hasExts  bool
		issuerID bool // an issuerUniqueID, present and zero
		wantErr  string
	}{
		{name: "malformed primitive [1] in version 3",
			edit: func(e [][]byte) [][]byte { return insert(e, exts, []byte{0x81, 0x01, 0x08}) },
			path: "Certificate.toBeSigned.issuerUniqueID", hasExts: true, issuerID: true},
		{name: "constructed [2] in version 3",
			edit: func(e [][]byte) [][]byte { return insert(e, exts, []byte{0xa2, 0x04, 0x03, 0x02, 0x00, 0xff}) },
			path: "Certificate.toBeSigned.subjectUniqueID", unknown: true},
		{name: "primitive [3] in version 3",
			edit: func(e [][]byte) [][]byte {
				p := bytes.Clone(e[exts])
				p[0] = 0x83
				e[exts] = p
				return e
			},
			path: "Certificate.toBeSigned.extensions", unknown: true},
		{name: "extensions in version 1",
			edit: func(e [][]byte) [][]byte { return v1(e) },
			path: "Certificate.toBeSigned.extensions", unknown: true},
		{name: "malformed extensions in version 1",
			edit: func(e [][]byte) [][]byte { e[exts] = malformedExts; return v1(e) },
			path: "Certificate.toBeSigned.extensions", unknown: true},
		{name: "malformed extensions in version 2",
			edit: func(e [][]byte) [][]byte { e[exts] = malformedExts; return v2(e) },
			path: "Certificate.toBeSigned.extensions", unknown: true},
		{name: "malformed extensions in version 3: an error",
			edit:    func(e [][]byte) [][]byte { e[exts] = malformedExts; return e },
			path:    "Certificate.toBeSigned.extensions",
			wantErr: "expected SEQUENCE, got NULL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := editTBS(t, base, func(e [][]byte) [][]byte {
				if len(e) != exts+1 || e[spki][0] != 0x30 || e[exts][0] != 0xa3 {
					t.Fatalf("the base certificate's TBSCertificate has %d components", len(e))
				}
				return tt.edit(e)
			})
			xc, xerr := x509.ParseCertificate(m)
			var devs []der.Deviation
			opts := rfc5280.X509Options()
			opts.Deviations = &devs
			var c rfc5280.Certificate
			err := der.Unmarshal(m, &c, opts)
			if rep := checkCertificateView(m, rfc5280.X509Options()); len(rep.Problems) > 0 {
				t.Errorf("the view disagrees:\n%s", strings.Join(rep.Problems, "\n"))
			}
			if tt.wantErr != "" {
				var e *der.Error
				if xerr == nil {
					t.Errorf("crypto/x509 parses it")
				}
				if !errors.As(err, &e) || !strings.Contains(e.Error(), tt.wantErr) || e.Path() != tt.path || e.Offset <= 0 {
					t.Fatalf("X509Options: %v; want an error at %s: %s", err, tt.path, tt.wantErr)
				}
				if e.Kind != der.KindTagMismatch {
					t.Errorf("error kind %v", e.Kind)
				}
				// The strict error does not send the caller to X509Options,
				// which reject it too.
				var strict rfc5280.Certificate
				if err := strict.UnmarshalDER(m); err == nil || strings.Contains(err.Error(), "X509Options") {
					t.Errorf("strict: %v", err)
				}
				return
			}
			if xerr != nil {
				t.Fatalf("crypto/x509 rejects the reproduction: %v", xerr)
			}
			if err != nil {
				t.Fatalf("X509Options: %v", err)
			}
			var unread []der.Deviation
			for _, d := range devs {
				if d.Tolerance == der.TolerateX509Unread {
					unread = append(unread, d)
				}
			}
			if len(unread) != 1 || unread[0].Path != tt.path || unread[0].Offset <= 0 || len(unread[0].Raw) == 0 ||
				!bytes.Contains(m, unread[0].Raw) {
				t.Errorf("deviations %v; want one of TolerateX509Unread at %s, with its octets", devs, tt.path)
			}
			tbs := &c.ToBeSigned
			if got := len(tbs.Unknown) > 0; got != tt.unknown || tbs.HasExtensions != tt.hasExts {
				t.Errorf("Unknown %x, HasExtensions %v", tbs.Unknown, tbs.HasExtensions)
			}
			if tt.unknown && !bytes.HasSuffix(tbs.Raw, tbs.Unknown) {
				t.Errorf("Unknown %x is not the end of the TBSCertificate", tbs.Unknown)
			}
			if tbs.HasIssuerUniqueID != tt.issuerID || tbs.IssuerUniqueID.BitLength != 0 {
				t.Errorf("issuerUniqueID %v (present %v)", tbs.IssuerUniqueID, tbs.HasIssuerUniqueID)
			}
			if tt.hasExts && len(tbs.Extensions) != len(xc.Extensions) {
				t.Errorf("%d extensions, crypto/x509 %d", len(tbs.Extensions), len(xc.Extensions))
			}
			back, err := c.X509()
			if err != nil || !bytes.Equal(back.RawTBSCertificate, xc.RawTBSCertificate) {
				t.Errorf("X509: %v; the to-be-signed bytes differ", err)
			}
			var strict rfc5280.Certificate
			if err := strict.UnmarshalDER(m); err == nil && tt.name != "extensions in version 1" {
				t.Errorf("the strict decode accepts it")
			}
		})
	}
}
