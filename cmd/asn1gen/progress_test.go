package main

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a bytes.Buffer written by the progress goroutine and
// read by the test.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// waitFor waits until the buffer holds want.
func waitFor(t *testing.T, b *lockedBuffer, want string) {
	t.Helper()
	for start := time.Now(); !strings.Contains(b.String(), want); time.Sleep(time.Millisecond) {
		if time.Since(start) > 5*time.Second {
			t.Fatalf("the progress line never said %q; it wrote %q", want, b.String())
		}
	}
}

func TestProgressLine(t *testing.T) {
	defer func(d, k time.Duration) { progressDelay, progressTick = d, k }(progressDelay, progressTick)
	progressDelay, progressTick = 0, time.Millisecond
	var b lockedBuffer
	p := newProgress(&b, "asn1gen dump")
	p.set("decoding", 4<<20, true)
	p.reach(1 << 20)
	p.reach(1000) // the largest offset counts
	waitFor(t, &b, "\r\x1b[Kasn1gen dump: decoding: 1.0 MB of 4.0 MB (25%), ")
	p.set("generating Go from 3 modules", 0, false)
	waitFor(t, &b, "\r\x1b[Kasn1gen dump: generating Go from 3 modules, ")
	p.set("writing 2 files", 3, false)
	p.reach(2)
	waitFor(t, &b, "writing 2 files: 2 of 3 (66%), ")
	p.pause()
	paused := b.String()
	if !strings.HasSuffix(paused, "\r\x1b[K") {
		t.Errorf("pause did not clear the line: %q", paused)
	}
	time.Sleep(20 * time.Millisecond)
	if b.String() != paused {
		t.Errorf("a paused progress wrote %q", strings.TrimPrefix(b.String(), paused))
	}
	p.set("writing", 2048, true)
	p.reach(1024)
	waitFor(t, &b, "writing: 1.0 kB of 2.0 kB (50%)")
	p.end()
	p.end() // twice is fine
	if !strings.HasSuffix(b.String(), "\r\x1b[K") {
		t.Errorf("end did not clear the line: %q", b.String())
	}

	// A command that ends before the delay shows nothing.
	progressDelay = time.Hour
	var quiet lockedBuffer
	q := newProgress(&quiet, "asn1gen gen")
	q.set("generating", 0, false)
	q.end()
	if quiet.String() != "" {
		t.Errorf("a short command wrote %q", quiet.String())
	}

	// Off (stderr not a terminal): every method does nothing.
	var off *progress
	off.set("x", 1, false)
	off.reach(1)
	off.pause()
	off.end()
	if startProgress(&quiet, "asn1gen") != nil {
		t.Error("a progress line on a buffer, which is not a terminal")
	}
}
