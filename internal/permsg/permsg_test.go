package permsg

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRead reads the three message files of testdata/per: every block has
// its keys, and the counts are those of the files.
func TestRead(t *testing.T) {
	for file, want := range map[string]int{"ngap.txt": 19, "s1ap.txt": 17, "nr-rrc.txt": 17} {
		msgs := MustRead(t, filepath.Join("../../testdata/per", file))
		if len(msgs) != want {
			t.Errorf("%s: %d messages, want %d", file, len(msgs), want)
		}
		for _, m := range msgs {
			if m.Type == "" || m.Name == "" || m.Source == "" || m.Erlang == "" || len(m.Bytes) == 0 || m.Line == 0 {
				t.Errorf("%s:%d: a key is missing: %+v", file, m.Line, m)
			}
		}
	}
}

// TestReadBlocks: the keys of a block go to its message only; a block
// without a type or a variant, and bad hex, are errors with the line.
func TestReadBlocks(t *testing.T) {
	dir := t.TempDir()
	write := func(s string) string {
		p := filepath.Join(dir, "m.txt")
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	msgs, err := Read(write("# a comment\n\n# type: T\n# variant: aper\n# message: M\n00ff\n\n# type: U\n# variant: uper\n01\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := []Message{{Line: 6, Type: "T", Variant: "aper", Name: "M", Bytes: []byte{0, 0xff}}, {Line: 10, Type: "U", Variant: "uper", Bytes: []byte{1}}}
	if diff := cmp.Diff(want, msgs); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if !msgs[0].Aligned() || msgs[1].Aligned() {
		t.Error("Aligned: want true, false")
	}
	for _, c := range []struct{ in, want string }{
		{"# variant: aper\n00\n", "m.txt:2: message without a type and a variant (aper, uper or coer)"},
		{"# type: T\n# variant: aper\n0g\n", "m.txt:3: encoding/hex: invalid byte: U+0067 'g'"},
	} {
		_, err := Read(write(c.in))
		if err == nil || !strings.HasSuffix(err.Error(), string(filepath.Separator)+c.want) {
			t.Errorf("Read(%q) = %v, want %s", c.in, err, c.want)
		}
	}
}
