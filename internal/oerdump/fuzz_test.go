package oerdump

import (
	"encoding/hex"
	"errors"
	"testing"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/internal/permsg"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// FuzzDecode checks that the dump of any input as an Ieee1609Dot2Data
// never panics, locates its errors and has a JER, or a located reason for none, when it has none.
func FuzzDecode(f *testing.F) {
	for _, m := range permsg.MustRead(f, "../../testdata/oer/ieee1609dot2.txt") {
		if m.Type == "Ieee1609Dot2Data" {
			f.Add(m.Bytes)
		}
	}
	s, root, err := Load(v2x(f), "Ieee1609Dot2Data", nil)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, canonical := range []bool{false, true} {
			res := s.Decode(b, root, &Options{Canonical: canonical})
			for _, is := range res.Issues {
				if is.Offset < 0 || is.Offset > len(b) || is.Path == "" {
					t.Fatalf("error not located: %+v", is)
				}
			}
			var e *der.Error
			if _, err := JER(res); len(res.Issues) == 0 && err != nil && (!errors.As(err, &e) || e.Path() == "") {
				t.Fatalf("JER of a value read: error not located: %v", err)
			}
		}
	})
}

// FuzzDecodeDEROpen checks the same of the dump of an Extension
// (derOpenModule), whose extnValue holds the DER of the value of its row
// (CONTAINING ... ENCODED BY der): seeded with a value of each row kind,
// a non-DER one and one whose contents end early.
func FuzzDecodeDEROpen(f *testing.F) {
	for _, h := range []string{
		"0003551d130830060101ff020100",   // basicConstraints
		"0003551d2006300406022a03",       // policies, a type written in the object
		"0003551d0e0404020102",           // subjectKeyIdentifier, without a type
		"0003551d6302abcd",               // a key not in the set
		"0003551d13083006010101020100",   // cA TRUE as 01: not DER
		"0003551d130430060101",           // the contents end inside the SEQUENCE
		"4003551d13ff0830060101ff020100", // critical
	} {
		b, err := hex.DecodeString(h)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	set := model.CheckWith(model.Options{}, model.Source{Name: "m.asn", Src: []byte(derOpenModule)})
	if set.Diags.Errors() > 0 {
		f.Fatal(set.Diags.String())
	}
	s, root, err := Load(set, "Extension", nil)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, canonical := range []bool{false, true} {
			res := s.Decode(b, root, &Options{Canonical: canonical})
			for _, is := range res.Issues {
				if is.Offset < 0 || is.Offset > len(b) || is.Path == "" {
					t.Fatalf("error not located: %+v", is)
				}
			}
			var e *der.Error
			if _, err := JER(res); len(res.Issues) == 0 && err != nil && (!errors.As(err, &e) || e.Path() == "") {
				t.Fatalf("JER of a value read: error not located: %v", err)
			}
		}
	})
}
