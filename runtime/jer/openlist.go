package jer

import "github.com/asn1gen/asn1gen/runtime/der"

// A SEQUENCE OF or SET OF an open type's values (X.697 28, 30, 41): an
// array whose every element is the JSON of the value the key selects
// (IEEE 1609.2's ContributedExtensionBlock.extns, X.501's attribute
// values). A SEQUENCE's decoder keeps the array's text with RawAt and
// decodes it with OpenList once the key, another member, is read.

// OpenList decodes the array at byte at, kept with RawAt, once the key
// of its elements is known: resolve decodes one element from its JSON
// text raw, at byte eat, as the generated resolveJER of an open type
// does. size is the list's SIZE, typ names the list in errors, and field
// is its component, first in the path of an error (then the element's
// index).
func OpenList[T any](r *Reader, at int, size Size, typ, field string, resolve func(e *T, raw []byte, eat int)) []T {
	if r.err != nil {
		return nil
	}
	back := r.Seek(at)
	var s []T
	if r.Array(typ) {
		for i := 0; r.NextElem(); i++ {
			if s = Grow(r, s); r.err != nil {
				break
			}
			raw, eat := r.RawAt("")
			resolve(&s[i], raw, eat)
			if r.err != nil {
				der.WithIndex(r.err, i)
				break
			}
		}
	}
	size.Check(r, at, len(s), typ)
	r.Seek(back)
	if r.err != nil {
		r.Fail(r.err, field)
		return nil
	}
	return s
}

// WriteOpenList writes s, a SEQUENCE OF or SET OF an open type's values,
// as an array of what encode writes for each element (the generated
// encodeJER of the open type), after checking its size. typ names the
// list in errors and field is its component.
func WriteOpenList[T any](w *Writer, s []T, size Size, typ, field string, encode func(e *T)) {
	if w.err != nil {
		return
	}
	if err := size.CheckSize(len(s), typ); err != nil {
		w.Fail(err, field)
		return
	}
	w.BeginArray()
	for i := range s {
		w.Elem()
		encode(&s[i])
		if w.err != nil {
			der.WithIndex(w.err, i)
			if field != "" {
				der.WithField(w.err, field)
			}
			return
		}
	}
	w.EndArray()
}
