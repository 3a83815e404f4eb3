package rfc5652_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/generated/rfc5652"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// knownCMSFailures lists the CMS files that do not decode as ContentInfo
// even in BER mode: name -> a substring of the error, with a one-line
// reason each. The test fails on any other failure and on a listed file
// that decodes.
var knownCMSFailures = map[string]string{
	// (PKCS #7 (RFC 2315) files whose [0] holds the content's SEQUENCE
	// itself, not an OCTET STRING as CMS requires (RFC 5652 5.2.1), and
	// OpenSSL's bad-cms.der (2 stray octets in RecipientInfos) decode with
	// der.TolerateX509: TolerateOpenTypeErrors keeps their content
	// raw, Kind 0.)
	// OpenSSL negative test: the [0] content is cut short.
	"openssl/test/recipes/25-test_pkcs7_data/malformed.pkcs7#1(PKCS7)": "ContentInfo.content at offset 13: [0] EXPLICIT: input ends",
}

// knownCMSReencodeFailures lists the BER files whose DER re-encoding does
// not decode strictly: name -> a substring of the strict error.
var knownCMSReencodeFailures = map[string]string{}

// cmsLike reports whether a blob is meant to be a CMS ContentInfo, by PEM
// type or by FILES.tsv's guess. ("ContentInfo?OID" guesses are any
// SEQUENCE { OID, [0] ... }: only the CMS content types count.)
func cmsLike(b blob) bool {
	if b.PEMType != "" {
		return b.PEMType == "CMS" || b.PEMType == "PKCS7"
	}
	g := b.Guess
	return g == "S/MIME" || strings.HasPrefix(g, "CMS-") || strings.HasPrefix(g, "TSP-TimeStampToken") ||
		strings.HasPrefix(g, "ContentInfo?1.2.840.113549.1.7.") || strings.HasPrefix(g, "ContentInfo?1.2.840.113549.1.9.16.1.")
}

// typedContentTypes are the content types ContentInfo's table lists: a
// file of one of them must have its content typed.
var typedContentTypes = []der.OID{rfc5652.IDData, rfc5652.IDSignedData, rfc5652.IDEnvelopedData,
	rfc5652.IDDigestedData, rfc5652.IDEncryptedData, rfc5652.IDCtAuthData}

// ignoreRaw ignores the received encodings a decode keeps (Raw,
// ToBeSignedRaw, SignedAttrsRaw...): they differ between a BER input and
// its DER re-encoding.
var ignoreRaw = cmp.FilterPath(func(p cmp.Path) bool {
	sf, ok := p.Last().(cmp.StructField)
	return ok && strings.HasSuffix(sf.Name(), "Raw")
}, cmp.Ignore())

// firstElement returns the first BER element of b and whether octets
// follow it.
func firstElement(b []byte) ([]byte, bool) {
	r := der.NewReader(b, &der.Options{BER: true})
	raw, err := r.ReadRaw()
	if err != nil {
		return b, false
	}
	return raw, !r.Empty()
}

// TestCorpusCMS decodes every CMS/PKCS #7 file of the corpus as a
// ContentInfo: strictly if it is DER, in BER mode otherwise (octets after
// the ContentInfo, which some files carry, are logged and left out). A DER
// file must re-encode byte for byte; a BER file must re-encode to DER that
// decodes strictly to an equal value.
func TestCorpusCMS(t *testing.T) {
	var wire, tolerant, ber, trailing, listed, untyped int
	seen := map[string]bool{}
	mimes := mimeBlobs(t)
	if len(mimes) == 0 {
		t.Errorf("no CMS part in the S/MIME messages")
	}
	for _, b := range dedupe(append(corpusBlobs(t), mimes...)) {
		if !cmsLike(b) {
			continue
		}
		data, rest := firstElement(b.Data)
		if rest {
			trailing++
			t.Logf("%s: %d octets after the ContentInfo left out", b.Name, len(b.Data)-len(data))
		}
		var ci rfc5652.ContentInfo
		unmarshal := func(b []byte, o *der.Options) error { return der.Unmarshal(b, &ci, o) }
		derErr, panicked := decode(unmarshal, data, nil)
		if panicked {
			t.Errorf("%s: %v", b.Name, derErr)
			continue
		}
		mode := "DER"
		if derErr != nil {
			mode = "tolerant"
			if err, _ := decode(unmarshal, data, &der.Options{Tolerate: der.TolerateX509}); err != nil {
				mode = "BER"
				berErr, panicked := decode(unmarshal, data, &der.Options{BER: true})
				if panicked || berErr != nil {
					if !panicked && !located(berErr) {
						t.Errorf("%s: BER decode: error without offset: %v", b.Name, berErr)
					}
					if want, ok := knownCMSFailures[b.Name]; ok && berErr != nil && strings.Contains(berErr.Error(), want) {
						listed++
						seen[b.Name] = true
					} else {
						t.Errorf("%s: BER decode: %v (DER: %v)", b.Name, berErr, derErr)
					}
					continue
				}
			}
		}
		if ci.Content.Kind == 0 {
			for _, o := range typedContentTypes {
				if ci.ContentType.Equal(o) && mode != "tolerant" {
					t.Errorf("%s: content type %v left untyped", b.Name, ci.ContentType)
				}
			}
			untyped++
			t.Logf("%s: content type %v is not in ContentInfo's table: kept as Raw", b.Name, ci.ContentType)
		}
		enc, err := ci.MarshalDER()
		if err != nil {
			t.Errorf("%s: %s decode, MarshalDER: %v", b.Name, mode, err)
			continue
		}
		switch mode {
		case "DER":
			wire++
			if !bytes.Equal(enc, data) {
				t.Errorf("%s: MarshalDER does not reproduce the DER input (%d octets, input %d)", b.Name, len(enc), len(data))
			}
		default:
			if mode == "BER" {
				ber++
			} else {
				tolerant++
			}
			t.Logf("%s: %s (strict DER: %v)", b.Name, mode, derErr)
			var again rfc5652.ContentInfo
			if err := again.UnmarshalDER(enc); err != nil {
				var re *der.Error
				if mode == "tolerant" && der.Unmarshal(enc, &again, &der.Options{Tolerate: der.TolerateX509}) == nil && ci.Content.Kind == 0 {
					// A content whose value does not decode as its type
					// (PKCS #7's unwrapped content) is kept raw
					// (TolerateOpenTypeErrors) and written back so.
					t.Logf("%s: re-encoding keeps a content kept raw: %v", b.Name, err)
					continue
				}
				if mode == "tolerant" && errors.As(err, &re) && re.Kind == der.KindNonCanonical {
					// Encoding keeps the tolerated DER defects (an encoded
					// DEFAULT, named-bit padding).
					t.Logf("%s: re-encoding keeps a tolerated defect: %v", b.Name, err)
					continue
				}
				if want, ok := knownCMSReencodeFailures[b.Name]; ok && strings.Contains(err.Error(), want) {
					seen[b.Name] = true
					t.Logf("%s: listed: the DER re-encoding does not decode strictly: %v", b.Name, err)
				} else {
					t.Errorf("%s: the DER re-encoding of a %s decode does not decode strictly: %v", b.Name, mode, err)
				}
				continue
			}
			if d := cmp.Diff(&ci, &again, ignoreRaw); d != "" && mode == "tolerant" && len(enc) == len(data) {
				// Encoding sorted an unsorted SET OF (of certificates,
				// attributes): same elements, DER order.
				t.Logf("%s: the DER re-encoding sorts a SET OF", b.Name)
			} else if d != "" {
				t.Errorf("%s: the DER re-encoding decodes to another value (-%s +DER):\n%s", b.Name, mode, d)
			}
		}
	}
	for _, list := range []map[string]string{knownCMSFailures, knownCMSReencodeFailures} {
		for name := range list {
			if !seen[name] {
				t.Errorf("%s: listed as a known failure but did not fail as listed", name)
			}
		}
	}
	t.Logf("CMS files: %d DER, %d DER with tolerated defects, %d BER, %d listed failures; %d with octets after the ContentInfo, %d with an untyped content type",
		wire, tolerant, ber, listed, trailing, untyped)
	if wire+ber == 0 {
		t.Fatal("no CMS file decoded")
	}
}

// TestEContentData: EncapsulatedContentInfo { id-data, [0] OCTET STRING
// "hi" }. The eContent octets are the data (RFC 5652 5.2), kept in Raw
// (the id-data row of the table selects no typed field).
func TestEContentData(t *testing.T) {
	cases := []struct {
		name string
		in   []byte
		opts *der.Options
	}{
		{"DER", []byte{0x30, 0x11, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x01, 0xa0, 0x04, 0x04, 0x02, 'h', 'i'}, nil},
		// BER: indefinite lengths and a constructed OCTET STRING of one
		// segment.
		{"BER", []byte{0x30, 0x80, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x01, 0xa0, 0x80, 0x24, 0x80, 0x04, 0x02, 'h', 'i', 0, 0, 0, 0, 0, 0},
			&der.Options{BER: true}},
	}
	for _, c := range cases {
		var v rfc5652.EncapsulatedContentInfo
		if err := der.Unmarshal(c.in, &v, c.opts); err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if v.EContent.Kind != rfc5652.CtData || string(v.EContent.Raw) != "hi" {
			t.Errorf("%s: eContent kind %v, data %q; want Data \"hi\"", c.name, v.EContent.Kind, v.EContent.Raw)
		}
		out, err := v.MarshalDER()
		if want := c.in; c.opts == nil && (err != nil || string(out) != string(want)) {
			t.Errorf("%s: re-encoding %x (%v), want %x", c.name, out, err, want)
		}
	}
}

// TestUntypedContentBER: a ContentInfo of a content type outside the table
// (OID 1.2.3), in BER with an indefinite-length content. The content is
// kept in DER form (Reader.KeepDER), so MarshalDER writes DER.
func TestUntypedContentBER(t *testing.T) {
	in := []byte{0x30, 0x80, 0x06, 0x02, 0x2a, 0x03, 0xa0, 0x80, 0x30, 0x80, 0x02, 0x01, 0x05, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00}
	var ci rfc5652.ContentInfo
	if err := der.Unmarshal(in, &ci, &der.Options{BER: true}); err != nil {
		t.Fatal(err)
	}
	if ci.Content.Kind != 0 {
		t.Fatalf("content kind %v, want untyped", ci.Content.Kind)
	}
	enc, err := ci.MarshalDER()
	if err != nil {
		t.Fatal(err)
	}
	if err := new(rfc5652.ContentInfo).UnmarshalDER(enc); err != nil {
		t.Errorf("MarshalDER after a BER decode writes % x, not DER: %v", enc, err)
	} else if want := []byte{0x30, 0x0b, 0x06, 0x02, 0x2a, 0x03, 0xa0, 0x05, 0x30, 0x03, 0x02, 0x01, 0x05}; !bytes.Equal(enc, want) {
		t.Errorf("MarshalDER: % x, want % x", enc, want)
	}
}
