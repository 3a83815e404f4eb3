package per

import (
	"math/rand/v2"
	"testing"
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
