package der

import (
	"encoding/binary"
	"time"
)

// derTime parses the one form DER allows for a time without a fraction:
// "YYMMDDhhmmssZ" (UTCTime, 13 octets) or "YYYYMMDDhhmmssZ"
// (GeneralizedTime, 15 octets), with every field in range. It is the
// fast path of readTime (a CRL holds one time per entry); ok is false for
// every other input, which the general parser (parseTime) then accepts or
// reports.
func derTime(b []byte, utc bool) (t time.Time, ok bool) {
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
	s := daysFromCivil(year, month, day)*86400 + int64(hour*3600+min*60+sec)
	return time.Unix(s, 0).UTC(), true
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
// Clock, which each recompute the date): the encoders' fast path.
func civil(t time.Time) (year, month, day, hour, min, sec int) {
	secs := t.Unix()
	if secs < generalizedTimeMin || secs >= generalizedTimeEnd {
		// Outside the years 0 to 9999, which no encoder writes.
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
	return year, month, day, int(rem / 3600), int(rem % 3600 / 60), int(rem % 60)
}

// pair returns the value of two decimal digits.
func pair(a, b byte) (int, bool) {
	a, b = a-'0', b-'0'
	return int(a)*10 + int(b), a <= 9 && b <= 9
}

// readDERTime reads a time in its DER form without a fraction with the
// common header, as one step (a CRL entry's revocation date); ok is false,
// with nothing consumed, for everything else.
func (r *Reader) readDERTime(t Tag, utc bool) (v time.Time, ok bool) {
	want, low := identifier(t, false)
	l, ok := r.short(want)
	if !ok || !low {
		return v, false
	}
	cs := r.pos + 2
	if v, ok = derTime(r.in[cs:cs+l], utc); ok && r.s.elem() {
		r.pos = cs + l
		return v, true
	}
	return v, false
}
