package per

import (
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/isotime"
)

// TIME (X.691 32) is encoded by the property settings of its values
// (X.680 38.4): a type whose values all have the same settings is encoded
// as the SEQUENCE X.691 defines for them (32.2 to 32.10, as DATE is), one
// whose values differ — TIME itself — as
//
//	MIXED-ENCODING ::= CHOICE {
//	    row-1 CENTURY-ENCODING,    row-2 ANY-CENTURY-ENCODING,
//	    row-3 YEAR-ENCODING,       row-4 ANY-YEAR-ENCODING,
//	    ...                        -- the 14 forms of dates (Basic, other years)
//	    row-15 HOURS-ENCODING, ... -- the 18 forms of times of day
//	    row-24 FRACTIONAL-TIME {HOURS-AND-FRACTION-ENCODING}, ...
//	    row-33 DATE-TIME-ENCODING {DATE-TYPE, TIME-TYPE},
//	    row-34 ... row-36          -- start/end of dates, times, date-times
//	    row-37 DURATION-INTERVAL-ENCODING,
//	    row-38 ... row-43          -- start/duration, duration/end
//	    row-44 ... row-53 }        -- the recurring intervals
//
// (32.11; the module is runtime/per/testdata/mixed.asn, from secondary
// sources: no X.691 text here). The row of a value follows from its fields
// (isotime.Fields): a date by its form and whether its year is Basic
// (1582..9999), a time of day by its elements, whether it has a fraction,
// and its zone (L, Z, LD), an interval by its kind and the kind of its
// points. A point of a date-time or an interval is a DATE-TYPE (a CHOICE
// of the 14 date encodings) and a TIME-TYPE (the number of digits of a
// fraction and a CHOICE of the 18 time encodings).
//
// A decoded TIME is the value's ISO 8601 extended form (Fields.Time): the
// encodings carry fields, not characters, so "19850412" decodes as
// "1985-04-12" and a difference from UTC of whole hours as "+01". The
// reader accepts only what the writer would write for the value it reads
// (a Basic year in an ANY- encoding is an error).

// The first rows of each kind of MIXED-ENCODING, numbered from 1 as X.691
// numbers them.
const (
	rowDate      = 1  // + 2*(date form - 1) + 1 if the year is not Basic
	rowTime      = 15 // + 3*(clock form - 1) + 9 with a fraction + zone
	rowDateTime  = 33
	rowStartEnd  = 34 // + point kind, as for the rows below
	rowDuration  = 37
	rowStartDur  = 38
	rowDurEnd    = 41
	rowRecurring = 44 // + 10 more: the rows 34 to 43 with a recurrence
	rowCount     = 53
)

// The kinds of points of intervals: rows of three follow this order.
const (
	kindDate = iota
	kindTime
	kindDateTime
)

// clockBounds are the upper bounds of hours, minutes and seconds.
var clockBounds = [3]int64{24, 59, 60}

func pointKind(p *isotime.Point) int {
	switch {
	case p.Clock == isotime.NoClock:
		return kindDate
	case p.Date == isotime.NoDate:
		return kindTime
	}
	return kindDateTime
}

// dateIndex returns the index of p's date among the 14 date encodings
// (the rows 1 to 14, the alternatives of DATE-TYPE).
func dateIndex(p *isotime.Point) int {
	i := 2 * int(p.Date-1)
	if !p.BasicYear() {
		i++
	}
	return i
}

// timeIndex returns the index of p's time of day among the 18 time
// encodings (the rows 15 to 32, the alternatives of TIME-TYPE).
func timeIndex(p *isotime.Point) int {
	i := 3*int(p.Clock-1) + int(p.Zone)
	if p.Frac != "" {
		i += 9
	}
	return i
}

// timeRow returns the row of MIXED-ENCODING of f.
func timeRow(f *isotime.Fields) (int, error) {
	var row int
	switch f.Interval {
	case isotime.NoInterval:
		switch pointKind(&f.Start) {
		case kindDate:
			return rowDate + dateIndex(&f.Start), nil
		case kindTime:
			return rowTime + timeIndex(&f.Start), nil
		}
		return rowDateTime, nil
	case isotime.StartEnd:
		k := pointKind(&f.Start)
		if pointKind(&f.End) != k {
			return 0, errValue(der.KindUnsupported, "TIME", "an interval whose start and end are different kinds of points has no PER encoding", "X.691 32.11")
		}
		row = rowStartEnd + k
	case isotime.DurationOnly:
		row = rowDuration
	case isotime.StartDuration:
		row = rowStartDur + pointKind(&f.Start)
	case isotime.DurationEnd:
		row = rowDurEnd + pointKind(&f.End)
	}
	if f.Recurring {
		row += rowRecurring - rowStartEnd
	}
	return row, nil
}

// ReadTime reads a TIME whose values may have any property settings: the
// MIXED-ENCODING of X.691 32.11.
func (r *Reader) ReadTime() (isotime.Time, error) { return r.readMixed(nil) }

// readMixed reads a MIXED-ENCODING, of a value that must have the
// settings s if s is not nil.
func (r *Reader) readMixed(s *timeSettings) (isotime.Time, error) {
	const typ = "TIME"
	at := r.pos
	i, _, err := r.ReadIndex(rowCount, false)
	if err != nil {
		return "", err
	}
	row := i + 1
	var f isotime.Fields
	switch {
	case row < rowTime:
		err = r.readDate(&f.Start, i, typ)
	case row < rowDateTime:
		i -= rowTime - 1
		var n uint64
		if i >= 9 {
			if n, err = r.readDigitCount(); err != nil {
				return "", err
			}
		}
		err = r.readClock(&f.Start, i, n, typ)
	case row == rowDateTime:
		err = r.readPoint(&f.Start, kindDateTime, typ)
	default:
		err = r.readInterval(&f, row, typ)
	}
	if err != nil {
		return "", err
	}
	return r.checkTime(&f, row, s, at, typ)
}

// checkTime returns the ISO 8601 form of f, read as row (0 for an encoding
// of fixed settings): f must be a value, one the writer would write as
// row, and one with the settings s if s is not nil.
func (r *Reader) checkTime(f *isotime.Fields, row int, s *timeSettings, at int, typ string) (isotime.Time, error) {
	v := f.Time()
	g, err := v.Fields()
	if err != nil {
		return "", r.errAt(at, der.KindInvalidValue, typ, "not a time value: "+string(v), "X.680 38")
	}
	if want, err := timeRow(&g); row != 0 && (err != nil || want != row) {
		return "", r.errAt(at, der.KindNonCanonical, typ, string(v)+" written as row "+itoa(row)+" of MIXED-ENCODING", "X.691 32.11")
	}
	if s != nil {
		if err := s.check(f); err != nil {
			return "", r.place(err, at)
		}
	}
	return v, nil
}

// readInterval reads the interval of row (34 to 53).
func (r *Reader) readInterval(f *isotime.Fields, row int, typ string) error {
	if row >= rowRecurring {
		f.Recurring = true
		row -= rowRecurring - rowStartEnd
	}
	k := 0
	switch {
	case row < rowDuration:
		f.Interval, k = isotime.StartEnd, row-rowStartEnd
	case row == rowDuration:
		f.Interval = isotime.DurationOnly
	case row < rowDurEnd:
		f.Interval, k = isotime.StartDuration, row-rowStartDur
	default:
		f.Interval, k = isotime.DurationEnd, row-rowDurEnd
	}
	return r.readIntervalParts(f, func(p *isotime.Point) error { return r.readPoint(p, k, typ) }, typ)
}

// readIntervalParts reads the recurrence of a recurring interval, then
// the parts of f's kind of interval in order, its points with point.
func (r *Reader) readIntervalParts(f *isotime.Fields, point func(*isotime.Point) error, typ string) error {
	if f.Recurring {
		has, err := r.ReadBool()
		if err != nil {
			return err
		}
		f.Unlimited = !has
		if has {
			if f.Recurrences, err = r.readUnsigned(typ); err != nil {
				return err
			}
		}
	}
	var err error
	switch f.Interval {
	case isotime.StartEnd:
		if err = point(&f.Start); err == nil {
			err = point(&f.End)
		}
	case isotime.DurationOnly:
		f.Duration, err = r.ReadDuration()
	case isotime.StartDuration:
		if err = point(&f.Start); err == nil {
			f.Duration, err = r.ReadDuration()
		}
	case isotime.DurationEnd:
		if f.Duration, err = r.ReadDuration(); err == nil {
			err = point(&f.End)
		}
	}
	return err
}

// readPoint reads a point of kind k as DATE-TYPE, TIME-TYPE or both.
func (r *Reader) readPoint(p *isotime.Point, k int, typ string) error {
	if k != kindTime {
		i, _, err := r.ReadIndex(14, false)
		if err != nil {
			return err
		}
		if err := r.readDate(p, i, typ); err != nil {
			return err
		}
	}
	if k == kindDate {
		return nil
	}
	hasDigits, err := r.ReadBool()
	if err != nil {
		return err
	}
	var n uint64
	if hasDigits {
		if n, err = r.readDigitCount(); err != nil {
			return err
		}
	}
	at := r.pos
	i, _, err := r.ReadIndex(18, false)
	if err != nil {
		return err
	}
	if hasDigits != (i >= 9) {
		return r.errAt(at, der.KindInvalidValue, typ, "number-of-digits present without a fraction or absent with one", "X.691 32.11")
	}
	return r.readClock(p, i, n, typ)
}

// readDigitCount reads number-of-digits INTEGER (1..MAX).
func (r *Reader) readDigitCount() (uint64, error) {
	n, err := r.ReadSemiConstrained(1)
	return uint64(n), err
}

// readDate reads the date encoding of index i (of the 14).
func (r *Reader) readDate(p *isotime.Point, i int, typ string) error {
	p.Date = isotime.DateForm(i/2 + 1)
	basic := i%2 == 0
	var err error
	if p.Date == isotime.Century {
		if basic {
			p.Year, err = r.ReadConstrained(0, 99)
		} else {
			p.Year, err = r.ReadUnconstrained()
		}
		return err
	}
	if basic {
		p.Year, err = r.readYear(typ)
	} else {
		p.Year, err = r.ReadUnconstrained()
	}
	if err != nil {
		return err
	}
	var a, b int64
	switch p.Date {
	case isotime.YearMonth:
		a, err = r.ReadConstrained(1, 12)
		p.Month = int(a)
	case isotime.YearMonthDay:
		if a, err = r.ReadConstrained(1, 12); err == nil {
			b, err = r.ReadConstrained(1, 31)
		}
		p.Month, p.Day = int(a), int(b)
	case isotime.YearDay:
		a, err = r.ReadConstrained(1, 366)
		p.YDay = int(a)
	case isotime.YearWeek:
		a, err = r.ReadConstrained(1, 53)
		p.Week = int(a)
	case isotime.YearWeekDay:
		if a, err = r.ReadConstrained(1, 53); err == nil {
			b, err = r.ReadConstrained(1, 7)
		}
		p.Week, p.Day = int(a), int(b)
	}
	return err
}

// readClock reads the time encoding of index i (of the 18), with a
// fraction of n digits for the indices 9 to 17.
func (r *Reader) readClock(p *isotime.Point, i int, n uint64, typ string) error {
	p.Clock = isotime.ClockForm(i%9/3 + 1)
	p.Zone = isotime.Zone(i % 3)
	v := [3]int64{}
	for k, ub := range clockBounds[:p.Clock] {
		var err error
		if v[k], err = r.ReadConstrained(0, ub); err != nil {
			return err
		}
	}
	p.Hour, p.Minute, p.Second = int(v[0]), int(v[1]), int(v[2])
	if i >= 9 {
		var err error
		if p.Frac, err = r.readFractionValue(n, typ); err != nil {
			return err
		}
	}
	if p.Zone != isotime.Offset {
		return nil
	}
	// TIME-DIFFERENCE ::= SEQUENCE { sign ENUMERATED { positive,
	// negative }, hours INTEGER (0..15), minutes INTEGER (1..59) OPTIONAL }
	hasMins, err := r.ReadBool()
	if err != nil {
		return err
	}
	sign, err := r.ReadConstrained(0, 1)
	if err != nil {
		return err
	}
	h, err := r.ReadConstrained(0, 15)
	if err != nil {
		return err
	}
	p.OffsetNegative, p.OffsetHours = sign == 1, int(h)
	if hasMins {
		m, err := r.ReadConstrained(1, 59)
		if err != nil {
			return err
		}
		p.OffsetMins = int(m)
	}
	return nil
}

// readYear reads a YEAR-ENCODING (see ReadDate).
func (r *Reader) readYear(typ string) (int64, error) {
	at := r.pos
	i, _, err := r.ReadIndex(4, false)
	if err != nil {
		return 0, err
	}
	if i < len(yearRanges) {
		return r.ReadConstrained(yearRanges[i][0], yearRanges[i][1])
	}
	y, err := r.ReadUnconstrained()
	if err == nil && y >= 1749 && y <= 2276 {
		err = r.errAt(at, der.KindNonCanonical, typ, "year "+itoa64(y)+" written as remainder", "X.691 32")
	}
	return y, err
}

// writeYear writes y as a YEAR-ENCODING.
func (w *Writer) writeYear(y int64) {
	i := 0
	for i < len(yearRanges) && (y < yearRanges[i][0] || y > yearRanges[i][1]) {
		i++
	}
	w.WriteIndex(i, 4, false, false)
	if i < len(yearRanges) {
		_ = w.WriteConstrained(y, yearRanges[i][0], yearRanges[i][1])
	} else {
		w.WriteUnconstrained(y)
	}
}

// WriteTime writes v as the MIXED-ENCODING of X.691 32.11.
func (w *Writer) WriteTime(v isotime.Time) error {
	f, err := v.Fields()
	if err != nil {
		return err
	}
	return w.writeMixed(&f)
}

// writeMixed writes f as a MIXED-ENCODING.
func (w *Writer) writeMixed(f *isotime.Fields) error {
	row, err := timeRow(f)
	if err != nil {
		return err
	}
	w.WriteIndex(row-1, rowCount, false, false)
	switch {
	case row < rowTime:
		w.writeDate(&f.Start)
		return nil
	case row < rowDateTime:
		if f.Start.Frac != "" {
			_ = w.WriteSemiConstrained(int64(len(f.Start.Frac)), 1)
		}
		return w.writeClock(&f.Start)
	case row == rowDateTime:
		return w.writePoint(&f.Start)
	}
	return w.writeIntervalParts(f, w.writePoint)
}

// writeIntervalParts writes the recurrence of a recurring interval, then
// the parts of f's kind of interval in order, its points with point.
func (w *Writer) writeIntervalParts(f *isotime.Fields, point func(*isotime.Point) error) error {
	if f.Recurring {
		w.WriteBool(!f.Unlimited)
		if !f.Unlimited {
			w.writeUnsigned(f.Recurrences)
		}
	}
	switch f.Interval {
	case isotime.StartEnd:
		if err := point(&f.Start); err != nil {
			return err
		}
		return point(&f.End)
	case isotime.DurationOnly:
		return w.WriteDuration(f.Duration)
	case isotime.StartDuration:
		if err := point(&f.Start); err != nil {
			return err
		}
		return w.WriteDuration(f.Duration)
	}
	if err := w.WriteDuration(f.Duration); err != nil {
		return err
	}
	return point(&f.End)
}

// writePoint writes a point of an interval or a date-time: its date as a
// DATE-TYPE, its time as a TIME-TYPE.
func (w *Writer) writePoint(p *isotime.Point) error {
	if p.Date != isotime.NoDate {
		w.WriteIndex(dateIndex(p), 14, false, false)
		w.writeDate(p)
	}
	if p.Clock == isotime.NoClock {
		return nil
	}
	w.WriteBool(p.Frac != "")
	if p.Frac != "" {
		_ = w.WriteSemiConstrained(int64(len(p.Frac)), 1)
	}
	w.WriteIndex(timeIndex(p), 18, false, false)
	return w.writeClock(p)
}

// writeDate writes p's date in the encoding of its form.
func (w *Writer) writeDate(p *isotime.Point) {
	basic := p.BasicYear()
	switch {
	case p.Date == isotime.Century && basic:
		_ = w.WriteConstrained(p.Year, 0, 99)
		return
	case basic:
		w.writeYear(p.Year)
	default:
		w.WriteUnconstrained(p.Year)
	}
	switch p.Date {
	case isotime.YearMonth:
		_ = w.WriteConstrained(int64(p.Month), 1, 12)
	case isotime.YearMonthDay:
		_ = w.WriteConstrained(int64(p.Month), 1, 12)
		_ = w.WriteConstrained(int64(p.Day), 1, 31)
	case isotime.YearDay:
		_ = w.WriteConstrained(int64(p.YDay), 1, 366)
	case isotime.YearWeek:
		_ = w.WriteConstrained(int64(p.Week), 1, 53)
	case isotime.YearWeekDay:
		_ = w.WriteConstrained(int64(p.Week), 1, 53)
		_ = w.WriteConstrained(int64(p.Day), 1, 7)
	}
}

// writeClock writes p's time of day in the encoding of its form: hours,
// minutes, seconds, the fraction, the difference from UTC.
func (w *Writer) writeClock(p *isotime.Point) error {
	v := [3]int64{int64(p.Hour), int64(p.Minute), int64(p.Second)}
	for k, ub := range clockBounds[:p.Clock] {
		_ = w.WriteConstrained(v[k], 0, ub)
	}
	if p.Frac != "" {
		if err := w.writeFractionValue(p.Frac); err != nil {
			return err
		}
	}
	if p.Zone != isotime.Offset {
		return nil
	}
	if p.OffsetHours > 15 {
		return errValue(der.KindUnsupported, "TIME", "a difference from UTC of more than 15 hours has no PER encoding", "X.691 32.3")
	}
	w.WriteBool(p.OffsetMins != 0)
	sign := int64(0)
	if p.OffsetNegative {
		sign = 1
	}
	_ = w.WriteConstrained(sign, 0, 1)
	_ = w.WriteConstrained(int64(p.OffsetHours), 0, 15)
	if p.OffsetMins != 0 {
		_ = w.WriteConstrained(int64(p.OffsetMins), 1, 59)
	}
	return nil
}
