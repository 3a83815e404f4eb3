package gen

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// repoRoot is the absolute path of this checkout (the module root).
func repoRoot(t testing.TB) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatal(err)
	}
	return root
}

// goTool returns the go command, skipping the test without one.
func goTool(t testing.TB) string {
	t.Helper()
	p, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go command not on PATH")
	}
	return p
}

// writeModule writes go.mod and go.sum for a temporary module named path
// in dir that requires this checkout (through a replace directive) and
// the modules it requires, and adds extra lines (tool directives) to
// go.mod. The module cache must hold those modules: the go command runs
// with GOPROXY=off.
func writeModule(t testing.TB, dir, path string, extra ...string) {
	t.Helper()
	root := repoRoot(t)
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("module " + path + "\n\ngo 1.26\n\nrequire (\n\tgithub.com/asn1gen/asn1gen v0.0.0\n")
	in := false
	sc := bufio.NewScanner(bytes.NewReader(mod))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "require (":
			in = true
		case in && line == ")":
			in = false
		case in && line != "":
			b.WriteString("\t" + line + "\n")
		case strings.HasPrefix(line, "require ") && !strings.HasSuffix(line, "("):
			b.WriteString("\t" + strings.TrimPrefix(line, "require ") + "\n")
		}
	}
	b.WriteString(")\n\nreplace github.com/asn1gen/asn1gen => " + root + "\n")
	for _, e := range extra {
		b.WriteString("\n" + e + "\n")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		t.Fatal(err)
	}
}

// runStats are the measurements of one go command.
type runStats struct {
	wall time.Duration
	// cpu is the user and system time of the go command and of the
	// children it waited for: unlike wall, it does not grow when
	// another build shares the cores.
	cpu time.Duration
	// maxRSS is the peak resident set of the go command and of the
	// children it waited for (the compiler, vet), in KiB.
	maxRSS int64
}

// gnuTime is /usr/bin/time, which measures the peak memory of the go
// command (-f %M) more truly than the rusage of a child of the test: the
// go command starts as a vfork of the test process, and Linux counts the
// test's own resident set in the child's peak.
var gnuTime = func() string {
	if _, err := os.Stat("/usr/bin/time"); err == nil {
		return "/usr/bin/time"
	}
	return ""
}()

// runGo runs the go command in dir, offline, and returns its combined
// output.
func runGo(t testing.TB, dir string, args ...string) (string, runStats, error) {
	t.Helper()
	name, argv := goTool(t), args
	var rssFile string
	if gnuTime != "" {
		f, err := os.CreateTemp("", "rss")
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
		rssFile = f.Name()
		defer os.Remove(rssFile)
		name, argv = gnuTime, append([]string{"-f", "%M", "-o", rssFile, name}, args...)
	}
	cmd := exec.Command(name, argv...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=mod", "GOWORK=off", "GOTOOLCHAIN=local")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err := cmd.Run()
	st := runStats{wall: time.Since(start)}
	if cmd.ProcessState != nil {
		st.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	if rssFile != "" {
		if b, rerr := os.ReadFile(rssFile); rerr == nil {
			// The last line: earlier ones say "Command exited with non-zero status".
			f := strings.Fields(string(b))
			if len(f) > 0 {
				st.maxRSS, _ = strconv.ParseInt(f[len(f)-1], 10, 64)
			}
		}
	} else if cmd.ProcessState != nil {
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			st.maxRSS = ru.Maxrss
		}
	}
	return out.String(), st, err
}

func writeFile(t testing.TB, name string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
