package der

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"time"
)

// timeRules are the DER rules of X.690 11.7 (GeneralizedTime) and 11.8
// (UTCTime), indexed as nonDERTime.
var timeRules = [2][5]string{
	{"X.690 11.7.1", "X.690 11.7.2", "X.690 11.7.3", "X.690 11.7.4", "X.690 11.7.5"},
	{"X.690 11.8.1", "X.690 11.8.2", "", "", "X.690 11.8.3"},
}

// nonDERTime says what breaks each rule of timeRules.
var nonDERTime = [5]string{"not terminated by Z", "seconds missing", "fraction with trailing zeros",
	"decimal sign ',' instead of '.'", "midnight written as 24:00:00"}

func parseTime(b []byte, der, utc bool) (time.Time, error) {
	typ, clause, rules, yl := "GeneralizedTime", "X.680 46", &timeRules[0], 4
	if utc {
		typ, clause, rules, yl = "UTCTime", "X.680 47", &timeRules[1], 2
	}
	// Invalid contents are reported first, then non-DER forms, then values
	// a time.Time cannot hold.
	nd, unsup := -1, ""
	nonDER := func(rule int) { // the first rule broken is reported
		if nd < 0 {
			nd = rule
		}
	}
	bad := func(msg string) (time.Time, error) { return time.Time{}, errValue(typ, msg, clause) }
	year, ok1 := digits(b, 0, yl)
	month, ok2 := digits(b, yl, 2)
	day, ok3 := digits(b, yl+2, 2)
	hour, ok4 := digits(b, yl+4, 2)
	if !(ok1 && ok2 && ok3 && ok4) {
		return bad("date and hour not in the form " + "YYYYMMDDhh"[4-yl:])
	}
	if utc {
		year += 1900
		if year < 1950 {
			year += 100
		}
	}
	i := yl + 6
	min, sec, elems := 0, 0, 1 // elems: hour, minute, second present
	if v, ok := digits(b, i, 2); ok {
		min, elems, i = v, 2, i+2
		if v, ok := digits(b, i, 2); ok {
			sec, elems, i = v, 3, i+2
		}
	}
	if utc && elems < 2 {
		return bad("minutes missing")
	}
	if elems < 3 {
		nonDER(1)
	}
	var nsec int64
	if !utc && i < len(b) && (b[i] == '.' || b[i] == ',') {
		if b[i] == ',' {
			nonDER(3)
		}
		j := skipDigits(b, i+1)
		if j == i+1 {
			return bad("decimal sign without digits")
		}
		if b[j-1] == '0' {
			nonDER(2)
		}
		var ok bool
		unit := [...]uint64{3600e9, 60e9, 1e9}[elems-1]
		if nsec, ok = fraction(b[i+1:j], unit); !ok {
			unsup = "fraction finer than a nanosecond"
		}
		i = j
	}
	var offset int
	switch {
	case i == len(b):
		if utc {
			return bad("time zone missing")
		}
		nonDER(0)
		unsup = "local time without an offset from UTC"
	case b[i] == 'Z':
		i++
	case b[i] == '+' || b[i] == '-':
		oh, ok := digits(b, i+1, 2)
		om, okm := digits(b, i+3, 2)
		if !ok || !okm && utc || oh > 23 || om > 59 {
			return bad("offset from UTC not in the form +hhmm")
		}
		offset = oh*3600 + om*60
		if b[i] == '-' {
			offset = -offset
		}
		i += 3
		if okm {
			i += 2
		}
		nonDER(0)
	default:
		return bad("unexpected character after the time")
	}
	switch {
	case i != len(b):
		return bad("unexpected characters after the time zone")
	case month < 1 || month > 12 || day < 1 || day > daysIn(year, month):
		return bad("no such date")
	case hour == 24 && min == 0 && sec == 0 && nsec == 0:
		// ISO 8601: 24:00:00 is the midnight ending the day, which DER
		// writes as 00:00:00 of the next day.
		nonDER(4)
	case hour > 23 || min > 59 || sec > 60:
		return bad("hour, minute or second out of range")
	case sec == 60:
		unsup = "leap second"
	}
	if der && nd >= 0 {
		return time.Time{}, errNonDER(typ, nonDERTime[nd], rules[nd])
	}
	if unsup != "" {
		return time.Time{}, errUnsupported(typ, unsup, clause)
	}
	s := daysFromCivil(year, month, day)*86400 + int64(hour*3600+min*60+sec-offset)
	return time.Unix(s, nsec).UTC(), nil
}

// fraction returns the decimal fraction 0.d (digits d) of unit nanoseconds,
// if that is a whole number of nanoseconds.
func fraction(d []byte, unit uint64) (int64, bool) {
	var num, den uint64 = 0, 1
	for k, c := range d {
		if k >= 18 { // beyond any nanosecond: only zeros are exact
			if c != '0' {
				return 0, false
			}
			continue
		}
		num, den = num*10+uint64(c-'0'), den*10
	}
	hi, lo := bits.Mul64(num, unit)
	q, r := bits.Div64(hi, lo, den) // hi < den since num < den
	return int64(q), r == 0
}

// daysFromCivil returns the number of days from 1970-01-01 to the given
// date of the proleptic Gregorian calendar (y >= -399), counting in years
// that start on 1 March (so that the leap day ends one), by the Euclidean
// affine functions of Neri and Schneider (see civil): one division by a
// constant. Years are shifted by one 400-year era of 146097 days to keep
// the arithmetic unsigned.
func daysFromCivil(y, m, d int) int64 {
	yy, mm := uint(y+400), uint(m)
	if m <= 2 {
		yy, mm = yy-1, mm+12 // January and February end the previous year
	}
	c := yy / 100
	n := 1461*yy/4 - c + c/4 + (979*mm-2919)/32 + uint(d) - 1 // days from -0400-03-01
	return int64(n) - 719468 - 146097
}

// daysIn returns the number of days of month m of year y.
func daysIn(y, m int) int {
	switch m {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// appendTime appends the DER contents of a UTCTime (if utc) or a
// GeneralizedTime holding t (in UTC). UTCTime: "YYMMDDhhmmssZ" (X.690
// 11.8); fractions of a second are dropped, as the type has none. Only the
// years 1950 to 2049 have a UTCTime (RFC 5280 4.1.2.5.1); others are an
// error. GeneralizedTime: "YYYYMMDDhhmmss[.f]Z" with the fraction of
// seconds without trailing zeros (X.690 11.7); years outside 0..9999 are
// an error.
func appendTime(dst []byte, t Time, utc bool) ([]byte, error) {
	year, month, day, hour, min, sec := t.fields()
	switch {
	case utc && uint(year-1950) > 99:
		return dst, errValue("UTCTime", "year outside 1950..2049", "RFC 5280 4.1.2.5.1")
	case uint(year) > 9999:
		return dst, errValue("GeneralizedTime", "year outside 0..9999", "X.680 46")
	}
	// The digits and the Z, written in place four pairs at a time: the
	// century first for a GeneralizedTime.
	i := len(dst)
	dst = slices.Grow(dst, 15)[:i+15]
	if !utc {
		binary.BigEndian.PutUint16(dst[i:], digitPairs[uint8(uint(year)/100)])
		i += 2
	}
	d := dst[i : i+13]
	binary.LittleEndian.PutUint64(d, asciiPairs4(uint64(uint(year)%100)|uint64(month)<<16|uint64(day)<<32|uint64(hour)<<48))
	binary.LittleEndian.PutUint32(d[8:], uint32(asciiPairs4(uint64(min)|uint64(sec)<<16)))
	d[12] = 'Z'
	dst = dst[:i+13]
	if ns := int(t.ns); ns != 0 && !utc {
		n := 9
		for ns%10 == 0 {
			ns /= 10
			n--
		}
		dst = append(appendDigits(append(dst[:i+12], '.'), ns, n), 'Z')
	}
	return dst, nil
}

// asciiPairs4 returns the ASCII digits of the four values 0 to 99 in the
// 16-bit lanes of u (the first in the low lane), two digits a lane, tens
// first, in little-endian order: the inverse of digitPairs4, one word at a
// time. x*103>>10 is x/10 for x < 179, and no lane's product (below 2^14)
// reaches the next lane's bits that the mask keeps.
func asciiPairs4(u uint64) uint64 {
	tens := u * 103 >> 10 & 0x000f000f000f000f
	return tens | (u-tens*10)<<8 | 0x3030303030303030
}

// digitPairs holds the two ASCII digits of 0 to 99, indexed by a uint8 so
// that reading it needs no bounds check (the values from 100 are unused).
var digitPairs = func() (t [256]uint16) {
	for v := range 100 {
		t[v] = uint16('0'+v/10)<<8 | uint16('0'+v%10)
	}
	return t
}()

// The Unix seconds of the first instants of the years 0 and 10000.
const (
	generalizedTimeMin = -62167219200
	generalizedTimeEnd = 253402300800
)

// derTime parses the one form DER allows for a time without a fraction:
// "YYMMDDhhmmssZ" (UTCTime, 13 octets) or "YYYYMMDDhhmmssZ"
// (GeneralizedTime, 15 octets), with every field in range. It is the
// fast path of readTime (a CRL holds one time per entry): the digits go
// into the fields of a Time as they are, with no calendar arithmetic; ok
// is false for every other input, which the general parser (parseTime)
// then accepts or reports.
func derTime(b []byte, utc bool) (t Time, ok bool) {
	var year, month, day, hour, min, sec int
	if utc {
		if len(b) != 13 || b[12] != 'Z' {
			return t, false
		}
		p, ok1 := digitPairs4(binary.LittleEndian.Uint64(b))
		q, ok2 := digitPairs4(uint64(binary.LittleEndian.Uint32(b[8:])) | 0x3030303000000000)
		if !ok1 || !ok2 {
			return t, false
		}
		// X.509 (RFC 5280 4.1.2.5.1): YY >= 50 is 19YY, YY < 50 is 20YY.
		if year = 1900 + int(p&0xff); year < 1950 {
			year += 100
		}
		month, day, hour = int(p>>16&0xff), int(p>>32&0xff), int(p>>48)
		min, sec = int(q&0xff), int(q>>16&0xff)
	} else {
		if len(b) != 15 || b[14] != 'Z' {
			return t, false
		}
		p, ok1 := digitPairs4(binary.LittleEndian.Uint64(b))
		q, ok2 := digitPairs4(uint64(binary.LittleEndian.Uint32(b[8:])) | uint64(binary.LittleEndian.Uint16(b[12:]))<<32 | 0x3030<<48)
		if !ok1 || !ok2 {
			return t, false
		}
		year, month, day = int(p&0xff)*100+int(p>>16&0xff), int(p>>32&0xff), int(p>>48)
		hour, min, sec = int(q&0xff), int(q>>16&0xff), int(q>>32&0xff)
	}
	if uint(month-1) > 11 || uint(day-1) > 27 && day > daysIn(year, month) || day < 1 || hour > 23 || min > 59 || sec > 59 {
		return t, false // (every month has the days 1 to 28)
	}
	return makeTime(year, month, day, hour, min, sec, 0), true
}

// digitPairs4 reads the eight octets of u (the first in the low byte) as
// four pairs of decimal digits and returns their values in bytes 0, 2, 4
// and 6; ok is false unless every octet is a digit. One word at a time
// instead of a loop over octets: a CRL holds a time per entry.
func digitPairs4(u uint64) (pairs uint64, ok bool) {
	// A digit is 0x30 to 0x39: its high nibble is 3, and adding 6 leaves
	// it 3 (no octet carries into the next unless its own high nibble is F).
	ok = u&0xf0f0f0f0f0f0f0f0|(u+0x0606060606060606)&0xf0f0f0f0f0f0f0f0>>4 == 0x3333333333333333
	d := u & 0x0f0f0f0f0f0f0f0f
	return (d*10 + d>>8) & 0x00ff00ff00ff00ff, ok
}

// civil returns the date and time of day of t in UTC, by arithmetic on its
// Unix seconds (one division chain instead of time.Time's Year, Date and
// Clock, which each recompute the date): TimeOf's fast path.
func civil(t time.Time) (year, month, day, hour, min, sec int) {
	secs := t.Unix()
	if secs < generalizedTimeMin || secs >= generalizedTimeEnd {
		// Outside the years 0 to 9999, which no encoder writes.
		t = t.UTC()
		y, m, d := t.Date()
		h, mi, s := t.Clock()
		return y, int(m), d, h, mi, s
	}
	// Unsigned arithmetic (divisions by constants are cheaper unsigned),
	// in the March-based years of 400-year eras from -0400-03-01, by the
	// Euclidean affine functions of Neri and Schneider ("Euclidean affine
	// functions and their application to calendar algorithms", 2022):
	// three divisions by constants where the textbook algorithm takes
	// seven.
	u := uint64(secs - generalizedTimeMin)
	rem := u % 86400
	z := u/86400 + 146097 - 60 // 0000-01-01 is day 146097 - 60 of the era that starts at -0400-03-01
	n1 := 4*z + 3
	century, nc := n1/146097, n1%146097/4
	p2 := 2939745 * (4*nc + 3)
	doy := p2 & (1<<32 - 1) / 2939745 / 4 // day of the March-based year
	n3 := 2141*doy + 197913
	month, day = int(n3>>16), int(n3&0xffff/2141+1)
	year = int(100*century+p2>>32) - 400
	if doy >= 306 { // January and February: the next calendar year
		year, month = year+1, month-12
	}
	hour, rem = int(rem/3600), rem%3600
	return year, month, day, hour, int(rem / 60), int(rem % 60)
}

// pair returns the value of two decimal digits.
func pair(a, b byte) (int, bool) {
	a, b = a-'0', b-'0'
	return int(a)*10 + int(b), a <= 9 && b <= 9
}

// ParseTime parses the contents octets of a UTCTime (if utc) or a
// GeneralizedTime in their DER form (X.690 11.7, 11.8), as ReadUTCTime and
// ReadGeneralizedTime do without BER, for the encodings that carry the
// characters without a tag and a length of their own (PER, X.691: a
// VisibleString with the DER restrictions). Errors have Offset -1: the
// caller places them.
func ParseTime(c []byte, utc bool) (Time, error) {
	if v, ok := derTime(c, utc); ok {
		return v, nil
	}
	v, err := parseTime(c, true, utc)
	return TimeOf(v), err
}

// AppendTime appends the DER contents octets of a UTCTime (if utc) or a
// GeneralizedTime holding t, as AddUTCTime and AddGeneralizedTime write
// them (see appendTime for the years each can hold).
func AppendTime(dst []byte, t Time, utc bool) ([]byte, error) { return appendTime(dst, t, utc) }
