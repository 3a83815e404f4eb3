package per

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestReadBitsEveryOffset reads every width 0..64 at every bit offset of
// inputs of 1 to 20 octets, as far as the input goes, against reading
// the bits one at a time: the fast path of bits (one 8-octet load), its
// tail (the last 7 octets: the last 8 loaded at once, or the octets of an
// input of fewer one by one) and the split of reads wider than 57 bits.
func TestReadBitsEveryOffset(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for size := 1; size <= 20; size++ {
		b := make([]byte, size)
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		bit := func(p int) uint64 { return uint64(b[p>>3]>>(7-p&7)) & 1 }
		for pos := 0; pos <= 8*size; pos++ {
			for n := 0; n <= 64 && pos+n <= 8*size; n++ {
				var want uint64
				for p := pos; p < pos+n; p++ {
					want = want<<1 | bit(p)
				}
				r := NewReader(b, false, nil)
				r.pos = pos
				got, err := r.ReadBits(n)
				if err != nil || got != want || r.pos != pos+n {
					t.Fatalf("%d octets, ReadBits(%d) at bit %d = %#x, %v, at %d; want %#x at %d", size, n, pos, got, err, r.pos, want, pos+n)
				}
			}
		}
	}
}

// TestCopyBits copies every length of bits at bit offsets 0 to 16 of a
// 40-octet input against copying them one at a time, into a destination
// of the exact size followed by octets that must stay untouched.
func TestCopyBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	b := make([]byte, 40)
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	bit := func(p int) byte { return b[p>>3] >> (7 - p&7) & 1 }
	for pos := 0; pos <= 16; pos++ {
		for n := 0; pos+n <= 8*len(b); n++ {
			size := (n + 7) / 8
			want := make([]byte, size)
			for k := range n {
				want[k>>3] |= bit(pos+k) << (7 - k&7)
			}
			buf := make([]byte, size+8)
			for i := size; i < len(buf); i++ {
				buf[i] = 0xa5
			}
			r := NewReader(b, false, nil)
			r.pos = pos
			r.copyBits(buf[:size], n)
			if string(buf[:size]) != string(want) || r.pos != pos+n {
				t.Fatalf("copyBits(%d) at bit %d = %x, at %d; want %x at %d", n, pos, buf[:size], r.pos, want, pos+n)
			}
			for i := size; i < len(buf); i++ {
				if buf[i] != 0xa5 {
					t.Fatalf("copyBits(%d) at bit %d wrote past its destination: %x", n, pos, buf[size:])
				}
			}
		}
	}
}

// TestRangeFast reads constrained whole numbers of many ranges, after an
// extension bit or not, in both variants, at every bit offset of random
// inputs and with fields ending short of the input, with rangeFast and
// with the extension bit and readRange: what rangeFast reads must be what
// they read, it must leave the Reader where it was when it does not read,
// and it must read every number in the root of a range it handles (a
// bit-field of up to 32 bits, one or two octets, up to 5 octets after
// their count) that the others read.
func TestRangeFast(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	spans := []uint64{0, 1, 2, 3, 6, 7, 8, 100, 254, 255, 256, 1000, 65535, 65536, 1 << 24, 1<<32 - 1, 1 << 32, 1<<40 - 1, 1 << 40, 1<<64 - 1}
	fast := 0
	for size := 1; size <= 24; size++ {
		b := make([]byte, size)
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		for pos := 0; pos <= 8*size; pos++ {
			end := 8 * size
			if rng.IntN(3) == 0 {
				end = pos + rng.IntN(8*size-pos+1)
			}
			for _, span := range spans {
				for _, ext := range []bool{false, true} {
					for _, aligned := range []bool{false, true} {
						slow := NewReader(b, aligned, nil)
						slow.pos, slow.end = pos, end
						out := false
						var want uint64
						var err error
						if ext {
							out, err = slow.ReadBool()
						}
						if err == nil && !out {
							want, err = slow.readRange(span, "INTEGER")
						}
						r := NewReader(b, aligned, nil)
						r.pos, r.end = pos, end
						got, ok := r.rangeFast(span, ext)
						where := func() string {
							return fmt.Sprintf("%d octets, bit %d, end %d, span %d, ext %v, aligned %v", size, pos, end, span, ext, aligned)
						}
						switch {
						case ok && (err != nil || out || got != want || r.pos != slow.pos):
							t.Fatalf("%s: rangeFast = %d at %d; readRange %d at %d, %v (extension bit %v)", where(), got, r.pos, want, slow.pos, err, out)
						case !ok && r.pos != pos:
							t.Fatalf("%s: rangeFast did not read but moved to %d", where(), r.pos)
						case !ok && err == nil && !out && (aligned && span < 1<<40 || !aligned && span < 1<<32):
							t.Fatalf("%s: rangeFast did not read %d", where(), want)
						}
						if ok {
							fast++
						}
					}
				}
			}
		}
	}
	if fast == 0 {
		t.Fatal("rangeFast never read")
	}
}

// TestPreambleBits reads preambles of 0 to 9 and 54 to 66 bits, after an extension bit
// or not, at every bit offset of random inputs and with fields ending
// short of the input, against reading them bit by bit with ReadBool: the
// same presence bits, extension bit, position and error (Preamble and
// ExtendedPreamble read most from one load).
func TestPreambleBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for size := 1; size <= 20; size++ {
		b := make([]byte, size)
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		for pos := 0; pos <= 8*size; pos++ {
			end := 8 * size
			if rng.IntN(3) == 0 {
				end = pos + rng.IntN(8*size-pos+1)
			}
			for _, n := range []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 54, 55, 56, 57, 58, 63, 64, 65, 66} {
				for _, extensible := range []bool{false, true} {
					want := make([]bool, n)
					slow := NewReader(b, true, nil)
					slow.pos, slow.end = pos, end
					var wantExt bool
					var err error
					if extensible {
						wantExt, err = slow.ReadBool()
					}
					for i := 0; i < n && err == nil; i++ {
						want[i], err = slow.ReadBool()
					}
					got := make([]bool, n)
					ptrs := make([]*bool, n)
					for i := range got {
						ptrs[i] = &got[i]
					}
					r := NewReader(b, true, nil)
					r.pos, r.end = pos, end
					var gotExt bool
					if extensible {
						gotExt = r.ExtendedPreamble(ptrs...)
					} else {
						r.Preamble(ptrs...)
					}
					if (err == nil) != (r.Err() == nil) {
						t.Fatalf("%d octets, bit %d, end %d, %d bits, extensible %v: error %v, want %v", size, pos, end, n, extensible, r.Err(), err)
					}
					if err != nil {
						continue
					}
					if d := cmp.Diff(want, got); d != "" || gotExt != wantExt || r.pos != slow.pos {
						t.Fatalf("%d octets, bit %d, end %d, %d bits, extensible %v: extension bit %v at %d, want %v at %d; presence (-want +got):\n%s", size, pos, end, n, extensible, gotExt, r.pos, wantExt, slow.pos, d)
					}
				}
			}
		}
	}
}
