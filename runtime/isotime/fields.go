package isotime

import (
	"strconv"
	"strings"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// Fields are the parts of a TIME value: what its property settings (X.680
// 38.4) say of it and the numbers of each part. Time.Fields splits a value
// into them; Fields.Time writes them back in ISO 8601 extended format.
// Encodings that do not carry the characters of a value (PER's, X.691 32)
// carry its fields.
type Fields struct {
	// Interval is the kind of value: a point in time, or an interval by
	// its start and end, its duration, or both.
	Interval Interval
	// Recurring is set for a recurring interval ("Rn/..."), Recurrences
	// its number of recurrences, absent ("R/...") when Unlimited.
	Recurring, Unlimited bool
	Recurrences          uint64
	// Start is the point of a value that is one, else the start of the
	// interval (StartEnd, StartDuration); End is the end of one (StartEnd,
	// DurationEnd).
	Start, End Point
	// Duration is the duration of an interval (Duration, StartDuration,
	// DurationEnd).
	Duration Duration
}

// Interval is X.680's Basic and Interval-type settings in one.
type Interval uint8

// The kinds of TIME values.
const (
	NoInterval    Interval = iota // a point in time (Basic=Date, Time or Date-Time)
	StartEnd                      // start/end (Interval-type=SE)
	DurationOnly                  // a duration (Interval-type=D)
	StartDuration                 // start/duration (Interval-type=SD)
	DurationEnd                   // duration/end (Interval-type=DE)
)

// Point is a date, a time of day or both (Basic=Date, Time, Date-Time).
type Point struct {
	// Date is the form of the date part, NoDate for a time of day alone.
	Date DateForm
	// Year is the year, or the century for Century. BasicYear reports
	// whether it is written as four digits 1582..9999 (Year=Basic); other
	// years (before 1582, signed, of more digits) are written with a
	// sign, or as four digits for 0000..1581.
	Year                    int64
	Month, Day, Week, YDay  int // YDay: the day of the year (YearDay); Day: of the month, or of the week (YearWeekDay)
	Clock                   ClockForm
	Hour, Minute, Second    int
	Frac                    string // the digits of the fraction of the last element of the time
	Zone                    Zone
	OffsetHours, OffsetMins int  // the difference from UTC (Zone Offset), hours and minutes
	OffsetNegative          bool // west of UTC
}

// DateForm is the Date setting: which elements a date has.
type DateForm uint8

// The forms of dates, as X.680 names them.
const (
	NoDate       DateForm = iota
	Century               // C: "19"
	Year                  // Y: "1985"
	YearMonth             // YM: "1985-04"
	YearMonthDay          // YMD: "1985-04-12"
	YearDay               // YD: "1985-102"
	YearWeek              // YW: "1985-W15"
	YearWeekDay           // YWD: "1985-W15-5"
)

// ClockForm is the Time setting: which elements a time of day has.
type ClockForm uint8

// The forms of times of day, without their fractions (Frac).
const (
	NoClock ClockForm = iota
	Hours             // H: "15"
	Minutes           // HM: "15:27"
	Seconds           // HMS: "15:27:46"
)

// Zone is the Local-or-UTC setting.
type Zone uint8

// The zones of a time of day.
const (
	Local  Zone = iota // L: no zone
	UTC                // Z
	Offset             // LD: a local time and its difference from UTC
)

// BasicYear reports whether p's year is of Year=Basic: four digits, 1582
// to 9999 (for a Century, its two digits).
func (p Point) BasicYear() bool {
	if p.Date == Century {
		return p.Year >= 0 && p.Year <= 99
	}
	return p.Year >= 1582 && p.Year <= 9999
}

// Fields splits v into its fields; an invalid value is an error, and so is
// a number of recurrences beyond 64 bits.
func (v Time) Fields() (Fields, error) {
	f, ok, big := fieldsOf(string(v))
	switch {
	case !ok:
		return Fields{}, errValue("TIME", "not an ISO 8601 time value", "X.680 38")
	case big:
		return Fields{}, der.NewError(der.KindUnsupported, -1, "TIME", "number of recurrences beyond 64 bits", "")
	}
	return f, nil
}

// fieldsOf splits s; big reports a number of recurrences beyond 64 bits
// (valid, but not held by Fields).
func fieldsOf(s string) (f Fields, ok, big bool) {
	if rest, rec := strings.CutPrefix(s, "R"); rec {
		n, after, cut := strings.Cut(rest, "/")
		if !cut || skipDigits(n, 0) < len(n) {
			return f, false, false
		}
		f.Recurring, f.Unlimited = true, n == ""
		if n != "" {
			var err error
			f.Recurrences, err = strconv.ParseUint(n, 10, 64)
			big = err != nil
		}
		s = after
	}
	a, b, interval := strings.Cut(s, "/")
	if !interval {
		if d, isDur := strings.CutPrefix(a, "P"); isDur {
			f.Interval = DurationOnly
			f.Duration, ok = durationOf(d)
			return f, ok, big
		}
		f.Start, ok = pointOf(a)
		return f, ok && !f.Recurring, big // a recurrence needs an interval
	}
	da, durA := strings.CutPrefix(a, "P")
	db, durB := strings.CutPrefix(b, "P")
	okA, okB := false, false
	switch {
	case durA && durB:
		return f, false, false
	case durA:
		f.Interval = DurationEnd
		f.Duration, okA = durationOf(da)
		f.End, okB = pointOf(b)
	case durB:
		f.Interval = StartDuration
		f.Start, okA = pointOf(a)
		f.Duration, okB = durationOf(db)
	default:
		f.Interval = StartEnd
		f.Start, okA = pointOf(a)
		f.End, okB = pointOf(b)
	}
	return f, okA && okB, big
}

func durationOf(s string) (Duration, bool) {
	d, err := parseDuration([]byte(s))
	return d, err == nil
}

// The ISO 8601 forms of dates and their DateForms, for isoMatch.
var dateForms = []struct {
	pattern string
	form    DateForm
}{
	{"YYYY-MM-DD", YearMonthDay}, {"YYYYMMDD", YearMonthDay}, {"YYYY-MM", YearMonth}, {"YYYY", Year}, {"YY", Century},
	{"YYYY-OOO", YearDay}, {"YYYYOOO", YearDay}, {"YYYY-Www-E", YearWeekDay}, {"YYYYWwwE", YearWeekDay},
	{"YYYY-Www", YearWeek}, {"YYYYWww", YearWeek},
}

// The ISO 8601 forms of times of day and of differences from UTC.
var (
	clockForms = []struct {
		pattern string
		form    ClockForm
	}{{"hh:mm:ss", Seconds}, {"hhmmss", Seconds}, {"hh:mm", Minutes}, {"hhmm", Minutes}, {"hh", Hours}}
	offsetForms = []string{"+HH", "+HH:mm", "+HHmm"}
)

// pointOf parses a date, a time of day, or both joined by 'T' (the date
// may be left out before 'T').
func pointOf(s string) (p Point, ok bool) {
	if date, clock, t := strings.Cut(s, "T"); t {
		if date != "" && !p.date(date) {
			return p, false
		}
		return p, p.clock(clock)
	}
	return p, p.date(s) || p.clock(s)
}

func (p *Point) date(d string) bool {
	var year int64
	expanded := d != "" && (d[0] == '+' || d[0] == '-')
	if expanded {
		// An expanded year of 4 digits or more: its last 4 say as much
		// about leap years as the whole.
		n := skipDigits(d, 1) - 1
		if n < 4 || len(d) > n+1 && d[n+1] != '-' {
			return false
		}
		y, err := strconv.ParseInt(d[:n+1], 10, 64)
		if err != nil {
			return false
		}
		year, d = y, d[n-3:]
	}
	for _, f := range dateForms {
		v, ok := isoMatch(d, f.pattern)
		if !ok {
			continue
		}
		*p = Point{Date: f.form, Year: int64(v[0]), Month: v[1], Day: v[2], YDay: v[3], Week: v[4]}
		if f.form == YearWeekDay {
			p.Day = v[5]
		}
		if expanded {
			p.Year = year
		}
		return true
	}
	return false
}

func (p *Point) clock(c string) bool {
	i := strings.IndexAny(c, ".,Z+-")
	if i < 0 {
		i = len(c)
	}
	j := i
	if j < len(c) && (c[j] == '.' || c[j] == ',') {
		if j = skipDigits(c, j+1); j == i+1 {
			return false
		}
		p.Frac = c[i+1 : j]
	}
	ok := false
	for _, f := range clockForms {
		if v, match := isoMatch(c[:i], f.pattern); match {
			p.Clock, p.Hour, p.Minute, p.Second, ok = f.form, v[6], v[7], v[8], true
			break
		}
	}
	if !ok {
		return false
	}
	switch z := c[j:]; z {
	case "":
	case "Z":
		p.Zone = UTC
	default:
		for _, f := range offsetForms {
			if v, match := isoMatch(z, f); match {
				p.Zone, p.OffsetHours, p.OffsetMins, p.OffsetNegative = Offset, v[9], v[7], z[0] == '-'
				return true
			}
		}
		return false
	}
	return true
}

// Time writes f in ISO 8601 extended format ("1985-04-12T15:27:46.5+01:00",
// "R5/2008-03-01T13:00:00Z/P1Y2M10DT2H30M"), '.' the decimal sign and a
// difference from UTC without its minutes when they are zero, "T" before
// an hour alone ("T15", not the century "15"). It does not
// check f (Time.Fields does, on the result).
func (f Fields) Time() Time {
	var b []byte
	if f.Recurring {
		b = append(b, 'R')
		if !f.Unlimited {
			b = strconv.AppendUint(b, f.Recurrences, 10)
		}
		b = append(b, '/')
	}
	switch f.Interval {
	case NoInterval:
		b = f.Start.append(b)
	case StartEnd:
		b = f.End.append(append(f.Start.append(b), '/'))
	case DurationOnly:
		b = f.Duration.appendText(append(b, 'P'))
	case StartDuration:
		b = f.Duration.appendText(append(f.Start.append(b), '/', 'P'))
	case DurationEnd:
		b = f.End.append(append(f.Duration.appendText(append(b, 'P')), '/'))
	}
	return Time(b)
}

func (p Point) append(b []byte) []byte {
	if p.Date != NoDate {
		b = appendYear(b, p.Year, p.Date == Century)
		switch p.Date {
		case YearMonth:
			b = appendDigits(append(b, '-'), p.Month, 2)
		case YearMonthDay:
			b = appendDigits(append(appendDigits(append(b, '-'), p.Month, 2), '-'), p.Day, 2)
		case YearDay:
			b = appendDigits(append(b, '-'), p.YDay, 3)
		case YearWeek:
			b = appendDigits(append(b, '-', 'W'), p.Week, 2)
		case YearWeekDay:
			b = appendDigits(append(appendDigits(append(b, '-', 'W'), p.Week, 2), '-'), p.Day, 1)
		}
	}
	if p.Clock == NoClock {
		return b
	}
	if p.Date != NoDate || p.Clock == Hours && p.Frac == "" && p.Zone == Local {
		// 'T' joins a date and a time, and tells "T15" from the century 15.
		b = append(b, 'T')
	}
	b = appendDigits(b, p.Hour, 2)
	if p.Clock >= Minutes {
		b = appendDigits(append(b, ':'), p.Minute, 2)
	}
	if p.Clock == Seconds {
		b = appendDigits(append(b, ':'), p.Second, 2)
	}
	if p.Frac != "" {
		b = append(append(b, '.'), p.Frac...)
	}
	switch p.Zone {
	case UTC:
		b = append(b, 'Z')
	case Offset:
		sign := byte('+')
		if p.OffsetNegative {
			sign = '-'
		}
		b = appendDigits(append(b, sign), p.OffsetHours, 2)
		if p.OffsetMins != 0 {
			b = appendDigits(append(b, ':'), p.OffsetMins, 2)
		}
	}
	return b
}

// appendYear appends a year as Point.append writes it: four digits for
// 0000..9999 (two for a century 00..99), else a sign and at least four
// digits.
func appendYear(b []byte, y int64, century bool) []byte {
	n := 4
	if century {
		n = 2
	}
	if y >= 0 && (century && y <= 99 || !century && y <= 9999) {
		return appendDigits(b, int(y), n)
	}
	u, sign := uint64(y), byte('+')
	if y < 0 {
		u, sign = -u, '-'
	}
	digits := strconv.FormatUint(u, 10)
	b = append(b, sign)
	for range 4 - len(digits) {
		b = append(b, '0')
	}
	return append(b, digits...)
}
