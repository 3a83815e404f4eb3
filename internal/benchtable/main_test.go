package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestTable(t *testing.T) {
	in := `goos: linux
BenchmarkCRL/floor-2         	     100	   2000000 ns/op	4350.00 MB/s	       0 B/op	       0 allocs/op
BenchmarkCRL/tree-2          	      50	   5000000 ns/op	1740.00 MB/s	  100 B/op	       3 allocs/op
BenchmarkCRL/tree-2          	      50	   7000000 ns/op	1740.00 MB/s	  100 B/op	       3 allocs/op
BenchmarkCRL/tree-2          	      50	   6000000 ns/op	1740.00 MB/s	  100 B/op	       3 allocs/op
BenchmarkCRL/crypto-x509-2   	       4	 300000000 ns/op	  29.00 MB/s	 9000 B/op	  1000 allocs/op
BenchmarkOID-2               	 1000000	      50 ns/op	       0 B/op	       0 allocs/op
PASS
`
	fams, err := parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	write(&out, fams)
	want := `| workload | time/op | × floor | speed-up vs crypto/x509 | speed-up vs encoding/asn1 | B/op | allocs/op |
|---|---|---|---|---|---|---|
| CRL/floor | 2.00 ms | 1.00 |  |  | 0 | 0 |
| CRL/tree | 6.00 ms | 3.00 | 50.00 |  | 100 | 3 |
| CRL/crypto-x509 | 300.00 ms | 150.00 |  |  | 9000 | 1000 |
| OID/- | 50 ns |  |  |  | 0 | 0 |
`
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("table (-want +got):\n%s", diff)
	}
}

// TestTableFree5GC: a PER family with free5gc's member adds its column.
func TestTableFree5GC(t *testing.T) {
	in := `BenchmarkCRL/floor-2         	     100	   2000000 ns/op	4350.00 MB/s	       0 B/op	       0 allocs/op
BenchmarkCRL/crypto-x509-2   	       4	 300000000 ns/op	  29.00 MB/s	 9000 B/op	  1000 allocs/op
BenchmarkPER/NGAP-decode/floor-2   	  227950	      5000 ns/op	 177.41 MB/s	       310.3 ns/msg	       0 B/op	       0 allocs/op
BenchmarkPER/NGAP-decode/asn1gen-2 	    4808	     20000 ns/op	   4.46 MB/s	     1233 ns/msg	   2993 B/op	    16 allocs/op
BenchmarkPER/NGAP-decode/free5gc-2 	    4808	    200000 ns/op	   4.46 MB/s	     12335 ns/msg	   29936 B/op	    1654 allocs/op
`
	fams, err := parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	write(&out, fams)
	want := `| workload | time/op | × floor | speed-up vs crypto/x509 | speed-up vs encoding/asn1 | speed-up vs free5gc | B/op | allocs/op |
|---|---|---|---|---|---|---|---|
| CRL/floor | 2.00 ms | 1.00 |  |  |  | 0 | 0 |
| CRL/crypto-x509 | 300.00 ms | 150.00 |  |  |  | 9000 | 1000 |
| PER/NGAP-decode/floor | 5.00 µs | 1.00 |  |  |  | 0 | 0 |
| PER/NGAP-decode/asn1gen | 20.00 µs | 4.00 |  |  | 10.00 | 2993 | 16 |
| PER/NGAP-decode/free5gc | 200.00 µs | 40.00 |  |  |  | 29936 | 1654 |
`
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("table (-want +got):\n%s", diff)
	}
}

// TestTableErlang: a PER family whose members report gm-ns/msg is
// compared in it, and the member erlang adds its column, without
// allocations (another process's, which the benchmark reports as 0).
func TestTableErlang(t *testing.T) {
	in := `BenchmarkPER/NGAP-decode/floor-2   	  100000	     10000 ns/op	  85.73 MB/s	       500.0 gm-ns/msg	       670.4 ns/msg	       0 B/op	       0 allocs/op
BenchmarkPER/NGAP-decode/asn1gen-2 	   10000	    100000 ns/op	   8.00 MB/s	      5000 gm-ns/msg	      6000 ns/msg	   4000 B/op	     7 allocs/op
BenchmarkPER/NGAP-decode/free5gc-2 	   10000	    150000 ns/op	   6.00 MB/s	     10000 gm-ns/msg	      9000 ns/msg	  29024 B/op	  1613 allocs/op
BenchmarkPER/NGAP-decode/erlang-2  	   30000	     40000 ns/op	  22.00 MB/s	      2500 gm-ns/msg	      2400 ns/msg	       0 B/op	       0 allocs/op
BenchmarkPER/NGAP-encode/floor-2   	  100000	     10000 ns/op	       600 ns/msg	       0 B/op	       0 allocs/op
BenchmarkPER/NGAP-encode/asn1gen-2 	   10000	     20000 ns/op	      1200 ns/msg	     100 B/op	       1 allocs/op
`
	fams, err := parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	write(&out, fams)
	want := `| workload | time/op | × floor | speed-up vs crypto/x509 | speed-up vs encoding/asn1 | speed-up vs free5gc | speed-up vs Erlang asn1ct | B/op | allocs/op |
|---|---|---|---|---|---|---|---|---|
| PER/NGAP-decode/floor | 500 ns per msg (gm) | 1.00 |  |  |  |  | 0 | 0 |
| PER/NGAP-decode/asn1gen | 5.00 µs per msg (gm) | 10.00 |  |  | 2.00 | 0.50 | 4000 | 7 |
| PER/NGAP-decode/free5gc | 10.00 µs per msg (gm) | 20.00 |  |  |  |  | 29024 | 1613 |
| PER/NGAP-decode/erlang | 2.50 µs per msg (gm) | 5.00 |  |  |  |  |  |  |
| PER/NGAP-encode/floor | 10.00 µs | 1.00 |  |  |  |  | 0 | 0 |
| PER/NGAP-encode/asn1gen | 20.00 µs | 2.00 |  |  |  |  | 100 | 1 |
`
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("table (-want +got):\n%s", diff)
	}
}

// TestTargets: the rows of the speed issue's table, read from one run's
// families as ratios to the floor and to the other libraries; a row whose
// benchmark is not in the run says so.
func TestTargets(t *testing.T) {
	in := `BenchmarkTypedRootCerts/floor-2         	     100	    20000 ns/op	 100.00 MB/s	       200.0 certs/op	       100.0 ns/cert	       0 B/op	       0 allocs/op
BenchmarkTypedRootCerts/asn1gen-2       	     100	   300000 ns/op	 100.00 MB/s	       200.0 certs/op	      1500 ns/cert	  800000 B/op	    1300 allocs/op
BenchmarkTypedRootCerts/crypto-x509-2   	     100	   900000 ns/op	 100.00 MB/s	       200.0 certs/op	      4500 ns/cert	  820000 B/op	   14200 allocs/op
BenchmarkTypedCRL/floor-2               	      10	  2000000 ns/op	4350.00 MB/s	       275000 entries/op	         7.273 ns/entry	       0 B/op	       0 allocs/op
BenchmarkTypedCRL/asn1gen-2             	      10	 10000000 ns/op	 870.00 MB/s	       275000 entries/op	        36.36 ns/entry	55000000 B/op	      11 allocs/op
BenchmarkTypedCRL/crypto-x509-2         	       1	300000000 ns/op	  29.00 MB/s	       275000 entries/op	      1091 ns/entry	263000000 B/op	 1000000 allocs/op
BenchmarkTypedCRLEncode/floor-2         	      10	  2000000 ns/op	4350.00 MB/s	       275000 entries/op	         7.273 ns/entry	       0 B/op	       0 allocs/op
BenchmarkTypedCRLEncode/asn1gen-2       	      10	  6000000 ns/op	1450.00 MB/s	       275000 entries/op	        21.82 ns/entry	       0 B/op	       0 allocs/op
BenchmarkViewParse/RSA-1KB/floor-2      	 1000000	      500.0 ns/op	2000.00 MB/s	       0 B/op	       0 allocs/op
BenchmarkViewParse/RSA-1KB/asn1gen-view-2	 1000000	       40.00 ns/op	25000.00 MB/s	       0 B/op	       0 allocs/op
BenchmarkViewParse/RSA-1KB/crypto-x509-2 	   50000	     20000 ns/op	  50.00 MB/s	    6864 B/op	     105 allocs/op
BenchmarkViewParse/ML-DSA-87/floor-2    	 1000000	      400.0 ns/op	2000.00 MB/s	       0 B/op	       0 allocs/op
BenchmarkViewParse/ML-DSA-87/asn1gen-view-2	 1000000	       60.00 ns/op	25000.00 MB/s	       0 B/op	       0 allocs/op
BenchmarkPER/NGAP-decode/floor-2   	  227950	      5000 ns/op	 177.41 MB/s	       500.0 ns/msg	       0 B/op	       0 allocs/op
BenchmarkPER/NGAP-decode/asn1gen-2 	    4808	     60000 ns/op	   4.46 MB/s	     6000 ns/msg	   2993 B/op	    16 allocs/op
BenchmarkPER/NGAP-decode/free5gc-2 	    4808	     72000 ns/op	   4.46 MB/s	     7200 ns/msg	   29936 B/op	    1654 allocs/op
`
	fams, err := parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	writeTargets(&out, fams)
	want := `| target row | this run | target | met |
|---|---|---|---|
| root certificate, full typed strict decode | 1.50 µs/cert: 15.00× the floor, speed-up vs crypto/x509 3.00 | ≤ 7× the floor, ≥ 3× faster than crypto/x509 | no |
| bytes allocated per certificate | 4000 B, 6.5 allocs (crypto/x509: 4100 B, 71.0 allocs) | ≤ 2.3 KB | no |
| CRL full typed decode | 10.00 ms: 5.00× the floor, 36 ns/entry (floor 7 ns/entry), 200 B per entry, 11 allocations in all; speed-up vs crypto/x509 30.00 | ≤ 4× the floor | no |
| certificates encode | not in this run (BenchmarkTypedCertsEncode) | ≤ 6× the floor | – |
| CRL encode | 6.00 ms: 3.00× the floor | ≤ 3.5× the floor | yes |
| shallow certificate parse, ML-DSA-87 | 60 ns: 0.150× the floor | ≤ 50 ns, flat in size | no |
| shallow certificate parse, RSA-1KB | 40 ns: 0.080× the floor, speed-up vs crypto/x509 500 | ≤ 50 ns, flat in size | yes |
| NGAP APER decode, per real message | 6.00 µs/msg: 12.00× the floor, speed-up vs free5gc 1.20 (7.20 µs/msg); Erlang not in this run | ≤ Erlang's time in the same run | – |
| instructions per certificate (whole call) | not measured by make bench: valgrind --tool=callgrind with GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off | ≤ 22,000 | – |
`
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("targets (-want +got):\n%s", diff)
	}
}

// TestTargetsErlang: the NGAP row takes the geometric means per message
// (gm-ns/msg) where the members report them, and is met only when
// asn1gen's is at most Erlang's from the same run.
func TestTargetsErlang(t *testing.T) {
	for _, c := range []struct{ erlang, want string }{
		{"2500", "| NGAP APER decode, per real message | 5.00 µs/msg: 10.00× the floor, speed-up vs free5gc 2.00 (10.00 µs/msg), speed-up vs Erlang 0.50 (2.50 µs/msg) | ≤ Erlang's time in the same run | no |"},
		{"6000", "| NGAP APER decode, per real message | 5.00 µs/msg: 10.00× the floor, speed-up vs free5gc 2.00 (10.00 µs/msg), speed-up vs Erlang 1.20 (6.00 µs/msg) | ≤ Erlang's time in the same run | yes |"},
	} {
		in := `BenchmarkPER/NGAP-decode/floor-2   	  100000	     10000 ns/op	       500.0 gm-ns/msg	       670.4 ns/msg	       0 B/op	       0 allocs/op
BenchmarkPER/NGAP-decode/asn1gen-2 	   10000	    100000 ns/op	      5000 gm-ns/msg	      6000 ns/msg	   4000 B/op	     7 allocs/op
BenchmarkPER/NGAP-decode/free5gc-2 	   10000	    150000 ns/op	     10000 gm-ns/msg	      9000 ns/msg	  29024 B/op	  1613 allocs/op
BenchmarkPER/NGAP-decode/erlang-2  	   30000	     40000 ns/op	      ` + c.erlang + ` gm-ns/msg	      2400 ns/msg	       0 B/op	       0 allocs/op
`
		fams, err := parse(strings.NewReader(in))
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		writeTargets(&out, fams)
		var got string
		for _, line := range strings.Split(out.String(), "\n") {
			if strings.HasPrefix(line, "| NGAP") {
				got = line
			}
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("Erlang at %s ns: NGAP row (-want +got):\n%s", c.erlang, diff)
		}
	}
}
