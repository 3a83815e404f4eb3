package oerdump

import (
	"errors"
	"testing"

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
