package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// makeFuzzOutput is the shape of make fuzz's output: a passing target, a
// slow one, one whose output ends before its result (make stopped), a
// failing one after a seed failure, and lines of go test between them.
const makeFuzzOutput = `== github.com/asn1gen/asn1gen/parser FuzzParseFile
=== RUN   FuzzParseFile
fuzz: elapsed: 0s, gathering baseline coverage: 0/6 completed
fuzz: elapsed: 0s, gathering baseline coverage: 6/6 completed, now fuzzing with 2 workers
fuzz: elapsed: 3s, execs: 20000 (6667/sec), new interesting: 12 (total: 18)
--- PASS: FuzzParseFile (2.50s)
PASS
ok  	github.com/asn1gen/asn1gen/parser	2.612s
== github.com/asn1gen/asn1gen/runtime/der FuzzReader
=== RUN   FuzzReader
fuzz: elapsed: 0s, gathering baseline coverage: 0/3836 completed
fuzz: elapsed: 3s, gathering baseline coverage: 1200/3836 completed
fuzz: elapsed: 6s, gathering baseline coverage: 3836/3836 completed, now fuzzing with 2 workers
fuzz: elapsed: 9s, execs: 5000 (1200/sec), new interesting: 0 (total: 3836)
fuzz: elapsed: 10s, execs: 5500 (500/sec), new interesting: 0 (total: 3836)
--- PASS: FuzzReader (10.00s)
== github.com/asn1gen/asn1gen/runtime/tree FuzzParseTree
=== RUN   FuzzParseTree
fuzz: elapsed: 0s, gathering baseline coverage: 0/7 completed
fuzz: elapsed: 3s, execs: 9000 (3000/sec), new interesting: 1 (total: 8)
== github.com/asn1gen/asn1gen/internal/pbe FuzzDecrypt
=== RUN   FuzzDecrypt
fuzz: elapsed: 0s, gathering baseline coverage: 0/3 completed
failure while testing seed corpus entry: FuzzDecrypt/seed#1
fuzz: elapsed: 0s, gathering baseline coverage: 1/3 completed
--- FAIL: FuzzDecrypt (0.20s)
FAIL
`

func TestParse(t *testing.T) {
	got, err := parse(strings.NewReader(makeFuzzOutput))
	if err != nil {
		t.Fatal(err)
	}
	want := []*result{
		{pkg: "github.com/asn1gen/asn1gen/parser", target: "FuzzParseFile", seeds: 6, execs: 20000, secs: 2.5, status: "PASS"},
		{pkg: "github.com/asn1gen/asn1gen/runtime/der", target: "FuzzReader", seeds: 3836, execs: 5500, secs: 10, status: "PASS"},
		{pkg: "github.com/asn1gen/asn1gen/runtime/tree", target: "FuzzParseTree", seeds: 7, execs: 9000, secs: 3},
		{pkg: "github.com/asn1gen/asn1gen/internal/pbe", target: "FuzzDecrypt", seeds: 3, secs: 0.2, status: "FAIL"},
	}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(result{})); diff != "" {
		t.Errorf("parse (-want +got):\n%s", diff)
	}
}

func TestWrite(t *testing.T) {
	res, err := parse(strings.NewReader(makeFuzzOutput))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		workers int
		want    string
	}{
		{"per worker", 2, `| package | target | seeds | execs | time (s) | exec/s | exec/s per worker (2) | note |
|---|---|---|---|---|---|---|---|
| github.com/asn1gen/asn1gen/parser | FuzzParseFile | 6 | 20000 | 2.50 | 8000 | 4000 |  |
| github.com/asn1gen/asn1gen/runtime/der | FuzzReader | 3836 | 5500 | 10.00 | 550 | 275 | below 1000/s per worker |
| github.com/asn1gen/asn1gen/runtime/tree | FuzzParseTree | 7 | 9000 | 3.00 | 3000 | 1500 | no result |
| github.com/asn1gen/asn1gen/internal/pbe | FuzzDecrypt | 3 | 0 | 0.20 | 0 | 0 | FAIL |

1 of 4 targets below 1000 executions per second per worker
`},
		{"without the workers", 0, `| package | target | seeds | execs | time (s) | exec/s | note |
|---|---|---|---|---|---|---|
| github.com/asn1gen/asn1gen/parser | FuzzParseFile | 6 | 20000 | 2.50 | 8000 |  |
| github.com/asn1gen/asn1gen/runtime/der | FuzzReader | 3836 | 5500 | 10.00 | 550 |  |
| github.com/asn1gen/asn1gen/runtime/tree | FuzzParseTree | 7 | 9000 | 3.00 | 3000 | no result |
| github.com/asn1gen/asn1gen/internal/pbe | FuzzDecrypt | 3 | 0 | 0.20 | 0 | FAIL |
`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			write(&out, res, tt.workers, 1000)
			if diff := cmp.Diff(tt.want, out.String()); diff != "" {
				t.Errorf("table (-want +got):\n%s", diff)
			}
		})
	}
}
