// Command benchtable turns `go test -bench` output into the ratio table that
// `make bench` prints.
//
// Benchmarks are grouped by family: BenchmarkCRL/floor, BenchmarkCRL/tree and
// BenchmarkCRL/crypto-x509 form the family CRL. Within a family every result is
// shown with its ratio to the member named "floor" (the bare TLV walk, or the
// bit-reader walk of the PER families) and, for members that are not
// baselines, the speed-up over the other libraries' members: "crypto-x509",
// "encoding-asn1", "free5gc" and "erlang" (NGAP: Erlang/OTP's asn1ct) and
// "encoding-json" (JER); the column of a library is shown when some family
// of the input has its member. With -count > 1 the median of the runs is
// used.
//
// A family whose every member reports gm-ns/msg (the PER families: the
// geometric mean over the messages of each message's time) is compared in
// it rather than in ns/op, so that each message weighs the same; its time
// column shows it, marked "per msg (gm)".
// Absolute times on shared machines are noise; the ratios, measured in one
// process, are what to compare.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// libraries are the members of the other libraries that other members are
// compared against, with the names of their columns; external ones run in
// another process, whose allocations the benchmark does not see (it
// reports 0 B/op).
var libraries = []struct {
	member, label string
	external      bool
}{
	{"crypto-x509", "crypto/x509", false},
	{"encoding-asn1", "encoding/asn1", false},
	{"free5gc", "free5gc", false},
	{"erlang", "Erlang asn1ct", true},
	{"encoding-json", "encoding/json", false},
}

type result struct {
	ns, gm, bytes, allocs []float64
	// metrics holds every value by its unit, the custom ones
	// (b.ReportMetric: ns/cert, certs/op, ns/msg, ns/entry) with the others.
	metrics map[string][]float64
}

// metric returns the median of the values of unit, 0 if none.
func (r *result) metric(unit string) float64 {
	if r == nil {
		return 0
	}
	return median(r.metrics[unit])
}

type family struct {
	name    string
	order   []string // members in first-seen order
	members map[string]*result
}

var line = regexp.MustCompile(`^Benchmark(\S+?)(?:-\d+)?\s+\d+\s+(.*)$`)

func main() {
	fams, err := parse(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchtable:", err)
		os.Exit(1)
	}
	write(os.Stdout, fams)
	fmt.Println()
	writeTargets(os.Stdout, fams)
}

func parse(r io.Reader) ([]*family, error) {
	var fams []*family
	byName := map[string]*family{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		m := line.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		famName, member := m[1], "-"
		if i := strings.LastIndexByte(m[1], '/'); i >= 0 {
			famName, member = m[1][:i], m[1][i+1:]
		}
		f := byName[famName]
		if f == nil {
			f = &family{name: famName, members: map[string]*result{}}
			byName[famName] = f
			fams = append(fams, f)
		}
		res := f.members[member]
		if res == nil {
			res = &result{metrics: map[string][]float64{}}
			f.members[member] = res
			f.order = append(f.order, member)
		}
		fields := strings.Fields(m[2])
		for i := 0; i+1 < len(fields); i += 2 {
			v, err := strconv.ParseFloat(fields[i], 64)
			if err != nil {
				continue
			}
			res.metrics[fields[i+1]] = append(res.metrics[fields[i+1]], v)
			switch fields[i+1] {
			case "ns/op":
				res.ns = append(res.ns, v)
			case "gm-ns/msg":
				res.gm = append(res.gm, v)
			case "B/op":
				res.bytes = append(res.bytes, v)
			case "allocs/op":
				res.allocs = append(res.allocs, v)
			}
		}
	}
	return fams, sc.Err()
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func isBaseline(member string) bool {
	if member == "floor" {
		return true
	}
	for _, l := range libraries {
		if member == l.member {
			return true
		}
	}
	return false
}

func isExternal(member string) bool {
	for _, l := range libraries {
		if member == l.member {
			return l.external
		}
	}
	return false
}

func write(w io.Writer, fams []*family) {
	// the libraries that some family has, in the order of libraries; the
	// first two always, so that the table of the DER benchmarks keeps its
	// shape
	var libs []int
	for i, l := range libraries {
		has := i < 2
		for _, f := range fams {
			has = has || f.members[l.member] != nil
		}
		if has {
			libs = append(libs, i)
		}
	}
	fmt.Fprint(w, "| workload | time/op | × floor |")
	for _, i := range libs {
		fmt.Fprintf(w, " speed-up vs %s |", libraries[i].label)
	}
	fmt.Fprintln(w, " B/op | allocs/op |")
	fmt.Fprintln(w, "|---|---|---|"+strings.Repeat("---|", len(libs))+"---|---|")
	ratio := func(num, den float64) string {
		if num == 0 || den == 0 {
			return ""
		}
		return fmt.Sprintf("%.2f", num/den)
	}
	for _, f := range fams {
		gm := true
		for _, r := range f.members {
			gm = gm && len(r.gm) > 0
		}
		time := func(r *result) float64 {
			if gm {
				return median(r.gm)
			}
			return median(r.ns)
		}
		med := func(member string) float64 {
			if r := f.members[member]; r != nil {
				return time(r)
			}
			return 0
		}
		for _, m := range f.order {
			r := f.members[m]
			ns := time(r)
			shown := formatNs(ns)
			if gm {
				shown += " per msg (gm)"
			}
			fmt.Fprintf(w, "| %s/%s | %s | %s |", f.name, m, shown, ratio(ns, med("floor")))
			for _, i := range libs {
				vs := ""
				if !isBaseline(m) {
					vs = ratio(med(libraries[i].member), ns)
				}
				fmt.Fprintf(w, " %s |", vs)
			}
			if isExternal(m) {
				fmt.Fprintln(w, "  |  |")
				continue
			}
			fmt.Fprintf(w, " %s | %s |\n", count(r.bytes), count(r.allocs))
		}
	}
}

// count is the median of v, or nothing when no run reported it.
func count(v []float64) string {
	if len(v) == 0 {
		return ""
	}
	return fmt.Sprintf("%.0f", median(v))
}

func formatNs(ns float64) string {
	switch {
	case ns >= 1e9:
		return fmt.Sprintf("%.2f s", ns/1e9)
	case ns >= 1e6:
		return fmt.Sprintf("%.2f ms", ns/1e6)
	case ns >= 1e3:
		return fmt.Sprintf("%.2f µs", ns/1e3)
	}
	return fmt.Sprintf("%.0f ns", ns)
}
