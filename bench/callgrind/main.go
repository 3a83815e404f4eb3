// Command callgrind runs one decode workload of the performance table N
// times, for counting its instructions with valgrind's callgrind: the
// difference of the counts of two runs with different N, divided by the
// difference of the work, is the count per certificate or per CRL entry,
// without the setup (reading the inputs, the Go runtime's start).
//
//	go build -o /tmp/cg ./bench/callgrind
//	/tmp/cg mkcrl /tmp/crl.der   # the huge CRL of package bench, once
//	run() { GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off GOMAXPROCS=1 \
//		valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out "$@" >/dev/null 2>&1
//		sed -n 's/^summary: //p' /tmp/cg.out; }
//	echo $(( ($(run /tmp/cg roots 21) - $(run /tmp/cg roots 1)) / (20 * 142) ))
//	echo $(( ($(run /tmp/cg crl 3 /tmp/crl.der) - $(run /tmp/cg crl 1 /tmp/crl.der)) / (2 * 275000) ))
//
// Workloads: roots (UnmarshalDER of each certificate of the machine's
// trust store that decodes in strict DER, into a local value, as
// BenchmarkTypedRootCerts), crl (UnmarshalDER of the CRL file into one
// value), and rootsfloor and crlfloor, bench.Floor over the same inputs.
// The garbage collector is off, so that the counts do not depend on when
// it runs; add --toggle-collect=main.decodeCert for a profile of the
// certificate decode alone (callgrind_annotate).
package main

import (
	"encoding/pem"
	"fmt"
	"os"
	"runtime/debug"
	"strconv"

	"github.com/asn1gen/asn1gen/bench"
	"github.com/asn1gen/asn1gen/generated/rfc5280"
)

const trustStore = "/etc/ssl/certs/ca-certificates.crt"

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "callgrind:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) == 2 && args[0] == "mkcrl" {
		crl, err := bench.HugeCRL()
		if err != nil {
			return err
		}
		return os.WriteFile(args[1], crl, 0o644)
	}
	if len(args) < 2 {
		return fmt.Errorf("usage: callgrind roots|rootsfloor N | crl|crlfloor N FILE | mkcrl FILE")
	}
	n, err := strconv.Atoi(args[1])
	if err != nil {
		return err
	}
	debug.SetGCPercent(-1)
	switch args[0] {
	case "roots", "rootsfloor":
		certs, err := roots()
		if err != nil {
			return err
		}
		for range n {
			for _, c := range certs {
				if args[0] == "rootsfloor" {
					bench.Floor(c)
				} else if err := decodeCert(c); err != nil {
					return err
				}
			}
		}
		return nil
	case "crl", "crlfloor":
		if len(args) != 3 {
			return fmt.Errorf("%s needs the CRL file (mkcrl)", args[0])
		}
		crl, err := os.ReadFile(args[2])
		if err != nil {
			return err
		}
		var v rfc5280.CertificateList
		for range n {
			if args[0] == "crlfloor" {
				bench.Floor(crl)
			} else if err := v.UnmarshalDER(crl); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("unknown workload %q", args[0])
}

// roots returns the certificates of trustStore that decode in strict DER.
func roots() ([][]byte, error) {
	data, err := os.ReadFile(trustStore)
	if err != nil {
		return nil, err
	}
	var out [][]byte
	for rest := data; ; {
		var p *pem.Block
		if p, rest = pem.Decode(rest); p == nil {
			break
		}
		var v rfc5280.Certificate
		if p.Type == "CERTIFICATE" && v.UnmarshalDER(p.Bytes) == nil {
			out = append(out, p.Bytes)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no certificate in %s", trustStore)
	}
	return out, nil
}

// decodeCert decodes c into a local value; kept out of line so that
// callgrind's --toggle-collect can count it alone.
//
//go:noinline
func decodeCert(c []byte) error {
	var v rfc5280.Certificate
	return v.UnmarshalDER(c)
}
