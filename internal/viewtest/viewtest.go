// Package viewtest checks generated lazy views (asn1gen gen -view) against
// the eager decode of the same input: the differential property of the
// corpus tests and fuzz targets of the generated packages.
//
// The property, for an input b, a root type T and options o, with E the
// error of the eager decode der.Unmarshal(b, &T, o):
//
//  1. ParseTView(b, o) fails ⇒ E is not nil.
//  2. ParseTView(b, o) succeeds ⇒ Decode of the view returns exactly the
//     eager value and error.
//  3. E is nil ⇒ every accessor of every view reached from the root (every
//     component, every alternative, every element of every list) returns
//     no error and the value of the eager decode's field (a view: what
//     Decode of it gives and, recursively, its accessors), HasX the
//     eager presence field and XRaw the eager kept encoding when the eager
//     type keeps one.
//  4. E is not nil ⇒ for every view reached whose element holds E (E's
//     path starts with the view's path and E's offset is inside the
//     element), Decode returns exactly E; an accessor read eagerly whose
//     component's encoding holds E's offset returns exactly E; and no
//     error of an accessor or iterator lies before E in the input (a lazy
//     read never finds a fault the eager decode would have found later).
//
// Views are walked by reflection over their methods, so that one checker
// serves every generated package.
package viewtest

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"unsafe"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// Report collects the violations of the property.
type Report struct {
	Problems []string
	in       []byte
	eagerErr *der.Error
	// Views counts the views walked, Accessors the accessors called;
	// Eager tells whether the eager decode succeeded.
	Views, Accessors int
	Eager            bool
}

func (r *Report) fail(format string, args ...any) {
	if len(r.Problems) < 20 {
		r.Problems = append(r.Problems, fmt.Sprintf(format, args...))
	}
}

var allExported = cmp.Exporter(func(reflect.Type) bool { return true })

// diff returns the differences of a and b, "" if they are deeply equal
// (reflect.DeepEqual first: cmp is too slow for the large CRLs).
func diff(a, b any) string {
	if reflect.DeepEqual(a, b) {
		return ""
	}
	if d := cmp.Diff(a, b, allExported); d != "" {
		return d
	}
	return fmt.Sprintf("%#v != %#v", a, b)
}

// Check checks the property for one input: parseErr and v are what
// ParseTView(in, opts) returned, eager and eagerErr what der.Unmarshal
// gave (eager a pointer to the value).
func Check(in []byte, v any, parseErr error, eager any, eagerErr error) *Report {
	r := &Report{in: in, Eager: eagerErr == nil}
	if eagerErr != nil && !errors.As(eagerErr, &r.eagerErr) {
		r.fail("eager error %v is not a *der.Error", eagerErr)
		return r
	}
	if parseErr != nil {
		if eagerErr == nil {
			r.fail("shallow parse fails (%v), the eager decode does not", parseErr)
		}
		r.before(parseErr, "shallow parse")
		return r
	}
	ev := reflect.ValueOf(eager).Elem()
	if eagerErr != nil {
		ev = reflect.Value{}
	}
	r.walk(reflect.ValueOf(v), ev, 0)
	return r
}

// before reports an error found lazily before the eager error in the input.
func (r *Report) before(err error, what string) {
	var e *der.Error
	if !errors.As(err, &e) {
		r.fail("%s: error %v is not a *der.Error", what, err)
		return
	}
	if e.Offset < 0 {
		r.fail("%s: error %v has no offset", what, err)
	}
	if r.eagerErr != nil && e.Offset < r.eagerErr.Offset {
		r.fail("%s: lazy error %v lies before the eager error %v", what, err, r.eagerErr)
	}
}

// sameError reports whether a, a view's error, and b, the eager one, are
// the same error: text, kind, offset and path. The view lacks the hints
// der.Unmarshal finds by decoding the input again (see view.Core.Fail):
// a's hint is b's or none.
func sameError(a error, b *der.Error) bool {
	var e *der.Error
	if !errors.As(a, &e) || e.Kind != b.Kind || e.Offset != b.Offset || e.Path() != b.Path() {
		return false
	}
	if e.Hint != "" {
		return e.Error() == b.Error()
	}
	bb := *b
	bb.Hint = ""
	return e.Error() == bb.Error()
}

// isView reports whether t (a view type) has the methods of a view.
func isView(t reflect.Type) bool {
	p := reflect.PointerTo(t)
	_, d := p.MethodByName("Decode")
	_, raw := p.MethodByName("Raw")
	_, path := p.MethodByName("Path")
	return t.Kind() == reflect.Struct && d && raw && path
}

func call(v reflect.Value, name string) []reflect.Value {
	return v.MethodByName(name).Call(nil)
}

// offsetOf returns the offset of sub in the input, -1 if it is not in it.
func (r *Report) offsetOf(sub []byte) int {
	if len(sub) == 0 || len(r.in) == 0 {
		return -1
	}
	base := uintptr(unsafe.Pointer(unsafe.SliceData(r.in)))
	p := uintptr(unsafe.Pointer(unsafe.SliceData(sub)))
	if p < base || p+uintptr(len(sub)) > base+uintptr(len(r.in)) {
		return -1
	}
	return int(p - base)
}

// holds reports whether the eager error lies inside the view with path
// path and encoding raw.
func (r *Report) holds(path string, raw []byte) bool {
	e := r.eagerErr
	if e == nil {
		return false
	}
	p := e.Path()
	if p != path && !strings.HasPrefix(p, path+".") && !strings.HasPrefix(p, path+"[") {
		return false
	}
	off := r.offsetOf(raw)
	return off >= 0 && e.Offset >= off && e.Offset <= off+len(raw)
}

// walk checks view v (a view value) against ev, the eager value of its
// element (invalid when the eager decode failed).
func (r *Report) walk(v reflect.Value, ev reflect.Value, depth int) {
	if depth > 64 {
		r.fail("views nest deeper than 64")
		return
	}
	r.Views++
	pv := reflect.New(v.Type())
	pv.Elem().Set(v)
	path := call(pv, "Path")[0].String()
	raw := call(pv, "Raw")[0].Bytes()
	holds := r.holds(path, raw)
	// Decode is compared at the root, at every view of the parts the eager
	// error lies in, and at every view smaller than 4 KB: a view's accessors
	// are compared with the eager fields anyway, and comparing the decode
	// of every large node (a CRL's list of entries) again at each level
	// would make the check quadratic in the depth.
	if ev.IsValid() && (depth == 0 || len(raw) < 4<<10) || holds {
		out := call(pv, "Decode")
		got, err := out[0], out[1].Interface()
		switch {
		case ev.IsValid() && err != nil:
			r.fail("%s: Decode fails (%v), the eager decode does not", path, err)
		case ev.IsValid():
			if d := diff(ev.Interface(), got.Interface()); d != "" {
				r.fail("%s: Decode differs from the eager value (-eager +lazy):\n%s", path, d)
			}
		case err == nil || !sameError(err.(error), r.eagerErr):
			r.fail("%s: Decode returns %v, the eager decode %v", path, err, r.eagerErr)
		}
	}
	if !ev.IsValid() && !holds {
		return // no claim on the parts the eager decode did not reach
	}
	if m := pv.MethodByName("Iter"); m.IsValid() {
		r.walkList(pv, m.Call(nil)[0], ev, path, depth)
		return
	}
	for i := 0; i < pv.NumMethod(); i++ {
		name := pv.Type().Method(i).Name
		switch name {
		case "Raw", "Decode", "Path", "Choice":
			continue
		}
		m := pv.Method(i)
		if m.Type().NumIn() != 0 {
			continue
		}
		field := strings.TrimRight(name, "_")
		var ef reflect.Value
		if ev.IsValid() {
			ef = ev.FieldByName(field)
		}
		r.Accessors++
		out := m.Call(nil)
		switch {
		case len(out) == 1 && out[0].Kind() == reflect.Bool: // HasX
			if ef.IsValid() && ef.Bool() != out[0].Bool() {
				r.fail("%s: %s() = %v, eager %v", path, name, out[0].Bool(), ef.Bool())
			}
		case len(out) == 1 && out[0].Type() == reflect.TypeOf([]byte(nil)): // XRaw
			if ef.IsValid() && !ef.IsNil() && string(ef.Bytes()) != string(out[0].Bytes()) {
				r.fail("%s: %s() differs from the eager field", path, name)
			}
		case len(out) == 3: // XRow: the view of an open type's value
			r.row(name, out, ev, path, depth)
		case len(out) == 2:
			err, _ := out[1].Interface().(error)
			if isView(out[0].Type()) {
				r.child(pv, name, out[0], ef, err, path, depth)
				continue
			}
			r.eager(pv, name, out[0], ef, err, path)
		}
	}
	if ev.IsValid() {
		if c := pv.MethodByName("Choice"); c.IsValid() {
			if got, want := c.Call(nil)[0].Int(), ev.FieldByName("Choice").Int(); got != want {
				r.fail("%s: Choice() = %d, eager %d", path, got, want)
			}
		}
	}
}

// row checks the accessor of a row view, named after the open-type
// component and the union's field of the row (ExtnValueGeneralNames: the
// eager ExtnValue.GeneralNames).
func (r *Report) row(name string, out []reflect.Value, ev reflect.Value, path string, depth int) {
	err, _ := out[2].Interface().(error)
	var ef reflect.Value
	if ev.IsValid() {
		for i := 0; i < ev.NumField(); i++ {
			f := ev.Type().Field(i).Name
			if u := ev.Field(i); strings.HasPrefix(name, f) && u.Kind() == reflect.Struct {
				if rf := u.FieldByName(name[len(f):]); rf.IsValid() {
					ef = rf
				}
			}
		}
		if !ef.IsValid() {
			r.fail("%s: %s() has no eager field", path, name)
			return
		}
	}
	switch {
	case err != nil && ev.IsValid():
		r.fail("%s: %s() fails (%v), the eager decode does not", path, name, err)
	case err != nil:
		r.before(err, path+": "+name+"()")
	case !out[1].Bool():
	case ev.IsValid():
		if ef.Kind() == reflect.Pointer {
			ef = ef.Elem()
		}
		// A zero eager row: the eager decode set the value aside
		// (TolerateOpenTypeErrors), where the view reads on.
		if ef.IsValid() && !ef.IsZero() {
			r.walk(out[0], ef, depth+1)
		}
	default:
		r.walk(out[0], reflect.Value{}, depth+1)
	}
}

// child checks an accessor that returned a view.
func (r *Report) child(pv reflect.Value, name string, got, ef reflect.Value, err error, path string, depth int) {
	switch {
	case err != nil && ef.IsValid():
		r.fail("%s: %s() fails (%v), the eager decode does not", path, name, err)
	case err != nil:
		r.before(err, path+": "+name+"()")
	default:
		gp := reflect.New(got.Type())
		gp.Elem().Set(got)
		if call(gp, "Raw")[0].Len() == 0 {
			// Absent, or another alternative: the eager field is zero.
			if ef.IsValid() && !ef.IsZero() && !(ef.Kind() == reflect.Slice && ef.Len() == 0) {
				r.fail("%s: %s() is the zero view, the eager field is set", path, name)
			}
			return
		}
		if ef.IsValid() && ef.Kind() == reflect.Pointer {
			ef = ef.Elem()
		}
		r.walk(got, ef, depth+1)
	}
}

// eager checks an accessor that returned a decoded value.
func (r *Report) eager(pv reflect.Value, name string, got, ef reflect.Value, err error, path string) {
	if ef.IsValid() {
		if err != nil {
			r.fail("%s: %s() fails (%v), the eager decode does not", path, name, err)
			return
		}
		if d := diff(ef.Interface(), got.Interface()); d != "" {
			r.fail("%s: %s() differs from the eager field (-eager +lazy):\n%s", path, name, d)
		}
		return
	}
	// The eager decode failed: an accessor whose component holds the
	// error returns it.
	var raw []byte
	if m := pv.MethodByName(name + "Raw"); m.IsValid() {
		raw = m.Call(nil)[0].Bytes()
	}
	e := r.eagerErr
	off := r.offsetOf(raw)
	p := e.Path()
	inside := off >= 0 && e.Offset >= off && e.Offset <= off+len(raw) && nextStep(p, path, name)
	switch {
	case inside && (err == nil || !sameError(err, e)):
		r.fail("%s: %s() returns %v, the eager decode %v", path, name, err, e)
	case err != nil:
		r.before(err, path+": "+name+"()")
	}
}

// nextStep reports whether the error path p continues path with the
// component whose accessor is name (the ASN.1 identifier, as its Go name
// spells it: extnID, ExtnID).
func nextStep(p, path, name string) bool {
	rest, ok := strings.CutPrefix(p, path+".")
	if !ok {
		return false
	}
	step, _, _ := strings.Cut(rest, ".")
	step, _, _ = strings.Cut(step, "[")
	return strings.EqualFold(strings.ReplaceAll(step, "-", ""), strings.TrimRight(name, "_"))
}

// walkElems is how many elements of a list are walked and compared; the
// iterator reads the others (a CRL of 100,000 entries would take minutes).
const walkElems = 512

// walkList checks a list view's iterator against the eager slice.
func (r *Report) walkList(pv, it reflect.Value, ev reflect.Value, path string, depth int) {
	ip := reflect.New(it.Type())
	ip.Elem().Set(it)
	next := ip.MethodByName("Next")
	get := ip.MethodByName("View")
	if !get.IsValid() {
		get = ip.MethodByName("Value")
	}
	n := 0
	for next.Call(nil)[0].Bool() {
		el := get.Call(nil)[0]
		var ee reflect.Value
		if ev.IsValid() {
			if n >= ev.Len() {
				r.fail("%s: the iterator reads more than the %d eager elements", path, ev.Len())
				return
			}
			ee = ev.Index(n)
		}
		if n >= walkElems {
			// Read on, to check the iteration and the count.
		} else if isView(el.Type()) {
			r.walk(el, ee, depth+1)
		} else if ee.IsValid() {
			if d := diff(ee.Interface(), el.Interface()); d != "" {
				r.fail("%s[%d]: differs from the eager element (-eager +lazy):\n%s", path, n, d)
			}
		}
		n++
	}
	err, _ := ip.MethodByName("Err").Call(nil)[0].Interface().(error)
	if ev.IsValid() {
		if err != nil {
			r.fail("%s: iteration fails (%v), the eager decode does not", path, err)
		} else if n != ev.Len() {
			r.fail("%s: %d elements, eager %d", path, n, ev.Len())
		}
		if l := int(call(pv, "Len")[0].Int()); l != ev.Len() {
			r.fail("%s: Len() = %d, eager %d", path, l, ev.Len())
		}
	} else if err != nil {
		r.before(err, path+": iteration")
	}
}
