package jer

import (
	"errors"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// point, points and small decode as generated code does for
// Point ::= SEQUENCE { x INTEGER (0..255) }, Points ::= SEQUENCE OF
// Point and Small ::= INTEGER (0..9).
type point struct{ x int64 }

func (v *point) DecodeJER(r *Reader) error {
	var seen bool
	if !r.Object("Point") {
		return r.Err()
	}
	for r.Next() {
		switch r.Key() {
		case "x":
			r.Once(&seen, "Point", "x")
			v.x = r.IntRange(0, 255, "x")
		default:
			r.Unknown(false, "Point")
		}
	}
	if r.Err() == nil && !seen {
		r.Missing("Point", "x")
	}
	return r.Err()
}

func (v *point) EncodeJER(w *Writer) error { return nil }

type points []point

func (v *points) DecodeJER(r *Reader) error {
	if err := r.Enter("Points"); err != nil {
		r.Fail(err, "")
		return r.Err()
	}
	defer r.Leave()
	if r.Array("Points") {
		for i := 0; r.NextElem(); i++ {
			if *v = Grow(r, *v); r.Err() != nil {
				return r.Err()
			}
			r.Decode(&(*v)[i], "")
			if r.Err() != nil {
				return der.WithIndex(r.Err(), i)
			}
		}
	}
	return r.Err()
}

func (v *points) EncodeJER(w *Writer) error { return nil }

type small int64

func (v *small) DecodeJER(r *Reader) error {
	*v = small(r.IntRange(0, 9, ""))
	return r.Err()
}

func (v *small) EncodeJER(w *Writer) error { return nil }

// TestUnmarshalErrors: Unmarshal's errors have an offset and a path
// that starts with the name of the type decoded, as UnmarshalJSON's
// (Reader.Root) do, but for a type defined as a built-in type.
func TestUnmarshalErrors(t *testing.T) {
	for _, c := range []struct {
		in   string
		v    Value
		path string
		at   int
		want string
	}{
		{`{"x":300}`, new(point), "Point.x", 5, "asn1: Point.x at offset 5: INTEGER: 300 not in 0..255 (X.680 51.8)"},
		{`{}`, new(point), "Point", 1, ""},
		{`[1]`, new(point), "Point", 0, ""},
		{`{"x":1} 2`, new(point), "Point", 8, ""},
		{`[{"x":1},{"x":-1}]`, new(points), "Points[1].x", 14, ""},
		{`[{"x":1},{"y":1}]`, new(points), "Points[1]", 14, ""},
		{`{"x":1}`, new(points), "Points", 0, ""},
		{`10`, new(small), "", 0, "asn1: at offset 0: INTEGER: 10 not in 0..9 (X.680 51.8)"},
	} {
		err := Unmarshal([]byte(c.in), c.v, nil)
		var e *der.Error
		if !errors.As(err, &e) {
			t.Errorf("Unmarshal(%s) = %v, want a *der.Error", c.in, err)
			continue
		}
		if e.Path() != c.path || e.Offset != c.at || c.want != "" && err.Error() != c.want {
			t.Errorf("Unmarshal(%s) = %v (path %q, offset %d), want path %q, offset %d %s", c.in, err, e.Path(), e.Offset, c.path, c.at, c.want)
		}
	}
}
