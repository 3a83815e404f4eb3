package isotime

// The value notation of the time types (X.680 38: ISO 8601 extended
// format for DATE, TIME-OF-DAY and DATE-TIME), which JER writes as a JSON
// string (X.697 40); DURATION's and TIME's are their encodings' contents,
// DURATION with its leading 'P'.

// ParseDate parses the value notation of a DATE, "YYYY-MM-DD".
func ParseDate(s string) (Date, error) {
	v, ok := isoMatch(s, "YYYY-MM-DD")
	if d := (Date{v[0], v[1], v[2]}); ok && d.valid() {
		return d, nil
	}
	return Date{}, errValue("DATE", "not a date YYYY-MM-DD of 1582..9999", "X.680 38")
}

// ParseTimeOfDay parses the value notation of a TIME-OF-DAY, "hh:mm:ss".
func ParseTimeOfDay(s string) (TimeOfDay, error) {
	v, ok := isoMatch(s, "hh:mm:ss")
	if t := (TimeOfDay{v[6], v[7], v[8]}); ok && t.valid() {
		return t, nil
	}
	return TimeOfDay{}, errValue("TIME-OF-DAY", "not a time of day hh:mm:ss", "X.680 38")
}

// ParseDateTime parses the value notation of a DATE-TIME,
// "YYYY-MM-DDThh:mm:ss".
func ParseDateTime(s string) (DateTime, error) {
	v, ok := isoMatch(s, "YYYY-MM-DDThh:mm:ss")
	if dt := (DateTime{Date{v[0], v[1], v[2]}, TimeOfDay{v[6], v[7], v[8]}}); ok && dt.Date.valid() && dt.TimeOfDay.valid() {
		return dt, nil
	}
	return DateTime{}, errValue("DATE-TIME", "not a date and time YYYY-MM-DDThh:mm:ss", "X.680 38")
}

// ParseDuration parses the value notation of a DURATION, "P" and the
// designators ("P2Y10M15DT10H20M30S", "P3W").
func ParseDuration(s string) (Duration, error) {
	if len(s) == 0 || s[0] != 'P' {
		return Duration{}, errValue("DURATION", "not a duration P...", "X.680 38")
	}
	return parseDuration([]byte(s[1:]))
}

// ParseTime checks the value notation of a TIME, an ISO 8601 string (see
// Time).
func ParseTime(s string) (Time, error) { return parseTime([]byte(s)) }

// Notation returns the value notation of d, "YYYY-MM-DD", or an error
// when d is not a date of 1582..9999.
func (d Date) Notation() (string, error) {
	if !d.valid() {
		return "", errValue("DATE", "no such date in 1582..9999", "X.680 38")
	}
	return d.String(), nil
}

// Notation returns the value notation of t, "hh:mm:ss", or an error when
// t is not a time of day.
func (t TimeOfDay) Notation() (string, error) {
	if !t.valid() {
		return "", errValue("TIME-OF-DAY", "no such time of day", "X.680 38")
	}
	return t.String(), nil
}

// Notation returns the value notation of dt, "YYYY-MM-DDThh:mm:ss", or an
// error when dt is not a date and time.
func (dt DateTime) Notation() (string, error) {
	if !dt.Date.valid() || !dt.TimeOfDay.valid() {
		return "", errValue("DATE-TIME", "no such date and time", "X.680 38")
	}
	return dt.String(), nil
}

// Notation returns the value notation of d, "P" and its designators, or
// an error when d writes no component or has a malformed fraction.
func (d Duration) Notation() (string, error) {
	if err := d.check(); err != nil {
		return "", err
	}
	return d.String(), nil
}

// Notation returns v, or an error when it is not an ISO 8601 time value.
func (v Time) Notation() (string, error) {
	if !v.valid() {
		return "", errValue("TIME", "not an ISO 8601 time value", "X.680 38")
	}
	return string(v), nil
}
