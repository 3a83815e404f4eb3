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
//	echo $(( ($(run /tmp/cg ngap 201) - $(run /tmp/cg ngap 1)) / (200 * 18) ))
//
// Workloads: roots (UnmarshalDER of each certificate of the machine's
// trust store that decodes in strict DER, into a local value, as
// BenchmarkTypedRootCerts), crl (UnmarshalDER of the CRL file into one
// value), ngap (UnmarshalAPER of each NGAP message of testdata/per/ngap.txt
// that decodes, 18 of the 19, into a new value, as BenchmarkPER's member
// asn1gen in bench/compare; ASN1GEN_PER_MESSAGES selects some, as there),
// rootsfloor and crlfloor, bench.Floor over the same inputs, and
// ngapfloor, bench.PERFloor over the NGAP messages. The program prints
// the number of inputs of a round on standard error.
// The garbage collector is off, so that the counts do not depend on when
// it runs; add --toggle-collect=main.decodeCert for a profile of the
// certificate decode alone (callgrind_annotate), main.decodeNGAP for
// the NGAP decode alone.
package main

import (
	"encoding/pem"
	"fmt"
	"os"
	"runtime/debug"
	"strconv"

	"github.com/asn1gen/asn1gen/bench"
	"github.com/asn1gen/asn1gen/generated/ngap"
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
		return fmt.Errorf("usage: callgrind roots|rootsfloor|ngap|ngapfloor N | crl|crlfloor N FILE | mkcrl FILE")
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
	case "ngap", "ngapfloor":
		msgs, err := ngapMessages()
		if err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "%d NGAP messages\n", len(msgs))
		for range n {
			for _, m := range msgs {
				if args[0] == "ngapfloor" {
					if _, err := bench.PERFloor(m, true); err != nil {
						return err
					}
				} else if err := decodeNGAP(m); err != nil {
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

// ngapFile is the NGAP messages file, from the repository's root or from
// bench/callgrind.
var ngapFile = []string{"testdata/per/ngap.txt", "../../testdata/per/ngap.txt"}

// ngapMessages returns the messages of ngapFile that bench.PERSelected
// selects and that UnmarshalAPER decodes (message 0, AMFConfigurationUpdate,
// does not: its AMFName is outside the PrintableString alphabet).
func ngapMessages() ([][]byte, error) {
	var msgs []bench.PERMessage
	var err error
	for _, f := range ngapFile {
		if msgs, err = bench.ReadPERMessages(f); err == nil {
			break
		}
	}
	if err != nil {
		return nil, err
	}
	var out [][]byte
	for i, m := range msgs {
		var v ngap.NGAPPDU
		if bench.PERSelected(i) && v.UnmarshalAPER(m.Bytes) == nil {
			out = append(out, m.Bytes)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no NGAP message of %s decodes", ngapFile[0])
	}
	return out, nil
}

// decodeNGAP decodes m into a new value; kept out of line so that
// callgrind's --toggle-collect can count it alone.
//
//go:noinline
func decodeNGAP(m []byte) error {
	return new(ngap.NGAPPDU).UnmarshalAPER(m)
}

// decodeCert decodes c into a local value; kept out of line so that
// callgrind's --toggle-collect can count it alone.
//
//go:noinline
func decodeCert(c []byte) error {
	var v rfc5280.Certificate
	return v.UnmarshalDER(c)
}
