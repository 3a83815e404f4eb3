package model

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestFilesDirectories checks what Files finds in a directory: the module
// files under it, sorted, also when the directory is a symbolic link, and
// an error for a directory that holds none.
func TestFilesDirectories(t *testing.T) {
	tmp := t.TempDir()
	mods := filepath.Join(tmp, "mods")
	for _, name := range []string{"b.asn1", "a.asn", "sub/c.asn", "notes.txt"} {
		path := filepath.Join(mods, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := filepath.Join(tmp, "link")
	if err := os.Symlink(mods, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	for _, dir := range []string{mods, link} {
		got, err := Files(dir)
		if err != nil {
			t.Fatalf("Files(%s): %v", dir, err)
		}
		want := []string{filepath.Join(dir, "a.asn"), filepath.Join(dir, "b.asn1"), filepath.Join(dir, "sub/c.asn")}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("Files(%s) (-want +got):\n%s", dir, diff)
		}
	}
	empty := filepath.Join(tmp, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := Files(empty); err == nil || !strings.Contains(err.Error(), "no .asn or .asn1 files") {
		t.Errorf("Files(empty directory): error %v, want one that says it has no module files", err)
	}
}
