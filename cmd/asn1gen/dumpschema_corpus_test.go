package main

import (
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/generated/rfc5280"
	"github.com/asn1gen/asn1gen/generated/rfc5652"
	"github.com/asn1gen/asn1gen/generated/rfc7292"
	"github.com/asn1gen/asn1gen/internal/corpustest"
	"github.com/asn1gen/asn1gen/internal/schemadump"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// TestDumpSchemaCorpus decodes every certificate, CMS ContentInfo and PKCS
// #12 file of the shared corpus with the schema of its generated package
// (-use), and checks the dump against the generated decoder of the same
// type: an input the generated code decodes without error must dump
// without error, and one it rejects must dump with at least one. (For
// PKCS #12, the generated decoder also reads what RFC 7292's rules make the
// dump read: see decodePFX.)
func TestDumpSchemaCorpus(t *testing.T) {
	blobs := corpustest.Blobs(t)
	kinds := []struct {
		name, use, typ string
		match          func(b corpustest.Blob) bool
		decode         func(data []byte, ber bool) error
	}{
		{"certificate", "github.com/asn1gen/asn1gen/generated/rfc5280", "PKIX1Explicit-2009.Certificate",
			func(b corpustest.Blob) bool {
				return b.PEMType == "CERTIFICATE" || strings.HasPrefix(b.Guess, "X509-Certificate") && b.PEMType == ""
			},
			func(data []byte, ber bool) error {
				var v rfc5280.Certificate
				return der.Unmarshal(data, &v, &der.Options{BER: ber})
			}},
		{"CMS", "github.com/asn1gen/asn1gen/generated/rfc5652", "CryptographicMessageSyntax-2010.ContentInfo",
			func(b corpustest.Blob) bool {
				return b.PEMType == "CMS" || b.PEMType == "PKCS7" || strings.HasPrefix(b.Guess, "CMS-") && b.PEMType == ""
			},
			func(data []byte, ber bool) error {
				var v rfc5652.ContentInfo
				return der.Unmarshal(data, &v, &der.Options{BER: ber})
			}},
		{"PKCS #12", "github.com/asn1gen/asn1gen/generated/rfc7292", "PKCS-12.PFX",
			func(b corpustest.Blob) bool { return strings.HasPrefix(b.Guess, "PKCS12-PFX") && b.PEMType == "" },
			decodePFX},
	}
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			sf := &schemaFlags{use: k.use, typ: k.typ}
			s, a, err := loadSchema(sf)
			if err != nil {
				t.Fatal(err)
			}
			var n, clean, rejected, disagree int
			for _, b := range blobs {
				if !k.match(b) {
					continue
				}
				n++
				// as the generated decoder reads it: DER, else BER
				ber := false
				genErr := k.decode(b.Data, false)
				if genErr != nil && k.decode(b.Data, true) == nil {
					ber, genErr = true, nil
				}
				res := s.Decode(b.Data, a, &schemadump.Options{BER: ber})
				switch {
				case genErr == nil && len(res.Issues) == 0:
					clean++
				case genErr != nil && len(res.Issues) > 0:
					rejected++
				default:
					disagree++
					first := "none"
					if len(res.Issues) > 0 {
						first = res.Issues[0].Path + " at " + strconv.Itoa(res.Issues[0].Offset) + ": " + res.Issues[0].Message
					}
					t.Errorf("%s (BER %v): generated decoder: %v; dump: %d error(s), the first: %s", b.Name, ber, genErr, len(res.Issues), first)
				}
			}
			t.Logf("%d inputs: %d read by both without error, %d rejected by both, %d disagreements", n, clean, rejected, disagree)
			// Any input of the corpus, as this type (in DER and in BER,
			// in turns): the dump prints and stays within the input.
			for i, b := range corpustest.Walk(t) {
				ber := i%2 == 1
				res := s.Decode(b.Data, a, &schemadump.Options{BER: ber})
				if err := schemadump.Text(io.Discard, res, nil); err != nil {
					t.Fatalf("%s: %v", b.Name, err)
				}
				for _, is := range res.Issues {
					if is.Offset < -1 || is.Offset > len(b.Data) {
						t.Errorf("%s (BER %v): error at offset %d of %d octets: %+v", b.Name, ber, is.Offset, len(b.Data), is)
					}
				}
			}
		})
	}
}

// decodePFX decodes a PFX with the generated types as the dump reads it:
// the PFX, then the data of its authSafe (or of its SignedData) as an
// AuthenticatedSafe and the data of each part of type data as a
// SafeContents (RFC 7292 4.1, schemadump.KnownRules).
func decodePFX(data []byte, ber bool) error {
	opts := &der.Options{BER: ber}
	var pfx rfc7292.PFX
	if err := der.Unmarshal(data, &pfx, opts); err != nil {
		return err
	}
	c := &pfx.AuthSafe.Content
	var octets []byte
	var err error
	switch c.Kind {
	case rfc5652.CtData:
		octets, err = c.Data(opts)
	case rfc5652.CtSignedData:
		if e := &c.SignedData.EncapContentInfo.EContent; e.Kind == rfc5652.CtData {
			octets = e.Raw
		}
	}
	if err != nil || octets == nil {
		return err
	}
	var as rfc7292.AuthenticatedSafe
	if err := der.Unmarshal(octets, &as, opts); err != nil {
		return err
	}
	for i := range as {
		if as[i].Content.Kind != rfc5652.CtData {
			continue
		}
		part, err := as[i].Content.Data(opts)
		if err != nil {
			return err
		}
		var sc rfc7292.SafeContents
		if err := der.Unmarshal(part, &sc, opts); err != nil {
			return err
		}
	}
	return nil
}

// TestDumpSchemaJERCorpus writes the JER of every certificate and CMS
// ContentInfo of the shared corpus that the schema dump reads without
// error, in DER or else BER (dump -jer -use generated/rfc5280 or
// rfc5652): JSON text that parses, or a located error of kind
// unsupported naming what has no JER (an extension or other name whose
// key is outside its table, whose generated field keeps DER octets). No
// generated package of X.509 carries JER (generated/rfc5280 is generated
// with DER alone), so TestDumpSchemaJER holds the forms to MarshalJSON on
// a module of its own.
func TestDumpSchemaJERCorpus(t *testing.T) {
	blobs := corpustest.Blobs(t)
	for _, k := range []struct {
		name, use, typ string
		match          func(b corpustest.Blob) bool
	}{
		{"certificate", "github.com/asn1gen/asn1gen/generated/rfc5280", "PKIX1Explicit-2009.Certificate",
			func(b corpustest.Blob) bool {
				return b.PEMType == "CERTIFICATE" || strings.HasPrefix(b.Guess, "X509-Certificate") && b.PEMType == ""
			}},
		{"CMS", "github.com/asn1gen/asn1gen/generated/rfc5652", "CryptographicMessageSyntax-2010.ContentInfo",
			func(b corpustest.Blob) bool {
				return b.PEMType == "CMS" || b.PEMType == "PKCS7" || strings.HasPrefix(b.Guess, "CMS-") && b.PEMType == ""
			}},
	} {
		t.Run(k.name, func(t *testing.T) { jerCorpus(t, blobs, k.use, k.typ, k.match) })
	}
}

// jerCorpus is TestDumpSchemaJERCorpus for the type typ of the package
// use and the blobs match selects.
func jerCorpus(t *testing.T, blobs []corpustest.Blob, use, typ string, match func(corpustest.Blob) bool) {
	s, a, err := loadSchema(&schemaFlags{use: use, typ: typ})
	if err != nil {
		t.Fatal(err)
	}
	var n, written, refused int
	why := map[string]int{}
	for _, b := range blobs {
		if !match(b) {
			continue
		}
		res := s.Decode(b.Data, a, &schemadump.Options{JER: true})
		if len(res.Issues) > 0 {
			res = s.Decode(b.Data, a, &schemadump.Options{JER: true, BER: true})
		}
		if len(res.Issues) > 0 {
			continue
		}
		n++
		j, err := schemadump.JER(res)
		if err == nil {
			if !json.Valid(j) {
				t.Errorf("%s: the JER is not JSON: %s", b.Name, j)
			}
			written++
			continue
		}
		var e *der.Error
		if !errors.As(err, &e) || e.Kind != der.KindUnsupported || e.Offset < 0 || e.Offset >= len(b.Data) || e.Path() == "" {
			t.Errorf("%s: %v, want a located error of kind unsupported", b.Name, err)
		}
		refused++
		why[e.Path()]++
	}
	t.Logf("%d inputs read without error: %d written as JER, %d without one (%v)", n, written, refused, why)
}
