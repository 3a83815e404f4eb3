// Command fuzztable turns the output of `make fuzz` into the table of
// executions per second that it prints at its end, one row per target.
//
// make fuzz runs `go test -v -fuzz` once per target and prints a line
// "== PACKAGE TARGET" before each. A target's executions are the count of
// go test's last "fuzz: elapsed: ..., execs: N (...)" line; its time is
// that of its "--- PASS: TARGET (S s)" line (or "--- FAIL"), which covers
// the seeds, the mutations and the start of the workers: the rate is what
// a run of the target achieves, not the peak of one status interval. With
// -workers, the rate per worker (one worker per core) is shown too, and the
// targets below -min per worker are marked. The table reports; it never
// fails on speed, which a loaded machine would make flaky.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
)

// result is what the output says of one target.
type result struct {
	pkg, target string
	seeds       int     // inputs of the baseline run (seeds and cached corpus)
	execs       int64   // executions, the seeds' included
	secs        float64 // the target's time; 0 when the output has none
	status      string  // "PASS", "FAIL", or "" when the output ends first
}

var (
	header   = regexp.MustCompile(`^== (\S+) (Fuzz\S*)$`)
	baseline = regexp.MustCompile(`^fuzz: elapsed: \S+, (?:gathering baseline coverage|testing seed corpus): \d+/(\d+) completed`)
	execs    = regexp.MustCompile(`^fuzz: elapsed: (\d+)s, execs: (\d+) `)
	done     = regexp.MustCompile(`^--- (PASS|FAIL): (Fuzz\S*) \(([0-9.]+)s\)`)
)

func main() {
	workers := flag.Int("workers", 0, "fuzzing processes per target (go test -parallel), for the rate per worker; 0 leaves it out")
	min := flag.Float64("min", 1000, "executions per second per worker below which a target is marked")
	flag.Parse()
	res, err := parse(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "fuzztable:", err)
		os.Exit(1)
	}
	write(os.Stdout, res, *workers, *min)
}

// parse reads the output of make fuzz.
func parse(r io.Reader) ([]*result, error) {
	var out []*result
	var cur *result
	elapsed := 0 // the last status line's elapsed seconds
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if m := header.FindStringSubmatch(line); m != nil {
			cur = &result{pkg: m[1], target: m[2]}
			out = append(out, cur)
			elapsed = 0
			continue
		}
		if cur == nil {
			continue
		}
		if m := baseline.FindStringSubmatch(line); m != nil {
			cur.seeds, _ = strconv.Atoi(m[1])
		} else if m := execs.FindStringSubmatch(line); m != nil {
			elapsed, _ = strconv.Atoi(m[1])
			cur.execs, _ = strconv.ParseInt(m[2], 10, 64)
			if cur.status == "" {
				cur.secs = float64(elapsed)
			}
		} else if m := done.FindStringSubmatch(line); m != nil && m[2] == cur.target {
			cur.status = m[1]
			cur.secs, _ = strconv.ParseFloat(m[3], 64)
		}
	}
	return out, sc.Err()
}

// write prints the table in Markdown.
func write(w io.Writer, res []*result, workers int, min float64) {
	fmt.Fprint(w, "| package | target | seeds | execs | time (s) | exec/s |")
	if workers > 0 {
		fmt.Fprintf(w, " exec/s per worker (%d) |", workers)
	}
	fmt.Fprintln(w, " note |")
	fmt.Fprint(w, "|---|---|---|---|---|---|")
	if workers > 0 {
		fmt.Fprint(w, "---|")
	}
	fmt.Fprintln(w, "---|")
	slow := 0
	for _, r := range res {
		rate := ""
		var perWorker float64
		if r.secs > 0 {
			rate = fmt.Sprintf("%.0f", float64(r.execs)/r.secs)
			if workers > 0 {
				perWorker = float64(r.execs) / r.secs / float64(workers)
			}
		}
		fmt.Fprintf(w, "| %s | %s | %d | %d | %.2f | %s |", r.pkg, r.target, r.seeds, r.execs, r.secs, rate)
		if workers > 0 {
			if rate == "" {
				fmt.Fprint(w, "  |")
			} else {
				fmt.Fprintf(w, " %.0f |", perWorker)
			}
		}
		note := ""
		switch {
		case r.status == "":
			note = "no result"
		case r.status == "FAIL":
			note = "FAIL"
		case workers > 0 && perWorker < min:
			note = fmt.Sprintf("below %.0f/s per worker", min)
			slow++
		}
		fmt.Fprintf(w, " %s |\n", note)
	}
	if slow > 0 {
		fmt.Fprintf(w, "\n%d of %d targets below %.0f executions per second per worker\n", slow, len(res), min)
	}
}
