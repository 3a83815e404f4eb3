package main

import (
	"bytes"
	"io"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// openPTY opens a pseudo-terminal: the terminal side, which the command
// writes to, and the controller side, which reads what it wrote.
func openPTY(t *testing.T) (term, ctl *os.File) {
	t.Helper()
	ctl, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { ctl.Close() })
	var unlock int32
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, ctl.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); errno != 0 {
		t.Fatalf("unlockpt: %v", errno)
	}
	var n uint32
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, ctl.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); errno != 0 {
		t.Fatalf("ptsname: %v", errno)
	}
	term, err = os.OpenFile("/dev/pts/"+strconv.Itoa(int(n)), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { term.Close() })
	return term, ctl
}

func TestIsTerminal(t *testing.T) {
	term, ctl := openPTY(t)
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	file, err := os.Create(t.TempDir() + "/f")
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	for _, tt := range []struct {
		name string
		f    *os.File
		want bool
	}{{"pseudo-terminal", term, true}, {"its controller", ctl, true}, {"pipe", w, false}, {"/dev/null", null, false}, {"file", file, false}} {
		if got := isTerminal(tt.f.Fd()); got != tt.want {
			t.Errorf("isTerminal(%s) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestDumpProgressOnTerminal dumps a large input with stderr on a
// pseudo-terminal: the progress line shows, and is cleared at the end; the
// same dump with stderr on a pipe shows nothing but the dump.
func TestDumpProgressOnTerminal(t *testing.T) {
	defer func(d, k time.Duration) { progressDelay, progressTick = d, k }(progressDelay, progressTick)
	progressDelay, progressTick = 0, time.Millisecond
	// a SEQUENCE of 100,000 INTEGERs: long enough to see several ticks
	var items []byte
	for i := range 100000 {
		items = append(items, 0x02, 0x02, byte(i>>8)&0x7f|1, byte(i))
	}
	in := append([]byte{0x30, 0x83, byte(len(items) >> 16), byte(len(items) >> 8), byte(len(items))}, items...)
	name := t.TempDir() + "/big.der"
	if err := os.WriteFile(name, in, 0o644); err != nil {
		t.Fatal(err)
	}

	term, ctl := openPTY(t)
	var seen bytes.Buffer
	done := make(chan struct{})
	go func() {
		defer close(done)
		io.Copy(&seen, ctl) // until the terminal side closes
	}()
	var stdout bytes.Buffer
	if code := run([]string{"dump", name}, &stdout, term); code != 0 {
		t.Fatalf("exit status %d", code)
	}
	term.Close()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the terminal output did not end")
	}
	got := seen.String()
	if !strings.Contains(got, "asn1gen dump: ") || !strings.Contains(got, " of 390.6 kB (") || !strings.HasSuffix(got, "\r\x1b[K") {
		t.Errorf("terminal got %q, want progress lines ending cleared", got)
	}
	if strings.Contains(stdout.String(), "\r") || !strings.HasPrefix(stdout.String(), "     0 d=0 hl=5 l=400000 cons: SEQUENCE\n") {
		t.Errorf("stdout starts %.100q", stdout.String())
	}

	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	if code := run([]string{"dump", name}, io.Discard, w); code != 0 {
		t.Fatalf("exit status %d", code)
	}
	w.Close()
	if b, _ := io.ReadAll(r); len(b) > 0 {
		t.Errorf("stderr on a pipe got %q, want nothing", b)
	}
}
