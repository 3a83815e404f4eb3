package runtime

import "time"

// derTime parses the one form DER allows for a time without a fraction:
// "YYMMDDhhmmssZ" (UTCTime, 13 octets) or "YYYYMMDDhhmmssZ"
// (GeneralizedTime, 15 octets), with every field in range. It is the
// fast path of readTime (a CRL holds one time per entry); ok is false for
// every other input, which the general parser (parseTime) then accepts or
// reports.
func derTime(b []byte, utc bool) (t time.Time, ok bool) {
	var year int
	if utc {
		if len(b) != 13 || b[12] != 'Z' {
			return t, false
		}
		// X.509 (RFC 5280 4.1.2.5.1): YY >= 50 is 19YY, YY < 50 is 20YY.
		year, ok = pair(b[0], b[1])
		year += 1900
		if year < 1950 {
			year += 100
		}
		b = b[2:12]
	} else {
		if len(b) != 15 || b[14] != 'Z' {
			return t, false
		}
		hi, ok1 := pair(b[0], b[1])
		lo, ok2 := pair(b[2], b[3])
		year, ok = hi*100+lo, ok1 && ok2
		b = b[4:14]
	}
	_ = b[9]
	month, ok1 := pair(b[0], b[1])
	day, ok2 := pair(b[2], b[3])
	hour, ok3 := pair(b[4], b[5])
	min, ok4 := pair(b[6], b[7])
	sec, ok5 := pair(b[8], b[9])
	if !(ok && ok1 && ok2 && ok3 && ok4 && ok5) || month < 1 || month > 12 || day < 1 ||
		day > daysIn(year, month) || hour > 23 || min > 59 || sec > 59 {
		return t, false
	}
	s := daysFromCivil(year, month, day)*86400 + int64(hour*3600+min*60+sec)
	return time.Unix(s, 0).UTC(), true
}

// pair returns the value of two decimal digits.
func pair(a, b byte) (int, bool) {
	a, b = a-'0', b-'0'
	return int(a)*10 + int(b), a <= 9 && b <= 9
}

// civil returns the date and time of day of t in UTC, by arithmetic on its
// Unix seconds (one division chain instead of time.Time's Year, Date and
// Clock, which each recompute the date): the encoders' fast path.
func civil(t time.Time) (year, month, day, hour, min, sec int) {
	secs := t.Unix()
	days, rem := secs/86400, secs%86400
	if rem < 0 {
		days, rem = days-1, rem+86400
	}
	// The inverse of daysFromCivil (days since 1970-01-01; March-based
	// years of 400-year eras).
	z := days + 719468
	era := z
	if era < 0 {
		era -= 146096
	}
	era /= 146097
	doe := z - era*146097                                  // day of era, 0..146096
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365 // year of era, 0..399
	doy := doe - (365*yoe + yoe/4 - yoe/100)               // day of the March-based year
	mp := (5*doy + 2) / 153                                // March = 0
	day = int(doy - (153*mp+2)/5 + 1)
	month = int(mp + 3)
	if month > 12 {
		month -= 12
	}
	year = int(yoe + era*400)
	if month <= 2 {
		year++
	}
	return year, month, day, int(rem / 3600), int(rem % 3600 / 60), int(rem % 60)
}
