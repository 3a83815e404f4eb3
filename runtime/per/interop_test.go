package per_test

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/isotime"
	"github.com/asn1gen/asn1gen/runtime/per"
)

// The interop tests exchange values with Erlang's asn1ct, compiled with
// erlc -bper (ALIGNED) and -buper (UNALIGNED): for every value, drawn at
// random, the encoding by package per must be asn1ct's, byte for byte, and
// asn1ct must decode it to the same value. The values travel as Erlang
// terms and hex (testdata/peer.escript). They skip without erlc.

// Peer is an escript serving one compiled module in one variant.
type Peer struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

// StartPeers compiles the module text (named mod) with erlc in both
// variants and starts a peer for each: [0] UNALIGNED, [1] ALIGNED.
func startPeers(t *testing.T, mod, text string) [2]*Peer {
	t.Helper()
	erlc, err := exec.LookPath("erlc")
	if err != nil {
		t.Skip("erlc not installed (apt-get install erlang-asn1 erlang-dev)")
	}
	escript, err := exec.LookPath("escript")
	if err != nil {
		t.Skip("escript not installed")
	}
	script, err := filepath.Abs("testdata/peer.escript")
	if err != nil {
		t.Fatal(err)
	}
	var peers [2]*Peer
	for i, flag := range []string{"-buper", "-bper"} {
		dir := filepath.Join(t.TempDir(), flag[1:])
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		src := filepath.Join(dir, mod+".asn")
		if err := os.WriteFile(src, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		c := exec.Command(erlc, flag, "-o", dir, src)
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("erlc %s: %v\n%s", flag, err, out)
		}
		p := &Peer{cmd: exec.Command(escript, script, dir, mod)}
		p.cmd.Stderr = os.Stderr
		if p.in, err = p.cmd.StdinPipe(); err != nil {
			t.Fatal(err)
		}
		stdout, err := p.cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		p.out = bufio.NewReaderSize(stdout, 1<<20)
		if err := p.cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { p.in.Close(); p.cmd.Wait() })
		peers[i] = p
	}
	return peers
}

// Check asks the peer whether term encodes to b and b decodes to term; it
// returns "ok" or what differs.
func (p *Peer) Check(typ, term string, b []byte) (string, error) {
	if _, err := fmt.Fprintf(p.in, "%s\t%s\t%x\n", typ, term, b); err != nil {
		return "", err
	}
	line, err := p.out.ReadString('\n')
	return strings.TrimSuffix(line, "\n"), err
}

// A prim is a type of the interop module with a hand-written codec made
// of package per's primitives. The module wraps each in a SEQUENCE after
// a BOOLEAN and before another, which shows the padding bits.
type prim struct {
	name, asn string
	gen       func(*rand.Rand) any
	term      func(any) string
	enc       func(*per.Writer, any) error
	dec       func(*per.Reader) (any, error)
	// encodeOnly skips asn1ct's decoding, which is wrong for this type
	// (the comment at the prim says how); its encoding is still compared.
	encodeOnly bool
}

func intTerm(v any) string { return strconv.FormatInt(v.(int64), 10) }

// pick returns one of the edges or a value drawn in lb..ub.
func pick(r *rand.Rand, lb, ub int64, edges ...int64) int64 {
	if len(edges) > 0 && r.IntN(2) == 0 {
		return edges[r.IntN(len(edges))]
	}
	span := uint64(ub - lb)
	if span == 1<<64-1 {
		return int64(r.Uint64())
	}
	return lb + int64(r.Uint64N(span+1))
}

func constrained(name, asn string, lb, ub int64) prim {
	return prim{name: name, asn: asn,
		gen: func(r *rand.Rand) any {
			return pick(r, lb, ub, lb, ub, min(lb+1, ub), max(ub-1, lb))
		},
		term: intTerm,
		enc:  func(w *per.Writer, v any) error { return w.WriteConstrained(v.(int64), lb, ub) },
		dec:  func(r *per.Reader) (any, error) { return r.ReadConstrained(lb, ub) },
	}
}

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// size draws a size in s, one in 30 of them (when big) at a boundary of
// fragmentation, so that fragments are exchanged without making the test
// slow (asn1ct takes seconds to parse a term of 64K elements).
func size(r *rand.Rand, s per.Size, big bool) int {
	if big && r.IntN(30) == 0 {
		edges := []int{16383, 16384, 16385, 32768, 49152, 65535, 65536, 65537}
		if n := edges[r.IntN(len(edges))]; s.Within(n) {
			return n
		}
	}
	ub := s.Ub
	if ub < 0 || ub > 40 {
		ub = max(40, s.Lb)
	}
	return s.Lb + r.IntN(ub-s.Lb+1)
}

func bytesTerm(v any) string {
	b := v.([]byte)
	var s strings.Builder
	s.WriteString("<<")
	for i, c := range b {
		if i > 0 {
			s.WriteByte(',')
		}
		s.WriteString(strconv.Itoa(int(c)))
	}
	s.WriteString(">>")
	return s.String()
}

func octetString(name, asn string, s per.Size, ext bool) prim {
	return prim{name: name, asn: asn,
		gen: func(r *rand.Rand) any {
			if ext && r.IntN(3) == 0 {
				return randBytes(r, s.Ub+1+r.IntN(3))
			}
			return randBytes(r, size(r, s, true))
		},
		term: bytesTerm,
		enc:  func(w *per.Writer, v any) error { return w.WriteOctetString(v.([]byte), s) },
		dec: func(r *per.Reader) (any, error) {
			b, err := r.ReadOctetString(s)
			return append([]byte{}, b...), err
		},
	}
}

func bitsTerm(v any) string {
	b := v.(der.BitString)
	var s strings.Builder
	s.WriteString("<<")
	for i := 0; i < b.BitLength/8; i++ {
		if i > 0 {
			s.WriteByte(',')
		}
		s.WriteString(strconv.Itoa(int(b.Bytes[i])))
	}
	if k := b.BitLength % 8; k > 0 {
		if b.BitLength >= 8 {
			s.WriteByte(',')
		}
		fmt.Fprintf(&s, "%d:%d", b.Bytes[b.BitLength/8]>>(8-k), k)
	}
	s.WriteString(">>")
	return s.String()
}

func bitString(name, asn string, s per.Size, ext bool) prim {
	return prim{name: name, asn: asn,
		gen: func(r *rand.Rand) any {
			n := size(r, s, true)
			if ext && r.IntN(3) == 0 {
				n = s.Ub + 1 + r.IntN(9)
			}
			b := randBytes(r, (n+7)/8)
			if n%8 != 0 {
				b[len(b)-1] &^= 0xff >> (n % 8)
			}
			return der.BitString{Bytes: b, BitLength: n}
		},
		term: bitsTerm,
		enc:  func(w *per.Writer, v any) error { return w.WriteBitString(v.(der.BitString), s) },
		dec: func(r *per.Reader) (any, error) {
			b, err := r.ReadBitString(s)
			return der.BitString{Bytes: append([]byte{}, b.Bytes...), BitLength: b.BitLength}, err
		},
	}
}

// charString draws strings of the characters of chars.
func charString(name, asn string, a *per.Alphabet, chars []rune, s per.Size) prim {
	return prim{name: name, asn: asn,
		gen: func(r *rand.Rand) any {
			n := size(r, s, true)
			rs := make([]rune, n)
			for i := range rs {
				rs[i] = chars[r.IntN(len(chars))]
			}
			return string(rs)
		},
		term: func(v any) string {
			var b strings.Builder
			b.WriteByte('[')
			for i, c := range v.(string) {
				if i > 0 {
					b.WriteByte(',')
				}
				if c > 255 { // asn1ct's {Group, Plane, Row, Cell}
					fmt.Fprintf(&b, "{%d,%d,%d,%d}", c>>24, c>>16&255, c>>8&255, c&255)
				} else {
					b.WriteString(strconv.Itoa(int(c)))
				}
			}
			b.WriteByte(']')
			return b.String()
		},
		enc: func(w *per.Writer, v any) error { return w.WriteKnownString(a, v.(string), s, name) },
		dec: func(r *per.Reader) (any, error) { return r.ReadKnownString(a, s, name) },
	}
}

func runes(ranges ...rune) []rune {
	var out []rune
	for i := 0; i < len(ranges); i += 2 {
		for c := ranges[i]; c <= ranges[i+1]; c++ {
			out = append(out, c)
		}
	}
	return out
}

func prims() []prim {
	ps := []prim{
		constrained("I1", "INTEGER (0..7)", 0, 7),
		constrained("I2", "INTEGER (0..255)", 0, 255),
		constrained("I3", "INTEGER (0..256)", 0, 256),
		constrained("I4", "INTEGER (0..65535)", 0, 65535),
		constrained("I5", "INTEGER (0..65536)", 0, 65536),
		constrained("I6", "INTEGER (0..4294967295)", 0, 4294967295),
		constrained("I7", "INTEGER (-5..5)", -5, 5),
		// asn1ct (asn1 5.0.21) encodes a single value in no bits, as X.691
		// 13.2.1 says, but its ALIGNED decoder reads {true,3,true} from
		// C0 as {true,5,false}: it reads two bits for the value.
		withEncodeOnly(constrained("I8", "INTEGER (3..3)", 3, 3)),
		constrained("I9", "INTEGER (-9223372036854775808..9223372036854775807)", -1<<63, 1<<63-1),
		constrained("I10", "INTEGER (1000..1000000000000)", 1000, 1000000000000),
		{name: "I11", asn: "INTEGER (-1..MAX)", term: intTerm,
			gen: func(r *rand.Rand) any { return pick(r, -1, 1<<62, -1, 0, 254, 255, 1<<63-1) },
			enc: func(w *per.Writer, v any) error { return w.WriteSemiConstrained(v.(int64), -1) },
			dec: func(r *per.Reader) (any, error) { return r.ReadSemiConstrained(-1) }},
		{name: "I12", asn: "INTEGER", term: intTerm,
			gen: func(r *rand.Rand) any { return pick(r, -1<<63, 1<<63-1, 0, -1, 127, 128, -128, -129, -1<<63, 1<<63-1) },
			enc: func(w *per.Writer, v any) error { w.WriteUnconstrained(v.(int64)); return nil },
			dec: func(r *per.Reader) (any, error) { return r.ReadUnconstrained() }},
		{name: "I13", asn: "INTEGER (0..10, ...)", term: intTerm,
			gen: func(r *rand.Rand) any { return pick(r, -300, 300, 0, 10, 11, -1) },
			enc: func(w *per.Writer, v any) error {
				n := v.(int64)
				w.WriteBool(n < 0 || n > 10)
				if n < 0 || n > 10 {
					w.WriteUnconstrained(n)
					return nil
				}
				return w.WriteConstrained(n, 0, 10)
			},
			dec: func(r *per.Reader) (any, error) {
				ext, err := r.ReadBool()
				if err != nil {
					return nil, err
				}
				if ext {
					return r.ReadUnconstrained()
				}
				return r.ReadConstrained(0, 10)
			}},
		{name: "E1", asn: "ENUMERATED {a, b, c}",
			gen:  func(r *rand.Rand) any { return r.IntN(3) },
			term: func(v any) string { return string(rune('a' + v.(int))) },
			enc:  func(w *per.Writer, v any) error { w.WriteIndex(v.(int), 3, false, false); return nil },
			dec: func(r *per.Reader) (any, error) {
				i, _, err := r.ReadIndex(3, false)
				return i, err
			}},
		{name: "E2", asn: "ENUMERATED {a, b, ..., c, d}",
			gen:  func(r *rand.Rand) any { return r.IntN(4) },
			term: func(v any) string { return string(rune('a' + v.(int))) },
			enc: func(w *per.Writer, v any) error {
				i := v.(int)
				if i >= 2 {
					w.WriteIndex(i-2, 2, true, true)
				} else {
					w.WriteIndex(i, 2, true, false)
				}
				return nil
			},
			dec: func(r *per.Reader) (any, error) {
				i, ext, err := r.ReadIndex(2, true)
				if ext {
					i += 2
				}
				return i, err
			}},
		{name: "N", asn: "NULL",
			gen:  func(*rand.Rand) any { return nil },
			term: func(any) string { return "'NULL'" },
			enc:  func(*per.Writer, any) error { return nil },
			dec:  func(*per.Reader) (any, error) { return nil, nil }},
		octetString("O1", "OCTET STRING (SIZE(2))", per.Size{Lb: 2, Ub: 2}, false),
		octetString("O2", "OCTET STRING (SIZE(3))", per.Size{Lb: 3, Ub: 3}, false),
		octetString("O3", "OCTET STRING", per.Unsized, false),
		octetString("O4", "OCTET STRING (SIZE(0..7))", per.Size{Lb: 0, Ub: 7}, false),
		octetString("O5", "OCTET STRING (SIZE(1..2, ...))", per.Size{Lb: 1, Ub: 2, Ext: true}, true),
		octetString("O6", "OCTET STRING (SIZE(0..70000))", per.Size{Lb: 0, Ub: 70000}, false),
		octetString("O7", "OCTET STRING (SIZE(0..2))", per.Size{Lb: 0, Ub: 2}, false),
		octetString("O8", "OCTET STRING (SIZE(0))", per.Size{Lb: 0, Ub: 0}, false),
		octetString("O9", "OCTET STRING (SIZE(300))", per.Size{Lb: 300, Ub: 300}, false),
		bitString("B1", "BIT STRING (SIZE(4))", per.Size{Lb: 4, Ub: 4}, false),
		bitString("B2", "BIT STRING (SIZE(17))", per.Size{Lb: 17, Ub: 17}, false),
		bitString("B3", "BIT STRING (SIZE(0..7))", per.Size{Lb: 0, Ub: 7}, false),
		bitString("B4", "BIT STRING", per.Unsized, false),
		bitString("B5", "BIT STRING (SIZE(1..160, ...))", per.Size{Lb: 1, Ub: 160, Ext: true}, true),
		bitString("B6", "BIT STRING (SIZE(16))", per.Size{Lb: 16, Ub: 16}, false),
		bitString("B7", "BIT STRING (SIZE(0..2))", per.Size{Lb: 0, Ub: 2}, false),
		charString("S1", "IA5String", per.IA5, runes(0, 127), per.Unsized),
		charString("S2", "NumericString", per.Numeric, runes(' ', ' ', '0', '9'), per.Unsized),
		charString("S3", `PrintableString (SIZE(2)) (FROM("A".."Z"))`, per.NewAlphabet('A', 'Z'), runes('A', 'Z'), per.Size{Lb: 2, Ub: 2}),
		charString("S4", "BMPString", per.BMP, runes(0, 0xd7ff), per.Unsized),
		charString("S5", "PrintableString (SIZE(1..4))", per.Printable, runes(' ', ' ', '\'', ')', '+', ':', '=', '=', '?', '?', 'A', 'Z', 'a', 'z'), per.Size{Lb: 1, Ub: 4}),
		charString("S6", "VisibleString (SIZE(1..2))", per.Visible, runes(32, 126), per.Size{Lb: 1, Ub: 2}),
		charString("S7", `IA5String (FROM("0".."9" | "#" | "*"))`, per.NewAlphabet('#', '#', '*', '*', '0', '9'), runes('#', '#', '*', '*', '0', '9'), per.Unsized),
		charString("S8", "UniversalString (SIZE(1..8))", per.Universal, runes(0, 0xd7ff), per.Size{Lb: 1, Ub: 8}),
		charString("S9", "IA5String (SIZE(3))", per.IA5, runes(0, 127), per.Size{Lb: 3, Ub: 3}),
		charString("S10", "NumericString (SIZE(4))", per.Numeric, runes(' ', ' ', '0', '9'), per.Size{Lb: 4, Ub: 4}),
		charString("S11", `VisibleString (FROM("a".."z")) (SIZE(0..20, ...))`, per.NewAlphabet('a', 'z'), runes('a', 'z'), per.Size{Lb: 0, Ub: 20, Ext: true}),
		{name: "U1", asn: "UTF8String",
			gen: func(r *rand.Rand) any {
				rs := make([]rune, size(r, per.Unsized, false))
				for i := range rs {
					rs[i] = rune(r.IntN(0xd7ff))
				}
				return string(rs)
			},
			term: func(v any) string { return bytesTerm([]byte(v.(string))) },
			enc:  func(w *per.Writer, v any) error { return w.WriteOctetString([]byte(v.(string)), per.Unsized) },
			dec: func(r *per.Reader) (any, error) {
				b, err := r.ReadOctetString(per.Unsized)
				if err == nil && !utf8.Valid(b) {
					return nil, r.Error(der.KindInvalidValue, "UTF8String", "not UTF-8", "")
				}
				return string(b), err
			}},
		{name: "OI", asn: "OBJECT IDENTIFIER",
			gen: func(r *rand.Rand) any {
				arcs := []uint64{uint64(r.IntN(3)), uint64(r.IntN(40))}
				for range r.IntN(6) {
					arcs = append(arcs, r.Uint64N(1<<uint(1+r.IntN(40))))
				}
				o, err := der.OIDFromArcs(arcs...)
				if err != nil {
					panic(err)
				}
				return o
			},
			term: func(v any) string {
				return "{" + strings.ReplaceAll(v.(der.OID).String(), ".", ",") + "}"
			},
			enc: func(w *per.Writer, v any) error { w.WriteOID(v.(der.OID)); return nil },
			dec: func(r *per.Reader) (any, error) {
				o, err := r.ReadOID()
				return append(der.OID{}, o...), err
			}},
		{name: "SO", asn: "SEQUENCE (SIZE(0..70000)) OF BOOLEAN",
			gen: func(r *rand.Rand) any {
				v := make([]bool, size(r, per.Size{Lb: 0, Ub: 70000}, true)%70001)
				for i := range v {
					v[i] = r.IntN(2) == 0
				}
				return v
			},
			term: func(v any) string {
				s := fmt.Sprint(v)
				return strings.ReplaceAll(s, " ", ",")
			},
			enc: func(w *per.Writer, v any) error {
				bs := v.([]bool)
				lb, ub := 0, 70000
				for {
					k := w.WriteLength(len(bs), lb, ub)
					for _, b := range bs[:k] {
						w.WriteBool(b)
					}
					if k < per.Fragment {
						return nil
					}
					bs, lb, ub = bs[k:], 0, -1
				}
			},
			dec: func(r *per.Reader) (any, error) {
				out := []bool{}
				lb, ub := 0, 70000
				for {
					n, more, err := r.ReadLength(lb, ub)
					if err != nil {
						return nil, err
					}
					for range n {
						b, err := r.ReadBool()
						if err != nil {
							return nil, err
						}
						out = append(out, b)
					}
					if !more {
						return out, nil
					}
					lb, ub = 0, -1
				}
			}},
	}
	return ps
}

func withEncodeOnly(p prim) prim { p.encodeOnly = true; return p }

func primModule(ps []prim) string {
	var b strings.Builder
	b.WriteString("PerPrims DEFINITIONS AUTOMATIC TAGS ::= BEGIN\n")
	for _, p := range ps {
		fmt.Fprintf(&b, "%s ::= SEQUENCE { before BOOLEAN, v %s, after BOOLEAN }\n", p.name, p.asn)
	}
	b.WriteString("END\n")
	return b.String()
}

// TestInteropPrims exchanges random values of every primitive with asn1ct.
func TestInteropPrims(t *testing.T) {
	ps := prims()
	peers := startPeers(t, "PerPrims", primModule(ps))
	n := 60
	if testing.Short() {
		n = 10
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, p := range ps {
		t.Run(p.name, func(t *testing.T) {
			fails := 0
			for i := range n {
				v := p.gen(rng)
				if msg := exchange(t, peers, p, v, rng); msg != "" {
					t.Errorf("value %d %s", i, msg)
					if fails++; fails > 3 {
						t.FailNow()
					}
				}
			}
		})
	}
}

// exchange encodes v of p in both variants between two random bits,
// decodes it back and has asn1ct check the bits (peer.Check). It fails t on
// an encoding or decoding error of ours and returns asn1ct's disagreement
// ("" when it agrees).
func exchange(t *testing.T, peers [2]*Peer, p prim, v any, rng *rand.Rand) string {
	t.Helper()
	before, after := rng.IntN(2) == 0, rng.IntN(2) == 0
	term := fmt.Sprintf("{'%s',%v,%s,%v}", p.name, before, p.term(v), after)
	for variant, peer := range peers {
		aligned := variant == 1
		w := per.NewWriter(nil, aligned)
		w.WriteBool(before)
		if err := p.enc(&w, v); err != nil {
			t.Fatalf("%s %s: encode: %v", p.name, shorten(term), err)
		}
		w.WriteBool(after)
		b := w.Bytes()
		r := per.NewReader(b, aligned, nil)
		got, err := readWrapped(&r, p)
		if err != nil {
			t.Fatalf("%s %s aligned=%v: decode % x: %v", p.name, shorten(term), aligned, shortHex(b), err)
		}
		if diff := cmp.Diff(v, got, durationEqual); diff != "" {
			t.Fatalf("%s aligned=%v: decode (-want +got):\n%s", p.name, aligned, diff)
		}
		reply, err := peer.Check(p.name, term, b)
		if err != nil {
			t.Fatal(err)
		}
		if p.encodeOnly && aligned && strings.HasPrefix(reply, "encoding same;") {
			reply = "ok"
		}
		if reply != "ok" {
			return fmt.Sprintf("%s aligned=%v: per % x; asn1ct: %s", shorten(term), aligned, shortHex(b), shorten(reply))
		}
	}
	return ""
}

// durationEqual compares isotime.Durations with ==, which also compares
// the components they write.
var durationEqual = cmp.Comparer(func(a, b isotime.Duration) bool { return a == b })

func readWrapped(r *per.Reader, p prim) (any, error) {
	if _, err := r.ReadBool(); err != nil {
		return nil, err
	}
	v, err := p.dec(r)
	if err != nil {
		return nil, err
	}
	if _, err := r.ReadBool(); err != nil {
		return nil, err
	}
	return v, r.Finish()
}

func shorten(s string) string {
	if len(s) > 300 {
		return s[:300] + "..."
	}
	return s
}

func shortHex(b []byte) []byte {
	if len(b) > 100 {
		return b[:100]
	}
	return b
}

var _ = hex.EncodeToString
