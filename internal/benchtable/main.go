// Command benchtable turns `go test -bench` output into the ratio table that
// `make bench` prints.
//
// Benchmarks are grouped by family: BenchmarkCRL/floor, BenchmarkCRL/tree and
// BenchmarkCRL/crypto-x509 form the family CRL. Within a family every result is
// shown with its ratio to the member named "floor" (the bare TLV walk) and, for
// members that are not baselines, the speed-up over the "crypto-x509" and
// "encoding-asn1" members. With -count > 1 the median of the runs is used.
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

// baselines are the member names that other members are compared against.
var baselines = []string{"floor", "crypto-x509", "encoding-asn1"}

type result struct {
	ns, bytes, allocs []float64
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
			res = &result{}
			f.members[member] = res
			f.order = append(f.order, member)
		}
		fields := strings.Fields(m[2])
		for i := 0; i+1 < len(fields); i += 2 {
			v, err := strconv.ParseFloat(fields[i], 64)
			if err != nil {
				continue
			}
			switch fields[i+1] {
			case "ns/op":
				res.ns = append(res.ns, v)
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
	for _, b := range baselines {
		if member == b {
			return true
		}
	}
	return false
}

func write(w io.Writer, fams []*family) {
	fmt.Fprintln(w, "| workload | time/op | × floor | speed-up vs crypto/x509 | speed-up vs encoding/asn1 | B/op | allocs/op |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|")
	for _, f := range fams {
		base := map[string]float64{}
		for _, b := range baselines {
			if r := f.members[b]; r != nil {
				base[b] = median(r.ns)
			}
		}
		for _, m := range f.order {
			r := f.members[m]
			ns := median(r.ns)
			ratio := func(num, den float64) string {
				if num == 0 || den == 0 {
					return ""
				}
				return fmt.Sprintf("%.2f", num/den)
			}
			vsFloor := ratio(ns, base["floor"])
			var vsX509, vsASN1 string
			if !isBaseline(m) {
				vsX509 = ratio(base["crypto-x509"], ns)
				vsASN1 = ratio(base["encoding-asn1"], ns)
			}
			fmt.Fprintf(w, "| %s/%s | %s | %s | %s | %s | %.0f | %.0f |\n",
				f.name, m, formatNs(ns), vsFloor, vsX509, vsASN1, median(r.bytes), median(r.allocs))
		}
	}
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
