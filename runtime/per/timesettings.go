package per

import (
	"slices"
	"strconv"
	"strings"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/isotime"
)

// A subtype of TIME whose property settings (X.680 38.4, SETTINGS "...")
// fix one form for all its values is encoded as X.691 32.2 to 32.10 say:
// the type of the form's row without MIXED-ENCODING's CHOICE (a DATE of
// "Basic=Date Date=YMD Year=Basic" is a DATE-ENCODING), the points of
// date-times and intervals in the encodings of their forms rather than as
// DATE-TYPE and TIME-TYPE, and a fraction of the n digits of Time=HFn,
// HMFn or HMSFn without its number of digits. Settings that leave several
// forms (TIME (SETTINGS "Basic=Date") has dates of seven forms) select
// MIXED-ENCODING. Either way a value must have the settings.

// timeSettings are property settings, parsed: each field is set (ok) or
// not.
type timeSettings struct {
	basic, date, year, clock, zone, interval, sePoint, recurrence bool

	kind      int  // Basic: kindDate, kindTime, kindDateTime; negative for Interval (-1) and Rec-Interval (-2)
	rec       bool // Basic=Rec-Interval
	form      isotime.DateForm
	yearOf    string // Basic, Proleptic, Negative, L
	clockForm isotime.ClockForm
	digits    int // n of HFn, HMFn, HMSFn
	zoneOf    isotime.Zone
	ivType    isotime.Interval
	pointKind int // SE-point
	unlimited bool
	count     uint64
}

// settingNames are the properties of X.680 38.4.
var settingNames = [...]string{"Basic", "Date", "Year", "Time", "Local-or-UTC", "Interval-type", "SE-point", "Recurrence", "Midnight"}

var (
	settingBasics = map[string]int{"Date": kindDate, "Time": kindTime, "Date-Time": kindDateTime, "Interval": -1, "Rec-Interval": -2}
	settingDates  = map[string]isotime.DateForm{"C": isotime.Century, "Y": isotime.Year, "YM": isotime.YearMonth,
		"YMD": isotime.YearMonthDay, "YD": isotime.YearDay, "YW": isotime.YearWeek, "YWD": isotime.YearWeekDay}
	settingClocks    = map[string]isotime.ClockForm{"H": isotime.Hours, "HM": isotime.Minutes, "HMS": isotime.Seconds}
	settingZones     = map[string]isotime.Zone{"L": isotime.Local, "Z": isotime.UTC, "LD": isotime.Offset}
	settingIntervals = map[string]isotime.Interval{"SE": isotime.StartEnd, "D": isotime.DurationOnly, "SD": isotime.StartDuration, "DE": isotime.DurationEnd}
)

// CheckTimeSettings reports whether settings are property settings of
// X.680 38.4 that a Reader and a Writer encode ("Basic=Date Date=YMD"),
// for generators to reject others before they emit ReadTimeWith.
func CheckTimeSettings(settings string) error {
	_, err := parseTimeSettings(settings)
	return err
}

func parseTimeSettings(settings string) (timeSettings, error) {
	var s timeSettings
	// The value of each property seen, by its index in settingNames.
	var seen [len(settingNames)]string
	for kv := range strings.FieldsSeq(settings) {
		k, v, ok := strings.Cut(kv, "=")
		bad := func() (timeSettings, error) {
			return timeSettings{}, errValue(der.KindUnsupported, "TIME", "unknown property setting "+kv, "X.680 38.4")
		}
		i := slices.Index(settingNames[:], k)
		if !ok || i < 0 || v == "" {
			return bad()
		}
		if old := seen[i]; old != "" {
			if old != v {
				return timeSettings{}, errValue(der.KindInvalidValue, "TIME", "settings "+k+"="+old+" and "+kv+" leave no value", "X.680 38.4")
			}
			continue
		}
		seen[i] = v
		switch k {
		case "Basic":
			b, ok := settingBasics[v]
			if !ok {
				return bad()
			}
			s.basic, s.kind, s.rec = true, b, b == -2
		case "Date":
			if s.form, ok = settingDates[v]; !ok {
				return bad()
			}
			s.date = true
		case "Year":
			switch {
			case v == "Basic" || v == "Proleptic" || v == "Negative":
				s.yearOf = v
			case len(v) > 1 && v[0] == 'L' && digitsOnly(v[1:]):
				s.yearOf = "L"
			default:
				return bad()
			}
			s.year = true
		case "Time":
			// H, HM, HMS, or with a fraction of n digits HFn, HMFn, HMSFn.
			base, n := v, 0
			if i := strings.IndexByte(v, 'F'); i >= 0 {
				var err error
				if n, err = strconv.Atoi(v[i+1:]); err != nil || n < 1 || !digitsOnly(v[i+1:]) {
					return bad()
				}
				base = v[:i]
			}
			if s.clockForm, ok = settingClocks[base]; !ok {
				return bad()
			}
			s.clock, s.digits = true, n
		case "Local-or-UTC":
			if s.zoneOf, ok = settingZones[v]; !ok {
				return bad()
			}
			s.zone = true
		case "Interval-type":
			if s.ivType, ok = settingIntervals[v]; !ok {
				return bad()
			}
			s.interval = true
		case "SE-point":
			b, ok := settingBasics[v]
			if !ok || b < 0 {
				return bad()
			}
			s.sePoint, s.pointKind = true, b
		case "Recurrence":
			switch {
			case v == "Unlimited":
				s.unlimited = true
			case len(v) > 1 && v[0] == 'R' && digitsOnly(v[1:]):
				n, err := strconv.ParseUint(v[1:], 10, 64)
				if err != nil {
					return bad()
				}
				s.count = n
			default:
				return bad()
			}
			s.recurrence = true
		case "Midnight":
			if v != "Start" && v != "End" {
				return bad()
			}
		default:
			return bad()
		}
	}
	return s, nil
}

func digitsOnly(s string) bool { return s != "" && skipDigits(s) == len(s) }

func skipDigits(s string) int {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

// fixed reports whether s fix one encoding: Basic, and what the points
// of its kind need (Date and Year for a date, Time and Local-or-UTC for a
// time of day, Interval-type and SE-point for an interval).
func (s *timeSettings) fixed() bool {
	if !s.basic {
		return false
	}
	k := s.kind
	if k < 0 {
		if !s.interval {
			return false
		}
		if s.ivType == isotime.DurationOnly {
			return true
		}
		if !s.sePoint {
			return false
		}
		k = s.pointKind
	}
	return (k == kindTime || s.date && s.year) && (k == kindDate || s.clock && s.zone)
}

// check reports whether f has the settings s.
func (s *timeSettings) check(f *isotime.Fields) error {
	fail := func(what string) error {
		return errValue(der.KindConstraint, "TIME", "a value "+what+" of its property settings", "X.680 38.4")
	}
	points := []*isotime.Point{}
	switch f.Interval {
	case isotime.NoInterval:
		points = append(points, &f.Start)
	case isotime.StartEnd:
		points = append(points, &f.Start, &f.End)
	case isotime.StartDuration:
		points = append(points, &f.Start)
	case isotime.DurationEnd:
		points = append(points, &f.End)
	}
	if s.basic {
		if s.kind >= 0 && (f.Interval != isotime.NoInterval || pointKind(&f.Start) != s.kind) ||
			s.kind < 0 && (f.Interval == isotime.NoInterval || f.Recurring != s.rec) {
			return fail("not of the Basic")
		}
	}
	if s.interval && f.Interval != s.ivType {
		return fail("not of the Interval-type")
	}
	if s.recurrence && f.Recurring && (f.Unlimited != s.unlimited || !s.unlimited && f.Recurrences != s.count) {
		return fail("not of the Recurrence")
	}
	for _, p := range points {
		k := pointKind(p)
		if s.sePoint && f.Interval != isotime.NoInterval && k != s.pointKind {
			return fail("not of the SE-point")
		}
		if k != kindTime {
			if s.date && p.Date != s.form {
				return fail("not of the Date")
			}
			if s.year && !yearHas(p, s.yearOf) {
				return fail("not of the Year")
			}
		}
		if k != kindDate {
			if s.clock && (p.Clock != s.clockForm || len(p.Frac) != s.digits) {
				return fail("not of the Time")
			}
			if s.zone && p.Zone != s.zoneOf {
				return fail("not of the Local-or-UTC")
			}
		}
	}
	return nil
}

// yearHas reports whether p's year has the Year setting y.
func yearHas(p *isotime.Point, y string) bool {
	switch y {
	case "Basic":
		return p.BasicYear()
	case "Proleptic":
		return p.Year >= 0 && !p.BasicYear()
	case "Negative":
		return p.Year < 0
	}
	return !p.BasicYear()
}

// ReadTimeWith reads a TIME of the subtype whose property settings are
// settings: the encoding they fix, or MIXED-ENCODING (ReadTime) when they
// leave several forms.
func (r *Reader) ReadTimeWith(settings string) (isotime.Time, error) {
	const typ = "TIME"
	at := r.pos
	s, err := parseTimeSettings(settings)
	if err != nil {
		return "", r.place(err, at)
	}
	if !s.fixed() {
		return r.readMixed(&s)
	}
	var f isotime.Fields
	if s.kind >= 0 {
		err = r.readFixedPoint(&f.Start, &s, s.kind, typ)
	} else {
		err = r.readFixedInterval(&f, &s, typ)
	}
	if err != nil {
		return "", err
	}
	return r.checkTime(&f, 0, &s, at, typ)
}

func (r *Reader) readFixedInterval(f *isotime.Fields, s *timeSettings, typ string) error {
	f.Interval, f.Recurring = s.ivType, s.rec
	return r.readIntervalParts(f, func(p *isotime.Point) error { return r.readFixedPoint(p, s, s.pointKind, typ) }, typ)
}

// readFixedPoint reads a point of kind k in the encodings s fix.
func (r *Reader) readFixedPoint(p *isotime.Point, s *timeSettings, k int, typ string) error {
	if k != kindTime {
		i := 2 * int(s.form-1)
		if s.yearOf != "Basic" {
			i++
		}
		if err := r.readDate(p, i, typ); err != nil {
			return err
		}
	}
	if k == kindDate {
		return nil
	}
	i := 3*int(s.clockForm-1) + int(s.zoneOf)
	if s.digits > 0 {
		i += 9
	}
	return r.readClock(p, i, uint64(s.digits), typ)
}

// WriteTimeWith writes v, a value of the subtype whose property settings
// are settings (see ReadTimeWith).
func (w *Writer) WriteTimeWith(v isotime.Time, settings string) error {
	s, err := parseTimeSettings(settings)
	if err != nil {
		return err
	}
	f, err := v.Fields()
	if err != nil {
		return err
	}
	if err := s.check(&f); err != nil {
		return err
	}
	if !s.fixed() {
		return w.writeMixed(&f)
	}
	if s.kind >= 0 {
		return w.writeFixedPoint(&f.Start, s.kind)
	}
	return w.writeIntervalParts(&f, func(p *isotime.Point) error { return w.writeFixedPoint(p, s.pointKind) })
}

// writeFixedPoint writes a point of kind k, of the forms check has seen
// it to have.
func (w *Writer) writeFixedPoint(p *isotime.Point, k int) error {
	if k != kindTime {
		w.writeDate(p)
	}
	if k == kindDate {
		return nil
	}
	return w.writeClock(p)
}
