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
