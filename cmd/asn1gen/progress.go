package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// A long command (gen of a large set, dump of a large file) shows on
// stderr what it is doing and how far it is, one line rewritten in place:
//
//	asn1gen dump: decoding values: 1.2 MB of 4.7 MB (26%), 1.9 s
//
// only when stderr is a terminal (nothing goes to a file or a pipe), and
// only after progressDelay, so that a short command shows nothing. The
// line is cleared when the command ends or writes to the terminal itself.
var (
	progressDelay = time.Second
	progressTick  = 200 * time.Millisecond
)

// progress is the progress line of one command; its methods do nothing
// when it is off (a nil *progress).
type progress struct {
	w    io.Writer
	name string

	done  atomic.Int64 // how far the phase is, in its unit
	mu    sync.Mutex
	phase string
	total int64 // 0: the phase has no measure, only its time
	bytes bool  // done and total count octets
	start time.Time
	shown bool // a line is on the terminal

	stop chan struct{}
	wg   sync.WaitGroup
}

// startProgress returns the progress line of the command name, writing
// to stderr if it is a terminal, else nil (off).
func startProgress(stderr io.Writer, name string) *progress {
	if !terminal(stderr) || os.Getenv("TERM") == "dumb" {
		return nil
	}
	return newProgress(stderr, name)
}

// newProgress returns a progress line written to w, whatever w is.
func newProgress(w io.Writer, name string) *progress {
	p := &progress{w: w, name: name, stop: make(chan struct{}), start: time.Now()}
	p.wg.Add(1)
	go p.run()
	return p
}

func (p *progress) run() {
	defer p.wg.Done()
	select {
	case <-time.After(progressDelay):
	case <-p.stop:
		return
	}
	t := time.NewTicker(progressTick)
	defer t.Stop()
	for {
		p.draw()
		select {
		case <-t.C:
		case <-p.stop:
			return
		}
	}
}

// draw writes the line of the current phase over the previous one.
func (p *progress) draw() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.phase == "" {
		return
	}
	line := "\r\x1b[K" + p.name + ": " + p.phase
	if p.total > 0 {
		done := min(p.done.Load(), p.total)
		if p.bytes {
			line += ": " + size(done) + " of " + size(p.total)
		} else {
			line += ": " + strconv.FormatInt(done, 10) + " of " + strconv.FormatInt(p.total, 10)
		}
		line += fmt.Sprintf(" (%d%%)", done*100/p.total)
	}
	line += fmt.Sprintf(", %.1f s", time.Since(p.start).Seconds())
	io.WriteString(p.w, line)
	p.shown = true
}

// size writes n octets for people.
func size(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f kB", float64(n)/(1<<10))
	}
	return strconv.FormatInt(n, 10) + " B"
}

// set starts a phase: what the command does now and, if total > 0, how
// much of it there is (octets if bytes).
func (p *progress) set(phase string, total int64, bytes bool) {
	if p == nil {
		return
	}
	p.mu.Lock()
	p.phase, p.total, p.bytes = phase, total, bytes
	p.done.Store(0)
	p.mu.Unlock()
}

// reach records that the phase is at n (the largest n given counts).
func (p *progress) reach(n int64) {
	if p == nil {
		return
	}
	for {
		old := p.done.Load()
		if n <= old || p.done.CompareAndSwap(old, n) {
			return
		}
	}
}

// offsets returns a function for the Progress hooks of asn1dump and
// schemadump, which give offsets in the input; nil when p is off.
func (p *progress) offsets() func(int) {
	if p == nil {
		return nil
	}
	return func(off int) { p.reach(int64(off)) }
}

// pause clears the line until the next phase (set): the command writes
// to the terminal.
func (p *progress) pause() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.phase = ""
	if p.shown {
		io.WriteString(p.w, "\r\x1b[K")
		p.shown = false
	}
}

// end clears the line and stops the progress.
func (p *progress) end() {
	if p == nil {
		return
	}
	select {
	case <-p.stop:
		return // ended already
	default:
	}
	close(p.stop)
	p.wg.Wait()
	p.pause()
}

// terminal reports whether w is a terminal.
func terminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && isTerminal(f.Fd())
}
