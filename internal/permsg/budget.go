package permsg

import (
	"errors"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// At returns the message of the messages file path at line, which must be
// a message called name.
func At(t testing.TB, path string, line int, name string) []byte {
	t.Helper()
	for _, m := range MustRead(t, path) {
		if m.Line == line {
			if m.Name != name {
				t.Fatalf("line %d of %s is a %s, want a %s", line, path, m.Name, name)
			}
			return m.Bytes
		}
	}
	t.Fatalf("no message at line %d of %s", line, path)
	return nil
}

// ErrorOf is err as a WantError: the zero value for an error that is no
// *der.Error counting bits (or nil).
func ErrorOf(err error) WantError {
	var e *der.Error
	if !errors.As(err, &e) || !e.Bits {
		return WantError{}
	}
	return WantError{Kind: e.Kind, Offset: e.Offset, Path: e.Path()}
}

// Budget is an allocation budget (per.Options.MaxAlloc) that a value of a
// decode exceeds, and the error the decode must then report.
type Budget struct {
	Name     string // of the value the budget stops at
	MaxAlloc int
	Want     WantError
}

// TestBudgets decodes with each budget, through decode, which must fail
// with the budget's error, and with a budget one byte larger, which must
// get past that value: the values held by pointer are charged to the
// budget when they are allocated, where their encoding starts.
func TestBudgets(t *testing.T, budgets []Budget, decode func(maxAlloc int) error) {
	for _, b := range budgets {
		t.Run(b.Name, func(t *testing.T) {
			if err := decode(b.MaxAlloc); ErrorOf(err) != b.Want {
				t.Errorf("MaxAlloc %d: %v; want %v", b.MaxAlloc, err, b.Want)
			}
			if err := decode(b.MaxAlloc + 1); ErrorOf(err) == b.Want {
				t.Errorf("MaxAlloc %d: %v; want to get past it", b.MaxAlloc+1, err)
			}
		})
	}
}
