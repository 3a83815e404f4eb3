package main

import (
	"fmt"
	"io"
	"runtime/debug"
	"strings"
)

func init() {
	register(command{name: "version", short: "print the version of asn1gen and the revision it was built from", run: runVersion})
}

// modulePath is the path of the module that holds this command.
const modulePath = "github.com/asn1gen/asn1gen"

func runVersion(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		if args[0] != "-h" && args[0] != "-help" && args[0] != "--help" {
			fmt.Fprintf(stderr, "asn1gen version: no arguments expected\n")
		}
		fmt.Fprintln(stderr, "usage: asn1gen version\n\nPrints the version of the module github.com/asn1gen/asn1gen that asn1gen\nwas built from (\"(devel)\" when the build does not know it), the VCS\nrevision when the build recorded it, and the Go version.")
		if args[0] == "-h" || args[0] == "-help" || args[0] == "--help" {
			return 0
		}
		return 2
	}
	info, _ := debug.ReadBuildInfo()
	fmt.Fprintln(stdout, versionLine(info))
	return 0
}

// versionLine describes the build of asn1gen from its build information:
//
//	asn1gen v1.2.0 go1.26.0
//	asn1gen (devel) revision 0123456789ab (modified, 2026-12-05T10:00:00Z) go1.26.0
//	asn1gen v0.0.0-00010101000000-000000000000 => ../asn1gen go1.26.0
//
// The module is the main module when asn1gen is built in its own checkout
// (go run, go build) or installed (go install ...@version), and a
// dependency when a module runs it as a tool (go tool asn1gen, go run from
// another module): the version is then the one required, with its
// replacement. The revision is recorded for a main module built from a
// VCS checkout (-buildvcs); a module version from the proxy carries it in
// its pseudo-version.
func versionLine(info *debug.BuildInfo) string {
	version := "(devel)"
	var parts []string
	goVersion := ""
	if info != nil {
		goVersion = info.GoVersion
		m := &info.Main
		if m.Path != modulePath {
			for _, d := range info.Deps {
				if d.Path == modulePath {
					m = d
					break
				}
			}
		}
		if m.Path == modulePath {
			if m.Version != "" {
				version = m.Version
			}
			if r := m.Replace; r != nil {
				repl := "=> " + r.Path
				if r.Version != "" {
					repl += " " + r.Version
				}
				parts = append(parts, repl)
			}
		}
		if m == &info.Main && m.Path == modulePath {
			var rev, when string
			modified := false
			for _, s := range info.Settings {
				switch s.Key {
				case "vcs.revision":
					rev = s.Value
				case "vcs.time":
					when = s.Value
				case "vcs.modified":
					modified = s.Value == "true"
				}
			}
			if rev != "" {
				if len(rev) > 12 {
					rev = rev[:12]
				}
				var notes []string
				if modified {
					notes = append(notes, "modified")
				}
				if when != "" {
					notes = append(notes, when)
				}
				if len(notes) > 0 {
					rev += " (" + strings.Join(notes, ", ") + ")"
				}
				parts = append(parts, "revision "+rev)
			}
		}
	}
	line := "asn1gen " + version
	if len(parts) > 0 {
		line += " " + strings.Join(parts, " ")
	}
	if goVersion != "" {
		line += " " + goVersion
	}
	return line
}
