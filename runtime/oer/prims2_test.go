package oer_test

import (
	"math"
	"math/big"
	"math/rand/v2"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/oer"
)

// prims returns the primitives under test, by name.
func prims() map[string]prim {
	ps := append(append(append(append(fixedPrims(), variablePrims()...), stringPrims()...), structurePrims()...), heldPrims()...)
	m := make(map[string]prim, len(ps))
	for _, p := range ps {
		if _, dup := m[p.name]; dup {
			panic("two prims named " + p.name)
		}
		m[p.name] = p
	}
	return m
}

// fixedPrims returns the prims of lengths, BOOLEAN and fixed-size INTEGER.
func fixedPrims() []prim {
	return []prim{
		{
			name: "Length", // a length determinant and the octets it counts
			read: func(r *oer.Reader) (any, error) {
				n, err := r.ReadLength()
				if err != nil {
					return nil, err
				}
				return r.ReadFixedOctetString(n)
			},
			write: func(w *oer.Writer, v any) error {
				w.WriteLength(len(v.([]byte)))
				return w.WriteFixedOctetString(v.([]byte), len(v.([]byte)))
			},
			random: func(rng *rand.Rand) any {
				b := make([]byte, rng.IntN(1<<rng.IntN(17)))
				for i := range b {
					b[i] = byte(rng.Uint32())
				}
				return b
			},
		},
		{
			name:   "Bool",
			read:   func(r *oer.Reader) (any, error) { return r.ReadBool() },
			write:  func(w *oer.Writer, v any) error { w.WriteBool(v.(bool)); return nil },
			random: func(rng *rand.Rand) any { return rng.IntN(2) == 1 },
		},
		uintRange(0, math.MaxUint8), uintRange(0, math.MaxUint16), uintRange(0, math.MaxUint32), uintRange(0, math.MaxUint64),
		uintRange(100, 1<<20),
		intRange(math.MinInt8, math.MaxInt8), intRange(math.MinInt16, math.MaxInt16), intRange(math.MinInt32, math.MaxInt32),
		intRange(math.MinInt64, math.MaxInt64), intRange(-1, 200), intRange(1, 300), intRange(0, math.MaxInt64),
	}
}

// variablePrims returns the prims of variable-size INTEGER and ENUMERATED.
func variablePrims() []prim {
	return []prim{
		{
			name:   "Uint",
			read:   func(r *oer.Reader) (any, error) { return r.ReadUint() },
			write:  func(w *oer.Writer, v any) error { w.WriteUint(v.(uint64)); return nil },
			random: func(rng *rand.Rand) any { return randomUint(rng) },
		},
		{
			name:   "Int",
			read:   func(r *oer.Reader) (any, error) { return r.ReadInt() },
			write:  func(w *oer.Writer, v any) error { w.WriteInt(v.(int64)); return nil },
			random: func(rng *rand.Rand) any { return randomInt(rng) },
		},
		{
			name:   "IntLb(-5)",
			read:   func(r *oer.Reader) (any, error) { return r.ReadIntLb(-5) },
			write:  func(w *oer.Writer, v any) error { return w.WriteIntLb(v.(int64), -5) },
			random: func(rng *rand.Rand) any { return max(-5, randomInt(rng)) },
		},
		{
			name:   "IntLb(10)",
			read:   func(r *oer.Reader) (any, error) { return r.ReadIntLb(10) },
			write:  func(w *oer.Writer, v any) error { return w.WriteIntLb(v.(int64), 10) },
			random: func(rng *rand.Rand) any { return max(10, randomInt(rng)) },
		},
		bigPrim(true), bigPrim(false),
		{
			name:   "Enumerated",
			read:   func(r *oer.Reader) (any, error) { return r.ReadEnumerated() },
			write:  func(w *oer.Writer, v any) error { w.WriteEnumerated(v.(int64)); return nil },
			random: func(rng *rand.Rand) any { return randomInt(rng) },
		},
	}
}

// stringPrims returns the prims of the strings.
func stringPrims() []prim {
	return []prim{
		{
			name:  "FixedOctetString(3)",
			read:  func(r *oer.Reader) (any, error) { return r.ReadFixedOctetString(3) },
			write: func(w *oer.Writer, v any) error { return w.WriteFixedOctetString(v.([]byte), 3) },
			random: func(rng *rand.Rand) any {
				return []byte{byte(rng.Uint32()), byte(rng.Uint32()), byte(rng.Uint32())}
			},
		},
		octetString(oer.Unsized),
		{
			name: "FixedBitString(12)",
			read: func(r *oer.Reader) (any, error) {
				v, err := r.ReadFixedBitString(12)
				return toBits(v), err
			},
			write:  func(w *oer.Writer, v any) error { return w.WriteFixedBitString(fromBits(v.(bits)), 12) },
			random: func(rng *rand.Rand) any { return randomBits(rng, 12) },
		},
		{
			name: "BitString",
			read: func(r *oer.Reader) (any, error) {
				v, err := r.ReadBitString(oer.Unsized)
				return toBits(v), err
			},
			write:  func(w *oer.Writer, v any) error { return w.WriteBitString(fromBits(v.(bits)), oer.Unsized) },
			random: func(rng *rand.Rand) any { return randomBits(rng, rng.IntN(300)) },
		},
		stringPrim(oer.IA5String, ia5Alphabet, 3), stringPrim(oer.IA5String, ia5Alphabet, -1),
		stringPrim(oer.VisibleString, []rune(" ~Az"), -1), stringPrim(oer.NumericString, []rune(" 0123456789"), -1),
		stringPrim(oer.PrintableString, printableAlphabet, -1), stringPrim(oer.UTF8String, wideAlphabet, -1),
		stringPrim(oer.BMPString, wideAlphabet[:4], -1), stringPrim(oer.BMPString, wideAlphabet[:4], 2),
		stringPrim(oer.UniversalString, wideAlphabet, -1),
		fromPrim("IA5String FROM", oer.IA5String.From('0', '9', 'A', 'F'), []rune("09AF"), -1),
		fromPrim("FixedIA5String FROM", oer.IA5String.From('0', '9', 'A', 'F'), []rune("09AF"), 2),
		fromPrim("UTF8String FROM", oer.UTF8String.From('a', 'z', 'α', 'ω'), []rune("azαω"), -1),
	}
}

// fromPrim is stringPrim of a type narrowed to a permitted alphabet
// (StringType.From), named name.
func fromPrim(name string, t *oer.StringType, alphabet []rune, fixed int) prim {
	p := stringPrim(t, alphabet, fixed)
	p.name = name
	return p
}

// structurePrims returns the prims of OIDs, preambles, bitmaps, tags,
// quantities and open types.
func structurePrims() []prim {
	return []prim{
		{
			name:   "OID",
			read:   func(r *oer.Reader) (any, error) { return r.ReadOID() },
			write:  func(w *oer.Writer, v any) error { w.WriteOID(v.(der.OID)); return nil },
			random: func(rng *rand.Rand) any { return der.OID(randomSubids(rng, 1)) },
		},
		{
			name:   "RelativeOID",
			read:   func(r *oer.Reader) (any, error) { return r.ReadRelativeOID() },
			write:  func(w *oer.Writer, v any) error { w.WriteRelativeOID(v.(der.RelativeOID)); return nil },
			random: func(rng *rand.Rand) any { return der.RelativeOID(randomSubids(rng, 1)) },
		},
		{
			name: "Preamble(11)",
			read: func(r *oer.Reader) (any, error) {
				v := make([]bool, 11)
				return v, r.ReadPreamble(v)
			},
			write: func(w *oer.Writer, v any) error { w.WritePreamble(v.([]bool)...); return nil },
			random: func(rng *rand.Rand) any {
				v := make([]bool, 11)
				for i := range v {
					v[i] = rng.IntN(2) == 1
				}
				return v
			},
		},
		{
			name: "Extensions",
			read: func(r *oer.Reader) (any, error) {
				v, err := r.ReadExtensions()
				return toBits(v), err
			},
			write: func(w *oer.Writer, v any) error { return w.WriteExtensions(fromBits(v.(bits))) },
			random: func(rng *rand.Rand) any {
				b := []byte(randomBits(rng, 1+rng.IntN(40)))
				b[rng.IntN(len(b))] = '1' // an addition present
				return bits(b)
			},
		},
		{
			name:  "Tag",
			read:  func(r *oer.Reader) (any, error) { return r.ReadTag() },
			write: func(w *oer.Writer, v any) error { w.WriteTag(v.(der.Tag)); return nil },
			random: func(rng *rand.Rand) any {
				return der.NewTag(der.Class(rng.IntN(4)), uint32(randomUint(rng)))
			},
		},
		{
			name:   "Quantity",
			read:   func(r *oer.Reader) (any, error) { return r.ReadQuantity() },
			write:  func(w *oer.Writer, v any) error { w.WriteQuantity(v.(int)); return nil },
			random: func(rng *rand.Rand) any { return int(uint32(randomUint(rng)) >> 1) },
		},
		{
			name: "Open", // an open type field holding an unconstrained INTEGER
			read: func(r *oer.Reader) (any, error) {
				b, at, err := r.ReadOpen()
				if err != nil {
					return nil, err
				}
				f := r.Field(b, at)
				v, err := f.ReadInt()
				if err != nil {
					return nil, err
				}
				return v, r.EndField(&f)
			},
			write: func(w *oer.Writer, v any) error {
				m := w.BeginOpen()
				w.WriteInt(v.(int64))
				w.EndOpen(m)
				return nil
			},
			random: func(rng *rand.Rand) any { return randomInt(rng) },
		},
	}
}

// bigPrim is the prim of a variable-size INTEGER of any size.
func bigPrim(signed bool) prim {
	name := "BigUint"
	if signed {
		name = "BigInt"
	}
	return prim{
		name:  name,
		read:  func(r *oer.Reader) (any, error) { return r.ReadBigInt(signed) },
		write: func(w *oer.Writer, v any) error { return w.WriteBigInt(v.(*big.Int), signed) },
		random: func(rng *rand.Rand) any {
			z := new(big.Int)
			for range rng.IntN(5) {
				z.Lsh(z, 64).Or(z, new(big.Int).SetUint64(randomUint(rng)))
			}
			if signed && rng.IntN(2) == 1 {
				z.Neg(z)
			}
			return z
		},
	}
}

// randomSubids returns at least min random subidentifiers, each in the
// fewest octets.
func randomSubids(rng *rand.Rand, min int) []byte {
	var b []byte
	for range min + rng.IntN(6) {
		v := randomUint(rng)
		s := []byte{byte(v & 0x7f)}
		for v >>= 7; v > 0; v >>= 7 {
			s = append([]byte{0x80 | byte(v&0x7f)}, s...)
		}
		b = append(b, s...)
	}
	return b
}
