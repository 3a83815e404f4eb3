package der

import (
	"cmp"
	"time"
)

// Time is the value of a UTCTime or a GeneralizedTime (X.680 47, 46): a
// date and a time of day in UTC, to the nanosecond. It holds the calendar
// fields that the encodings write (X.690 11.7, 11.8), so that reading one
// is reading its digits and writing one is writing them, with no calendar
// arithmetic either way; Time converts it to a time.Time. It holds no
// pointer, so the garbage collector has nothing to scan in it (a CRL holds
// one per entry).
//
// The zero Time is the instant of the zero time.Time,
// 0001-01-01T00:00:00Z. Times are comparable: == tells whether two are the
// same instant, as do Equal and Compare, which also orders them. TimeOf and Date
// make one for encoding.
type Time struct {
	// v packs the fields, each counted from its first value so that the
	// zero v is 0001-01-01T00:00:00: (year-1)<<26 | (month-1)<<22 |
	// (day-1)<<17 | hour<<12 | minute<<6 | second, the most significant
	// first so that comparing v compares instants (years before 1 are
	// negative).
	v  int64
	ns uint32 // nanoseconds, 0 to 999,999,999
}

// makeTime returns the Time of fields in range (month 1 to 12, day 1 to
// 31, hour 0 to 23, minute and second 0 to 59).
func makeTime(year, month, day, hour, min, sec int, ns uint32) Time {
	const first = 1<<26 | 1<<22 | 1<<17 // year, month and day count from 1
	return Time{v: int64(year)<<26 + int64(month<<22|day<<17|hour<<12|min<<6|sec) - first, ns: ns}
}

// fields returns the calendar fields of t.
func (t Time) fields() (year, month, day, hour, min, sec int) {
	u := t.v + 1<<26 + 1<<22 + 1<<17
	return int(u >> 26), int(u >> 22 & 15), int(u >> 17 & 31), int(u >> 12 & 31), int(u >> 6 & 63), int(u & 63)
}

// TimeOf returns the Time of the instant of t, to the nanosecond (its
// location is dropped: a Time is in UTC).
func TimeOf(t time.Time) Time {
	year, month, day, hour, min, sec := civil(t)
	return makeTime(year, month, day, hour, min, sec, uint32(t.Nanosecond()))
}

// Date returns the Time of the given date and time of day in UTC, values
// out of range normalized as time.Date does (October 32 is November 1).
func Date(year int, month time.Month, day, hour, min, sec, nsec int) Time {
	return TimeOf(time.Date(year, month, day, hour, min, sec, nsec, time.UTC))
}

// Time returns t as a time.Time in UTC (the zero Time: the zero
// time.Time).
func (t Time) Time() time.Time {
	year, month, day, hour, min, sec := t.fields()
	if year < -399 { // out of daysFromCivil's range, and of every encoding's
		return time.Date(year, time.Month(month), day, hour, min, sec, int(t.ns), time.UTC)
	}
	s := daysFromCivil(year, month, day)*86400 + int64(hour*3600+min*60+sec)
	return time.Unix(s, int64(t.ns)).UTC()
}

// String returns t as its time.Time prints (2025-01-01 00:00:00 +0000
// UTC), so that output written before times were Times stays the same.
func (t Time) String() string { return t.Time().String() }

// IsZero reports whether t is the zero Time.
func (t Time) IsZero() bool { return t == Time{} }

// Compare returns -1 if t is before u, 0 if they are the same instant and
// +1 if t is after u.
func (t Time) Compare(u Time) int {
	if c := cmp.Compare(t.v, u.v); c != 0 {
		return c
	}
	return cmp.Compare(t.ns, u.ns)
}

// Equal reports whether t and u are the same instant, as t == u does (and
// as go-cmp asks a type with unexported fields).
func (t Time) Equal(u Time) bool { return t == u }

// Before reports whether t is before u.
func (t Time) Before(u Time) bool { return t.Compare(u) < 0 }

// After reports whether t is after u.
func (t Time) After(u Time) bool { return t.Compare(u) > 0 }
