package per

import (
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/isotime"
)

// UTCTime and GeneralizedTime, which X.680 (46.3, 47.3) defines as
// VisibleStrings: the characters of the value as a VisibleString without
// PER-visible constraints (a
// length, octet-aligned in the ALIGNED variant; 8 bits a character ALIGNED,
// 7 UNALIGNED) in the form DER fixes (X.690 11.7, 11.8), which is also the
// one canonical PER fixes; a Reader accepts only that form, as package der
// does without BER.

// ReadUTCTime reads a UTCTime as a der.Time (see der.ParseTime).
func (r *Reader) ReadUTCTime() (der.Time, error) { return r.readTime(true) }

// ReadGeneralizedTime reads a GeneralizedTime as a der.Time.
func (r *Reader) ReadGeneralizedTime() (der.Time, error) { return r.readTime(false) }

func (r *Reader) readTime(utc bool) (der.Time, error) {
	typ := "GeneralizedTime"
	if utc {
		typ = "UTCTime"
	}
	at := r.pos
	s, err := r.ReadKnownString(Visible, Unsized, typ)
	if err != nil {
		return der.Time{}, err
	}
	v, err := der.ParseTime([]byte(s), utc)
	if err != nil {
		// With TolerateInvalidTimes, the zero time, the characters
		// kept in the Deviation.
		return der.Time{}, r.deviate(der.TolerateInvalidTimes, r.place(err, at), []byte(s))
	}
	return v, nil
}

// WriteUTCTime writes t as a UTCTime: "YYMMDDhhmmssZ", for the years 1950
// to 2049.
func (w *Writer) WriteUTCTime(t der.Time) error { return w.writeTime(t, true) }

// WriteGeneralizedTime writes t as a GeneralizedTime:
// "YYYYMMDDhhmmss[.f]Z", the fraction without trailing zeros.
func (w *Writer) WriteGeneralizedTime(t der.Time) error { return w.writeTime(t, false) }

func (w *Writer) writeTime(t der.Time, utc bool) error {
	var c [32]byte
	b, err := der.AppendTime(c[:0], t, utc)
	if err != nil {
		return err
	}
	typ := "GeneralizedTime"
	if utc {
		typ = "UTCTime"
	}
	return w.WriteKnownString(Visible, string(b), Unsized, typ)
}

// DATE, TIME-OF-DAY and DATE-TIME (X.691 32, the time types with defined
// encodings): each is encoded as the value of a SEQUENCE that X.691
// defines for its property settings,
//
//	DATE-ENCODING ::= SEQUENCE {
//	    year  YEAR-ENCODING,
//	    month INTEGER (1..12),
//	    day   INTEGER (1..31) }
//	YEAR-ENCODING ::= CHOICE {
//	    immediate   INTEGER (2005..2020),
//	    near-future INTEGER (2021..2276),
//	    near-past   INTEGER (1749..2004),
//	    remainder   INTEGER (MIN..1748 | 2277..MAX) }
//	TIME-OF-DAY-ENCODING ::= SEQUENCE {
//	    hours   INTEGER (0..24),
//	    minutes INTEGER (0..59),
//	    seconds INTEGER (0..60) }
//	DATE-TIME-ENCODING ::= SEQUENCE { date DATE-ENCODING, time TIME-OF-DAY-ENCODING }
//
// so that a DATE of 2005..2020 takes 15 bits, a TIME-OF-DAY 17 and such a
// DATE-TIME 32 (UNALIGNED; the near years are octet-aligned ALIGNED, their
// range being 256). The effective constraint of remainder is MIN..MAX (the
// union of its ranges has no bounds), an unconstrained whole number; a
// year of another alternative's range written as remainder is not the
// canonical encoding and is an error. The values are those of package
// isotime: years 1582..9999 (Year=Basic), hours 0..23 (Midnight=Start).

// Years are written as the first alternative of YEAR-ENCODING whose range
// holds them.
var yearRanges = [3][2]int64{{2005, 2020}, {2021, 2276}, {1749, 2004}}

// The indices of DATE's and TIME-OF-DAY's encodings among the date and
// time encodings of timetype.go: Date=YMD with a Basic year, Time=HMS local.
const (
	dateYMD  = 2 * (int(isotime.YearMonthDay) - 1)
	clockHMS = 3 * (int(isotime.Seconds) - 1)
)

// ReadDate reads a DATE.
func (r *Reader) ReadDate() (isotime.Date, error) {
	const typ = "DATE"
	at := r.pos
	var p isotime.Point
	if err := r.readDate(&p, dateYMD, typ); err != nil {
		return isotime.Date{}, err
	}
	v := isotime.Date{Year: int(p.Year), Month: p.Month, Day: p.Day}
	if !v.Valid() {
		return v, r.errAt(at, der.KindInvalidValue, typ, "not a date of 1582..9999: "+v.String(), "X.680 38")
	}
	return v, nil
}

// WriteDate writes a DATE; an invalid date is an error.
func (w *Writer) WriteDate(v isotime.Date) error {
	if !v.Valid() {
		return errValue(der.KindInvalidValue, "DATE", "not a date of 1582..9999: "+v.String(), "X.680 38")
	}
	w.writeDate(&isotime.Point{Date: isotime.YearMonthDay, Year: int64(v.Year), Month: v.Month, Day: v.Day})
	return nil
}

// ReadTimeOfDay reads a TIME-OF-DAY.
func (r *Reader) ReadTimeOfDay() (isotime.TimeOfDay, error) {
	const typ = "TIME-OF-DAY"
	at := r.pos
	var p isotime.Point
	if err := r.readClock(&p, clockHMS, 0, typ); err != nil {
		return isotime.TimeOfDay{}, err
	}
	v := isotime.TimeOfDay{Hour: p.Hour, Minute: p.Minute, Second: p.Second}
	if !v.Valid() {
		return v, r.errAt(at, der.KindInvalidValue, typ, "not a time of day: "+v.String(), "X.680 38")
	}
	return v, nil
}

// WriteTimeOfDay writes a TIME-OF-DAY; an invalid time is an error.
func (w *Writer) WriteTimeOfDay(v isotime.TimeOfDay) error {
	if !v.Valid() {
		return errValue(der.KindInvalidValue, "TIME-OF-DAY", "not a time of day: "+v.String(), "X.680 38")
	}
	return w.writeClock(&isotime.Point{Clock: isotime.Seconds, Hour: v.Hour, Minute: v.Minute, Second: v.Second})
}

// ReadDateTime reads a DATE-TIME.
func (r *Reader) ReadDateTime() (isotime.DateTime, error) {
	d, err := r.ReadDate()
	if err != nil {
		return isotime.DateTime{}, err
	}
	t, err := r.ReadTimeOfDay()
	return isotime.DateTime{Date: d, TimeOfDay: t}, err
}

// WriteDateTime writes a DATE-TIME.
func (w *Writer) WriteDateTime(v isotime.DateTime) error {
	if err := w.WriteDate(v.Date); err != nil {
		return err
	}
	return w.WriteTimeOfDay(v.TimeOfDay)
}
