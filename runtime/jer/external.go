package jer

import (
	"errors"
	"strconv"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// INSTANCE OF and EXTERNAL have no Go type of their own in generated
// code: a value is held as its complete encoding, in the codec that
// decoded it (DER, OER, or here JER). InstanceOf and External read one,
// every member checked, and return a copy of its JSON text;
// WriteInstanceOf and WriteExternal check a text the same way before
// writing it, so that another codec's octets are refused instead of
// written.

// InstanceOf reads the INSTANCE OF field: the JER encoding of its
// associated type (X.681 annex C),
//
//	SEQUENCE { type-id TYPE-IDENTIFIER.&id, value [0] TYPE-IDENTIFIER.&Type }
//
// an object of the members "type-id", an OBJECT IDENTIFIER (X.697 32),
// and "value", the value of an open type (X.697 41), any JSON value,
// which no codec decodes without a table. It returns a copy of the
// object's text, charged to the budget.
func (r *Reader) InstanceOf(field string) []byte { return r.kept((*Reader).instanceOf, field) }

// External reads the EXTERNAL field: the JER encoding of its associated
// type (X.697 37, X.680 37.5),
//
//	SEQUENCE {
//	    identification CHOICE {
//	        syntax                  OBJECT IDENTIFIER,
//	        presentation-context-id INTEGER,
//	        context-negotiation     SEQUENCE {
//	            presentation-context-id INTEGER,
//	            transfer-syntax         OBJECT IDENTIFIER } },
//	    data-value-descriptor ObjectDescriptor OPTIONAL,
//	    data-value            OCTET STRING }
//
// (the alternatives syntaxes, transfer-syntax and fixed of
// identification are excluded by X.680 37.5's constraint), an object
// whose data-value is a string of hex digits (X.697 25). It returns a
// copy of the object's text, charged to the budget.
func (r *Reader) External(field string) []byte { return r.kept((*Reader).external, field) }

// WriteInstanceOf writes b, the JER text of an INSTANCE OF that a decode
// kept (Reader.InstanceOf), after checking it.
func (w *Writer) WriteInstanceOf(b []byte, field string) {
	w.writeKept(b, "INSTANCE OF", (*Reader).instanceOf, field)
}

// WriteExternal writes b, the JER text of an EXTERNAL that a decode kept
// (Reader.External), after checking it.
func (w *Writer) WriteExternal(b []byte, field string) {
	w.writeKept(b, "EXTERNAL", (*Reader).external, field)
}

// kept reads a value with read and returns a copy of its text, charged
// to the budget; an error gets field first in its path.
func (r *Reader) kept(read func(*Reader), field string) []byte {
	if r.err != nil {
		return nil
	}
	start := r.peekPos()
	read(r)
	if r.err == nil {
		r.Fail(r.Alloc(r.pos-start, "JSON text"), "")
	}
	if r.err != nil {
		if field != "" {
			r.within(field)
		}
		return nil
	}
	return append([]byte(nil), r.buf[start:r.pos]...)
}

// writeKept writes b if read, over a Reader of b alone, reads it all.
func (w *Writer) writeKept(b []byte, typ string, read func(*Reader), field string) {
	r := NewReader(b, nil)
	read(&r)
	if err := r.Finish(); len(b) == 0 || err != nil {
		w.Fail(der.NewError(der.KindUnsupported, -1, typ, "the value is not the JSON text of one (another codec's encoding)", "X.697"), field)
		return
	}
	w.buf = append(w.buf, b...)
}

// object reads the start of an object of the type typ, at field, without
// making typ the root of the decode.
func (r *Reader) object(typ, rule, field string) bool {
	if r.err != nil {
		return false
	}
	if r.peek() != '{' {
		r.expected("an object", typ, rule, field)
		return false
	}
	r.pos++
	r.open = true
	return true
}

// instanceOf reads an INSTANCE OF (InstanceOf).
func (r *Reader) instanceOf() {
	const typ = "INSTANCE OF"
	if !r.object(typ, "X.697 27", "") {
		return
	}
	var id, value bool
	for r.Next() {
		switch r.Key() {
		case "type-id":
			r.Once(&id, typ, "type-id")
			r.OID("type-id")
		case "value":
			r.Once(&value, typ, "value")
			r.RawAt("value")
		default:
			r.Unknown(false, typ)
		}
	}
	if r.err != nil {
		return
	}
	if !id {
		r.Missing(typ, "type-id")
	}
	if !value {
		r.Missing(typ, "value")
	}
}

// external reads an EXTERNAL (External).
func (r *Reader) external() {
	const typ = "EXTERNAL"
	if !r.object(typ, "X.697 27", "") {
		return
	}
	var id, desc, data bool
	for r.Next() {
		switch r.Key() {
		case "identification":
			r.Once(&id, typ, "identification")
			r.identification()
		case "data-value-descriptor":
			r.Once(&desc, typ, "data-value-descriptor")
			r.String(UTF8String, Unsized, "data-value-descriptor")
		case "data-value":
			r.Once(&data, typ, "data-value")
			r.OctetString(Unsized, "data-value")
		default:
			r.Unknown(false, typ)
		}
	}
	if r.err != nil {
		return
	}
	if !id {
		r.Missing(typ, "identification")
	}
	if !data {
		r.Missing(typ, "data-value")
	}
}

// identification reads the identification of an EXTERNAL: one of the
// three alternatives X.680 37.5 leaves it.
func (r *Reader) identification() {
	const typ = "EXTERNAL.identification"
	if r.err != nil {
		return
	}
	defer r.within("identification")
	if !r.object(typ, "X.697 31", "") {
		return
	}
	at := r.pos
	if !r.Next() {
		if r.err == nil {
			r.fail(at, der.KindInvalidValue, typ, "no member for the alternative", "X.697 31", "")
		}
		return
	}
	switch r.Key() {
	case "syntax":
		r.OID("syntax")
	case "presentation-context-id":
		r.BigInt("presentation-context-id")
	case "context-negotiation":
		r.contextNegotiation()
	case "syntaxes", "transfer-syntax", "fixed":
		r.fail(r.pos, der.KindConstraint, typ, "the alternative "+r.Key()+" is excluded from an EXTERNAL", "X.680 37.5", "")
	default:
		r.NoAlternative(false, typ)
	}
	r.EndChoice(typ)
}

// within puts field first in the path of an error the value being read
// kept, deferred at its start (r.err is nil there: the readers return
// at once after an error).
func (r *Reader) within(field string) {
	if r.err != nil {
		r.err = der.WithField(r.err, field)
	}
}

// contextNegotiation reads the alternative context-negotiation of an
// EXTERNAL's identification.
func (r *Reader) contextNegotiation() {
	const typ = "EXTERNAL.identification.context-negotiation"
	if r.err != nil {
		return
	}
	defer r.within("context-negotiation")
	if !r.object(typ, "X.697 27", "") {
		return
	}
	var id, ts bool
	for r.Next() {
		switch r.Key() {
		case "presentation-context-id":
			r.Once(&id, typ, "presentation-context-id")
			r.BigInt("presentation-context-id")
		case "transfer-syntax":
			r.Once(&ts, typ, "transfer-syntax")
			r.OID("transfer-syntax")
		default:
			r.Unknown(false, typ)
		}
	}
	if r.err == nil && !id {
		r.Missing(typ, "presentation-context-id")
	}
	if r.err == nil && !ts {
		r.Missing(typ, "transfer-syntax")
	}
}

// DecodeDER decodes v from the field, an OCTET STRING (CONTAINING T
// ENCODED BY der), or with bits a BIT STRING of a whole number of octets:
// its JER encoding is that of the string's octets (X.697 24, 25: a
// contents constraint with ENCODED BY leaves the string's encoding as
// it is), which must be the DER encoding of a value of T, filling them.
// With ber (ENCODED BY the basic encoding) they may be BER. An error of
// the DER decode is located at the string, with field first in its path,
// and DER's message, which names the octet. What the DER decode
// allocates is charged to r's budget; its nesting has DER's own limit.
func (r *Reader) DecodeDER(v der.Value, bits, ber bool, field string) {
	if r.err != nil {
		return
	}
	at := r.peekPos()
	var b []byte
	if bits {
		s := r.BitString(Unsized, field)
		if r.err == nil && s.BitLength%8 != 0 {
			r.fail(at, der.KindInvalidValue, "BIT STRING", "contents of a type that are not a whole number of octets", "X.682 11.3", field)
		}
		b = s.Bytes
	} else {
		b = r.OctetString(Unsized, field)
	}
	if r.err != nil {
		return
	}
	if r.alloc <= 0 {
		r.fail(at, der.KindLimit, "", "decode would allocate more than its limit", "", field)
		return
	}
	dr := der.NewPooledReader(b, &der.Options{BER: ber, MaxAlloc: r.alloc})
	err := v.DecodeASN1(&dr, 0)
	if err == nil {
		err = dr.Finish("")
	}
	r.alloc = dr.AllocLeft()
	err = dr.Released(err)
	var e *der.Error
	if errors.As(err, &e) {
		// The offset in the JSON input: the string's; DER's offset in
		// its octets is in the message.
		where := "in the DER contents: "
		if e.Offset >= 0 {
			where = "in the DER contents at octet " + strconv.Itoa(e.Offset) + ": "
		}
		e.Msg = where + e.Msg
		e.Offset, e.Bits = at, false
	}
	r.Fail(err, field)
}

// EncodeDER writes v in the field, an OCTET STRING (CONTAINING T ENCODED
// BY der or the basic encoding), or with bits such a BIT STRING: the hex
// digits of v's DER encoding (DER is BER too; see DecodeDER).
func (w *Writer) EncodeDER(v der.Value, bits bool, field string) {
	if w.err != nil {
		return
	}
	b, err := der.Marshal(v, nil)
	if err != nil {
		w.Fail(err, field)
		return
	}
	if bits {
		w.BitString(der.BitString{Bytes: b, BitLength: 8 * len(b)}, -1, field)
		return
	}
	w.Hex(b)
}
