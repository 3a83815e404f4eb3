package der_test

import (
	"testing"
	"time"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/internal/rtest"
)

// TestTimeOf checks that a Time holds the instant of a time.Time: back to
// the same time.Time, ordered as time.Time orders, printed as it prints,
// on random instants of the years -1000 to 12000 and on the edges.
func TestTimeOf(t *testing.T) {
	rng := rtest.Rand(t)
	lo, hi := time.Date(-1000, 1, 1, 0, 0, 0, 0, time.UTC).Unix(), time.Date(12000, 1, 1, 0, 0, 0, 0, time.UTC).Unix()
	ins := []time.Time{{}, time.Unix(0, 0), time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(-1, 12, 31, 23, 59, 59, 999999999, time.UTC),
		time.Date(9999, 12, 31, 23, 59, 59, 999999999, time.UTC), time.Date(2024, 2, 29, 12, 0, 0, 1, time.FixedZone("", -3600))}
	for range 20000 {
		ins = append(ins, time.Unix(lo+rng.Int64N(hi-lo), rng.Int64N(1e9)))
	}
	prev, prevT := der.Time{}, time.Time{}
	for _, in := range ins {
		v := der.TimeOf(in)
		if got := v.Time(); got != in.UTC() {
			t.Fatalf("TimeOf(%v).Time() = %v", in, got)
		}
		if got, want := v.String(), in.UTC().String(); got != want {
			t.Fatalf("TimeOf(%v).String() = %q, want %q", in, got, want)
		}
		if got, want := v.Compare(prev), in.Compare(prevT); got != want {
			t.Fatalf("Compare(%v, %v) = %d, want %d", in, prevT, got, want)
		}
		if v.Before(prev) != in.Before(prevT) || v.After(prev) != in.After(prevT) || v.Equal(prev) != in.Equal(prevT) || (v == prev) != in.Equal(prevT) {
			t.Fatalf("Before, After, Equal or == of %v and %v disagree with time.Time's", in, prevT)
		}
		if v.IsZero() != in.IsZero() {
			t.Fatalf("TimeOf(%v).IsZero() = %v", in, v.IsZero())
		}
		prev, prevT = v, in
	}
}

// TestTimeZero checks that the zero Time is the zero time.Time's instant,
// and that Date normalizes as time.Date does.
func TestTimeZero(t *testing.T) {
	if got := (der.Time{}).Time(); got != (time.Time{}) {
		t.Errorf("zero Time: %v, want the zero time.Time", got)
	}
	if der.TimeOf(time.Time{}) != (der.Time{}) || der.Date(1, 1, 1, 0, 0, 0, 0) != (der.Time{}) {
		t.Error("TimeOf and Date of 0001-01-01T00:00:00Z are not the zero Time")
	}
	if got, want := der.Date(2025, 10, 32, 24, 0, 0, 0), der.Date(2025, 11, 2, 0, 0, 0, 0); got != want {
		t.Errorf("Date(2025-10-32T24:00:00) = %v, want %v", got, want)
	}
}
