package per_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/isotime"
	"github.com/asn1gen/asn1gen/runtime/per"
)

// timeEncodings are the SEQUENCEs and CHOICEs of X.691 32 by which the
// time types are encoded (testdata/mixed.asn, see time.go, duration.go and
// timetype.go), and DATE-TIME-ENCODING {DATE-ENCODING,
// TIME-OF-DAY-ENCODING}, DATE-TIME's. asn1ct has none of the time types,
// but it compiles these: TestInteropTimeTypes checks that ReadDate and the
// others read and write them as asn1ct does.
func timeEncodings(t *testing.T) string {
	b, err := os.ReadFile("testdata/mixed.asn")
	if err != nil {
		t.Fatal(err)
	}
	_, body, _ := strings.Cut(string(b), "BEGIN\n")
	body, _, _ = strings.Cut(body, "\nEND\n")
	return body + "\nDATE-TIME-ENCODING ::= SEQUENCE { date DATE-ENCODING, time TIME-OF-DAY-ENCODING }\n"
}

func randDate(r *rand.Rand) isotime.Date {
	var y int
	switch r.IntN(4) {
	case 0:
		y = 2005 + r.IntN(16)
	case 1:
		y = 2021 + r.IntN(256)
	case 2:
		y = 1749 + r.IntN(256)
	default:
		y = []int{1582, 1748, 2277, 9999}[r.IntN(4)]
	}
	m := 1 + r.IntN(12)
	days := []int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[m-1]
	if m == 2 && (y%4 == 0 && y%100 != 0 || y%400 == 0) {
		days = 29
	}
	return isotime.Date{Year: y, Month: m, Day: 1 + r.IntN(days)}
}

func randTimeOfDay(r *rand.Rand) isotime.TimeOfDay {
	return isotime.TimeOfDay{Hour: r.IntN(24), Minute: r.IntN(60), Second: r.IntN(61)}
}

// randDuration draws the components written (weeks alone, or any other
// non-empty set), their numbers in and beyond the roots up to 64 bits, and
// a fraction of 1 to 25 digits, leading zeros included.
func randDuration(r *rand.Rand) isotime.Duration {
	mask := uint8(4)
	if r.IntN(5) > 0 {
		mask = uint8(1 + r.IntN(127))
		mask &^= 4
		if mask == 0 {
			mask = 1
		}
	}
	var v [7]uint64
	for k := range v {
		if mask&(1<<k) != 0 {
			switch r.IntN(4) {
			case 0:
				v[k] = r.Uint64() >> r.IntN(64)
			case 1:
				v[k] = []uint64{0, 15, 16, 31, 32, 63, 64, 1<<63 - 1, 1 << 63, 1<<64 - 1}[r.IntN(10)]
			default:
				v[k] = uint64(r.IntN(70))
			}
		}
	}
	d := isotime.Duration{Years: v[0], Months: v[1], Weeks: v[2], Days: v[3], Hours: v[4], Minutes: v[5], Seconds: v[6]}
	if r.IntN(2) == 0 {
		d.Frac = randFraction(r)
	}
	return d.WithComponents(mask)
}

// randFraction draws the digits of a fraction: 1 to 4, at times up to 25,
// leading zeros included.
func randFraction(r *rand.Rand) string {
	n := 1 + r.IntN(4)
	if r.IntN(4) == 0 {
		n = 1 + r.IntN(25)
	}
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('0' + r.IntN(10))
	}
	return string(b)
}

func durationTerm(d isotime.Duration) string {
	mask := d.Components()
	var f []string
	for k, v := range []uint64{d.Years, d.Months, d.Weeks, d.Days, d.Hours, d.Minutes, d.Seconds} {
		if mask&(1<<k) == 0 {
			f = append(f, "asn1_NOVALUE")
		} else {
			f = append(f, strconv.FormatUint(v, 10))
		}
	}
	frac := "asn1_NOVALUE"
	if d.Frac != "" {
		digits := strings.TrimLeft(d.Frac, "0")
		if digits == "" {
			digits = "0"
		}
		frac = fmt.Sprintf("{'DURATION-INTERVAL-ENCODING_fractional-part',%d,%s}", len(d.Frac), digits)
	}
	return fmt.Sprintf("{'DURATION-INTERVAL-ENCODING',%s,%s}", strings.Join(f, ","), frac)
}

func dateTerm(d isotime.Date) string {
	alt := "remainder"
	switch {
	case d.Year >= 2005 && d.Year <= 2020:
		alt = "immediate"
	case d.Year >= 2021 && d.Year <= 2276:
		alt = "'near-future'"
	case d.Year >= 1749 && d.Year <= 2004:
		alt = "'near-past'"
	}
	return fmt.Sprintf("{'DATE-ENCODING',{%s,%d},%d,%d}", alt, d.Year, d.Month, d.Day)
}

func todTerm(t isotime.TimeOfDay) string {
	return fmt.Sprintf("{'TIME-OF-DAY-ENCODING',%d,%d,%d}", t.Hour, t.Minute, t.Second)
}

// TestInteropTimeTypes exchanges random DATE, TIME-OF-DAY, DATE-TIME and
// DURATION values, as their encoding SEQUENCEs, with asn1ct.
func TestInteropTimeTypes(t *testing.T) {
	ps := []prim{
		{name: "D1", asn: "DATE-ENCODING",
			gen:  func(r *rand.Rand) any { return randDate(r) },
			term: func(v any) string { return dateTerm(v.(isotime.Date)) },
			enc:  func(w *per.Writer, v any) error { return w.WriteDate(v.(isotime.Date)) },
			dec:  func(r *per.Reader) (any, error) { return r.ReadDate() }},
		{name: "T1", asn: "TIME-OF-DAY-ENCODING",
			gen:  func(r *rand.Rand) any { return randTimeOfDay(r) },
			term: func(v any) string { return todTerm(v.(isotime.TimeOfDay)) },
			enc:  func(w *per.Writer, v any) error { return w.WriteTimeOfDay(v.(isotime.TimeOfDay)) },
			dec:  func(r *per.Reader) (any, error) { return r.ReadTimeOfDay() }},
		{name: "DT1", asn: "DATE-TIME-ENCODING",
			gen: func(r *rand.Rand) any { return isotime.DateTime{Date: randDate(r), TimeOfDay: randTimeOfDay(r)} },
			term: func(v any) string {
				dt := v.(isotime.DateTime)
				return fmt.Sprintf("{'DATE-TIME-ENCODING',%s,%s}", dateTerm(dt.Date), todTerm(dt.TimeOfDay))
			},
			enc: func(w *per.Writer, v any) error { return w.WriteDateTime(v.(isotime.DateTime)) },
			dec: func(r *per.Reader) (any, error) { return r.ReadDateTime() }},
		{name: "DU1", asn: "DURATION-INTERVAL-ENCODING",
			gen:  func(r *rand.Rand) any { return randDuration(r) },
			term: func(v any) string { return durationTerm(v.(isotime.Duration)) },
			enc:  func(w *per.Writer, v any) error { return w.WriteDuration(v.(isotime.Duration)) },
			dec:  func(r *per.Reader) (any, error) { return r.ReadDuration() }},
	}
	mod := strings.Replace(primModule(ps), "\nEND\n", timeEncodings(t)+"END\n", 1)
	peers := startPeers(t, "PerPrims", mod)
	rng := rand.New(rand.NewPCG(32, 691))
	for _, p := range ps {
		for i := range 200 {
			v := p.gen(rng)
			if msg := exchange(t, peers, p, v, rng); msg != "" {
				t.Fatalf("%s value %d: %s", p.name, i, msg)
			}
		}
	}
}
