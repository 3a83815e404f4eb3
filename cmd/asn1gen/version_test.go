package main

import (
	"debug/buildinfo"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestVersionLine(t *testing.T) {
	settings := func(kv ...string) []debug.BuildSetting {
		var s []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			s = append(s, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return s
	}
	tests := []struct {
		name string
		info *debug.BuildInfo
		want string
	}{
		{"no build information", nil, "asn1gen (devel)"},
		{"go run in the checkout, without VCS stamping", &debug.BuildInfo{GoVersion: "go1.26.0",
			Main: debug.Module{Path: modulePath, Version: "(devel)"}}, "asn1gen (devel) go1.26.0"},
		{"go build in a git checkout", &debug.BuildInfo{GoVersion: "go1.26.0",
			Main: debug.Module{Path: modulePath, Version: "v0.0.0-20261205100000-0123456789ab+dirty"},
			Settings: settings("vcs", "git", "vcs.revision", "0123456789abcdef0123456789abcdef01234567",
				"vcs.time", "2026-12-05T10:00:00Z", "vcs.modified", "true")},
			"asn1gen v0.0.0-20261205100000-0123456789ab+dirty revision 0123456789ab (modified, 2026-12-05T10:00:00Z) go1.26.0"},
		{"a clean checkout", &debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "v1.2.0"},
			Settings: settings("vcs.revision", "fedcba98", "vcs.modified", "false")},
			"asn1gen v1.2.0 revision fedcba98"},
		{"go install at a version", &debug.BuildInfo{GoVersion: "go1.26.1",
			Main: debug.Module{Path: modulePath, Version: "v1.2.0", Sum: "h1:x"}}, "asn1gen v1.2.0 go1.26.1"},
		{"go tool in a module that requires asn1gen", &debug.BuildInfo{GoVersion: "go1.26.0",
			Main: debug.Module{Path: "example.com/user", Version: "(devel)"},
			Deps: []*debug.Module{{Path: "github.com/dave/jennifer", Version: "v1.7.1"}, {Path: modulePath, Version: "v1.3.0"}},
			// the user's revision is not asn1gen's
			Settings: settings("vcs.revision", "1111111111111111")},
			"asn1gen v1.3.0 go1.26.0"},
		{"go tool with a replace to a local clone", &debug.BuildInfo{GoVersion: "go1.26.0",
			Main: debug.Module{Path: "example.com/user", Version: "(devel)"},
			Deps: []*debug.Module{{Path: modulePath, Version: "v0.0.0-00010101000000-000000000000",
				Replace: &debug.Module{Path: "../asn1gen"}}}},
			"asn1gen v0.0.0-00010101000000-000000000000 => ../asn1gen go1.26.0"},
		{"a replace by another module version", &debug.BuildInfo{
			Main: debug.Module{Path: "example.com/user"},
			Deps: []*debug.Module{{Path: modulePath, Version: "v1.0.0",
				Replace: &debug.Module{Path: "example.com/fork", Version: "v1.0.1"}}}},
			"asn1gen v1.0.0 => example.com/fork v1.0.1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, versionLine(tt.info)); diff != "" {
				t.Errorf("versionLine (-want +got):\n%s", diff)
			}
		})
	}
}

func TestVersionUsage(t *testing.T) {
	for _, tt := range []struct {
		args []string
		code int
	}{{nil, 0}, {[]string{"-h"}, 0}, {[]string{"extra"}, 2}} {
		code, stdout, stderr := runCmd(t, "", nil, append([]string{"version"}, tt.args...)...)
		if code != tt.code {
			t.Errorf("version %q: exit status %d, want %d (stderr %q)", tt.args, code, tt.code, stderr)
		}
		if tt.args == nil && !strings.HasPrefix(stdout, "asn1gen ") {
			t.Errorf("version: stdout %q does not start with \"asn1gen \"", stdout)
		}
	}
}

// TestVersionBuilt builds the command and checks that `asn1gen version`
// prints what its own build information says (read from the binary by
// debug/buildinfo, as `go version -m` does).
func TestVersionBuilt(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go command not on PATH")
	}
	bin := filepath.Join(t.TempDir(), "asn1gen")
	if out, err := exec.Command(goCmd, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "version").Output()
	if err != nil {
		t.Fatalf("asn1gen version: %v", err)
	}
	info, err := buildinfo.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	if info.Main.Path != modulePath {
		t.Fatalf("the binary's main module is %q, want %q", info.Main.Path, modulePath)
	}
	want := versionLine(info) + "\n"
	if diff := cmp.Diff(want, string(out)); diff != "" {
		t.Errorf("asn1gen version (-want +got):\n%s", diff)
	}
	if !strings.HasPrefix(string(out), "asn1gen "+info.Main.Version) || !strings.Contains(string(out), info.GoVersion) {
		t.Errorf("asn1gen version = %q; the build says %s, %s", out, info.Main.Version, info.GoVersion)
	}
}
