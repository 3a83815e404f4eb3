package roundtrip_test

import (
	"bytes"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/generated/rfc5280"
	"github.com/asn1gen/asn1gen/generated/rfc5652"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/tree"
)

// hx decodes hex with spaces.
func hx(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// tlv returns the DER element with identifier octet id and the
// concatenated contents.
func tlv(id byte, contents ...[]byte) []byte {
	c := bytes.Join(contents, nil)
	out := der.AppendHeader(nil, der.NewTag(der.Class(id>>6), uint32(id&0x1f)), id&0x20 != 0, len(c))
	return append(out, c...)
}

// oidOther is 1.2.3.4, a key no table of the generated packages lists.
var oidOther = []byte{0x06, 0x03, 0x2a, 0x03, 0x04}

// testCert returns the certificate of rfc5280's testdata, decoded.
func testCert(t testing.TB) rfc5280.Certificate {
	t.Helper()
	b, err := os.ReadFile("../../generated/rfc5280/testdata/alt1-cert.pem")
	if err != nil {
		t.Fatal(err)
	}
	blk, _ := pem.Decode(b)
	var c rfc5280.Certificate
	if blk == nil || c.UnmarshalDER(blk.Bytes) != nil {
		t.Fatal("alt1-cert.pem does not decode")
	}
	return c
}

// withExtensions returns the DER of the test certificate with exts as its
// extensions (the TBS part re-encoded, the signature left as it was).
func withExtensions(t testing.TB, exts ...rfc5280.Extension_CertExtensions) []byte {
	t.Helper()
	c := testCert(t)
	c.ToBeSigned.Extensions, c.ToBeSigned.HasExtensions = exts, true
	b, err := c.MarshalDER()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// keptRaw is one place where the generated packages keep an element (or
// an OCTET STRING's contents) raw: wrap returns an input of the type that
// decode decodes, with the element raw in it.
type keptRaw struct {
	name   string
	wrap   func(t testing.TB, raw []byte) []byte
	decode func(b []byte, opts *der.Options) error
	typ    int // the type decode decodes, an index of differentialTypes
}

func unmarshal[T any, P interface {
	*T
	der.Value
}](b []byte, opts *der.Options) error {
	return der.Unmarshal(b, P(new(T)), opts)
}

var keptRawParts = []keptRaw{
	{"unknown content type (ContentInfo.content)", func(_ testing.TB, raw []byte) []byte {
		return tlv(0x30, oidOther, tlv(0xa0, raw))
	}, unmarshal[rfc5652.ContentInfo], 2},
	{"attribute value (CMS Attribute.attrValues)", func(_ testing.TB, raw []byte) []byte {
		return tlv(0x30, oidOther, tlv(0x31, raw))
	}, unmarshal[rfc5652.Attribute_UnsignedAttributes], 7},
	{"attribute value (a Name's AttributeTypeAndValue)", func(_ testing.TB, raw []byte) []byte {
		return tlv(0x30, tlv(0x31, tlv(0x30, oidOther, raw)))
	}, unmarshal[rfc5280.Name], 4},
	{"ORI (OtherRecipientInfo.oriValue)", func(_ testing.TB, raw []byte) []byte {
		return tlv(0x30, oidOther, raw)
	}, unmarshal[rfc5652.OtherRecipientInfo], 6},
	{"otherName (GeneralName [0] INSTANCE OF)", func(_ testing.TB, raw []byte) []byte {
		return tlv(0x30, tlv(0xa0, oidOther, tlv(0xa0, raw)))
	}, unmarshal[rfc5280.GeneralNames], 5},
	{"TBS extension addition (TBSCertificate after extensions)", func(t testing.TB, raw []byte) []byte {
		c := testCert(t)
		c.ToBeSigned.Unknown = raw
		b, err := c.MarshalDER()
		if err != nil {
			t.Fatal(err)
		}
		return b
	}, unmarshal[rfc5280.Certificate], 0},
}

// wantErr is what TestKeptRaw expects of an error: its kind, rule and
// offset from the start of the element kept raw.
type wantErr struct {
	Kind   der.Kind
	Rule   string
	Offset int
}

// TestKeptRaw checks every place where the generated packages keep an
// element raw with the elements of the issue (a truncated OCTET STRING, a
// BOOLEAN of two octets): the strict decode and the BER decode reject
// them, naming the rule, at the offset of the fault in the input (the
// offset of the raw element plus its offset inside). BER forms are
// rejected in DER only, and DER is accepted by both.
func TestKeptRaw(t *testing.T) {
	elements := []struct {
		name     string
		raw      string
		der, ber *wantErr // nil: accepted
	}{
		{"OCTET STRING longer than its SEQUENCE (issue: 300b06032a0304a00430020405)", "30 02 04 05",
			&wantErr{der.KindTruncated, "X.690 8.1.3", 2}, &wantErr{der.KindTruncated, "X.690 8.1.3", 2}},
		{"BOOLEAN of two octets (issue: 300d06032a0304a006300401020101)", "30 04 01 02 01 01",
			&wantErr{der.KindInvalidValue, "X.690 8.2.1", 4}, &wantErr{der.KindInvalidValue, "X.690 8.2.1", 4}},
		{"INTEGER with a redundant leading octet", "30 04 02 02 00 05", &wantErr{der.KindNonCanonical, "X.690 8.3.2", 4}, nil},
		{"empty INTEGER", "30 02 02 00", &wantErr{der.KindInvalidValue, "X.690 8.3.1", 4}, &wantErr{der.KindInvalidValue, "X.690 8.3.1", 4}},
		{"BOOLEAN TRUE not 0xFF", "30 03 01 01 01", &wantErr{der.KindNonCanonical, "X.690 11.1", 4}, nil},
		{"BIT STRING with padding bits set", "30 04 03 02 07 ff", &wantErr{der.KindNonCanonical, "X.690 11.2.1", 4}, nil},
		{"indefinite length", "30 80 01 01 ff 00 00", &wantErr{der.KindNonCanonical, "X.690 10.1", 0}, nil},
		{"length not minimal", "30 81 03 01 01 ff", &wantErr{der.KindNonCanonical, "X.690 10.1", 0}, nil},
		{"constructed OCTET STRING", "30 06 24 04 04 02 61 62", &wantErr{der.KindNonCanonical, "X.690 10.2", 2}, nil},
		{"constructed INTEGER", "30 05 22 03 02 01 05", &wantErr{der.KindMalformed, "X.690 8.1.2.5", 2}, &wantErr{der.KindMalformed, "X.690 8.1.2.5", 2}},
		{"UTCTime without seconds", "30 0d 17 0b 32 35 30 31 30 31 30 30 30 30 5a", &wantErr{der.KindNonCanonical, "X.690 11.8.2", 4}, nil},
		{"OID with a leading 0x80 octet", "30 04 06 02 80 01", &wantErr{der.KindInvalidValue, "X.690 8.19.2", 4}, &wantErr{der.KindInvalidValue, "X.690 8.19.2", 4}},
		{"NULL with contents", "30 03 05 01 00", &wantErr{der.KindInvalidValue, "X.690 8.8.2", 4}, &wantErr{der.KindInvalidValue, "X.690 8.8.2", 4}},
		{"DER", "30 09 01 01 ff 02 01 05 13 01 41", nil, nil},
	}
	for _, part := range keptRawParts {
		for _, el := range elements {
			raw := hx(t, el.raw)
			in := part.wrap(t, raw)
			at := bytes.Index(in, raw)
			if at < 0 || bytes.LastIndex(in, raw) != at {
				t.Fatalf("%s: %s: the element is not once in the input", part.name, el.name)
			}
			for _, mode := range []struct {
				opts *der.Options
				want *wantErr
			}{{nil, el.der}, {&der.Options{BER: true}, el.ber}} {
				err := part.decode(in, mode.opts)
				got := errOf(t, err, at)
				if diff := cmp.Diff(mode.want, got); diff != "" {
					t.Errorf("%s: %s (BER %v): %v (-want +got):\n%s", part.name, el.name, mode.opts != nil, err, diff)
				}
			}
			if _, err := differentialTypes[part.typ].check(in); err != nil {
				t.Errorf("%s: %s: %v", part.name, el.name, err)
			}
		}
	}
}

// errOf returns the kind, rule and offset (from the element at at) of
// err, nil for nil.
func errOf(t *testing.T, err error, at int) *wantErr {
	t.Helper()
	if err == nil {
		return nil
	}
	var e *der.Error
	if !errors.As(err, &e) {
		t.Fatalf("%v is a %T, not a *der.Error", err, err)
	}
	return &wantErr{e.Kind, e.Rule, e.Offset - at}
}

// TestUnknownContainedValues checks what is not kept raw: the contents of
// an OCTET STRING that contains an open type whose key selects no type (an
// unknown extension's value) are octets, not known to be an encoding, kept
// as received in DER and BER alike (RFC 5652 5.2: an eContent need not be
// DER, or ASN.1; X.682 11: the table selects no type to apply).
func TestUnknownContainedValues(t *testing.T) {
	for _, value := range []string{"5678", "30 04 01 02 01 01", "30 80 05 00 00 00", ""} {
		raw := hx(t, value)
		in := withExtensions(t, rfc5280.Extension_CertExtensions{ExtnID: der.OID(oidOther[2:]), ExtnValue: rfc5280.CertExtensions{Raw: raw}})
		for _, opts := range []*der.Options{nil, {BER: true}} {
			var c rfc5280.Certificate
			if err := der.Unmarshal(in, &c, opts); err != nil || !bytes.Equal(c.ToBeSigned.Extensions[0].ExtnValue.Raw, raw) {
				t.Errorf("value %s (BER %v): %v, Raw %x", value, opts != nil, err, c.ToBeSigned.Extensions[0].ExtnValue.Raw)
			}
		}
		if _, err := differentialTypes[0].check(in); err != nil {
			t.Errorf("value %s: %v", value, err)
		}
	}
}

// TestKeptRawIssueExamples checks the two inputs of the issue as they are:
// strict DER (and BER) reject them at offsets 11 and 13 of the input, and
// the generic tree decoder agrees with the typed one on the first.
func TestKeptRawIssueExamples(t *testing.T) {
	tests := []struct {
		in     string
		kind   der.Kind
		rule   string
		offset int
		treeOK bool // the tree decoder does not read BOOLEAN contents
	}{
		{"300b06032a0304a00430020405", der.KindTruncated, "X.690 8.1.3", 11, false},
		{"300d06032a0304a006300401020101", der.KindInvalidValue, "X.690 8.2.1", 13, true},
	}
	for _, tt := range tests {
		in := hx(t, tt.in)
		for _, opts := range []*der.Options{nil, {BER: true}} {
			var v rfc5652.ContentInfo
			err := der.Unmarshal(in, &v, opts)
			var e *der.Error
			if !errors.As(err, &e) || e.Kind != tt.kind || e.Rule != tt.rule || e.Offset != tt.offset {
				t.Errorf("%s (BER %v): %v, want %v (%s) at offset %d", tt.in, opts != nil, err, tt.kind, tt.rule, tt.offset)
			}
			if !strings.Contains(err.Error(), "ContentInfo.content at offset") {
				t.Errorf("%s: %q does not name the field", tt.in, err)
			}
		}
		if _, err := tree.Parse(in, nil); (err == nil) != tt.treeOK {
			t.Errorf("%s: tree.Parse: %v", tt.in, err)
		}
	}
}

// TestX509OptionsLimits checks that the open-type tolerance of
// X509Options never turns a limit error inside an extension into an
// unknown extension, and that a tolerated failure leaves the extension's
// union reset to its raw value, with nothing half filled.
func TestX509OptionsLimits(t *testing.T) {
	// A subjectAltName of 1,000 empty dNSNames: 2,004 octets, whose
	// GeneralNames need 1,000 times sizeof(GeneralName).
	san := tlv(0x30, bytes.Repeat([]byte{0x82, 0x00}, 1000))
	in := withExtensions(t, rfc5280.Extension_CertExtensions{ExtnID: rfc5280.IDCeSubjectAltName, ExtnValue: rfc5280.CertExtensions{Raw: san}})
	var c rfc5280.Certificate
	if err := der.Unmarshal(in, &c, rfc5280.X509Options()); err != nil || c.ToBeSigned.Extensions[0].ExtnValue.GeneralNames == nil || len(*c.ToBeSigned.Extensions[0].ExtnValue.GeneralNames) != 1000 {
		t.Fatalf("the SAN certificate does not decode with X509Options: %v", err)
	}
	for _, lim := range []struct {
		name string
		set  func(o *der.Options)
		rule string
	}{
		{"MaxAlloc", func(o *der.Options) { o.MaxAlloc = 100_000 }, "Options.MaxAlloc"},
		{"MaxElements", func(o *der.Options) { o.MaxElements = 500 }, "Options.MaxElements"},
		{"MaxDepth", func(o *der.Options) { o.MaxDepth = 5 }, "Options.MaxDepth"},
	} {
		opts := rfc5280.X509Options()
		lim.set(opts)
		var c rfc5280.Certificate
		err := der.Unmarshal(in, &c, opts)
		var e *der.Error
		if !errors.As(err, &e) || e.Kind != der.KindLimit || e.Rule != lim.rule {
			t.Errorf("%s: %v, want the limit error", lim.name, err)
		}
	}

	// NameConstraints permitting 1,000 empty dNSNames: the list of
	// GeneralSubtrees exceeds the budget after the NameConstraints were
	// allocated (which X509Options left behind a Kind of 0).
	nc := tlv(0x30, tlv(0xa0, bytes.Repeat(tlv(0x30, tlv(0x82)), 1000)))
	in = withExtensions(t, rfc5280.Extension_CertExtensions{ExtnID: rfc5280.IDCeNameConstraints, ExtnValue: rfc5280.CertExtensions{Raw: nc}})
	if err := der.Unmarshal(in, &c, rfc5280.X509Options()); err != nil || c.ToBeSigned.Extensions[0].ExtnValue.NameConstraints == nil {
		t.Fatalf("the NameConstraints certificate does not decode with X509Options: %v", err)
	}
	opts := rfc5280.X509Options()
	opts.MaxAlloc = 100_000
	if err := der.Unmarshal(in, &c, opts); !errors.Is(err, der.ErrLimit) {
		t.Errorf("MaxAlloc inside NameConstraints: %v, want the limit error", err)
	}

	// NameConstraints whose excludedSubtrees fail (a truncated maximum)
	// after permittedSubtrees were read: tolerated, and reset.
	nc = tlv(0x30, tlv(0xa0, tlv(0x30, tlv(0x82, []byte("a")))), tlv(0xa1, tlv(0x30, tlv(0x82, []byte("b")), []byte{0x81, 0x05, 0x01})))
	in = withExtensions(t, rfc5280.Extension_CertExtensions{ExtnID: rfc5280.IDCeNameConstraints, ExtnValue: rfc5280.CertExtensions{Raw: nc}})
	if err := c.UnmarshalDER(in); err == nil {
		t.Fatal("the broken NameConstraints decode strictly")
	}
	if err := der.Unmarshal(in, &c, rfc5280.X509Options()); err != nil {
		t.Fatalf("X509Options do not tolerate the broken NameConstraints: %v", err)
	}
	if diff := cmp.Diff(rfc5280.CertExtensions{Raw: nc}, c.ToBeSigned.Extensions[0].ExtnValue); diff != "" {
		t.Errorf("a tolerated extension is not reset to its raw value (-want +got):\n%s", diff)
	}
}

// TestMessages checks the hints of the errors a new user meets first: a
// PEM certificate passed to UnmarshalDER, and a certificate in BER.
func TestMessages(t *testing.T) {
	pemCert, err := os.ReadFile("../../generated/rfc5280/testdata/alt1-cert.pem")
	if err != nil {
		t.Fatal(err)
	}
	var c rfc5280.Certificate
	err = c.UnmarshalDER(pemCert)
	const wantPEM = "asn1: Certificate at offset 0: Certificate: expected SEQUENCE, got RELATIVE-OID; the input is PEM (-----BEGIN CERTIFICATE-----), not DER: decode it with encoding/pem and pass the block's Bytes"
	if err == nil || err.Error() != wantPEM {
		t.Errorf("PEM:\n got %v\nwant %s", err, wantPEM)
	}

	// The certificate with its outer length in two octets instead of one
	// more than needed (X.690 10.1), valid BER.
	blk, _ := pem.Decode(pemCert)
	ber := append([]byte{0x30, 0x83, 0x00}, blk.Bytes[2:]...)
	err = c.UnmarshalDER(ber)
	const wantBER = "asn1: Certificate at offset 0: Certificate: length not in the minimal form (X.690 10.1); valid BER, which a decode with der.Options{BER: true} accepts"
	if err == nil || err.Error() != wantBER {
		t.Errorf("BER:\n got %v\nwant %s", err, wantBER)
	}
	if err := der.Unmarshal(ber, &c, &der.Options{BER: true}); err != nil {
		t.Errorf("the BER the hint names does not decode: %v", err)
	}
}
