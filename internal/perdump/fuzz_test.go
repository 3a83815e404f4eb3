package perdump

import (
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/asn1gen/asn1gen/internal/permsg"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// fuzzTarget is one type the fuzz target walks.
type fuzzTarget struct {
	s       *Schema
	t       *plan.Type
	aligned bool
}

// fuzzTargets loads the types of the real messages of protos: NGAP-PDU
// and S1AP-PDU in APER, the NR RRC messages in UPER. Each seed is a
// message after the octet that selects its type and variant (see
// fuzzDecode).
func fuzzTargets(f testing.TB, protos ...protocol) ([]fuzzTarget, [][]byte) {
	var targets []fuzzTarget
	var seeds [][]byte
	for _, p := range protos {
		msgs := permsg.MustRead(f, "../../testdata/per/"+p.file)
		// One plan per protocol, of all its message types.
		index := map[string]int{}
		var types []string
		for _, m := range msgs {
			if _, seen := index[m.Type]; !seen {
				index[m.Type] = len(targets) + len(types)
				types = append(types, m.Type)
			}
		}
		s, roots, err := load(moduleSet(f, p.modules...), types, nil, nil)
		if err != nil {
			f.Fatal(err)
		}
		for _, root := range roots {
			targets = append(targets, fuzzTarget{s: s, t: root})
		}
		for _, m := range msgs {
			i := index[m.Type]
			targets[i].aligned = m.Aligned()
			seeds = append(seeds, append([]byte{byte(2 * i)}, m.Bytes...))
		}
	}
	if 2*len(targets) > 256 {
		f.Fatalf("%d types: more than a selector octet can choose", len(targets))
	}
	return targets, seeds
}

// FuzzNGAP, FuzzS1AP and FuzzNRRRC walk arbitrary input as one of the
// types of a protocol's real messages, which the input's first octet
// selects (a type by half its value, its other variant when odd; one walk
// per input keeps the fuzzer fast): the walk never panics, ends soon,
// stays within its element budget, locates every error in the input with
// a path from the type, and its text form writes.
//
// A target per protocol: every fuzzing process checks and plans its
// modules before its first execution, which for the three together took
// about 0.8 CPU-s a process, a third of a short run's time.
//
// Their seeds are the first message of each type: with all of them, the
// fuzzer spent seconds of each run on their baseline; TestFuzzSeeds walks
// every message as the targets do.
func FuzzNGAP(f *testing.F) { fuzzProtocol(f, protocols[0]) }

// FuzzS1AP is FuzzNGAP for S1AP-PDU.
func FuzzS1AP(f *testing.F) { fuzzProtocol(f, protocols[1]) }

// FuzzNRRRC is FuzzNGAP for the NR RRC messages.
func FuzzNRRRC(f *testing.F) { fuzzProtocol(f, protocols[2]) }

func fuzzProtocol(f *testing.F, p protocol) {
	targets, seeds := fuzzTargets(f, p)
	seen := map[byte]bool{}
	for _, b := range seeds {
		if !seen[b[0]] {
			seen[b[0]] = true
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) { fuzzDecode(t, targets, b) })
}

// TestFuzzSeeds checks the fuzz targets' property on every message of
// testdata/per, each prefixed with the octet that selects its type.
func TestFuzzSeeds(t *testing.T) {
	for _, p := range protocols {
		targets, seeds := fuzzTargets(t, p)
		for _, b := range seeds {
			fuzzDecode(t, targets, b)
		}
	}
}

// fuzzDecode is the body of the fuzz targets.
func fuzzDecode(t *testing.T, targets []fuzzTarget, b []byte) {
	if len(b) == 0 {
		return
	}
	sel := int(b[0]) % (2 * len(targets))
	tg, b := targets[sel/2], b[1:]
	aligned := tg.aligned != (sel%2 == 1)
	res := tg.s.Decode(b, tg.t, &Options{Aligned: aligned})
	checkResult(t, tg.t.ASN1, b, res)
}

// checkResult checks what the fuzz targets ask of one walk.
func checkResult(t *testing.T, root string, b []byte, res *Result) {
	t.Helper()
	if res.Bits < 0 || res.Bits > 8*max(len(b), 1) {
		t.Fatalf("%s: %d bits read of %d octets", root, res.Bits, len(b))
	}
	nodes := count(res.Elements)
	if limit := min(DefaultNodesPerOctet*len(b)+DefaultNodeSlack, DefaultMaxNodes) + len(res.Elements); nodes > limit {
		t.Fatalf("%s: %d elements, limit %d", root, nodes, limit)
	}
	for _, is := range res.Issues {
		if is.Offset < 0 || is.Offset > 8*max(len(b), 1) || !strings.HasPrefix(is.Path, root) || is.Kind == "" {
			t.Fatalf("%s: error not located: %+v", root, is)
		}
	}
	if err := Text(io.Discard, res, nil); err != nil {
		t.Fatal(err)
	}
	// The JER of a value read is JSON, or has a located reason not to be.
	if j, err := JER(res); len(res.Issues) == 0 {
		var e *der.Error
		if err != nil && (!errors.As(err, &e) || e.Path() == "") {
			t.Fatalf("%s: JER: error not located: %v", root, err)
		}
		if err == nil && !json.Valid(j) {
			t.Fatalf("%s: JER is not JSON: %s", root, j)
		}
	}
	// The JSON form without JSON's indentation, which is most of the
	// cost of writing it and cannot fail where marshalling did not.
	if _, err := json.Marshal(res); err != nil {
		t.Fatal(err)
	}
}

func count(nodes []*Node) int {
	n := len(nodes)
	for _, c := range nodes {
		n += count(c.Children)
	}
	return n
}
