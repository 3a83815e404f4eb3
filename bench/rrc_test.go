package bench

import (
	"fmt"
	"reflect"
	"sync"
	"testing"

	"github.com/asn1gen/asn1gen/generated/nrrrc"
	"github.com/asn1gen/asn1gen/runtime/per"
)

// uperMessage is what the benchmarks need of a generated NR RRC type.
type uperMessage interface {
	UnmarshalUPER(b []byte) error
	MarshalUPER() ([]byte, error)
}

// rrcTypes makes a zero value of each type that nr-rrc.txt names.
var rrcTypes = map[string]func() uperMessage{
	"MIB":                func() uperMessage { return new(nrrrc.MIB) },
	"SIB1":               func() uperMessage { return new(nrrrc.SIB1) },
	"UL-CCCH-Message":    func() uperMessage { return new(nrrrc.ULCCCHMessage) },
	"UL-DCCH-Message":    func() uperMessage { return new(nrrrc.ULDCCHMessage) },
	"DL-DCCH-Message":    func() uperMessage { return new(nrrrc.DLDCCHMessage) },
	"CellGroupConfig":    func() uperMessage { return new(nrrrc.CellGroupConfig) },
	"RRCReconfiguration": func() uperMessage { return new(nrrrc.RRCReconfiguration) },
	"RadioBearerConfig":  func() uperMessage { return new(nrrrc.RadioBearerConfig) },
	"UE-MRDC-Capability": func() uperMessage { return new(nrrrc.UEMRDCCapability) },
	"UE-NR-Capability":   func() uperMessage { return new(nrrrc.UENRCapability) },
}

// rrcRoundTrip decodes m with its generated type and re-encodes the value,
// and says what happened as the erlang lines of nr-rrc.txt do.
func rrcRoundTrip(m PERMessage) (string, uperMessage) {
	newT := rrcTypes[m.Type]
	if newT == nil {
		return "no type " + m.Type + " in rrcTypes", nil
	}
	v := newT()
	if err := v.UnmarshalUPER(m.Bytes); err != nil {
		return "fails to decode: " + err.Error(), nil
	}
	out, err := v.MarshalUPER()
	if err != nil {
		return "decodes, fails to re-encode: " + err.Error(), nil
	}
	return reencoded(m.Bytes, out), v
}

// reencoded describes a re-encoding out of enc as verify.sh does.
func reencoded(enc, out []byte) string {
	if string(enc) == string(out) {
		return "decodes, re-encodes identical"
	}
	i := 0
	for i < len(enc) && i < len(out) && enc[i] == out[i] {
		i++
	}
	return fmt.Sprintf("decodes, re-encodes differs (%d bytes in, %d out, first difference at byte %d)", len(enc), len(out), i)
}

// TestRRCMessages checks that every message of nr-rrc.txt has its type in
// rrcTypes, and logs what asn1gen and asn1ct each make of it. The
// messages that asn1gen does not round-trip are left out of BenchmarkPER
// (which prints them); generated/nrrrc's own tests are where its
// correctness on them is checked.
func TestRRCMessages(t *testing.T) {
	for i, m := range perMessagesOrFail(t, "nr-rrc.txt") {
		if rrcTypes[m.Type] == nil {
			t.Errorf("message %d (%s): no type %s in rrcTypes", i, m.Name, m.Type)
			continue
		}
		got, _ := rrcRoundTrip(m)
		size := reflect.TypeOf(rrcTypes[m.Type]()).Elem().Size()
		t.Logf("message %d (%s, %d octets, a %d-octet %s): asn1gen %s; erlang %s", i, m.Name, len(m.Bytes), size, m.Type, got, m.Erlang)
	}
}

// rrcSet is a timed set of BenchmarkPER: messages of nr-rrc.txt, the
// zero value of each one's type and, for the encode, the decoded value.
type rrcSet struct {
	msgs []PERMessage
	news []func() uperMessage
	vals []uperMessage
}

func (s *rrcSet) add(m PERMessage, v uperMessage) {
	s.msgs = append(s.msgs, m)
	s.news = append(s.news, rrcTypes[m.Type])
	s.vals = append(s.vals, v)
}

// rrcTimed returns the sets that BenchmarkPER times, decode and encode: the messages of
// nr-rrc.txt that asn1gen decodes, and of those the ones that it
// re-encodes identically (so that the encode and its floor write the same
// bits: three messages are not in the canonical encoding, and asn1ct
// re-encodes them to the same other bits). The first call in a process
// prints the messages it leaves out, with the reason (on standard output:
// the log of a benchmark with sub-benchmarks is not shown).
var rrcTimed = sync.OnceValues(func() (sets [2]rrcSet, err error) {
	dec, enc := &sets[0], &sets[1]
	msgs, err := ReadPERMessages("../testdata/per/nr-rrc.txt")
	if err != nil {
		return sets, err
	}
	for i, m := range msgs {
		if !PERSelected(i) {
			continue
		}
		got, v := rrcRoundTrip(m)
		if v == nil {
			fmt.Printf("BenchmarkPER: not timed: RRC message %d (%s): asn1gen %s\n", i, m.Name, got)
			continue
		}
		dec.add(m, v)
		if got != "decodes, re-encodes identical" {
			fmt.Printf("BenchmarkPER: encode not timed: RRC message %d (%s): asn1gen %s\n", i, m.Name, got)
			continue
		}
		enc.add(m, v)
	}
	return sets, nil
})

// BenchmarkPER decodes and encodes the NR RRC messages of testdata/per
// (UNALIGNED PER, the sets of rrcTimed) per operation, each into a new
// value of its generated type (UnmarshalUPER) and from the decoded value
// (MarshalUPER); ns/msg is the time per message. The floors are PERFloor
// and PEREncodeFloor over the same messages. The NGAP benchmarks are in
// bench/compare, beside free5gc.
func BenchmarkPER(b *testing.B) {
	sets, err := rrcTimed()
	if err != nil {
		b.Fatal(err)
	}
	dec, enc := &sets[0], &sets[1]
	b.Run("RRC-decode", func(b *testing.B) {
		runMessages(b, "floor", dec.msgs, func(i int, m *PERMessage) error {
			_, err := PERFloor(m.Bytes, false)
			return err
		})
		runMessages(b, "asn1gen", dec.msgs, func(i int, m *PERMessage) error {
			return dec.news[i]().UnmarshalUPER(m.Bytes)
		})
		// Into one value per message, kept from one decode to the next
		// (DecodePER zeroes it first): the cost of the decode without the
		// allocation of the top-level value, which is most of the bytes
		// (TestRRCMessages logs the sizes).
		vals := make([]uperMessage, len(dec.msgs))
		for i := range vals {
			vals[i] = dec.news[i]()
		}
		runMessages(b, "asn1gen-reuse", dec.msgs, func(i int, m *PERMessage) error {
			return vals[i].UnmarshalUPER(m.Bytes)
		})
	})
	b.Run("RRC-encode", func(b *testing.B) {
		var w per.Writer
		runMessages(b, "floor", enc.msgs, func(i int, m *PERMessage) error {
			PEREncodeFloor(&w, m.Bytes)
			return nil
		})
		runMessages(b, "asn1gen", enc.msgs, func(i int, m *PERMessage) error {
			_, err := enc.vals[i].MarshalUPER()
			return err
		})
	})
}

// runMessages runs f over every message of msgs per operation, as the
// sub-benchmark name; ns/msg is the time per message.
func runMessages(b *testing.B, name string, msgs []PERMessage, f func(i int, m *PERMessage) error) {
	total := 0
	for _, m := range msgs {
		total += len(m.Bytes)
	}
	b.Run(name, func(b *testing.B) {
		b.SetBytes(int64(total))
		b.ReportAllocs()
		for b.Loop() {
			for i := range msgs {
				if err := f(i, &msgs[i]); err != nil {
					b.Fatalf("message %d (%s): %v", i, msgs[i].Name, err)
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(msgs)), "ns/msg")
	})
}
