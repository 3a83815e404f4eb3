package bench

import (
	"bytes"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/per"
)

func perMessagesOrFail(tb testing.TB, file string) []PERMessage {
	tb.Helper()
	msgs, err := ReadPERMessages("../testdata/per/" + file)
	if err != nil {
		tb.Fatal(err)
	}
	return msgs
}

// TestPERFloors checks that the message files read as their headers say
// and that the floors do the work their docs promise on every message:
// the decode floor reads every octet once, in order (its checksum is that
// of the octets), and the encode floor writes the message's bits.
func TestPERFloors(t *testing.T) {
	for _, f := range []struct {
		file    string
		n       int
		variant string
	}{
		{"ngap.txt", 19, "aper"},
		{"nr-rrc.txt", 17, "uper"},
	} {
		msgs := perMessagesOrFail(t, f.file)
		if len(msgs) != f.n {
			t.Errorf("%s: %d messages, want %d", f.file, len(msgs), f.n)
		}
		var w per.Writer
		for i, m := range msgs {
			if m.Variant != f.variant || m.Name == "" || m.Source == "" || len(m.Bytes) == 0 {
				t.Errorf("%s #%d: %+v", f.file, i, m)
			}
			var want uint64
			for _, c := range m.Bytes {
				want = want*31 + uint64(c)
			}
			got, err := PERFloor(m.Bytes, m.Aligned())
			if err != nil || got != want {
				t.Errorf("%s #%d (%s): PERFloor = %#x, %v; want %#x", f.file, i, m.Name, got, err, want)
			}
			if out := PEREncodeFloor(&w, m.Bytes); !bytes.Equal(out, m.Bytes) {
				t.Errorf("%s #%d (%s): PEREncodeFloor wrote %x, want %x", f.file, i, m.Name, out, m.Bytes)
			}
		}
	}
}
