package der_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/internal/rtest"
)

// Fuzz targets of the typed reads of the primitive types, on any contents.
// Each checks that a read never panics, that every error is a located
// *Error, that DER acceptance implies BER acceptance with the same value,
// and that read -> add -> read is stable (and gives the input back when the
// input was DER).

func FuzzOID(f *testing.F) {
	for _, s := range []string{"81 34 03", "2a 86 48 86 f7 0d", "82 80 80 80 80 80 80 80 80 40", "2a 80 01", "00"} {
		f.Add(rtest.Hex(f, s))
	}
	f.Add([]byte("1.2.840.113549"))
	f.Fuzz(func(t *testing.T, b []byte) {
		// b as contents octets
		o, err := parseOID(b)
		rtest.CheckErr(t, err)
		r, errRel := parseRelativeOID(b)
		rtest.CheckErr(t, errRel)
		if (err == nil) != (errRel == nil) {
			t.Fatalf("OID and RELATIVE-OID checks disagree: %v, %v", err, errRel)
		}
		if err == nil {
			back, err := der.ParseOIDString(o.String())
			if err != nil || !bytes.Equal(back, b) {
				t.Fatalf("% x formatted as %s, parsed back to % x, %v", b, o, []byte(back), err)
			}
			rback, err := der.ParseRelativeOIDString(r.String())
			if err != nil || !bytes.Equal(rback, b) {
				t.Fatalf("% x formatted as %s, parsed back to % x, %v", b, r, []byte(rback), err)
			}
			n := 0
			for range o.Arcs() {
				n++
			}
			if want := bytes.Count(o.AppendText(nil), []byte{'.'}) + 1; n != want {
				t.Fatalf("%s: %d arcs iterated", o, n)
			}
		} else if s := der.OID(b).String(); s != "<invalid OID>" {
			t.Fatalf("invalid % x formatted as %q", b, s)
		}
		// b as text
		if o, err := der.ParseOIDString(string(b)); err == nil {
			if o.String() != string(b) {
				t.Fatalf("%q parsed and formatted as %s", b, o)
			}
			if _, err := parseOID(o); err != nil {
				t.Fatalf("%q encoded as invalid % x: %v", b, []byte(o), err)
			}
		} else {
			var e *der.Error
			if !errors.As(err, &e) {
				t.Fatalf("bad error %v", err)
			}
		}
	})
}

func FuzzTime(f *testing.F) {
	for _, s := range []string{"491231235959Z", "9912312359-0130", "991231240000Z", "20200102030405.123Z",
		"2020010203,5+01", "20201231240000Z", "20200102030405.0000000001Z", "20161231235960Z"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, utc := range []bool{true, false} {
			parse, enc := parseGeneralizedTime, appendGeneralizedTime
			if utc {
				parse, enc = parseUTCTime, appendUTCTime
			}
			ber, errBER := parse(b, false)
			der, errDER := parse(b, true)
			rtest.CheckErr(t, errBER)
			rtest.CheckErr(t, errDER)
			if errDER == nil && (errBER != nil || !der.Equal(ber)) {
				t.Fatalf("utc=%v %q: DER %v, BER %v %v", utc, b, der, ber, errBER)
			}
			if errBER != nil {
				continue
			}
			out, err := enc(nil, ber)
			if err != nil {
				if y := ber.Year(); utc && y >= 1950 && y <= 2049 || !utc && y >= 0 && y <= 9999 {
					t.Fatalf("utc=%v %q: %v not encoded: %v", utc, b, ber, err)
				}
				continue
			}
			again, err := parse(out, true)
			if err != nil || !again.Equal(ber) {
				t.Fatalf("utc=%v %q: %v encoded as %q, read back as %v, %v", utc, b, ber, out, again, err)
			}
			if errDER == nil && !bytes.Equal(out, b) {
				t.Fatalf("utc=%v: DER input %q re-encoded as %q", utc, b, out)
			}
		}
	})
}

// FuzzStrings covers the character string types.
func FuzzStrings(f *testing.F) {
	for _, s := range []string{"20121221", "\x00\x48\x00\xe9", "A&*", "\xe9t\xe9"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		check := func(enc []byte, err error) {
			t.Helper()
			if err != nil || !bytes.Equal(enc, b) {
				t.Fatalf("%q re-encoded as %q, %v", b, enc, err)
			}
		}
		for n := der.TagUTF8String; n <= der.TagBMPString; n++ {
			s, err := decodeString(n, b)
			if errors.Is(err, der.ErrUnsupported) {
				continue
			}
			if err != nil {
				rtest.CheckErr(t, err)
				continue
			}
			check(appendString(nil, n, s))
		}
	})
}
