package der_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/internal/rtest"
)

func utc(y int, mo time.Month, d, h, mi, s, ns int) time.Time {
	return time.Date(y, mo, d, h, mi, s, ns, time.UTC)
}

// tc is a time row: the contents as text.
type tc struct {
	name, in string
	want     time.Time
	der, ber *rtest.Err
}

func runTimes(t *testing.T, rows []tc, parse func([]byte, bool) (time.Time, error)) {
	t.Helper()
	var hexRows []pCase[time.Time]
	for _, r := range rows {
		hexRows = append(hexRows, pCase[time.Time]{r.name + " " + r.in, fmt.Sprintf("%x", r.in), r.want, r.der, r.ber})
	}
	rtest.Run(t, hexRows, parse)
	// Results are in UTC.
	for _, r := range rows {
		if got, err := parse([]byte(r.in), false); err == nil && got.Location() != time.UTC {
			t.Errorf("%s: location %v", r.in, got.Location())
		}
	}
}

func TestUTCTime(t *testing.T) {
	bad := &rtest.Err{Kind: der.KindInvalidValue}
	runTimes(t, []tc{
		{"DER", "491231235959Z", utc(2049, 12, 31, 23, 59, 59, 0), nil, nil},
		{"1950 (RFC 5280 4.1.2.5.1)", "500101000000Z", utc(1950, 1, 1, 0, 0, 0, 0), nil, nil},
		{"leap day", "000229120000Z", utc(2000, 2, 29, 12, 0, 0, 0), nil, nil},
		{"no seconds", "9912312359Z", utc(1999, 12, 31, 23, 59, 0, 0), rtest.NonDER("X.690 11.8.2"), nil},
		{"offset", "991231235959+0100", utc(1999, 12, 31, 22, 59, 59, 0), rtest.NonDER("X.690 11.8.1"), nil},
		{"negative offset", "991231235959-0130", utc(2000, 1, 1, 1, 29, 59, 0), rtest.NonDER("X.690 11.8.1"), nil},
		{"no seconds and an offset", "9912312359-0000", utc(1999, 12, 31, 23, 59, 0, 0), rtest.NonDER("X.690 11.8.2"), nil},
		{"midnight as 24:00", "991231240000Z", utc(2000, 1, 1, 0, 0, 0, 0), rtest.NonDER("X.690 11.8.3"), nil},
		{"leap second", "991231235960Z", time.Time{}, rtest.Unsup, rtest.Unsup},
		{"24:00:01", "991231240001Z", time.Time{}, bad, bad},
		{"minute 60", "991231236000Z", time.Time{}, bad, bad},
		{"February 29 of 2001", "010229000000Z", time.Time{}, bad, bad},
		{"February 30", "000230000000Z", time.Time{}, bad, bad},
		{"April 31", "000431000000Z", time.Time{}, bad, bad},
		{"month 13", "001301000000Z", time.Time{}, bad, bad},
		{"day 0", "000100000000Z", time.Time{}, bad, bad},
		{"no time zone", "991231235959", time.Time{}, bad, bad},
		{"offset without minutes", "991231235959+01", time.Time{}, bad, bad},
		{"offset hour 24", "991231235959+2400", time.Time{}, bad, bad},
		{"fraction", "991231235959.5Z", time.Time{}, bad, bad},
		{"lower-case z", "991231235959z", time.Time{}, bad, bad},
		{"trailing data", "991231235959Z0", time.Time{}, bad, bad},
		{"no minutes", "99123123Z", time.Time{}, bad, bad},
		{"empty", "", time.Time{}, bad, bad},
		{"sign in the year", "+91231235959Z", time.Time{}, bad, bad},
	}, parseUTCTime)
}

func TestGeneralizedTime(t *testing.T) {
	bad := &rtest.Err{Kind: der.KindInvalidValue}
	runTimes(t, []tc{
		{"DER", "20200102030405Z", utc(2020, 1, 2, 3, 4, 5, 0), nil, nil},
		{"DER fraction", "20200102030405.123Z", utc(2020, 1, 2, 3, 4, 5, 123e6), nil, nil},
		{"nanoseconds", "20200102030405.000000001Z", utc(2020, 1, 2, 3, 4, 5, 1), nil, nil},
		{"year 0", "00000101000000Z", utc(0, 1, 1, 0, 0, 0, 0), nil, nil},
		{"year 9999", "99991231235959Z", utc(9999, 12, 31, 23, 59, 59, 0), nil, nil},
		{"2000 is leap", "20000229000000Z", utc(2000, 2, 29, 0, 0, 0, 0), nil, nil},
		{"1900 is not", "19000229000000Z", time.Time{}, bad, bad},
		{"trailing fraction zero", "20200102030405.120Z", utc(2020, 1, 2, 3, 4, 5, 120e6), rtest.NonDER("X.690 11.7.3"), nil},
		{"zero fraction", "20200102030405.0Z", utc(2020, 1, 2, 3, 4, 5, 0), rtest.NonDER("X.690 11.7.3"), nil},
		{"comma", "20200102030405,5Z", utc(2020, 1, 2, 3, 4, 5, 5e8), rtest.NonDER("X.690 11.7.4"), nil},
		{"no seconds", "202001020304Z", utc(2020, 1, 2, 3, 4, 0, 0), rtest.NonDER("X.690 11.7.2"), nil},
		{"hours only", "2020010203Z", utc(2020, 1, 2, 3, 0, 0, 0), rtest.NonDER("X.690 11.7.2"), nil},
		{"fraction of an hour", "2020010203.5Z", utc(2020, 1, 2, 3, 30, 0, 0), rtest.NonDER("X.690 11.7.2"), nil},
		{"fraction of a minute", "202001020304,25Z", utc(2020, 1, 2, 3, 4, 15, 0), rtest.NonDER("X.690 11.7.2"), nil},
		{"offset", "20200102030405+0130", utc(2020, 1, 2, 1, 34, 5, 0), rtest.NonDER("X.690 11.7.1"), nil},
		{"hour offset", "20200102030405-05", utc(2020, 1, 2, 8, 4, 5, 0), rtest.NonDER("X.690 11.7.1"), nil},
		{"midnight as 24:00", "20201231240000Z", utc(2021, 1, 1, 0, 0, 0, 0), rtest.NonDER("X.690 11.7.5"), nil},
		{"local time", "20200102030405", time.Time{}, rtest.NonDER("X.690 11.7.1"), rtest.Unsup},
		{"below a nanosecond", "20200102030405.0000000001Z", time.Time{}, rtest.Unsup, rtest.Unsup},
		{"below a nanosecond, zeros", "20200102030405.0000000000000000000000000000100Z", utc(2020, 1, 2, 3, 4, 5, 0), rtest.NonDER("X.690 11.7.3"), rtest.Unsup},
		{"hour fraction below a nanosecond", "2020010203.0000000000001Z", time.Time{}, rtest.NonDER("X.690 11.7.2"), rtest.Unsup},
		{"leap second", "20161231235960Z", time.Time{}, rtest.Unsup, rtest.Unsup},
		{"decimal sign alone", "20200102030405.Z", time.Time{}, bad, bad},
		{"fraction and offset minutes out of range", "20200102030405+0160", time.Time{}, bad, bad},
		{"odd number of digits", "20010203040Z", time.Time{}, bad, bad},
		{"hour 25", "20200102250000Z", time.Time{}, bad, bad},
		{"minute 60", "20200102036000Z", time.Time{}, bad, bad},
		{"space", "20200102 30405Z", time.Time{}, bad, bad},
		{"trailing Z", "20200102030405ZZ", time.Time{}, bad, bad},
	}, parseGeneralizedTime)
}

// TestCivilDates checks the day arithmetic against time.Date on random
// dates of years 0 to 9999.
func TestCivilDates(t *testing.T) {
	rng := rtest.Rand(t)
	lo, hi := utc(0, 1, 1, 0, 0, 0, 0).Unix(), utc(10000, 1, 1, 0, 0, 0, 0).Unix()
	for n := 0; n < 50000; n++ {
		want := time.Unix(lo+rng.Int64N(hi-lo), rng.Int64N(1e9)).UTC()
		if n%3 == 0 {
			want = want.Truncate(time.Second)
		}
		enc, err := appendGeneralizedTime(nil, want)
		if err != nil {
			t.Fatal(err)
		}
		got, err := parseGeneralizedTime(enc, true)
		if err != nil || !got.Equal(want) {
			t.Fatalf("%v: %s parsed to %v, %v", want, enc, got, err)
		}
		if y := want.Year(); y >= 1950 && y < 2050 {
			enc, err := appendUTCTime(nil, want)
			got, err2 := parseUTCTime(enc, true)
			if err != nil || err2 != nil || !got.Equal(want.Truncate(time.Second)) {
				t.Fatalf("%v: UTCTime %s parsed to %v, %v %v", want, enc, got, err, err2)
			}
		}
	}
}

func TestAppendTimes(t *testing.T) {
	tests := []struct {
		t        time.Time
		utc, gen string // "" for an error
	}{
		{utc(2049, 12, 31, 23, 59, 59, 999999999), "491231235959Z", "20491231235959.999999999Z"},
		{utc(1950, 1, 1, 0, 0, 0, 0), "500101000000Z", "19500101000000Z"},
		{utc(2020, 1, 2, 3, 4, 5, 120000000), "200102030405Z", "20200102030405.12Z"},
		{time.Date(2020, 1, 2, 3, 4, 5, 0, time.FixedZone("", 3600)), "200102020405Z", "20200102020405Z"},
		{utc(2050, 1, 1, 0, 0, 0, 0), "", "20500101000000Z"},
		{utc(1949, 12, 31, 23, 59, 59, 0), "", "19491231235959Z"},
		{utc(10000, 1, 1, 0, 0, 0, 0), "", ""},
		{utc(-1, 1, 1, 0, 0, 0, 0), "", ""},
	}
	for _, tt := range tests {
		u, err := appendUTCTime(nil, tt.t)
		if string(u) != tt.utc || (err != nil) != (tt.utc == "") {
			t.Errorf("AppendUTCTime(%v) = %q, %v; want %q", tt.t, u, err, tt.utc)
		}
		g, err := appendGeneralizedTime(nil, tt.t)
		if string(g) != tt.gen || (err != nil) != (tt.gen == "") {
			t.Errorf("AppendGeneralizedTime(%v) = %q, %v; want %q", tt.t, g, err, tt.gen)
		}
	}
}

func BenchmarkParseUTCTime(b *testing.B) {
	in := []byte("491231235959Z")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := parseUTCTime(in, true); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseGeneralizedTime(b *testing.B) {
	in := []byte("20200102030405.123Z")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := parseGeneralizedTime(in, true); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTimeDate is the reference: the same conversion with time.Date.
func BenchmarkTimeDate(b *testing.B) {
	for b.Loop() {
		_ = time.Date(2049, 12, 31, 23, 59, 59, 0, time.UTC)
	}
}

func ExampleReader_ReadUTCTime_forms() {
	read := func(s string, opts *der.Options) {
		in := append(der.AppendHeader(nil, der.TagUTCTime, false, len(s)), s...)
		r := der.NewReader(in, opts)
		t, err := r.ReadUTCTime(der.TagUTCTime)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(t)
	}
	read("491231235959Z", nil)
	// Two-digit years 50 to 99 are 19xx (RFC 5280).
	read("500101000000Z", nil)
	// DER requires the seconds; BER does not.
	read("9912312359Z", nil)
	read("9912312359-0500", &der.Options{BER: true})
	// Output:
	// 2049-12-31 23:59:59 +0000 UTC
	// 1950-01-01 00:00:00 +0000 UTC
	// asn1: at offset 2: UTCTime: seconds missing (X.690 11.8.2)
	// 2000-01-01 04:59:00 +0000 UTC
}
