package model

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// chainModule is "T0 ::= T1, ..., Tn-1 ::= Tn" and Tn ::= INTEGER, or
// Tn ::= T0 with cycle.
func chainModule(n int, cycle bool) Source {
	var b strings.Builder
	b.WriteString("Chain DEFINITIONS ::= BEGIN\n")
	for i := range n {
		fmt.Fprintf(&b, "T%d ::= T%d\n", i, i+1)
	}
	if cycle {
		fmt.Fprintf(&b, "T%d ::= T0\nEND\n", n)
	} else {
		fmt.Fprintf(&b, "T%d ::= INTEGER\nEND\n", n)
	}
	return Source{Name: "chain.asn", Src: []byte(b.String())}
}

// TestChains checks that every link of a long chain of type references is
// the INTEGER at its end (Type.Underlying too, beyond its bounded walk),
// and that a cycle is one located error.
func TestChains(t *testing.T) {
	s := Check(chainModule(1000, false))
	if len(s.Diags) != 0 {
		t.Fatalf("diagnostics:\n%s", s.Diags)
	}
	for _, a := range s.Module("Chain").Assignments {
		if a.Type.Kind != TypeInteger || a.Type.Underlying().Kind != TypeInteger || a.Type.Underlying().Ref != nil {
			t.Fatalf("%s is a %v (underlying %v)", a.Name, a.Type.Kind, a.Type.Underlying().Kind)
		}
	}
	s = Check(chainModule(1000, true))
	want := []string{"chain.asn:3:1: T1 is defined in terms of itself"}
	if diff := cmp.Diff(want, diagLines(s)); diff != "" {
		t.Errorf("cycle: diagnostics (-want +got):\n%s", diff)
	}
}

// TestChainsLinear checks that resolving a chain of 20,000 type references
// (and the same closed into a cycle) follows each reference a bounded
// number of times: a walk of the whole chain for each of its types, as
// before issue 12's fix, follows 200 million (20,000 links took 10 s).
// It counts the references followed, not the time.
func TestChainsLinear(t *testing.T) {
	const n = 20_000
	for _, cycle := range []bool{false, true} {
		s := Check(chainModule(n, cycle))
		if (s.Diags.Errors() != 0) != cycle {
			t.Fatalf("cycle %v: diagnostics:\n%s", cycle, s.Diags)
		}
		// Each link once; at least the chain, so that the count counts.
		if s.links < n || s.links > 2*(n+1) {
			t.Errorf("cycle %v: %d references followed for %d links, want between %d and %d", cycle, s.links, n+1, n, 2*(n+1))
		}
	}
}

// BenchmarkCheckChain checks chains of 5,000, 10,000 and 20,000 type
// references, and the same closed into a cycle: the time per link must
// not grow with the length (issue 12: 0.40 s, 1.55 s and 10 s before).
func BenchmarkCheckChain(b *testing.B) {
	for _, cycle := range []bool{false, true} {
		for _, n := range []int{5000, 10000, 20000} {
			name := fmt.Sprintf("links=%d", n)
			if cycle {
				name = fmt.Sprintf("cycle=%d", n)
			}
			src := chainModule(n, cycle)
			b.Run(name, func(b *testing.B) {
				b.SetBytes(int64(len(src.Src)))
				b.ReportAllocs()
				for b.Loop() {
					if s := Check(src); (s.Diags.Errors() != 0) != cycle {
						b.Fatalf("diagnostics:\n%s", s.Diags)
					}
				}
			})
		}
	}
}
