package jer

import (
	"errors"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/google/go-cmp/cmp"
)

// TestStringFrom checks the permitted alphabets (StringType.From, X.680
// 51.7) and the SIZE of a UTF8String in characters: the Reader refuses a
// character outside the alphabet, located at the string's byte offset
// with the field, the Writer refuses it, and a value within them goes
// both ways.
func TestStringFrom(t *testing.T) {
	hexA := IA5String.From('0', '9', 'A', 'F')
	greek := UTF8String.From('a', 'z', 'α', 'ω')
	type result struct {
		Kind   der.Kind
		Offset int
		Msg    string
		Path   string
	}
	for _, tc := range []struct {
		name  string
		t     StringType
		size  Size
		value string
		text  string // the JER of value, or the bad input
		want  *result
	}{
		{"ia5", hexA, Unsized, "0A9F", `"0A9F"`, nil},
		{"ia5 bad", hexA, Unsized, "0A9g", ` "0A9g"`, &result{der.KindConstraint, 1, "'g' is not in the permitted alphabet", "s"}},
		{"ia5 not ia5", hexA, Unsized, "0é", `"0é"`, &result{der.KindInvalidValue, 0, "'é' is not a character of the type", "s"}},
		{"utf8", greek, Size{1, 3}, "aβγ", `"aβγ"`, nil},
		{"utf8 bad", greek, Unsized, "aβЖ", `"aβЖ"`, &result{der.KindConstraint, 0, "'Ж' is not in the permitted alphabet", "s"}},
		// 4 characters in 6 octets: SIZE counts characters (X.680 51.5).
		{"utf8 size", UTF8String, Size{1, 3}, "aβγd", `"aβγd"`, &result{der.KindConstraint, 0, "4 characters, not 1..3", "s"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := NewReader([]byte(tc.text), nil)
			got := r.String(tc.t, tc.size, "s")
			var w Writer
			w.StringOf(tc.t, tc.value, tc.size, "s")
			if tc.want == nil {
				if err := r.Finish(); err != nil {
					t.Fatalf("read: %v", err)
				}
				if err := w.Err(); err != nil {
					t.Fatalf("write: %v", err)
				}
				if got != tc.value {
					t.Errorf("read %q, want %q", got, tc.value)
				}
				if diff := cmp.Diff(tc.text, string(w.Bytes())); diff != "" {
					t.Errorf("write (-want +got):\n%s", diff)
				}
				return
			}
			var de *der.Error
			if err := r.Err(); !errors.As(err, &de) {
				t.Fatalf("read %q: error %v, want %+v", got, err, *tc.want)
			}
			if diff := cmp.Diff(*tc.want, result{de.Kind, de.Offset, de.Msg, de.Path()}); diff != "" {
				t.Errorf("read error (-want +got):\n%s", diff)
			}
			if err := w.Err(); !errors.As(err, &de) {
				t.Fatalf("write: error %v, want %+v", err, *tc.want)
			}
			if de.Kind != tc.want.Kind || de.Msg != tc.want.Msg || de.Path() != "s" {
				t.Errorf("write error %v, want %s at s", w.Err(), tc.want.Msg)
			}
		})
	}
}

// FuzzStringFrom reads any input as a string of a type narrowed to a
// permitted alphabet with a SIZE, and an INTEGER of a value set with
// gaps: no panic, every error a *der.Error located within the input,
// and what reads writes back to a value that reads the same.
func FuzzStringFrom(f *testing.F) {
	for _, s := range []string{`"0A9F"`, `"0A9g"`, `"aβγ"`, `"aβЖ"`, `"aβγd"`, `"\u00e9"`, `3`, `2`, `"x`} {
		f.Add([]byte(s))
	}
	types := []StringType{IA5String.From('0', '9', 'A', 'F'), UTF8String.From('a', 'z', 'α', 'ω')}
	f.Fuzz(func(t *testing.T, b []byte) {
		located := func(err error) {
			var e *der.Error
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(b) {
				t.Fatalf("%q: error %v not located", b, err)
			}
		}
		for _, st := range types {
			r := NewReader(b, nil)
			s := r.String(st, Size{1, 3}, "s")
			if err := r.Finish(); err != nil {
				located(err)
				continue
			}
			var w Writer
			w.StringOf(st, s, Size{1, 3}, "s")
			if w.Err() != nil {
				t.Fatalf("%q read as %q, which does not write: %v", b, s, w.Err())
			}
			r2 := NewReader(w.Bytes(), nil)
			if s2 := r2.String(st, Size{1, 3}, "s"); r2.Finish() != nil || s2 != s {
				t.Fatalf("%q read as %q, written as %s, read back as %q: %v", b, s, w.Bytes(), s2, r2.Err())
			}
		}
		r := NewReader(b, nil)
		v := r.IntIn("n", 1, 1, 3, 3, 7, 9)
		if err := r.Finish(); err != nil {
			located(err)
			return
		}
		if v != 1 && v != 3 && (v < 7 || v > 9) {
			t.Fatalf("%q read as %d, outside the set", b, v)
		}
	})
}
