package per_test

import (
	"errors"
	"math"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/isotime"
	"github.com/asn1gen/asn1gen/runtime/per"
)

// realTimeCases are the primitive cases of REAL, the useful time types and
// the time types with defined encodings (part of primCases).
func realTimeCases() []primCase {
	var cs []primCase
	both := func(name string, lead bool, w func(*per.Writer) error, r func(*per.Reader) (any, error), want any, ahex, uhex string) {
		cs = append(cs, primCase{name + "/APER", true, lead, w, ahex, r, want}, primCase{name + "/UPER", false, lead, w, uhex, r, want})
	}
	// X.691 15: a length, octet-aligned in ALIGNED, and the DER contents
	// octets (X.690 8.5, 11.3). The value read is compared by its bits, so
	// that -0 is not 0 and NaN is NaN. The octets of 2^1000, -96 and the
	// largest float64 are asn1ct's (asn1 5.0.21) for {1,2,1000}, {-3,2,5}
	// and {2^53-1,2,971}.
	real := func(v float64) (func(*per.Writer) error, func(*per.Reader) (any, error), any) {
		return func(w *per.Writer) error { w.WriteReal(v); return nil },
			func(r *per.Reader) (any, error) { f, err := r.ReadReal(); return math.Float64bits(f), err },
			math.Float64bits(v)
	}
	for _, c := range []struct {
		name string
		v    float64
		lead bool
		ahex string
		uhex string
	}{
		{"+0: no contents octets (8.5.2)", 0, false, "00", "00"},
		{"-0 (8.5.9)", math.Copysign(0, -1), false, "01 43", "01 43"},
		{"PLUS-INFINITY", math.Inf(1), false, "01 40", "01 40"},
		{"MINUS-INFINITY", math.Inf(-1), false, "01 41", "01 41"},
		{"NOT-A-NUMBER", math.NaN(), false, "01 42", "01 42"},
		{"1: mantissa 1, exponent 0", 1, false, "03 80 00 01", "03 80 00 01"},
		{"1.5: mantissa 3, exponent -1", 1.5, true, "80 03 80 ff 03", "81 c0 7f 81 80"},
		{"-96: mantissa -3, exponent 5", -96, false, "03 c0 05 03", "03 c0 05 03"},
		{"2^1000: two exponent octets", math.Ldexp(1, 1000), false, "04 81 03 e8 01", "04 81 03 e8 01"},
		{"largest float64", math.MaxFloat64, false, "0a 81 03 cb 1f ff ff ff ff ff ff", "0a 81 03 cb 1f ff ff ff ff ff ff"},
	} {
		w, r, want := real(c.v)
		both("REAL "+c.name, c.lead, w, r, want, c.ahex, c.uhex)
	}

	// UTCTime and GeneralizedTime: VisibleStrings, 8 bits a character
	// ALIGNED and 7 UNALIGNED; the octets are asn1ct's.
	utc := der.Date(2049, 12, 31, 23, 59, 59, 0)
	both("UTCTime 491231235959Z", false,
		func(w *per.Writer) error { return w.WriteUTCTime(utc) },
		func(r *per.Reader) (any, error) { return r.ReadUTCTime() }, utc,
		"0d 34 39 31 32 33 31 32 33 35 39 35 39 5a", "0d 68 e5 8b 26 6c 59 33 6a e5 ab 9b 40")
	gen := der.Date(2026, 1, 2, 3, 4, 5, 250e6)
	both("GeneralizedTime 20260102030405.25Z", false,
		func(w *per.Writer) error { return w.WriteGeneralizedTime(gen) },
		func(r *per.Reader) (any, error) { return r.ReadGeneralizedTime() }, gen,
		"12 32 30 32 36 30 31 30 32 30 33 30 34 30 35 2e 32 35 5a", "12 64 c1 93 66 0c 58 32 60 cd 83 46 0d 57 32 6b 68")

	// DATE, TIME-OF-DAY, DATE-TIME (X.691 32): the SEQUENCEs of time.go,
	// worked out by hand. 2012-03-04: immediate (00), 2012-2005 = 7
	// (0111), month 3-1 (0010), day 4-1 (00011): 15 bits.
	date := func(y, m, d int) (func(*per.Writer) error, func(*per.Reader) (any, error), any) {
		v := isotime.Date{Year: y, Month: m, Day: d}
		return func(w *per.Writer) error { return w.WriteDate(v) },
			func(r *per.Reader) (any, error) { return r.ReadDate() }, v
	}
	w, r, want := date(2012, 3, 4)
	both("DATE 2012-03-04: immediate, 15 bits", false, w, r, want, "1c 86", "1c 86")
	// 2100-12-31: near-future (01), 79 in 8 bits, octet-aligned ALIGNED
	// (a range of 256, X.691 11.5.7.2), month 11 (1011), day 30 (11110).
	w, r, want = date(2100, 12, 31)
	both("DATE 2100-12-31: near-future", false, w, r, want, "40 4f bf 00", "53 ef c0")
	w, r, want = date(1749, 1, 1)
	both("DATE 1749-01-01: near-past", false, w, r, want, "80 00 00 00", "80 00 00")
	// 1600-02-29: remainder (11), an unconstrained whole number (length
	// 2, 06 40), month 1 (0001), day 28 (11100).
	w, r, want = date(1600, 2, 29)
	both("DATE 1600-02-29: remainder", false, w, r, want, "c0 02 06 40 1e 00", "c0 81 90 07 80")
	// 23:59:60: 23 (10111), 59 (111011), 60 (111100): 17 bits.
	tod := isotime.TimeOfDay{Hour: 23, Minute: 59, Second: 60}
	both("TIME-OF-DAY 23:59:60: 17 bits", false,
		func(w *per.Writer) error { return w.WriteTimeOfDay(tod) },
		func(r *per.Reader) (any, error) { return r.ReadTimeOfDay() }, tod, "bf 7e 00", "bf 7e 00")
	dt := isotime.DateTime{Date: isotime.Date{Year: 2012, Month: 3, Day: 4}, TimeOfDay: isotime.TimeOfDay{Hour: 12, Minute: 30}}
	both("DATE-TIME 2012-03-04T12:30:00: 32 bits", false,
		func(w *per.Writer) error { return w.WriteDateTime(dt) },
		func(r *per.Reader) (any, error) { return r.ReadDateTime() }, dt, "1c 86 c7 80", "1c 86 c7 80")

	// DURATION (X.691 32.6): 8 presence bits, then each component with its
	// extension bit. P1Y2M: 11000000, 0 00001, 0 0010.
	dur := func(d isotime.Duration) (func(*per.Writer) error, func(*per.Reader) (any, error), any) {
		return func(w *per.Writer) error { return w.WriteDuration(d) },
			func(r *per.Reader) (any, error) { return r.ReadDuration() }, d
	}
	w, r, want = dur(isotime.Duration{Years: 1, Months: 2}.WithComponents(3))
	both("DURATION P1Y2M", false, w, r, want, "c0 04 40", "c0 04 40")
	w, r, want = dur(isotime.Duration{Weeks: 3}.WithComponents(4))
	both("DURATION P3W", false, w, r, want, "20 06", "20 06")
	// PT0M0S: zero components written are present.
	w, r, want = dur(isotime.Duration{}.WithComponents(0x60))
	both("DURATION PT0M0S", false, w, r, want, "06 00 00", "06 00 00")
	// PT1.5S: 00000011, seconds 0 000001, number-of-digits 0 00,
	// fractional-value 0 then 5 in 10 bits, or (ALIGNED, a range of 1000)
	// two octets after the padding.
	w, r, want = dur(isotime.Duration{Seconds: 1, Frac: "5"}.WithComponents(0x40))
	both("DURATION PT1.5S", false, w, r, want, "03 02 00 00 05", "03 02 00 28")
	// P100D: 100 is beyond the root (0..31): 1, then an unconstrained
	// whole number (a length octet, aligned ALIGNED, and 64).
	w, r, want = dur(isotime.Duration{Days: 100}.WithComponents(8))
	both("DURATION P100D", false, w, r, want, "10 80 01 64", "10 80 b2 00")

	// TIME (X.691 32.11): the row of MIXED-ENCODING in 6 bits, then the
	// row's encoding. 1985-04-12: row 7 (000110), DATE-ENCODING: near-past
	// (10), 1985-1749 (11101100; octet-aligned ALIGNED, which it is
	// already), month 4 (0011), day 12 (01011).
	tm := func(v isotime.Time) (func(*per.Writer) error, func(*per.Reader) (any, error), any) {
		return func(w *per.Writer) error { return w.WriteTime(v) },
			func(r *per.Reader) (any, error) { return r.ReadTime() }, v
	}
	w, r, want = tm("1985-04-12")
	both("TIME 1985-04-12: row 7", false, w, r, want, "1a ec 35 80", "1a ec 35 80")
	// 15:27:46+01: row 23 (010110), TIME-OF-DAY-AND-DIFF-ENCODING: 15
	// (01111), 27 (011011), 46 (101110), TIME-DIFFERENCE: no minutes (0),
	// positive (0), 1 hour (0001).
	w, r, want = tm("15:27:46+01")
	both("TIME 15:27:46+01: row 23", false, w, r, want, "59 ed dc 08", "59 ed dc 08")
	// R/P1D: row 47 (101110), no recurrence (0), the DURATION.
	w, r, want = tm("R/P1D")
	both("TIME R/P1D: row 47", false, w, r, want, "b8 20 08", "b8 20 08")
	return cs
}

// fuzzSettings are the property settings of the subtype of TIME that
// FuzzRealTime reads.
const fuzzSettings = "Basic=Rec-Interval Interval-type=SE SE-point=Date-Time Date=YD Year=L5 Time=HMSF3 Local-or-UTC=LD"

// FuzzRealTime reads arbitrary input as a REAL, a UTCTime, a
// GeneralizedTime, a DATE, a TIME-OF-DAY, a DATE-TIME, a DURATION, a TIME
// or a TIME of fuzzSettings, in both
// variants: no panic, every error located in bits, and what decodes
// encodes again, to the same bits but for a REAL read in base 10 (written
// back in base 2).
func FuzzRealTime(f *testing.F) {
	for i, c := range realTimeCases() {
		f.Add(byte(i), unhex(f, c.hex))
	}
	type codec struct {
		read  func(r *per.Reader) (any, error)
		write func(w *per.Writer, v any) error
	}
	codecs := []codec{
		{func(r *per.Reader) (any, error) { return r.ReadReal() }, func(w *per.Writer, v any) error { w.WriteReal(v.(float64)); return nil }},
		{func(r *per.Reader) (any, error) { return r.ReadUTCTime() }, func(w *per.Writer, v any) error { return w.WriteUTCTime(v.(der.Time)) }},
		{func(r *per.Reader) (any, error) { return r.ReadGeneralizedTime() }, func(w *per.Writer, v any) error { return w.WriteGeneralizedTime(v.(der.Time)) }},
		{func(r *per.Reader) (any, error) { return r.ReadDate() }, func(w *per.Writer, v any) error { return w.WriteDate(v.(isotime.Date)) }},
		{func(r *per.Reader) (any, error) { return r.ReadTimeOfDay() }, func(w *per.Writer, v any) error { return w.WriteTimeOfDay(v.(isotime.TimeOfDay)) }},
		{func(r *per.Reader) (any, error) { return r.ReadDateTime() }, func(w *per.Writer, v any) error { return w.WriteDateTime(v.(isotime.DateTime)) }},
		{func(r *per.Reader) (any, error) { return r.ReadDuration() }, func(w *per.Writer, v any) error { return w.WriteDuration(v.(isotime.Duration)) }},
		{func(r *per.Reader) (any, error) { return r.ReadTime() }, func(w *per.Writer, v any) error { return w.WriteTime(v.(isotime.Time)) }},
		{func(r *per.Reader) (any, error) { return r.ReadTimeWith(fuzzSettings) }, func(w *per.Writer, v any) error { return w.WriteTimeWith(v.(isotime.Time), fuzzSettings) }},
	}
	f.Fuzz(func(t *testing.T, which byte, b []byte) {
		k := int(which) % len(codecs)
		c := codecs[k]
		for _, aligned := range []bool{false, true} {
			r := per.NewReader(b, aligned, nil)
			v, err := c.read(&r)
			if err == nil {
				err = r.Finish()
			}
			if err != nil {
				var e *der.Error
				if !errors.As(err, &e) || !e.Bits || e.Offset < 0 || e.Offset > 8*len(b) {
					t.Fatalf("codec %d: error %v not located", k, err)
				}
				continue
			}
			w := per.NewWriter(nil, aligned)
			if err := c.write(&w, v); err != nil {
				t.Fatalf("codec %d: %v decoded, encode: %v", k, v, err)
			}
			// The same value in as many octets (the bits may differ in
			// padding, which a Reader ignores), but for a REAL read in
			// base 10.
			got := w.Bytes()
			r2 := per.NewReader(got, aligned, nil)
			v2, err := c.read(&r2)
			if f, ok := v.(float64); ok {
				v, v2 = math.Float64bits(f), math.Float64bits(v2.(float64))
			}
			decimal := k == 0 && len(b) > 1 && b[1]&0xc0 == 0
			if err != nil || v2 != v || len(got) != len(b) && !decimal {
				t.Fatalf("codec %d aligned=%v: % x decodes to %v, which encodes to % x (%v, %v)", k, aligned, b, v, got, v2, err)
			}
		}
	})
}
