package oer_test

import (
	"math"
	"math/big"
	"math/rand/v2"
	"strings"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/oer"
)

// prim is one primitive of the package with fixed parameters: how to read
// it, write it, and draw a random value of it. The tables, the round
// trips, the truncations and the fuzz target share them.
type prim struct {
	name   string
	read   func(r *oer.Reader) (any, error)
	write  func(w *oer.Writer, v any) error
	random func(rng *rand.Rand) any
}

// bits is a BIT STRING as the tests compare it: der.BitString may carry
// octets past its bits, and padding bits, which are not its value.
type bits string

func toBits(v der.BitString) bits {
	var b strings.Builder
	for i := range v.BitLength {
		b.WriteByte(byte('0' + v.At(i)))
	}
	return bits(b.String())
}

func fromBits(s bits) der.BitString {
	v := der.BitString{Bytes: make([]byte, (len(s)+7)/8), BitLength: len(s)}
	for i, c := range s {
		if c == '1' {
			v.Bytes[i/8] |= 0x80 >> (i % 8)
		}
	}
	return v
}

func randomBits(rng *rand.Rand, n int) bits {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('0' + rng.IntN(2))
	}
	return bits(b)
}

// randomUint returns a uint64 of a random number of bits, so that every
// size of encoding is drawn, not mostly the largest.
func randomUint(rng *rand.Rand) uint64 { return rng.Uint64() >> rng.IntN(64) }

func randomInt(rng *rand.Rand) int64 {
	v := int64(rng.Uint64()) >> rng.IntN(64)
	return v
}

func randomString(rng *rand.Rand, alphabet []rune, n int) string {
	r := make([]rune, n)
	for i := range r {
		r[i] = alphabet[rng.IntN(len(alphabet))]
	}
	return string(r)
}

var (
	ia5Alphabet       = []rune("\x00\x1fAz09 ~\x7f")
	printableAlphabet = []rune("Az09 '()+,-./:=?")
	wideAlphabet      = []rune("aé€\uffff\U0001F600\U0010FFFF")
)

// intRange is the prim of an INTEGER constrained to lb..ub.
func intRange(lb, ub int64) prim {
	return prim{
		name:  "IntRange(" + itoa(lb) + ".." + itoa(ub) + ")",
		read:  func(r *oer.Reader) (any, error) { return r.ReadIntRange(lb, ub) },
		write: func(w *oer.Writer, v any) error { return w.WriteIntRange(v.(int64), lb, ub) },
		random: func(rng *rand.Rand) any {
			span := uint64(ub - lb)
			if span == math.MaxUint64 {
				return int64(rng.Uint64())
			}
			return lb + int64(rng.Uint64N(span+1))
		},
	}
}

func itoa(v int64) string { return big.NewInt(v).String() }

func uintRange(lb, ub uint64) prim {
	return prim{
		name:  "UintRange(" + new(big.Int).SetUint64(lb).String() + ".." + new(big.Int).SetUint64(ub).String() + ")",
		read:  func(r *oer.Reader) (any, error) { return r.ReadUintRange(lb, ub) },
		write: func(w *oer.Writer, v any) error { return w.WriteUintRange(v.(uint64), lb, ub) },
		random: func(rng *rand.Rand) any {
			if ub-lb == math.MaxUint64 {
				return rng.Uint64()
			}
			return lb + rng.Uint64N(ub-lb+1)
		},
	}
}

func octetString(s oer.Size) prim {
	return prim{
		name:  "OctetString",
		read:  func(r *oer.Reader) (any, error) { return r.ReadOctetString(s) },
		write: func(w *oer.Writer, v any) error { return w.WriteOctetString(v.([]byte), s) },
		random: func(rng *rand.Rand) any {
			n := s.Lb + rng.IntN(200)
			if s.Ub >= 0 {
				n = s.Lb + rng.IntN(s.Ub-s.Lb+1)
			}
			b := make([]byte, n)
			for i := range b {
				b[i] = byte(rng.Uint32())
			}
			return b
		},
	}
}

func stringPrim(t *oer.StringType, alphabet []rune, fixed int) prim {
	if fixed >= 0 {
		return prim{
			name:   "Fixed" + t.Name(),
			read:   func(r *oer.Reader) (any, error) { return r.ReadFixedString(t, fixed) },
			write:  func(w *oer.Writer, v any) error { return w.WriteFixedString(t, v.(string), fixed) },
			random: func(rng *rand.Rand) any { return randomString(rng, alphabet, fixed) },
		}
	}
	return prim{
		name:   t.Name(),
		read:   func(r *oer.Reader) (any, error) { return r.ReadString(t, oer.Unsized) },
		write:  func(w *oer.Writer, v any) error { return w.WriteString(t, v.(string), oer.Unsized) },
		random: func(rng *rand.Rand) any { return randomString(rng, alphabet, rng.IntN(150)) },
	}
}
