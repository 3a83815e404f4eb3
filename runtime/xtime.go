package runtime

import (
	"bytes"
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

// fields parses len(w) fixed-width numbers at the start of b, which must be
// exactly their width.
func fields(b []byte, w ...int) (v [6]int, ok bool) {
	i := 0
	for k, n := range w {
		if v[k], ok = digits(b, i, n); !ok {
			return v, false
		}
		i += n
	}
	return v, i == len(b)
}

// ParseDate parses the contents of a DATE: "YYYYMMDD".
func ParseDate(b []byte) (Date, error) {
	v, ok := fields(b, 4, 2, 2)
	d := Date{v[0], v[1], v[2]}
	if !ok || !d.valid() {
		return Date{}, errValue("DATE", "not a date YYYYMMDD of 1582..9999", "X.690 8.26")
	}
	return d, nil
}

// ParseTimeOfDay parses the contents of a TIME-OF-DAY: "hhmmss".
func ParseTimeOfDay(b []byte) (TimeOfDay, error) {
	v, ok := fields(b, 2, 2, 2)
	t := TimeOfDay{v[0], v[1], v[2]}
	if !ok || !t.valid() {
		return TimeOfDay{}, errValue("TIME-OF-DAY", "not a time of day hhmmss", "X.690 8.26")
	}
	return t, nil
}

// ParseDateTime parses the contents of a DATE-TIME: "YYYYMMDDhhmmss".
func ParseDateTime(b []byte) (DateTime, error) {
	v, ok := fields(b, 4, 2, 2, 2, 2, 2)
	dt := DateTime{Date{v[0], v[1], v[2]}, TimeOfDay{v[3], v[4], v[5]}}
	if !ok || !dt.Date.valid() || !dt.TimeOfDay.valid() {
		return DateTime{}, errValue("DATE-TIME", "not a date and time YYYYMMDDhhmmss", "X.690 8.26")
	}
	return dt, nil
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
		j := i
		for j < len(b) && b[j] >= '0' && b[j] <= '9' {
			j++
		}
		v, err := strconv.ParseUint(string(b[i:j]), 10, 64)
		if j == i {
			return bad("component without a number")
		} else if err != nil {
			return Duration{}, errUnsupported("DURATION", "number beyond 64 bits", "")
		}
		if j < len(b) && (b[j] == '.' || b[j] == ',') {
			k := j + 1
			for k < len(b) && b[k] >= '0' && b[k] <= '9' {
				k++
			}
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
	if has == 0 || has&4 != 0 && has != 4 {
		return errValue("DURATION", "no components, or weeks with other components", "X.680 38")
	}
	for i := 0; i < len(d.Frac); i++ {
		if c := d.Frac[i]; c < '0' || c > '9' {
			return errValue("DURATION", "fraction not decimal digits", "X.680 38")
		}
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
	if !isoTime(b) {
		return "", errValue("TIME", "not an ISO 8601 time value", "X.680 38")
	}
	return ISOTime(b), nil
}

// AppendISOTime appends the contents of a TIME holding v.
func AppendISOTime(dst []byte, v ISOTime) ([]byte, error) {
	if !isoTime([]byte(v)) {
		return dst, errValue("TIME", "not an ISO 8601 time value", "X.680 38")
	}
	return append(dst, v...), nil
}

func isoTime(s []byte) bool {
	rec := len(s) > 0 && s[0] == 'R'
	if rec {
		i := 1
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == len(s) || s[i] != '/' {
			return false
		}
		s = s[i+1:]
	}
	a, b, interval := bytes.Cut(s, []byte{'/'})
	okA, durA := isoPart(a)
	if !interval {
		return okA && (durA || !rec)
	}
	okB, durB := isoPart(b)
	return okA && okB && !(durA && durB)
}

// isoPart checks a duration or a point in time.
func isoPart(p []byte) (ok, dur bool) {
	if len(p) > 0 && p[0] == 'P' {
		_, err := ParseDuration(p[1:])
		return err == nil, true
	}
	if date, clock, t := bytes.Cut(p, []byte{'T'}); t {
		return (len(date) == 0 || isoDate(date)) && isoClock(clock), false
	}
	return isoDate(p) || isoClock(p), false
}

func isoDate(d []byte) bool {
	signed := len(d) > 0 && (d[0] == '+' || d[0] == '-')
	if signed {
		d = d[1:]
	}
	n := 0 // leading digits
	for n < len(d) && d[n] >= '0' && d[n] <= '9' {
		n++
	}
	year, rest := d[:n], d[n:]
	if !signed && (n == 7 || n == 8) {
		year = d[:4]
	}
	y400 := 0 // the year mod 400, for leap years
	for _, c := range year {
		y400 = (y400*10 + int(c-'0')) % 400
	}
	leap := y400%4 == 0 && (y400%100 != 0 || y400 == 0)
	yearDays := 365
	if leap {
		yearDays = 366
	}
	switch {
	case !signed && n == 8 && len(rest) == 0: // YYYYMMDD
		rest = []byte{'-', d[4], d[5], '-', d[6], d[7]}
	case !signed && n == 7 && len(rest) == 0: // YYYYDDD
		rest = []byte{'-', d[4], d[5], d[6]}
	case !signed && n == 2 && len(rest) == 0: // century
		return true
	case n < 4 || !signed && n != 4:
		return false
	}
	ext := len(rest) > 0 && rest[0] == '-'
	if ext {
		rest = rest[1:]
	}
	if len(rest) > 0 && rest[0] == 'W' { // week date: Www, Www-D, WwwD
		w, ok := digits(rest, 1, 2)
		if !ok || w < 1 || w > 53 {
			return false
		}
		if rest = rest[3:]; len(rest) == 0 {
			return true
		}
		if ext {
			if rest[0] != '-' {
				return false
			}
			rest = rest[1:]
		}
		wd, ok := digits(rest, 0, 1)
		return ok && len(rest) == 1 && wd >= 1 && wd <= 7
	}
	switch {
	case len(rest) == 0:
		return !ext
	case !ext:
		return false
	case len(rest) == 3: // ordinal day
		v, ok := digits(rest, 0, 3)
		return ok && v >= 1 && v <= yearDays
	}
	m, ok := digits(rest, 0, 2)
	if !ok || m < 1 || m > 12 {
		return false
	}
	if len(rest) == 2 {
		return true
	}
	dd, ok := digits(rest, 3, 2)
	days := daysIn(2001, m)
	if leap && m == 2 {
		days = 29
	}
	return ok && len(rest) == 5 && rest[2] == '-' && dd >= 1 && dd <= days
}

// isoClock checks a time of day: hh, hh:mm, hh:mm:ss or hhmm, hhmmss, a
// fraction of the last element, and "Z" or an offset from UTC.
func isoClock(c []byte) bool {
	h, ok := digits(c, 0, 2)
	if !ok || h > 24 {
		return false
	}
	i, ext := 2, len(c) > 2 && c[2] == ':'
	for k := 0; k < 2; k++ {
		j := i
		if ext {
			if j >= len(c) || c[j] != ':' {
				break
			}
			j++
		}
		v, ok := digits(c, j, 2)
		if !ok || v > 59+k {
			if j > i {
				return false
			}
			break
		}
		i = j + 2
	}
	if i < len(c) && (c[i] == '.' || c[i] == ',') {
		j := i + 1
		for j < len(c) && c[j] >= '0' && c[j] <= '9' {
			j++
		}
		if j == i+1 {
			return false
		}
		i = j
	}
	switch {
	case i == len(c):
		return true
	case c[i] == 'Z':
		return i+1 == len(c)
	case c[i] != '+' && c[i] != '-':
		return false
	}
	z := c[i+1:]
	oh, ok := digits(z, 0, 2)
	if !ok || oh > 23 {
		return false
	}
	switch z = z[2:]; {
	case len(z) == 0:
		return true
	case ext && z[0] == ':':
		z = z[1:]
	}
	om, ok := digits(z, 0, 2)
	return ok && len(z) == 2 && om <= 59
}
