package isotime_test

import (
	"bytes"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/internal/rtest"
	"github.com/asn1gen/asn1gen/runtime/isotime"
)

// roundTrip reads b as the contents of the type with tag t and, if that
// succeeds, writes the value back; it fails t on a bad error and returns
// the value and the contents written.
func roundTrip[T any](t *testing.T, b []byte, tag der.Tag, read func(*der.Reader, der.Tag) (T, error), add func(*der.Builder, der.Tag, T)) (v T, enc []byte, ok bool) {
	t.Helper()
	v, err := rtest.ReadContents(b, tag, true, read)
	if err != nil {
		rtest.CheckErr(t, err)
		return v, nil, false
	}
	out, err := rtest.Encode(tag, v, add)
	if err != nil {
		t.Fatalf("%q read as %v, not written: %v", b, v, err)
	}
	return v, rtest.Contents(out), true
}

// FuzzXTime reads any contents as each of the X.680 time types. It must
// not panic; every error is located; and what reads writes back to the
// input (DURATION: to the same value).
func FuzzXTime(f *testing.F) {
	for _, s := range []string{"20121221", "063000", "19511014153000", "2Y10M15DT10H20M30S", "T0,5S", "1985-W15-5",
		"R5/2008-03-01T13:00:00Z/P1Y2M10DT2H30M", "15:27:46+01:00"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		same := func(enc []byte, ok bool) {
			t.Helper()
			if ok && !bytes.Equal(enc, b) {
				t.Fatalf("%q re-encoded as %q", b, enc)
			}
		}
		_, enc, ok := roundTrip(t, b, der.TagDate, isotime.ReadDate, isotime.AddDate)
		same(enc, ok)
		_, enc, ok = roundTrip(t, b, der.TagTimeOfDay, isotime.ReadTimeOfDay, isotime.AddTimeOfDay)
		same(enc, ok)
		_, enc, ok = roundTrip(t, b, der.TagDateTime, isotime.ReadDateTime, isotime.AddDateTime)
		same(enc, ok)
		if d, enc, ok := roundTrip(t, b, der.TagDuration, isotime.ReadDuration, isotime.AddDuration); ok {
			// ',' becomes '.' and leading zeros go: compare values.
			again, err := rtest.ReadContents(enc, der.TagDuration, true, isotime.ReadDuration)
			if err != nil || again.String() != d.String() {
				t.Fatalf("duration %q re-encoded as %q, %v", b, enc, err)
			}
			if _, err := rtest.ReadContents([]byte(d.String()), der.TagTime, true, isotime.ReadTime); err != nil {
				t.Fatalf("duration %s is not a TIME: %v", d, err)
			}
		}
		_, enc, ok = roundTrip(t, b, der.TagTime, isotime.ReadTime, isotime.AddTime)
		same(enc, ok)
	})
}
