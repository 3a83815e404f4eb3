package compare

import (
	"bufio"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// Erlang/OTP's asn1ct is the third NGAP decoder that BenchmarkPER times:
// the member "erlang" runs testdata/asn1ct-bench.escript over the same
// messages, with the module that `erlc -bper` compiles from modules/ngap
// (the source of generated/ngap), in one Erlang node that the benchmark
// process starts once and asks for N rounds at a time. The escript times
// each decode as runSet does the Go members', so that the per-message
// times (gm-ns/msg) compare; ns/op is the benchmark's own clock around
// the N rounds, pipe included. Without erlc, escript or the asn1
// application the member is skipped.

const (
	erlangModules = "../../modules/ngap"
	erlangEscript = "testdata/asn1ct-bench.escript"
)

// errNoErlang is the reason the member "erlang" is skipped.
var errNoErlang = errors.New("Erlang/OTP's asn1ct not timed")

// erlangNode is the escript running, over the messages of ngapTimed.
type erlangNode struct {
	in  io.WriteCloser
	out *bufio.Reader
	k   int // the messages
}

var (
	erlangOnce = sync.OnceValues(startErlang)
	skipErlang sync.Once
)

// startErlang compiles the NGAP modules unless a compiled module newer
// than they are is in the cache (that of testdata/per/verify.sh:
// $PERVEC_CACHE or $TMPDIR/asn1gen-pervec), starts the escript and gives it
// the messages, which it checks.
func startErlang() (*erlangNode, error) {
	for _, tool := range []string{"erlc", "escript", "erl"} {
		if _, err := exec.LookPath(tool); err != nil {
			return nil, fmt.Errorf("%w: %v (Debian: apt-get install erlang-asn1 erlang-dev)", errNoErlang, err)
		}
	}
	out, err := exec.Command("erl", "-noshell", "-eval", `io:format("~p", [code:which(asn1ct)]), halt().`).Output()
	if err != nil || strings.Contains(string(out), "non_existing") {
		return nil, fmt.Errorf("%w: no asn1 application (Debian: apt-get install erlang-asn1) %v", errNoErlang, err)
	}
	dir, err := compileNGAP()
	if err != nil {
		return nil, err
	}
	set, err := ngapTimedOnce()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command("escript", erlangEscript, dir, "NGAP", "NGAP-PDU")
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	n := &erlangNode{in: in, out: bufio.NewReader(stdout), k: len(set)}
	var msgs strings.Builder
	for _, enc := range set {
		msgs.WriteString(hex.EncodeToString(enc) + "\n")
	}
	msgs.WriteString("\n")
	if _, err := io.WriteString(in, msgs.String()); err != nil {
		return nil, err
	}
	line, err := n.out.ReadString('\n')
	if err != nil {
		return nil, fmt.Errorf("asn1ct-bench.escript: %v", err)
	}
	if want := fmt.Sprintf("ok %d\n", len(set)); line != want {
		return nil, fmt.Errorf("asn1ct-bench.escript: %q, want %q", line, want)
	}
	return n, nil
}

// compileNGAP returns the directory of NGAP.beam, compiling it first
// (minutes) unless it is newer than every module file.
func compileNGAP() (string, error) {
	cache := os.Getenv("PERVEC_CACHE")
	if cache == "" {
		cache = filepath.Join(os.TempDir(), "asn1gen-pervec")
	}
	dir := filepath.Join(cache, "NGAP")
	files, err := filepath.Glob(filepath.Join(erlangModules, "*.asn"))
	if err != nil || len(files) == 0 {
		return "", fmt.Errorf("the NGAP modules in %s: %v", erlangModules, err)
	}
	fresh := false
	if beam, err := os.Stat(filepath.Join(dir, "NGAP.beam")); err == nil {
		fresh = true
		for _, f := range files {
			if st, err := os.Stat(f); err != nil || st.ModTime().After(beam.ModTime()) {
				fresh = false
			}
		}
	}
	if fresh {
		return dir, nil
	}
	var list strings.Builder
	for _, f := range files {
		abs, err := filepath.Abs(f)
		if err != nil {
			return "", err
		}
		list.WriteString(abs + "\n")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "NGAP.set.asn"), []byte(list.String()), 0o644); err != nil {
		return "", err
	}
	fmt.Fprintf(os.Stderr, "BenchmarkPER: compiling NGAP with erlc -bper into %s (once; minutes)\n", dir)
	cmd := exec.Command("erlc", "-bper", "NGAP.set.asn")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("erlc -bper NGAP.set.asn: %v\n%s", err, out)
	}
	return dir, nil
}

// rounds has the node decode every message n times and returns the
// nanoseconds of each message's n decodes.
func (e *erlangNode) rounds(n int) ([]float64, error) {
	if _, err := fmt.Fprintf(e.in, "%d\n", n); err != nil {
		return nil, err
	}
	line, err := e.out.ReadString('\n')
	if err != nil {
		return nil, fmt.Errorf("asn1ct-bench.escript: %v", err)
	}
	fields := strings.Fields(line)
	if len(fields) != e.k {
		return nil, fmt.Errorf("asn1ct-bench.escript: %d times for %d messages: %q", len(fields), e.k, line)
	}
	ns := make([]float64, e.k)
	for i, f := range fields {
		if ns[i], err = strconv.ParseFloat(f, 64); err != nil {
			return nil, fmt.Errorf("asn1ct-bench.escript: %v", err)
		}
	}
	return ns, nil
}

// runErlang is the member "erlang" of the decode benchmark: asn1ct's
// decode of every message of set per operation, as runSet reports the Go
// members.
func runErlang(b *testing.B, set [][]byte) {
	b.Run("erlang", func(b *testing.B) {
		e, err := erlangOnce()
		if errors.Is(err, errNoErlang) {
			// on standard output, as ngapTimed's: the log of a
			// skipped benchmark is not shown
			skipErlang.Do(func() { fmt.Printf("BenchmarkPER: %v\n", err) })
			b.Skip(err)
		}
		if err != nil {
			b.Fatal(err)
		}
		b.SetBytes(setBytes(set))
		b.ResetTimer()
		ns, err := e.rounds(b.N)
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		perMsg := make([]time.Duration, len(ns))
		for i, t := range ns {
			perMsg[i] = time.Duration(t)
		}
		reportPerMessage(b, perMsg, len(set))
	})
}
