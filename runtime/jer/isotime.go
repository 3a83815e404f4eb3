package jer

import (
	"strconv"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/isotime"
)

// The time types of X.680 38 (DATE, TIME-OF-DAY, DATE-TIME, DURATION and
// TIME): a JSON string of the value notation (X.697 40), "2024-01-02",
// "12:30:00", "2024-01-02T12:30:00", "P1Y2M", an ISO 8601 TIME as it is.

// Date reads a DATE, "YYYY-MM-DD".
func (r *Reader) Date(field string) isotime.Date {
	return readNotation(r, "DATE", isotime.ParseDate, field)
}

// TimeOfDay reads a TIME-OF-DAY, "hh:mm:ss".
func (r *Reader) TimeOfDay(field string) isotime.TimeOfDay {
	return readNotation(r, "TIME-OF-DAY", isotime.ParseTimeOfDay, field)
}

// DateTime reads a DATE-TIME, "YYYY-MM-DDThh:mm:ss".
func (r *Reader) DateTime(field string) isotime.DateTime {
	return readNotation(r, "DATE-TIME", isotime.ParseDateTime, field)
}

// Duration reads a DURATION, "P" and its designators.
func (r *Reader) Duration(field string) isotime.Duration {
	return readNotation(r, "DURATION", isotime.ParseDuration, field)
}

// ISOTime reads a TIME, an ISO 8601 string (isotime.Time).
func (r *Reader) ISOTime(field string) isotime.Time {
	return readNotation(r, "TIME", isotime.ParseTime, field)
}

// readNotation reads a JSON string and parses it as a value of the time
// type typ.
func readNotation[T any](r *Reader, typ string, parse func(string) (T, error), field string) T {
	var zero T
	if r.err != nil {
		return zero
	}
	at := r.peekPos()
	if r.peek() != '"' {
		r.expected("a string", typ, "X.697 40", field)
		return zero
	}
	s, ok := r.str(field)
	if !ok {
		return zero
	}
	v, err := parse(string(s))
	if err != nil {
		r.fail(at, der.KindInvalidValue, typ, "not a value of the type: "+strconv.Quote(string(s)), "X.697 40", field)
		return zero
	}
	return v
}

// Date writes a DATE; an invalid date is the Writer's error.
func (w *Writer) Date(v isotime.Date, field string) { w.notation(v, field) }

// TimeOfDay writes a TIME-OF-DAY.
func (w *Writer) TimeOfDay(v isotime.TimeOfDay, field string) { w.notation(v, field) }

// DateTime writes a DATE-TIME.
func (w *Writer) DateTime(v isotime.DateTime, field string) { w.notation(v, field) }

// Duration writes a DURATION.
func (w *Writer) Duration(v isotime.Duration, field string) { w.notation(v, field) }

// ISOTime writes a TIME.
func (w *Writer) ISOTime(v isotime.Time, field string) { w.notation(v, field) }

func (w *Writer) notation(v interface{ Notation() (string, error) }, field string) {
	s, err := v.Notation()
	if err != nil {
		w.Fail(err, field)
		return
	}
	w.String(s)
}
