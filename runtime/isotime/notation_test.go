package isotime

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// TestNotation parses the value notation of each time type, writes it
// back, and checks that what is not one fails with KindInvalidValue.
func TestNotation(t *testing.T) {
	for _, c := range []struct {
		in    string
		parse func(string) (any, error)
		want  any
	}{
		{"2024-02-29", func(s string) (any, error) { return ParseDate(s) }, Date{2024, 2, 29}},
		{"23:59:60", func(s string) (any, error) { return ParseTimeOfDay(s) }, TimeOfDay{23, 59, 60}},
		{"1999-12-31T00:00:01", func(s string) (any, error) { return ParseDateTime(s) }, DateTime{Date{1999, 12, 31}, TimeOfDay{0, 0, 1}}},
		{"P1Y2M3DT4H5M6S", func(s string) (any, error) { return ParseDuration(s) }, nil},
		{"P3W", func(s string) (any, error) { return ParseDuration(s) }, nil},
		{"2024-01-02T10:20Z", func(s string) (any, error) { return ParseTime(s) }, Time("2024-01-02T10:20Z")},
	} {
		got, err := c.parse(c.in)
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if c.want != nil {
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("%s (-want +got):\n%s", c.in, diff)
			}
		}
		back, err := got.(interface{ Notation() (string, error) }).Notation()
		if err != nil || back != c.in {
			t.Errorf("%s: Notation() = %q, %v", c.in, back, err)
		}
	}
	bad := []struct {
		in    string
		parse func(string) error
	}{
		{"20240229", func(s string) error { _, err := ParseDate(s); return err }},
		{"2023-02-29", func(s string) error { _, err := ParseDate(s); return err }},
		{"1581-12-31", func(s string) error { _, err := ParseDate(s); return err }},
		{"24:00:00", func(s string) error { _, err := ParseTimeOfDay(s); return err }},
		{"120000", func(s string) error { _, err := ParseTimeOfDay(s); return err }},
		{"2024-01-02 10:00:00", func(s string) error { _, err := ParseDateTime(s); return err }},
		{"1Y", func(s string) error { _, err := ParseDuration(s); return err }},
		{"P", func(s string) error { _, err := ParseDuration(s); return err }},
		{"", func(s string) error { _, err := ParseDuration(s); return err }},
		{"yesterday", func(s string) error { _, err := ParseTime(s); return err }},
	}
	for _, c := range bad {
		if err := c.parse(c.in); !errors.Is(err, der.ErrInvalidValue) {
			t.Errorf("%q: %v, want an invalid value", c.in, err)
		}
	}
	for _, v := range []interface{ Notation() (string, error) }{Date{2023, 2, 29}, TimeOfDay{24, 0, 0}, DateTime{}, Duration{Frac: "x"}, Time("?")} {
		if s, err := v.Notation(); !errors.Is(err, der.ErrInvalidValue) {
			t.Errorf("%#v: Notation() = %q, %v; want an invalid value", v, s, err)
		}
	}
}
