package main

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// The second table of make bench: the rows of the speed issue's table
// (performance targets), each read from the families of the same run as
// ratios to the floor and to the other libraries' members, with its
// target and whether this run meets it. A row whose benchmark is not in
// the input says so.

// runs indexes the families of one run by name.
type runs map[string]*family

// ns returns the median time per operation of a member, 0 if absent.
func (r runs) ns(fam, member string) float64 {
	if f := r[fam]; f != nil {
		if m := f.members[member]; m != nil {
			return median(m.ns)
		}
	}
	return 0
}

// member returns a member's result, nil if absent.
func (r runs) member(fam, member string) *result {
	if f := r[fam]; f != nil {
		return f.members[member]
	}
	return nil
}

// targetRow is one row of the table: the workload, what this run
// measured, the target and whether it is met ("yes", "no", or "–" when
// this run cannot tell).
type targetRow struct {
	workload, measured, target, met string
}

func yesNo(ok bool) string {
	if ok {
		return "yes"
	}
	return "no"
}

// missing is the row of a workload whose benchmark is not in the run.
func missing(workload, bench, target string) targetRow {
	return targetRow{workload, "not in this run (" + bench + ")", target, "–"}
}

// targetRows returns the rows of the table for the run.
func targetRows(r runs) []targetRow {
	var rows []targetRow
	rows = append(rows, rootCertRows(r)...)
	rows = append(rows, crlRow(r))
	rows = append(rows, encodeRow(r, "certificates encode", "TypedCertsEncode", 6))
	rows = append(rows, encodeRow(r, "CRL encode", "TypedCRLEncode", 3.5))
	rows = append(rows, viewRows(r)...)
	rows = append(rows, ngapRow(r))
	rows = append(rows, targetRow{"instructions per certificate (whole call)",
		"not measured by make bench: valgrind --tool=callgrind with GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off", "≤ 22,000", "–"})
	return rows
}

// rootCertRows: the full typed strict decode of the root certificates
// (BenchmarkTypedRootCerts), its time and its bytes per certificate.
func rootCertRows(r runs) []targetRow {
	const fam = "TypedRootCerts"
	a, x := r.member(fam, "asn1gen"), r.member(fam, "crypto-x509")
	if a == nil || r.ns(fam, "floor") == 0 || x == nil {
		return []targetRow{
			missing("root certificate, full typed strict decode", "BenchmarkTypedRootCerts", "≤ 7× the floor, ≥ 3× faster than crypto/x509"),
			missing("bytes allocated per certificate", "BenchmarkTypedRootCerts", "≤ 2.3 KB"),
		}
	}
	floor, speed := r.ns(fam, "asn1gen")/r.ns(fam, "floor"), r.ns(fam, "crypto-x509")/r.ns(fam, "asn1gen")
	perCert := func(m *result) string {
		n := m.metric("certs/op")
		if n == 0 {
			n = 1
		}
		return fmt.Sprintf("%.0f B, %.1f allocs", m.metric("B/op")/n, m.metric("allocs/op")/n)
	}
	n := a.metric("certs/op")
	if n == 0 {
		n = 1
	}
	bytes := a.metric("B/op") / n
	return []targetRow{
		{"root certificate, full typed strict decode",
			fmt.Sprintf("%s/cert: %.2f× the floor, speed-up vs crypto/x509 %.2f", formatNs(r.ns(fam, "asn1gen")/n), floor, speed),
			"≤ 7× the floor, ≥ 3× faster than crypto/x509", yesNo(floor <= 7 && speed >= 3)},
		{"bytes allocated per certificate", perCert(a) + " (crypto/x509: " + perCert(x) + ")", "≤ 2.3 KB", yesNo(bytes <= 2300)},
	}
}

// crlRow: the full typed decode of the huge CRL (BenchmarkTypedCRL), with
// the time per entry when the benchmark reports entries/op.
func crlRow(r runs) targetRow {
	const fam, workload, target = "TypedCRL", "CRL full typed decode", "≤ 4× the floor"
	a := r.member(fam, "asn1gen")
	if a == nil || r.ns(fam, "floor") == 0 {
		return missing(workload, "BenchmarkTypedCRL", target)
	}
	floor := r.ns(fam, "asn1gen") / r.ns(fam, "floor")
	m := fmt.Sprintf("%s: %.2f× the floor", formatNs(r.ns(fam, "asn1gen")), floor)
	if n := a.metric("entries/op"); n > 0 {
		m += fmt.Sprintf(", %s/entry (floor %s/entry), %.0f B per entry, %.0f allocations in all",
			formatNs(r.ns(fam, "asn1gen")/n), formatNs(r.ns(fam, "floor")/n), a.metric("B/op")/n, a.metric("allocs/op"))
	}
	if x := r.ns(fam, "crypto-x509"); x > 0 {
		m += fmt.Sprintf("; speed-up vs crypto/x509 %.2f", x/r.ns(fam, "asn1gen"))
	}
	return targetRow{workload, m, target, yesNo(floor <= 4)}
}

// encodeRow: an encode family's asn1gen member against its floor.
func encodeRow(r runs, workload, fam string, max float64) targetRow {
	target := fmt.Sprintf("≤ %g× the floor", max)
	if r.ns(fam, "asn1gen") == 0 || r.ns(fam, "floor") == 0 {
		return missing(workload, "Benchmark"+fam, target)
	}
	floor := r.ns(fam, "asn1gen") / r.ns(fam, "floor")
	return targetRow{workload, fmt.Sprintf("%s: %.2f× the floor", formatNs(r.ns(fam, "asn1gen")), floor), target, yesNo(floor <= max)}
}

// viewRows: the shallow parse of each certificate of BenchmarkViewParse
// (ViewParse/NAME families), which must be flat in the certificate's size.
func viewRows(r runs) []targetRow {
	const target = "≤ 50 ns, flat in size"
	var names []string
	for name := range r {
		if strings.HasPrefix(name, "ViewParse/") && r.member(name, "asn1gen-view") != nil {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return []targetRow{missing("shallow certificate parse (views)", "BenchmarkViewParse", target)}
	}
	sort.Strings(names)
	var rows []targetRow
	for _, name := range names {
		v := r.ns(name, "asn1gen-view")
		m := formatNs(v)
		if fl := r.ns(name, "floor"); fl > 0 {
			m += fmt.Sprintf(": %.3f× the floor", v/fl)
		}
		if x := r.ns(name, "crypto-x509"); x > 0 {
			m += fmt.Sprintf(", speed-up vs crypto/x509 %.0f", x/v)
		}
		rows = append(rows, targetRow{"shallow certificate parse, " + strings.TrimPrefix(name, "ViewParse/"), m, target, yesNo(v <= 50)})
	}
	return rows
}

// ngapRow: the APER decode of the NGAP messages (bench/compare's
// PER/NGAP-decode), per message, against free5gc and, when the run has
// its member, Erlang's asn1ct.
func ngapRow(r runs) targetRow {
	const fam, workload, target = "PER/NGAP-decode", "NGAP APER decode, per real message", "≤ Erlang's time in the same run"
	a := r.member(fam, "asn1gen")
	if a == nil {
		return missing(workload, "bench/compare BenchmarkPER", target)
	}
	// The geometric mean of the messages' times where the members time
	// each message (gm-ns/msg), else the mean.
	per := func(m *result) float64 {
		for _, unit := range []string{"gm-ns/msg", "ns/msg"} {
			if v := m.metric(unit); v > 0 {
				return v
			}
		}
		return median(m.ns)
	}
	ours := per(a)
	m := formatNs(ours) + "/msg"
	if fl := r.member(fam, "floor"); fl != nil && per(fl) > 0 {
		m += fmt.Sprintf(": %.2f× the floor", ours/per(fl))
	}
	if f := r.member(fam, "free5gc"); f != nil {
		m += fmt.Sprintf(", speed-up vs free5gc %.2f (%s/msg)", per(f)/ours, formatNs(per(f)))
	}
	e := r.member(fam, "erlang")
	if e == nil {
		return targetRow{workload, m + "; Erlang not in this run", target, "–"}
	}
	m += fmt.Sprintf(", speed-up vs Erlang %.2f (%s/msg)", per(e)/ours, formatNs(per(e)))
	return targetRow{workload, m, target, yesNo(ours <= per(e))}
}

// writeTargets prints the rows of the table for the families of
// one run.
func writeTargets(w io.Writer, fams []*family) {
	r := runs{}
	for _, f := range fams {
		r[f.name] = f
	}
	fmt.Fprintln(w, "| target row | this run | target | met |")
	fmt.Fprintln(w, "|---|---|---|---|")
	for _, row := range targetRows(r) {
		fmt.Fprintf(w, "| %s | %s | %s | %s |\n", row.workload, row.measured, row.target, row.met)
	}
}
