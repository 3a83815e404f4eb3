package permsg

import (
	"hash/fnv"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
)

// Mutants returns n deterministic mutants of b, a PER encoding: the same
// b and n give the same mutants on every run. A PER encoding has no tags
// or lengths to find without its schema, so the edits are of its bits:
// one or two bits flipped (a presence bit, an extension bit, a choice
// index, a length, a value), an octet set to an interesting value, a bit
// or an octet inserted or deleted (which shifts every field after it in
// the UNALIGNED variant), a run of bits copied over another place (a
// field repeated or moved), and the encoding cut short or extended.
func Mutants(b []byte, n int) [][]byte {
	h := fnv.New64a()
	h.Write(b)
	rng := rand.New(rand.NewPCG(h.Sum64(), uint64(len(b))))
	out := make([][]byte, 0, n)
	for len(out) < n {
		m := mutateBits(rng, b)
		if rng.IntN(4) == 0 {
			m = mutateBits(rng, m)
		}
		out = append(out, m)
	}
	return out
}

// interesting are octets for the octet edits: the ends of ranges, the
// long and short length forms, and the fragment markers of X.691 11.9.
var interesting = []byte{0x00, 0x01, 0x7f, 0x80, 0x81, 0xc1, 0xc4, 0xfe, 0xff, 0x40, 0x3f}

// mutateBits returns one edit of b (b itself is not changed).
func mutateBits(rng *rand.Rand, b []byte) []byte {
	if len(b) == 0 {
		return []byte{interesting[rng.IntN(len(interesting))]}
	}
	m := append([]byte(nil), b...)
	nbits := 8 * len(m)
	i := rng.IntN(nbits)
	switch rng.IntN(12) {
	case 0, 1, 2, 3: // one bit
		flip(m, i)
	case 4: // two bits near each other (a presence bit and what it guards)
		flip(m, i)
		flip(m, (i+1+rng.IntN(16))%nbits)
	case 5: // an octet
		m[i/8] = interesting[rng.IntN(len(interesting))]
	case 6: // a bit inserted
		m = shiftIn(m, i, rng.IntN(2) == 1)
	case 7: // a bit deleted
		m = shiftOut(m, i)
	case 8: // an octet inserted or deleted
		if rng.IntN(2) == 0 {
			m = append(m[:i/8:i/8], append([]byte{interesting[rng.IntN(len(interesting))]}, m[i/8:]...)...)
		} else {
			m = append(m[:i/8:i/8], m[i/8+1:]...)
		}
	case 9: // a run of bits copied over another place
		n := 1 + rng.IntN(min(32, nbits))
		from, to := rng.IntN(nbits-n+1), rng.IntN(nbits-n+1)
		src := append([]byte(nil), b...)
		for k := range n {
			setBit(m, to+k, bit(src, from+k))
		}
	case 10: // cut short
		m = m[:i/8]
	default: // octets appended
		m = append(m, interesting[rng.IntN(len(interesting))])
	}
	return m
}

func bit(b []byte, i int) bool { return b[i/8]&(0x80>>(i%8)) != 0 }

func flip(b []byte, i int) { b[i/8] ^= 0x80 >> (i % 8) }

func setBit(b []byte, i int, v bool) {
	if v {
		b[i/8] |= 0x80 >> (i % 8)
	} else {
		b[i/8] &^= 0x80 >> (i % 8)
	}
}

// shiftIn inserts the bit v at i, shifting the bits after it one place
// on; the encoding grows by an octet when its last bit is pushed out.
func shiftIn(b []byte, i int, v bool) []byte {
	out := make([]byte, len(b)+1)
	for k := 0; k < i; k++ {
		setBit(out, k, bit(b, k))
	}
	setBit(out, i, v)
	for k := i; k < 8*len(b); k++ {
		setBit(out, k+1, bit(b, k))
	}
	if out[len(b)] == 0 {
		out = out[:len(b)] // a zero bit pushed out, dropped with its octet of padding
	}
	return out
}

// shiftOut deletes the bit at i, shifting the bits after it one place
// back; the last bit becomes zero.
func shiftOut(b []byte, i int) []byte {
	out := make([]byte, len(b))
	for k := 0; k < i; k++ {
		setBit(out, k, bit(b, k))
	}
	for k := i + 1; k < 8*len(b); k++ {
		setBit(out, k-1, bit(b, k))
	}
	return out
}

// MutantCount is how many mutants a test of a generated PER package
// decodes: $ASN1GEN_PER_MUTANTS, which make test-long sets to the 100,000
// of the acceptance of issue 24, else def, which keeps make test short.
func MutantCount(t testing.TB, def int) int {
	t.Helper()
	s := os.Getenv("ASN1GEN_PER_MUTANTS")
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		t.Fatalf("ASN1GEN_PER_MUTANTS=%q: not a count", s)
	}
	return n
}

// TestMutants checks each message of msgs and its share of n mutants
// (Mutants) with check, RoundTrip with the codec of the message's type:
// every error fails the test (the first ten are shown), and so does a set
// of mutants of which fewer than one in a hundred decode, which would no
// longer test the round trip.
func TestMutants(t *testing.T, msgs []Message, n int, check func(m *Message, b []byte) (Outcome, error)) {
	t.Helper()
	if len(msgs) == 0 {
		t.Fatal("no messages")
	}
	per := (n + len(msgs) - 1) / len(msgs)
	var counts [3]int
	failures := 0
	for i := range msgs {
		m := &msgs[i]
		for _, b := range append([][]byte{m.Bytes}, Mutants(m.Bytes, per)...) {
			o, err := check(m, b)
			if err != nil {
				if failures++; failures <= 10 {
					t.Errorf("line %d %s (%s): %v", m.Line, m.Name, m.Type, err)
				}
				continue
			}
			counts[o]++
		}
	}
	total := len(msgs) * (per + 1)
	t.Logf("%d inputs (%d messages, %d mutants of each): %d rejected, %d re-encode identical, %d but for padding bits, %d fail",
		total, len(msgs), per, counts[Rejected], counts[Identical], counts[Padding], failures)
	if decoded := counts[Identical] + counts[Padding] + failures; decoded*100 < total {
		t.Errorf("%d of %d inputs decode: the mutants no longer test the round trip", decoded, total)
	}
}
