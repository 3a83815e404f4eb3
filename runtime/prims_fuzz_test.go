package runtime_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/asn1gen/asn1gen/runtime"
)

// Fuzz targets of the content parsers. Each checks that the parser never
// panics, that every error is a located *Error, that DER acceptance implies
// BER acceptance with the same value, and that parse -> encode -> parse is
// stable (and gives the input back when the input was DER).

// fuzzErr fails t unless err is nil or a content parser's *Error.
func fuzzErr(t *testing.T, err error) {
	t.Helper()
	var e *runtime.Error
	if err != nil && (!errors.As(err, &e) || e.Offset != -1 || e.Type == "" || e.Kind == 0) {
		t.Fatalf("bad error %#v", err)
	}
}

func FuzzReal(f *testing.F) {
	for _, s := range []string{"", "40", "43", "80 00 01", "81 fb ce 01", "83 02 00 01 01", "ac 02 05", "03 31352e452d31", "02 20 2d 31 2c 35", "03 312e45343030"} {
		f.Add(pHex(f, s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		ber, errBER := runtime.ParseReal(b, false)
		der, errDER := runtime.ParseReal(b, true)
		fuzzErr(t, errBER)
		fuzzErr(t, errDER)
		if errDER == nil && (errBER != nil || !sameFloat(der, ber)) {
			t.Fatalf("DER %v, BER %v %v", der, ber, errBER)
		}
		if errBER != nil {
			return
		}
		enc := runtime.AppendReal(nil, ber)
		again, err := runtime.ParseReal(enc, true)
		if err != nil || !sameFloat(again, ber) {
			t.Fatalf("%v encoded as % x, read back as %v, %v", ber, enc, again, err)
		}
		// DER has one encoding per value; a decimal DER input is
		// re-encoded in binary, though.
		if decimal := len(b) > 0 && b[0]&0xc0 == 0; errDER == nil && !decimal && !bytes.Equal(enc, b) {
			t.Fatalf("DER input % x re-encoded as % x", b, enc)
		}
	})
}

func FuzzOID(f *testing.F) {
	for _, s := range []string{"81 34 03", "2a 86 48 86 f7 0d", "82 80 80 80 80 80 80 80 80 40", "2a 80 01", "00"} {
		f.Add(pHex(f, s))
	}
	f.Add([]byte("1.2.840.113549"))
	f.Fuzz(func(t *testing.T, b []byte) {
		// b as contents octets
		o, err := runtime.ParseOID(b)
		fuzzErr(t, err)
		r, errRel := runtime.ParseRelativeOID(b)
		fuzzErr(t, errRel)
		if (err == nil) != (errRel == nil) {
			t.Fatalf("OID and RELATIVE-OID checks disagree: %v, %v", err, errRel)
		}
		if err == nil {
			back, err := runtime.ParseOIDString(o.String())
			if err != nil || !bytes.Equal(back, b) {
				t.Fatalf("% x formatted as %s, parsed back to % x, %v", b, o, []byte(back), err)
			}
			rback, err := runtime.ParseRelativeOIDString(r.String())
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
		} else if s := runtime.OID(b).String(); s != "<invalid OID>" {
			t.Fatalf("invalid % x formatted as %q", b, s)
		}
		// b as text
		if o, err := runtime.ParseOIDString(string(b)); err == nil {
			if o.String() != string(b) {
				t.Fatalf("%q parsed and formatted as %s", b, o)
			}
			if _, err := runtime.ParseOID(o); err != nil {
				t.Fatalf("%q encoded as invalid % x: %v", b, []byte(o), err)
			}
		} else {
			var e *runtime.Error
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
			parse, enc := runtime.ParseGeneralizedTime, runtime.AppendGeneralizedTime
			if utc {
				parse, enc = runtime.ParseUTCTime, runtime.AppendUTCTime
			}
			ber, errBER := parse(b, false)
			der, errDER := parse(b, true)
			fuzzErr(t, errBER)
			fuzzErr(t, errDER)
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

// FuzzXTime covers the X.680 time types and the character strings.
func FuzzXTime(f *testing.F) {
	for _, s := range []string{"20121221", "063000", "19511014153000", "2Y10M15DT10H20M30S", "T0,5S", "1985-W15-5",
		"R5/2008-03-01T13:00:00Z/P1Y2M10DT2H30M", "15:27:46+01:00", "\x00\x48\x00\xe9"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		check := func(enc []byte, err error) {
			t.Helper()
			if err != nil || !bytes.Equal(enc, b) {
				t.Fatalf("%q re-encoded as %q, %v", b, enc, err)
			}
		}
		if d, err := runtime.ParseDate(b); err == nil {
			check(runtime.AppendDate(nil, d))
		} else {
			fuzzErr(t, err)
		}
		if d, err := runtime.ParseTimeOfDay(b); err == nil {
			check(runtime.AppendTimeOfDay(nil, d))
		} else {
			fuzzErr(t, err)
		}
		if d, err := runtime.ParseDateTime(b); err == nil {
			check(runtime.AppendDateTime(nil, d))
		} else {
			fuzzErr(t, err)
		}
		if d, err := runtime.ParseDuration(b); err == nil {
			// ',' becomes '.' and leading zeros go: compare values.
			enc, err := runtime.AppendDuration(nil, d)
			again, err2 := runtime.ParseDuration(enc)
			if err != nil || err2 != nil || again.String() != d.String() {
				t.Fatalf("duration %q re-encoded as %q, %v %v", b, enc, err, err2)
			}
			if _, err := runtime.ParseISOTime([]byte(d.String())); err != nil {
				t.Fatalf("duration %s is not a TIME: %v", d, err)
			}
		} else {
			fuzzErr(t, err)
		}
		if v, err := runtime.ParseISOTime(b); err == nil {
			check(runtime.AppendISOTime(nil, v))
		} else {
			fuzzErr(t, err)
		}
		for n := uint32(runtime.TagUTF8String); n <= runtime.TagBMPString; n++ {
			s, err := runtime.DecodeString(n, b)
			if errors.Is(err, runtime.ErrUnsupported) {
				continue
			}
			if err != nil {
				fuzzErr(t, err)
				continue
			}
			check(runtime.AppendString(nil, n, s))
		}
	})
}
