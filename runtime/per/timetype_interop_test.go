package per_test

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/isotime"
	"github.com/asn1gen/asn1gen/runtime/per"
)

// randPoint draws a point of kind k (0 date, 1 time, 2 both): every form
// of date, Basic and other years, every form of time of day, with and
// without a fraction, local, UTC and with a difference from UTC.
func randPoint(r *rand.Rand, k int) isotime.Point {
	var p isotime.Point
	if k != 1 {
		p.Date = isotime.DateForm(1 + r.IntN(7))
		switch {
		case p.Date == isotime.Century:
			p.Year = int64(r.IntN(100))
		case r.IntN(3) > 0:
			p.Year = int64(randDate(r).Year)
		default:
			p.Year = []int64{0, 1581, -1, -2, -12345, 10000, 123456, 1 << 40, -(1 << 40)}[r.IntN(9)]
		}
		d := randDate(r)
		p.Month, p.Day, p.YDay, p.Week = d.Month, min(d.Day, 28), 1+r.IntN(365), 1+r.IntN(53)
		if p.Date == isotime.YearWeekDay {
			p.Day = 1 + r.IntN(7)
		}
	}
	if k != 0 {
		p.Clock = isotime.ClockForm(1 + r.IntN(3))
		tod := randTimeOfDay(r)
		p.Hour = tod.Hour
		if p.Clock >= isotime.Minutes {
			p.Minute = tod.Minute
		}
		if p.Clock == isotime.Seconds {
			p.Second = tod.Second
		}
		if r.IntN(2) == 0 {
			p.Frac = randFraction(r)
		}
		p.Zone = isotime.Zone(r.IntN(3))
		if p.Zone == isotime.Offset {
			p.OffsetHours, p.OffsetNegative = r.IntN(16), r.IntN(2) == 0
			if r.IntN(2) == 0 {
				p.OffsetMins = 1 + r.IntN(59)
			}
		}
	}
	return p
}

// randFields draws a TIME value of any kind.
func randFields(r *rand.Rand) isotime.Fields {
	var f isotime.Fields
	f.Interval = isotime.Interval(r.IntN(5))
	k := r.IntN(3)
	switch f.Interval {
	case isotime.NoInterval, isotime.StartDuration:
		f.Start = randPoint(r, k)
	case isotime.StartEnd:
		f.Start, f.End = randPoint(r, k), randPoint(r, k)
	case isotime.DurationEnd:
		f.End = randPoint(r, k)
	}
	if f.Interval != isotime.NoInterval {
		f.Duration = randDuration(r)
		if f.Interval == isotime.StartEnd {
			f.Duration = isotime.Duration{}
		}
		if r.IntN(3) == 0 {
			f.Recurring = true
			if f.Unlimited = r.IntN(3) == 0; !f.Unlimited {
				f.Recurrences = r.Uint64() >> r.IntN(64)
			}
		}
	}
	return f
}

var (
	dateEncodings = []string{"CENTURY-ENCODING", "YEAR-ENCODING", "YEAR-MONTH-ENCODING", "DATE-ENCODING",
		"YEAR-DAY-ENCODING", "YEAR-WEEK-ENCODING", "YEAR-WEEK-DAY-ENCODING"}
	dateAlts       = []string{"C", "Y", "YM", "YMD", "YD", "YW", "YWD"}
	clockEncodings = []string{"HOURS", "MINUTES", "TIME-OF-DAY"}
	timeAlts       = []string{"H", "HM", "HMS"}
	zoneNames      = []string{"L", "Z", "LD"}
)

// dateTerm32 returns the Erlang term of p's date in its encoding, and the
// index of the encoding among the 14.
func dateTerm32(p isotime.Point) (string, int) {
	basic := p.Date == isotime.Century && p.Year >= 0 && p.Year <= 99 || p.Date != isotime.Century && p.Year >= 1582 && p.Year <= 9999
	i := 2 * int(p.Date-1)
	name := dateEncodings[p.Date-1]
	year := fmt.Sprintf("{'ANY-YEAR-ENCODING',%d}", p.Year)
	if basic {
		year = yearTerm(p.Year)
	} else {
		i++
		name = "ANY-" + name
		if p.Date == isotime.YearMonthDay {
			name = "ANY-DATE-ENCODING"
		}
	}
	var t string
	switch p.Date {
	case isotime.Century:
		t = fmt.Sprintf("{'%s',%d}", name, p.Year)
	case isotime.Year:
		t = year
	case isotime.YearMonth:
		t = fmt.Sprintf("{'%s',%s,%d}", name, year, p.Month)
	case isotime.YearMonthDay:
		t = fmt.Sprintf("{'%s',%s,%d,%d}", name, year, p.Month, p.Day)
	case isotime.YearDay:
		t = fmt.Sprintf("{'%s',%s,%d}", name, year, p.YDay)
	case isotime.YearWeek:
		t = fmt.Sprintf("{'%s',%s,%d}", name, year, p.Week)
	case isotime.YearWeekDay:
		t = fmt.Sprintf("{'%s',%s,%d,%d}", name, year, p.Week, p.Day)
	}
	return t, i
}

func yearTerm(y int64) string {
	switch {
	case y >= 2005 && y <= 2020:
		return fmt.Sprintf("{immediate,%d}", y)
	case y >= 2021 && y <= 2276:
		return fmt.Sprintf("{'near-future',%d}", y)
	case y >= 1749 && y <= 2004:
		return fmt.Sprintf("{'near-past',%d}", y)
	}
	return fmt.Sprintf("{remainder,%d}", y)
}

// clockTerm returns the Erlang term of p's time of day in its encoding,
// and the index of the encoding among the 18.
func clockTerm(p isotime.Point) (string, int) {
	i := 3*int(p.Clock-1) + int(p.Zone)
	base := clockEncodings[p.Clock-1]
	elems := []string{strconv.Itoa(p.Hour), strconv.Itoa(p.Minute), strconv.Itoa(p.Second)}[:p.Clock]
	frac := ""
	if p.Frac != "" {
		i += 9
		frac = "-AND-FRACTION"
		elems = append(elems, fracTerm(p.Frac))
	}
	switch p.Zone {
	case isotime.Local:
		return fmt.Sprintf("{'%s%s-ENCODING',%s}", base, frac, strings.Join(elems, ",")), i
	case isotime.UTC:
		return fmt.Sprintf("{'%s-UTC%s-ENCODING',%s}", base, frac, strings.Join(elems, ",")), i
	}
	sign := "positive"
	if p.OffsetNegative {
		sign = "negative"
	}
	mins := "asn1_NOVALUE"
	if p.OffsetMins != 0 {
		mins = strconv.Itoa(p.OffsetMins)
	}
	diff := fmt.Sprintf("{'TIME-DIFFERENCE',%s,%d,%s}", sign, p.OffsetHours, mins)
	if p.Clock == isotime.Hours {
		// HOURS-AND-DIFF(-AND-FRACTION)-ENCODING: local-hours, [fraction,]
		// time-difference.
		return fmt.Sprintf("{'HOURS-AND-DIFF%s-ENCODING',%s,%s}", frac, strings.Join(elems, ","), diff), i
	}
	local := fmt.Sprintf("{'%s%s-ENCODING',%s}", base, frac, strings.Join(elems, ","))
	return fmt.Sprintf("{'%s-AND-DIFF%s-ENCODING',%s,%s}", base, frac, local, diff), i
}

func fracTerm(digits string) string {
	if d := strings.TrimLeft(digits, "0"); d != "" {
		return d
	}
	return "0"
}

// pointTerm returns the term of a point of a date-time or an interval:
// a DATE-TYPE, a TIME-TYPE or a Row33 of both.
func pointTerm(p isotime.Point) string {
	var d, t string
	if p.Date != isotime.NoDate {
		dt, i := dateTerm32(p)
		basic := "Basic"
		if i%2 == 1 {
			basic = "L"
		}
		d = fmt.Sprintf("{'date-%s-%s',%s}", dateAlts[p.Date-1], basic, dt)
	}
	if p.Clock != isotime.NoClock {
		ct, _ := clockTerm(p)
		digits, alt := "asn1_NOVALUE", timeAlts[p.Clock-1]
		if p.Frac != "" {
			digits = strconv.Itoa(len(p.Frac))
			alt = map[isotime.ClockForm]string{isotime.Hours: "HFn", isotime.Minutes: "HMFn", isotime.Seconds: "HMFSn"}[p.Clock]
		}
		t = fmt.Sprintf("{'TIME-TYPE',%s,{'time-%s-%s',%s}}", digits, alt, zoneNames[p.Zone], ct)
	}
	switch {
	case d == "":
		return t
	case t == "":
		return d
	}
	return fmt.Sprintf("{'Row33',%s,%s}", d, t)
}

func kindOf(p isotime.Point) int {
	switch {
	case p.Clock == isotime.NoClock:
		return 0
	case p.Date == isotime.NoDate:
		return 1
	}
	return 2
}

// mixedTerm returns the term of f as a MIXED-ENCODING.
func mixedTerm(f isotime.Fields) string {
	if f.Interval == isotime.NoInterval {
		p := f.Start
		switch kindOf(p) {
		case 0:
			t, i := dateTerm32(p)
			return fmt.Sprintf("{'row-%d',%s}", 1+i, t)
		case 1:
			t, i := clockTerm(p)
			if p.Frac != "" {
				return fmt.Sprintf("{'row-%d',{'Row%d',%d,%s}}", 15+i, 15+i, len(p.Frac), t)
			}
			return fmt.Sprintf("{'row-%d',%s}", 15+i, t)
		}
		return fmt.Sprintf("{'row-33',%s}", pointTerm(p))
	}
	var row int
	var parts []string
	dur := durationTerm(f.Duration)
	switch f.Interval {
	case isotime.StartEnd:
		row, parts = 34+kindOf(f.Start), []string{pointTerm(f.Start), pointTerm(f.End)}
	case isotime.DurationOnly:
		row, parts = 37, []string{dur}
	case isotime.StartDuration:
		row, parts = 38+kindOf(f.Start), []string{pointTerm(f.Start), dur}
	case isotime.DurationEnd:
		row, parts = 41+kindOf(f.End), []string{dur, pointTerm(f.End)}
	}
	if f.Recurring {
		row += 10
		rec := "asn1_NOVALUE"
		if !f.Unlimited {
			rec = strconv.FormatUint(f.Recurrences, 10)
		}
		parts = append([]string{rec}, parts...)
	}
	if row == 37 {
		return "{'row-37'," + dur + "}"
	}
	return fmt.Sprintf("{'row-%d',{'Row%d',%s}}", row, row, strings.Join(parts, ","))
}

// TestInteropTime exchanges random TIME values, as MIXED-ENCODINGs, with
// asn1ct: the fields drawn give both the ISO 8601 value the Go side
// writes (Fields.Time) and the term asn1ct encodes, so that the split of
// the value, its row and each encoding are checked against asn1ct.
func TestInteropTime(t *testing.T) {
	drawn := map[isotime.Time]isotime.Fields{}
	ps := []prim{{name: "TM1", asn: "MIXED-ENCODING",
		gen: func(r *rand.Rand) any {
			f := randFields(r)
			v := f.Time()
			drawn[v] = f
			return v
		},
		term: func(v any) string { return mixedTerm(drawn[v.(isotime.Time)]) },
		enc:  func(w *per.Writer, v any) error { return w.WriteTime(v.(isotime.Time)) },
		dec:  func(r *per.Reader) (any, error) { return r.ReadTime() }}}
	mod := strings.Replace(primModule(ps), "\nEND\n", timeEncodings(t)+"END\n", 1)
	peers := startPeers(t, "PerPrims", mod)
	rng := rand.New(rand.NewPCG(32, 11))
	rows := map[string]int{}
	for i := range 1500 {
		v := ps[0].gen(rng)
		term := ps[0].term(v)
		rows[term[:strings.IndexByte(term, ',')]]++
		if msg := exchange(t, peers, ps[0], v, rng); msg != "" {
			t.Fatalf("value %d %q: %s", i, v, msg)
		}
	}
	// Row 2, ANY-CENTURY-ENCODING, is a century beyond 00..99, which has
	// no ISO 8601 form that isotime reads.
	if _, ok := rows["{'row-2'"]; len(rows) != 52 || ok {
		t.Errorf("the values drew %d of the 52 rows: %v", len(rows), rows)
	}
}

// fixedCases are subtypes of TIME whose settings fix one encoding (X.691
// 32.2 to 32.10), with the type asn1ct encodes them as (written out in
// fixedTypes where no type of testdata/mixed.asn is it), and a subtype
// whose settings leave several forms (MIXED-ENCODING).
var fixedCases = []struct{ settings, asn string }{
	{"Basic=Date Date=YMD Year=Basic", "DATE-ENCODING"},
	{"Basic=Date Date=YWD Year=Negative", "ANY-YEAR-WEEK-DAY-ENCODING"},
	{"Basic=Date Date=C Year=Basic", "CENTURY-ENCODING"},
	{"Basic=Time Time=HMSF3 Local-or-UTC=LD", "TIME-OF-DAY-AND-DIFF-AND-FRACTION-ENCODING"},
	{"Basic=Time Time=HF2 Local-or-UTC=Z Midnight=Start", "HOURS-UTC-AND-FRACTION-ENCODING"},
	{"Basic=Date-Time Date=YD Year=Proleptic Time=HM Local-or-UTC=L", "Fix6"},
	{"Basic=Interval Interval-type=SE SE-point=Date-Time Date=YMD Year=Basic Time=HMS Local-or-UTC=Z", "Fix7"},
	{"Basic=Rec-Interval Interval-type=DE SE-point=Time Time=HMF5 Local-or-UTC=L", "Fix8"},
	{"Basic=Interval Interval-type=D", "DURATION-INTERVAL-ENCODING"},
	{"Basic=Date Year=L6", "MIXED-ENCODING"},
}

const fixedTypes = `
Fix6 ::= SEQUENCE { date ANY-YEAR-DAY-ENCODING, time MINUTES-ENCODING }
Fix7DT ::= SEQUENCE { date DATE-ENCODING, time TIME-OF-DAY-UTC-ENCODING }
Fix7 ::= SEQUENCE { start Fix7DT, end Fix7DT }
Fix8 ::= SEQUENCE { recurrence INTEGER OPTIONAL, duration DURATION-INTERVAL-ENCODING, end MINUTES-AND-FRACTION-ENCODING }
`

// conform draws a point of the forms the i-th fixed case fixes.
func conform(r *rand.Rand, i int) isotime.Fields {
	point := func(k int, date isotime.DateForm, year string, clock isotime.ClockForm, digits int, zone isotime.Zone) isotime.Point {
		p := randPoint(r, k)
		if k != 1 {
			p.Date = date
			if date == isotime.YearWeekDay {
				p.Day = 1 + r.IntN(7)
			}
			switch year {
			case "Basic":
				p.Year = int64(randDate(r).Year)
				if date == isotime.Century {
					p.Year = int64(r.IntN(100))
				}
			case "Negative":
				p.Year = -1 - r.Int64N(1<<40)
			case "Proleptic":
				p.Year = r.Int64N(1582)
			case "L":
				p.Year = 10000 + r.Int64N(1<<40)
			}
		}
		if k != 0 {
			p.Clock, p.Zone = clock, zone
			if clock < isotime.Seconds {
				p.Second = 0
			}
			if clock < isotime.Minutes {
				p.Minute = 0
			}
			p.Frac = ""
			for len(p.Frac) < digits {
				p.Frac += strconv.Itoa(r.IntN(10))
			}
			if zone != isotime.Offset {
				p.OffsetHours, p.OffsetMins, p.OffsetNegative = 0, 0, false
			} else if p.OffsetHours == 0 && p.OffsetMins == 0 {
				p.OffsetHours = 1
			}
		}
		return p
	}
	var f isotime.Fields
	switch i {
	case 0:
		f.Start = point(0, isotime.YearMonthDay, "Basic", 0, 0, 0)
	case 1:
		f.Start = point(0, isotime.YearWeekDay, "Negative", 0, 0, 0)
	case 2:
		f.Start = point(0, isotime.Century, "Basic", 0, 0, 0)
	case 3:
		f.Start = point(1, 0, "", isotime.Seconds, 3, isotime.Offset)
	case 4:
		f.Start = point(1, 0, "", isotime.Hours, 2, isotime.UTC)
	case 5:
		f.Start = point(2, isotime.YearDay, "Proleptic", isotime.Minutes, 0, isotime.Local)
	case 6:
		f.Interval = isotime.StartEnd
		f.Start = point(2, isotime.YearMonthDay, "Basic", isotime.Seconds, 0, isotime.UTC)
		f.End = point(2, isotime.YearMonthDay, "Basic", isotime.Seconds, 0, isotime.UTC)
	case 7:
		f.Interval, f.Recurring, f.Duration = isotime.DurationEnd, true, randDuration(r)
		if f.Unlimited = r.IntN(2) == 0; !f.Unlimited {
			f.Recurrences = r.Uint64N(1000)
		}
		f.End = point(1, 0, "", isotime.Minutes, 5, isotime.Local)
	case 8:
		f.Interval, f.Duration = isotime.DurationOnly, randDuration(r)
	case 9:
		f.Start = point(0, isotime.DateForm(2+r.IntN(6)), "L", 0, 0, 0)
	}
	return f
}

// fixedTerm returns the term of f in the encoding of the i-th fixed case.
func fixedTerm(i int, f isotime.Fields) string {
	date := func(p isotime.Point) string { t, _ := dateTerm32(p); return t }
	clock := func(p isotime.Point) string { t, _ := clockTerm(p); return t }
	switch i {
	case 0, 1, 2:
		return date(f.Start)
	case 3, 4:
		return clock(f.Start)
	case 5:
		return fmt.Sprintf("{'Fix6',%s,%s}", date(f.Start), clock(f.Start))
	case 6:
		return fmt.Sprintf("{'Fix7',{'Fix7DT',%s,%s},{'Fix7DT',%s,%s}}", date(f.Start), clock(f.Start), date(f.End), clock(f.End))
	case 7:
		rec := "asn1_NOVALUE"
		if !f.Unlimited {
			rec = strconv.FormatUint(f.Recurrences, 10)
		}
		return fmt.Sprintf("{'Fix8',%s,%s,%s}", rec, durationTerm(f.Duration), clock(f.End))
	case 8:
		return durationTerm(f.Duration)
	}
	return mixedTerm(f)
}

// TestInteropTimeSettings exchanges values of subtypes of TIME with
// property settings with asn1ct, each in the encoding its settings fix.
func TestInteropTimeSettings(t *testing.T) {
	var ps []prim
	for i, c := range fixedCases {
		drawn := map[isotime.Time]isotime.Fields{}
		ps = append(ps, prim{name: "TS" + strconv.Itoa(i), asn: c.asn,
			gen: func(r *rand.Rand) any {
				f := conform(r, i)
				v := f.Time()
				drawn[v] = f
				return v
			},
			term: func(v any) string { return fixedTerm(i, drawn[v.(isotime.Time)]) },
			enc:  func(w *per.Writer, v any) error { return w.WriteTimeWith(v.(isotime.Time), c.settings) },
			dec:  func(r *per.Reader) (any, error) { return r.ReadTimeWith(c.settings) }})
	}
	mod := strings.Replace(primModule(ps), "\nEND\n", timeEncodings(t)+fixedTypes+"END\n", 1)
	peers := startPeers(t, "PerPrims", mod)
	rng := rand.New(rand.NewPCG(32, 12))
	for _, p := range ps {
		for i := range 100 {
			v := p.gen(rng)
			if msg := exchange(t, peers, p, v, rng); msg != "" {
				t.Fatalf("%s value %d %q: %s", p.name, i, v, msg)
			}
		}
	}
}
