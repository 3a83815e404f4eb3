package rfc5280_test

import (
	"bytes"
	"crypto/x509"
	"encoding/asn1"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/generated/rfc5280"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// devSummary is what the tests check of a Deviation.
type devSummary struct {
	Kind      der.Kind
	Offset    int
	Path      string
	Tolerance der.Tolerance
}

// TestTolerantCertificates decodes changed certificates in the tolerant
// mode: the deviations of rfc5280's Linter, which a strict decode accepts
// without a word (a negative serial number, the CT precertificate poison
// extension), and a constraint violation, which it rejects (an empty
// extensions list: SIZE (1..MAX)).
func TestTolerantCertificates(t *testing.T) {
	in, err := os.ReadFile("testdata/lets-encrypt-x3-cross-signed.der")
	if err != nil {
		t.Fatal(err)
	}
	var c rfc5280.Certificate
	if err := c.UnmarshalDER(in); err != nil {
		t.Fatal(err)
	}
	negative := c
	negative.ToBeSigned.SerialNumber = rfc5280.CertificateSerialNumber{0xff, 0x01}
	poisoned := c
	poisoned.ToBeSigned.Extensions = append(append(rfc5280.Extensions_CertExtensions(nil), c.ToBeSigned.Extensions...),
		rfc5280.Extension_CertExtensions{ExtnID: der.OID("+\x06\x01\x04\x01\xd6y\x02\x04\x03"), Critical: true,
			ExtnValue: rfc5280.CertExtensions{Raw: []byte{0x05, 0x00}}})
	poisonExt := []byte("\x06\x0a\x2b\x06\x01\x04\x01\xd6\x79\x02\x04\x03\x01\x01\xff\x04\x02")
	empty := c
	empty.ToBeSigned.Extensions = rfc5280.Extensions_CertExtensions{}
	tests := []struct {
		name   string
		c      *rfc5280.Certificate
		strict bool // whether the strict decode fails
		want   func(enc []byte) []devSummary
	}{
		{"negative serial number", &negative, false, func([]byte) []devSummary {
			// 30 82 xx xx 30 82 xx xx a0 03 02 01 02 02 02 ff 01: the
			// serial's contents at 15.
			return []devSummary{{der.KindInvalidValue, 15, "Certificate.toBeSigned.serialNumber", 0}}
		}},
		{"precertificate poison", &poisoned, false, func(enc []byte) []devSummary {
			off := bytes.Index(enc, poisonExt) + len(poisonExt)
			path := "Certificate.toBeSigned.extensions[" + strconv.Itoa(len(poisoned.ToBeSigned.Extensions)-1) + "].extnValue"
			return []devSummary{{der.KindInvalidValue, off, path, 0}}
		}},
		{"empty extensions", &empty, true, func(enc []byte) []devSummary {
			// ... a3 02 30 00: the SEQUENCE OF's end, where its size is
			// checked, is the end of the TBSCertificate.
			off := bytes.Index(enc, []byte{0xa3, 0x02, 0x30, 0x00}) + 4
			return []devSummary{{der.KindConstraint, off, "Certificate.toBeSigned.extensions", der.TolerateConstraints}}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.c.ToBeSignedRaw = nil // encode the changed value
			enc, err := der.Marshal(tc.c, &der.Options{SkipConstraints: true})
			if err != nil {
				t.Fatal(err)
			}
			var got rfc5280.Certificate
			if err := got.UnmarshalDER(enc); (err != nil) != tc.strict {
				t.Fatalf("strict decode: %v, want an error: %v", err, tc.strict)
			}
			var devs []der.Deviation
			if err := der.Unmarshal(enc, &got, der.Tolerant(&devs)); err != nil {
				t.Fatalf("tolerant decode: %v", err)
			}
			if diff := cmp.Diff(tc.want(enc), summarize(devs)); diff != "" {
				t.Errorf("deviations (-want +got):\n%s", diff)
			}
		})
	}
}

func summarize(ds []der.Deviation) []devSummary {
	var out []devSummary
	for _, d := range ds {
		out = append(out, devSummary{d.Kind, d.Offset, d.Path, d.Tolerance})
	}
	return out
}

// certShaped reports whether b is a SEQUENCE of a SEQUENCE, a SEQUENCE
// and a BIT STRING, as a certificate is: the blobs worth asking OpenSSL
// about when the tolerant decode fails.
func certShaped(b []byte) bool {
	var outer asn1.RawValue
	if rest, err := asn1.Unmarshal(b, &outer); err != nil || len(rest) > 0 || outer.Tag != 16 {
		return false
	}
	var parts [3]asn1.RawValue
	rest := outer.Bytes
	for i := range parts {
		var err error
		if rest, err = asn1.Unmarshal(rest, &parts[i]); err != nil {
			return false
		}
	}
	return len(rest) == 0 && parts[0].Tag == 16 && parts[1].Tag == 16 && parts[2].Tag == 3
}

// opensslReads reports whether `openssl x509` reads b as a DER certificate.
func opensslReads(b []byte) bool {
	cmd := exec.Command("openssl", "x509", "-inform", "DER", "-noout")
	cmd.Stdin = bytes.NewReader(b)
	return cmd.Run() == nil
}

// TestTolerantCorpus decodes every blob of the corpus and of the trust
// store with der.Tolerant: every certificate that crypto/x509 or OpenSSL
// reads must give a result. A certificate that decodes strictly lists no
// deviation but the Linter's; one that decodes only tolerantly lists at
// least one, each with an offset in the input and a path from the root.
func TestTolerantCorpus(t *testing.T) {
	_, noOpenSSL := exec.LookPath("openssl")
	if noOpenSSL != nil {
		t.Log("openssl not found: the certificates crypto/x509 rejects are not asked about")
	}
	blobs := dedupe(append(corpusBlobs(t), systemCertBlobs(t)...))
	var clean, tolerant, rejectedByGo, failedOthers int
	byMsg := map[string]int{}
	for _, b := range blobs {
		_, xerr := x509.ParseCertificate(b.Data)
		var c rfc5280.Certificate
		strictErr := c.UnmarshalDER(b.Data)
		var devs []der.Deviation
		err, panicked := decode(func(in []byte, o *der.Options) error { return der.Unmarshal(in, &c, o) }, b.Data, der.Tolerant(&devs))
		if panicked {
			t.Errorf("%s: tolerant decode panicked: %v", b.Name, err)
			continue
		}
		if err != nil {
			switch {
			case !located(err):
				t.Errorf("%s: tolerant decode: error without offset: %v", b.Name, err)
			case xerr == nil:
				t.Errorf("%s: crypto/x509 reads it, the tolerant decode does not: %v", b.Name, err)
			case noOpenSSL == nil && certShaped(b.Data) && opensslReads(b.Data):
				t.Errorf("%s: OpenSSL reads it, the tolerant decode does not: %v", b.Name, err)
			default:
				failedOthers++
			}
			continue
		}
		if xerr != nil && !certShaped(b.Data) {
			continue // another type that happens to decode
		}
		if xerr != nil {
			rejectedByGo++
		}
		linted := 0
		for _, d := range devs {
			byMsg[d.Type+": "+d.Msg]++
			if d.Tolerance == 0 {
				linted++
			}
			if d.Offset < 0 || d.Offset >= len(b.Data) {
				t.Errorf("%s: deviation %v: offset outside the input", b.Name, d)
			}
			if d.Kind != der.KindTrailingData && len(d.Path) < len("Certificate.") {
				t.Errorf("%s: deviation %v: no path from the root", b.Name, d)
			}
		}
		switch {
		case strictErr == nil && linted != len(devs):
			t.Errorf("%s: decodes strictly, yet the tolerant decode lists %v", b.Name, devs)
		case strictErr == nil:
			clean++
		case len(devs) == linted:
			t.Errorf("%s: strict decode fails (%v), the tolerant one lists no defect", b.Name, strictErr)
		default:
			tolerant++
		}
	}
	t.Logf("certificates: %d strict DER, %d with deviations (%d of them rejected by crypto/x509); %d other blobs fail cleanly",
		clean, tolerant, rejectedByGo, failedOthers)
	var msgs []string
	for m := range byMsg {
		msgs = append(msgs, m)
	}
	sort.Strings(msgs)
	for _, m := range msgs {
		t.Logf("%5d × %s", byMsg[m], m)
	}
}
