package runtime

import (
	"math/bits"
	"strconv"
	"strings"
)

// The time types of X.680 clause 38. Their encodings (X.690 8.26) are
// character strings: DATE "YYYYMMDD", TIME-OF-DAY "hhmmss", DATE-TIME
// "YYYYMMDDhhmmss" (ISO 8601 basic format, local time), DURATION the
// ISO 8601 designator form without its leading 'P' ("2Y10M15DT10H20M30S"),
// and TIME the ISO 8601 value notation as it is. They have no separate DER
// forms, so their parsers take no der flag.

// Date is a DATE: a calendar date with a year in 1582..9999 (Year=Basic).
type Date struct{ Year, Month, Day int }

// TimeOfDay is a TIME-OF-DAY: a local time of day; Second may be 60 for a
// leap second.
type TimeOfDay struct{ Hour, Minute, Second int }

// DateTime is a DATE-TIME: a local date and time of day.
type DateTime struct {
	Date
	TimeOfDay
}

func (d Date) valid() bool {
	return d.Year >= 1582 && d.Year <= 9999 && d.Month >= 1 && d.Month <= 12 && d.Day >= 1 && d.Day <= daysIn(d.Year, d.Month)
}

func (t TimeOfDay) valid() bool {
	return t.Hour >= 0 && t.Hour <= 23 && t.Minute >= 0 && t.Minute <= 59 && t.Second >= 0 && t.Second <= 60
}

// ParseDate parses the contents of a DATE: "YYYYMMDD".
func ParseDate(b []byte) (Date, error) {
	v, ok := isoMatch(string(b), "YYYYMMDD")
	if d := (Date{v[0], v[1], v[2]}); ok && d.valid() {
		return d, nil
	}
	return Date{}, errValue("DATE", "not a date YYYYMMDD of 1582..9999", "X.690 8.26")
}

// ParseTimeOfDay parses the contents of a TIME-OF-DAY: "hhmmss".
func ParseTimeOfDay(b []byte) (TimeOfDay, error) {
	v, ok := isoMatch(string(b), "hhmmss")
	if t := (TimeOfDay{v[6], v[7], v[8]}); ok && t.valid() {
		return t, nil
	}
	return TimeOfDay{}, errValue("TIME-OF-DAY", "not a time of day hhmmss", "X.690 8.26")
}

// ParseDateTime parses the contents of a DATE-TIME: "YYYYMMDDhhmmss".
func ParseDateTime(b []byte) (DateTime, error) {
	v, ok := isoMatch(string(b), "YYYYMMDDhhmmss")
	if dt := (DateTime{Date{v[0], v[1], v[2]}, TimeOfDay{v[6], v[7], v[8]}}); ok && dt.Date.valid() && dt.TimeOfDay.valid() {
		return dt, nil
	}
	return DateTime{}, errValue("DATE-TIME", "not a date and time YYYYMMDDhhmmss", "X.690 8.26")
}

// String returns the value notation "YYYY-MM-DD".
func (d Date) String() string {
	b := appendDigits(nil, d.Year, 4)
	b = appendDigits(append(b, '-'), d.Month, 2)
	return string(appendDigits(append(b, '-'), d.Day, 2))
}

// String returns the value notation "hh:mm:ss".
func (t TimeOfDay) String() string {
	b := appendDigits(nil, t.Hour, 2)
	b = appendDigits(append(b, ':'), t.Minute, 2)
	return string(appendDigits(append(b, ':'), t.Second, 2))
}

// String returns the value notation "YYYY-MM-DDThh:mm:ss".
func (dt DateTime) String() string { return dt.Date.String() + "T" + dt.TimeOfDay.String() }

// AppendDate appends the contents of a DATE; an invalid date is an error.
func AppendDate(dst []byte, d Date) ([]byte, error) {
	if !d.valid() {
		return dst, errValue("DATE", "no such date in 1582..9999", "X.680 38")
	}
	return appendDigits(appendDigits(appendDigits(dst, d.Year, 4), d.Month, 2), d.Day, 2), nil
}

// AppendTimeOfDay appends the contents of a TIME-OF-DAY.
func AppendTimeOfDay(dst []byte, t TimeOfDay) ([]byte, error) {
	if !t.valid() {
		return dst, errValue("TIME-OF-DAY", "no such time of day", "X.680 38")
	}
	return appendDigits(appendDigits(appendDigits(dst, t.Hour, 2), t.Minute, 2), t.Second, 2), nil
}

// AppendDateTime appends the contents of a DATE-TIME.
func AppendDateTime(dst []byte, dt DateTime) ([]byte, error) {
	if !dt.Date.valid() || !dt.TimeOfDay.valid() {
		return dst, errValue("DATE-TIME", "no such date and time", "X.680 38")
	}
	dst, _ = AppendDate(dst, dt.Date)
	return AppendTimeOfDay(dst, dt.TimeOfDay)
}

// Duration is a DURATION: ISO 8601 "PnYnMnDTnHnMnS" or "PnW". Frac holds
// the digits of a decimal fraction of the last component written ("5" for
// "PT1.5S").
//
// A decoded Duration remembers which components its encoding wrote, zero
// ones included, so that it encodes to the same octets ("P0D" and "PT0S"
// are equal durations but distinct values of ==). A Duration built in Go
// writes its non-zero components, or "T0S" when all are zero.
type Duration struct {
	Years, Months, Weeks, Days, Hours, Minutes, Seconds uint64
	Frac                                                string
	has                                                 uint8 // bit k: component k of "YMWDHMS" written
}

func (d *Duration) fields() [7]*uint64 {
	return [7]*uint64{&d.Years, &d.Months, &d.Weeks, &d.Days, &d.Hours, &d.Minutes, &d.Seconds}
}

// ParseDuration parses the contents of a DURATION: the ISO 8601 designator
// form without the leading 'P' (X.690 8.26).
func ParseDuration(b []byte) (Duration, error) {
	var d Duration
	bad := func(msg string) (Duration, error) { return Duration{}, errValue("DURATION", msg, "X.680 38") }
	f := d.fields()
	next, inTime := 0, false
	for i := 0; i < len(b); {
		if b[i] == 'T' {
			if inTime || i == len(b)-1 {
				return bad("misplaced T")
			}
			next, inTime = max(next, 4), true
			i++
			continue
		}
		if d.Frac != "" {
			return bad("fraction not on the last component")
		}
		j := skipDigits(b, i)
		v, err := strconv.ParseUint(string(b[i:j]), 10, 64)
		if j == i {
			return bad("component without a number")
		} else if err != nil {
			return Duration{}, errUnsupported("DURATION", "number beyond 64 bits", "")
		}
		if j < len(b) && (b[j] == '.' || b[j] == ',') {
			k := skipDigits(b, j+1)
			if k == j+1 {
				return bad("decimal sign without digits")
			}
			d.Frac, j = string(b[j+1:k]), k
		}
		units := "YMWD"
		if inTime {
			units = "....HMS"
		}
		if j == len(b) {
			return bad("number without a designator")
		}
		u := strings.IndexByte(units, b[j])
		if u < next {
			return bad("designators missing or out of order")
		}
		*f[u], next, i = v, u+1, j+1
		d.has |= 1 << u
	}
	if d.has == 0 {
		return bad("no components")
	}
	if err := d.check(); err != nil {
		return Duration{}, err
	}
	return d, nil
}

// check checks the components written: at least one, and weeks alone.
func (d *Duration) check() error {
	has := d.written()
	if has&4 != 0 && has != 4 {
		return errValue("DURATION", "weeks with other components", "X.680 38")
	}
	if skipDigits(d.Frac, 0) < len(d.Frac) {
		return errValue("DURATION", "fraction not decimal digits", "X.680 38")
	}
	return nil
}

// written returns the components to write (see Duration).
func (d *Duration) written() uint8 {
	if d.has != 0 {
		return d.has
	}
	var has uint8
	for k, p := range d.fields() {
		if *p != 0 {
			has |= 1 << k
		}
	}
	if has == 0 {
		has = 1 << 6
	}
	return has
}

func (d Duration) appendText(dst []byte) []byte {
	has := d.written()
	last := bits.Len8(has) - 1
	t := false
	for k, p := range d.fields() {
		if has&(1<<k) == 0 {
			continue
		}
		if k >= 4 && !t {
			dst, t = append(dst, 'T'), true
		}
		dst = strconv.AppendUint(dst, *p, 10)
		if k == last && d.Frac != "" {
			dst = append(append(dst, '.'), d.Frac...)
		}
		dst = append(dst, "YMWDHMS"[k])
	}
	return dst
}

// String returns the value notation, e.g. "P2Y10M15DT10H20M30S".
func (d Duration) String() string { return string(d.appendText([]byte{'P'})) }

// AppendDuration appends the contents of a DURATION (its value notation
// without the 'P'), with '.' as the decimal sign.
func AppendDuration(dst []byte, d Duration) ([]byte, error) {
	if err := d.check(); err != nil {
		return dst, err
	}
	return d.appendText(dst), nil
}

// ISOTime is a TIME value (X.680 38.1): an ISO 8601 string, kept as it is.
//
// ParseISOTime checks the syntax and ranges of the ISO 8601 forms: dates
// (calendar "YYYY-MM-DD", "YYYYMMDD", "YYYY-MM", "YYYY", "YY"; ordinal
// "YYYY-DDD"; week "YYYY-Www-D"; a sign for expanded years), times of day
// ("hh:mm:ss", "hhmmss", shorter, with a fraction of the last element and
// "Z" or an offset "+hh:mm"), "T" between them, durations "P...",
// intervals "start/end", "start/P...", "P.../end" and recurrences "Rn/...".
// It does not check the property settings of a subtype of TIME, and it
// does not rewrite values into the DER form of X.690 11 (for instance ','
// into '.'): the octets are kept as they are.
type ISOTime string

// ParseISOTime checks the contents of a TIME.
func ParseISOTime(b []byte) (ISOTime, error) {
	v := ISOTime(b)
	if !v.valid() {
		return "", errValue("TIME", "not an ISO 8601 time value", "X.680 38")
	}
	return v, nil
}

// AppendISOTime appends the contents of a TIME holding v.
func AppendISOTime(dst []byte, v ISOTime) ([]byte, error) {
	if !v.valid() {
		return dst, errValue("TIME", "not an ISO 8601 time value", "X.680 38")
	}
	return append(dst, v...), nil
}

func (v ISOTime) valid() bool {
	s := string(v)
	rec := strings.HasPrefix(s, "R")
	if rec {
		n, rest, ok := strings.Cut(s[1:], "/")
		if !ok || skipDigits(n, 0) < len(n) {
			return false
		}
		s = rest
	}
	a, b, interval := strings.Cut(s, "/")
	okA, durA := isoPart(a)
	if !interval {
		return okA && (durA || !rec) // a recurrence needs an interval
	}
	okB, durB := isoPart(b)
	return okA && okB && !(durA && durB)
}

// isoPart checks a duration or a point in time.
func isoPart(p string) (ok, dur bool) {
	if d, ok := strings.CutPrefix(p, "P"); ok {
		_, err := ParseDuration([]byte(d))
		return err == nil, true
	}
	if date, clock, t := strings.Cut(p, "T"); t {
		return (date == "" || isoDate(date)) && isoClock(clock), false
	}
	return isoDate(p) || isoClock(p), false
}

// The ISO 8601 forms, as patterns for isoMatch.
var (
	isoDates  = []string{"YYYY-MM-DD", "YYYYMMDD", "YYYY-MM", "YYYY", "YY", "YYYY-OOO", "YYYYOOO", "YYYY-Www-E", "YYYYWwwE", "YYYY-Www", "YYYYWww"}
	isoClocks = []string{"hh:mm:ss", "hhmmss", "hh:mm", "hhmm", "hh"}
	isoZones  = []string{"Z", "+HH", "+HH:mm", "+HHmm"}
)

func isoDate(d string) bool {
	if d != "" && (d[0] == '+' || d[0] == '-') {
		// An expanded year of 4 digits or more: its last 4 say as much
		// about leap years as the whole.
		n := skipDigits(d, 1) - 1
		if n < 4 || len(d) > n+1 && d[n+1] != '-' {
			return false
		}
		d = d[n-3:]
	}
	return isoForms(d, isoDates)
}

func isoClock(c string) bool {
	i := strings.IndexAny(c, ".,Z+-")
	if i < 0 {
		i = len(c)
	}
	j := i
	if j < len(c) && (c[j] == '.' || c[j] == ',') {
		if j = skipDigits(c, j+1); j == i+1 {
			return false
		}
	}
	return isoForms(c[:i], isoClocks) && (j == len(c) || isoForms(c[j:], isoZones))
}

func isoForms(s string, patterns []string) bool {
	for _, p := range patterns {
		if _, ok := isoMatch(s, p); ok {
			return true
		}
	}
	return false
}

// isoLetters name the fields of the patterns: Y year, M month, D day, O day
// of the year, w week, E day of the week, h hour, m minute, s second, H
// hours of an offset from UTC. Each letter stands for one digit; '+' for a
// sign; other characters for themselves.
const isoLetters = "YMDOwEhmsH"

var isoRange = [...][2]int{{0, 9999}, {1, 12}, {1, 31}, {1, 366}, {1, 53}, {1, 7}, {0, 24}, {0, 59}, {0, 60}, {0, 23}}

// isoMatch matches s against the pattern p and checks the ranges of the
// fields (24 hours and 60 seconds included, for ISO 8601's end of day and
// leap second); it returns the fields in the order of isoLetters.
func isoMatch(s, p string) (v [len(isoLetters)]int, ok bool) {
	if len(s) != len(p) {
		return v, false
	}
	for i := 0; i < len(p); i++ {
		c, k := s[i], strings.IndexByte(isoLetters, p[i])
		switch {
		case k >= 0 && c >= '0' && c <= '9':
			v[k] = v[k]*10 + int(c-'0')
		case k >= 0 || c != p[i] && !(p[i] == '+' && c == '-'):
			return v, false
		}
	}
	for k, r := range isoRange {
		if strings.IndexByte(p, isoLetters[k]) >= 0 && (v[k] < r[0] || v[k] > r[1]) {
			return v, false
		}
	}
	leap := daysIn(v[0], 2) == 29
	return v, !(strings.IndexByte(p, 'D') >= 0 && v[2] > daysIn(v[0], v[1]) || v[3] == 366 && !leap ||
		v[6] == 24 && v[7]+v[8] != 0)
}
