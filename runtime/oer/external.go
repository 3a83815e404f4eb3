package oer

import (
	"strconv"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// EXTERNAL and INSTANCE OF have no Go type of their own in generated
// code: a value is held as its complete encoding. ReadExternal and
// ReadInstanceOf find the end of one by reading it, every field checked
// (canonically when the Reader is), and return its octets;
// WriteExternal and WriteInstanceOf check octets the same way, as
// CANONICAL-OER, before writing them back, so that octets of another
// encoding (a BER element that another codec's decode kept) are refused
// instead of written.

// ReadExternal reads a value of EXTERNAL and returns its octets, which
// alias the input. X.696 encodes EXTERNAL, as X.691 29 does, as the
// sequence type of X.690 8.18.1, defined with EXPLICIT TAGS:
//
//	[UNIVERSAL 8] IMPLICIT SEQUENCE {
//	    direct-reference      OBJECT IDENTIFIER OPTIONAL,
//	    indirect-reference    INTEGER OPTIONAL,
//	    data-value-descriptor ObjectDescriptor OPTIONAL,
//	    encoding CHOICE {
//	        single-ASN1-type [0] ABSTRACT-SYNTAX.&Type,
//	        octet-aligned    [1] IMPLICIT OCTET STRING,
//	        arbitrary        [2] IMPLICIT BIT STRING } }
//
// that is a preamble of three bits (X.696 16), the components present,
// then the tag of the encoding's alternative (20) and its value: an open
// type field (30), or an OCTET STRING or BIT STRING with a length (13,
// 14).
func (r *Reader) ReadExternal() ([]byte, error) { return r.span(r.external) }

// ReadInstanceOf reads a value of INSTANCE OF and returns its octets,
// which alias the input: the encoding of its associated type (X.681 C.8),
//
//	SEQUENCE { type-id TYPE-IDENTIFIER.&id, value [0] TYPE-IDENTIFIER.&Type }
//
// that is the OBJECT IDENTIFIER (X.696 21) and an open type field (30).
func (r *Reader) ReadInstanceOf() ([]byte, error) { return r.span(r.instanceOf) }

// WriteExternal writes b, the CANONICAL-OER encoding of an EXTERNAL value
// (ReadExternal), after checking it.
func (w *Writer) WriteExternal(b []byte) error { return w.writeSpan(b, "EXTERNAL", (*Reader).external) }

// WriteInstanceOf writes b, the CANONICAL-OER encoding of an INSTANCE OF
// value (ReadInstanceOf), after checking it.
func (w *Writer) WriteInstanceOf(b []byte) error {
	return w.writeSpan(b, "INSTANCE OF", (*Reader).instanceOf)
}

// span returns the octets that read consumes, leaving r where it was on
// an error.
func (r *Reader) span(read func() error) ([]byte, error) {
	start := r.pos
	if err := read(); err != nil {
		r.pos = start
		return nil, err
	}
	return r.buf[start:r.pos:r.pos], nil
}

// writeSpan writes b if read, over a canonical Reader, consumes it all.
func (w *Writer) writeSpan(b []byte, typ string, read func(*Reader) error) error {
	r := NewReader(b, &Options{Canonical: true})
	if err := read(&r); err != nil {
		return errValue(der.KindInvalidValue, typ, "not a CANONICAL-OER encoding of one: "+err.Error(), "X.696")
	}
	if r.Left() > 0 {
		return errValue(der.KindInvalidValue, typ, "not a CANONICAL-OER encoding of one: "+strconv.Itoa(r.Left())+" octets after it", "X.696")
	}
	w.buf = append(w.buf, b...)
	return nil
}

// external reads an EXTERNAL (ReadExternal).
func (r *Reader) external() error {
	var present [3]bool
	if err := r.ReadPreamble(present[:]); err != nil {
		return err
	}
	if present[0] {
		if _, err := r.ReadOID(); err != nil {
			return err
		}
	}
	if present[1] {
		if _, err := r.ReadBigInt(true); err != nil {
			return err
		}
	}
	if present[2] {
		if _, err := r.ReadString(ObjectDescriptor, Unsized); err != nil {
			return err
		}
	}
	at := r.pos
	t, err := r.ReadTag()
	if err != nil {
		return err
	}
	switch t {
	case der.Context(0):
		_, _, err = r.ReadOpen()
	case der.Context(1):
		_, err = r.ReadOctetString(Unsized)
	case der.Context(2):
		_, err = r.ReadBitString(Unsized)
	default:
		r.pos = at
		err = r.errAt(at, der.KindInvalidValue, "EXTERNAL", "no alternative of encoding has this tag", "X.696 20")
	}
	return err
}

// instanceOf reads an INSTANCE OF (ReadInstanceOf).
func (r *Reader) instanceOf() error {
	if _, err := r.ReadOID(); err != nil {
		return err
	}
	_, _, err := r.ReadOpen()
	return err
}

// External reads the EXTERNAL field (ReadExternal).
func (r *Reader) External(field string) []byte {
	if r.err != nil {
		return nil
	}
	v, err := r.ReadExternal()
	return keep(r, v, err, field)
}

// InstanceOf reads the INSTANCE OF field (ReadInstanceOf).
func (r *Reader) InstanceOf(field string) []byte {
	if r.err != nil {
		return nil
	}
	v, err := r.ReadInstanceOf()
	return keep(r, v, err, field)
}
