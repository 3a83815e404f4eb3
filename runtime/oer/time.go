package oer

import (
	"errors"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// UTCTime and GeneralizedTime are VisibleStrings (X.680 46.3, 47.3): OER
// writes their characters after a length (X.696 27), those of the DER
// form (X.690 11.7, 11.8), which is the one form CANONICAL-OER takes and
// the one the Reader accepts, as runtime/per's does for canonical PER.
// The characters are der's (ParseTime, AppendTime), held as a der.Time.

// ReadUTCTime reads a UTCTime as a der.Time.
func (r *Reader) ReadUTCTime() (der.Time, error) { return r.readTime(true) }

// ReadGeneralizedTime reads a GeneralizedTime as a der.Time.
func (r *Reader) ReadGeneralizedTime() (der.Time, error) { return r.readTime(false) }

func timeType(utc bool) string {
	if utc {
		return "UTCTime"
	}
	return "GeneralizedTime"
}

func (r *Reader) readTime(utc bool) (der.Time, error) {
	typ := timeType(utc)
	b, at, err := r.readLengthOctets(typ)
	if err != nil {
		return der.Time{}, err
	}
	v, err := der.ParseTime(b, utc)
	if err != nil {
		r.pos = at
		var e *der.Error
		if errors.As(err, &e) && e.Offset < 0 {
			e.Offset = r.base + at
		}
		return der.Time{}, err
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
	w.WriteLength(len(b))
	w.buf = append(w.buf, b...)
	return nil
}

// UTCTime reads the UTCTime field.
func (r *Reader) UTCTime(field string) der.Time {
	if r.err != nil {
		return der.Time{}
	}
	v, err := r.ReadUTCTime()
	return keep(r, v, err, field)
}

// GeneralizedTime reads the GeneralizedTime field.
func (r *Reader) GeneralizedTime(field string) der.Time {
	if r.err != nil {
		return der.Time{}
	}
	v, err := r.ReadGeneralizedTime()
	return keep(r, v, err, field)
}
