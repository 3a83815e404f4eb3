package compare

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/asn1gen/asn1gen/bench"
	asn1ngap "github.com/asn1gen/asn1gen/generated/ngap"
	"github.com/asn1gen/asn1gen/runtime/per"
	"github.com/free5gc/ngap"
	"github.com/free5gc/ngap/ngapType"
	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/")

// free5gc's aper package (github.com/free5gc/aper, reflection over struct
// tags) is what Go's 5G core networks use for NGAP; its ngapType holds the
// NGAP types written by hand in its tag language. It is a third
// implementation beside asn1gen and Erlang/OTP's asn1ct (which verify.sh
// runs over the same messages): where they disagree, at least one is
// wrong, and the test below says which messages.

const ngapFile = "../../testdata/per/ngap.txt"

func ngapMessagesOrFail(tb testing.TB) []bench.PERMessage {
	tb.Helper()
	msgs, err := bench.ReadPERMessages(ngapFile)
	if err != nil {
		tb.Fatal(err)
	}
	return msgs
}

// free5gcRoundTrip decodes enc with free5gc's ngap.Decoder and re-encodes
// the value with ngap.Encoder. It returns what happened in the words of
// the erlang lines of ngap.txt: "decodes, re-encodes identical", "decodes,
// re-encodes differs (...)" or "fails to decode: ..."; and the decoded
// value when there is one. A panic of free5gc is reported as an outcome,
// not propagated: the messages are real, and a library that panics on one
// is what the record is for.
func free5gcRoundTrip(enc []byte) (outcome string, pdu *ngapType.NGAPPDU) {
	defer func() {
		if p := recover(); p != nil {
			outcome = fmt.Sprintf("panics: %v", p)
			pdu = nil
		}
	}()
	pdu, err := ngap.Decoder(enc)
	if err != nil {
		return "fails to decode: " + err.Error(), nil
	}
	out, err := ngap.Encoder(*pdu)
	if err != nil {
		return "decodes, fails to re-encode: " + err.Error(), pdu
	}
	return reencoded(enc, out), pdu
}

// asn1genRoundTrip decodes enc with asn1gen's generated/ngap
// (UnmarshalAPER) and re-encodes the value (MarshalAPER), and says what
// happened as free5gcRoundTrip does.
func asn1genRoundTrip(enc []byte) (string, *asn1ngap.NGAPPDU) {
	var pdu asn1ngap.NGAPPDU
	if err := pdu.UnmarshalAPER(enc); err != nil {
		return "fails to decode: " + err.Error(), nil
	}
	out, err := pdu.MarshalAPER()
	if err != nil {
		return "decodes, fails to re-encode: " + err.Error(), &pdu
	}
	return reencoded(enc, out), &pdu
}

// reencoded describes a re-encoding out of enc as verify.sh does.
func reencoded(enc, out []byte) string {
	if bytes.Equal(enc, out) {
		return "decodes, re-encodes identical"
	}
	i := 0
	for i < len(enc) && i < len(out) && enc[i] == out[i] {
		i++
	}
	return fmt.Sprintf("decodes, re-encodes differs (%d bytes in, %d out, first difference at byte %d)", len(enc), len(out), i)
}

const free5gcGolden = "testdata/free5gc-ngap.txt"

// TestFree5GCNGAP records what free5gc and asn1gen make of every NGAP
// message of testdata/per/ngap.txt in testdata/free5gc-ngap.txt (go test
// -update rewrites it), beside asn1ct's verdict: a change of either's
// behaviour, or of the messages, fails the test until the record is looked
// at and updated. The messages where the three disagree are logged;
// BenchmarkPER times only those that free5gc and asn1gen both decode and
// re-encode identically.
func TestFree5GCNGAP(t *testing.T) {
	var rec strings.Builder
	rec.WriteString("# What free5gc (github.com/free5gc/aper v1.1.0, github.com/free5gc/ngap v1.1.1)\n")
	rec.WriteString("# and asn1gen's generated/ngap make of each message of testdata/per/ngap.txt,\n")
	rec.WriteString("# beside what asn1ct made of it (its erlang line).\n")
	rec.WriteString("# Written by go test -run TestFree5GCNGAP -update (bench/compare).\n")
	for i, m := range ngapMessagesOrFail(t) {
		got, _ := free5gcRoundTrip(m.Bytes)
		ours, _ := asn1genRoundTrip(m.Bytes)
		fmt.Fprintf(&rec, "\n# %d %s\nfree5gc: %s\nasn1gen: %s\nerlang: %s\n", i, m.Name, got, ours, m.Erlang)
		if got != m.Erlang || ours != m.Erlang {
			t.Logf("message %d (%s, %s):\nfree5gc %s\nasn1gen %s\nerlang %s", i, m.Name, m.Source, got, ours, m.Erlang)
		}
	}
	if *update {
		if err := os.WriteFile(free5gcGolden, []byte(rec.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(free5gcGolden)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(string(want), rec.String()); d != "" {
		t.Errorf("free5gc's outcomes changed (-%s +now); go test -update if they are right:\n%s", free5gcGolden, d)
	}
}

// ngapTimed returns the messages that BenchmarkPER times: those that every
// implementation it times decodes and re-encodes identically, so that each
// does the same work. The first call in a process prints every message it
// leaves out, with the reason (on standard output: the log of a benchmark
// with sub-benchmarks is not shown).
func ngapTimed(b *testing.B) [][]byte {
	set, err := ngapTimedOnce()
	if err != nil {
		b.Fatal(err)
	}
	return set
}

var ngapTimedOnce = sync.OnceValues(func() ([][]byte, error) {
	msgs, err := bench.ReadPERMessages(ngapFile)
	if err != nil {
		return nil, err
	}
	var set [][]byte
	for i, m := range msgs {
		if !bench.PERSelected(i) {
			continue
		}
		const ok = "decodes, re-encodes identical"
		if got, _ := free5gcRoundTrip(m.Bytes); got != ok {
			fmt.Printf("BenchmarkPER: not timed: NGAP message %d (%s): free5gc %s\n", i, m.Name, got)
			continue
		}
		if got, _ := asn1genRoundTrip(m.Bytes); got != ok {
			fmt.Printf("BenchmarkPER: not timed: NGAP message %d (%s): asn1gen %s\n", i, m.Name, got)
			continue
		}
		set = append(set, m.Bytes)
	}
	return set, nil
})

// BenchmarkPER decodes and encodes the NGAP messages of testdata/per (the
// set of ngapTimed) per operation; ns/msg is the time per message. The
// floor members are bench.PERFloor and bench.PEREncodeFloor over the same
// messages; asn1gen decodes into a new asn1ngap.NGAPPDU (UnmarshalAPER;
// asn1gen-reuse into one value per message, kept) and encodes the decoded
// value (MarshalAPER); free5gc decodes into a new ngapType.NGAPPDU
// (ngap.Decoder, which allocates it) and encodes that value
// (ngap.Encoder); erlang is Erlang/OTP's asn1ct decoding the same messages
// (runErlang), skipped without Erlang.
func BenchmarkPER(b *testing.B) {
	set := ngapTimed(b)
	pdus := make([]ngapType.NGAPPDU, len(set))
	ours := make([]asn1ngap.NGAPPDU, len(set))
	for i, enc := range set {
		pdu, err := ngap.Decoder(enc)
		if err != nil {
			b.Fatal(err)
		}
		pdus[i] = *pdu
		if err := ours[i].UnmarshalAPER(enc); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("NGAP-decode", func(b *testing.B) {
		runSet(b, "floor", set, func(i int, enc []byte) error {
			_, err := bench.PERFloor(enc, true)
			return err
		})
		runSet(b, "asn1gen", set, func(i int, enc []byte) error {
			return new(asn1ngap.NGAPPDU).UnmarshalAPER(enc)
		})
		reuse := make([]asn1ngap.NGAPPDU, len(set))
		runSet(b, "asn1gen-reuse", set, func(i int, enc []byte) error {
			return reuse[i].UnmarshalAPER(enc)
		})
		runSet(b, "free5gc", set, func(i int, enc []byte) error {
			_, err := ngap.Decoder(enc)
			return err
		})
		runErlang(b, set)
	})
	b.Run("NGAP-encode", func(b *testing.B) {
		var w per.Writer
		runSet(b, "floor", set, func(i int, enc []byte) error {
			bench.PEREncodeFloor(&w, enc)
			return nil
		})
		runSet(b, "asn1gen", set, func(i int, enc []byte) error {
			_, err := ours[i].MarshalAPER()
			return err
		})
		runSet(b, "free5gc", set, func(i int, enc []byte) error {
			_, err := ngap.Encoder(pdus[i])
			return err
		})
	})
}

// runSet runs f over every message of set per operation, as the
// sub-benchmark name. Each call is timed on its own (two clock reads, in
// every member, the floor's and asn1ct's too): ns/msg is the mean time per
// message, gm-ns/msg the geometric mean over the messages of each one's
// time, the measure in which the members are compared (benchtable), so
// that the few long messages do not outweigh the many short ones.
func runSet(b *testing.B, name string, set [][]byte, f func(i int, enc []byte) error) {
	b.Run(name, func(b *testing.B) {
		b.SetBytes(setBytes(set))
		b.ReportAllocs()
		perMsg := make([]time.Duration, len(set))
		for b.Loop() {
			for i, enc := range set {
				t0 := time.Now()
				err := f(i, enc)
				perMsg[i] += time.Since(t0)
				if err != nil {
					b.Fatalf("message %d: %v", i, err)
				}
			}
		}
		reportPerMessage(b, perMsg, len(set))
	})
}

// setBytes is the size of the messages of set.
func setBytes(set [][]byte) int64 {
	total := 0
	for _, enc := range set {
		total += len(enc)
	}
	return int64(total)
}

// reportPerMessage reports ns/msg, the time per message (b's clock), and
// gm-ns/msg, the geometric mean of perMsg[i]/b.N, the time of message i.
func reportPerMessage(b *testing.B, perMsg []time.Duration, k int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(k), "ns/msg")
	logs := 0.0
	for _, d := range perMsg {
		logs += math.Log(float64(d.Nanoseconds()) / float64(b.N))
	}
	b.ReportMetric(math.Exp(logs/float64(len(perMsg))), "gm-ns/msg")
}
