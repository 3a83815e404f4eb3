package per_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/per"
)

// bitAt returns bit i of b (0 past its end).
func bitAt(b []byte, i int) int {
	if i/8 >= len(b) {
		return 0
	}
	return int(b[i/8]>>(7-i%8)) & 1
}

// octetAt returns the 8 bits of b from bit i on.
func octetAt(b []byte, i int) int {
	v := 0
	for k := range 8 {
		v = v<<1 | bitAt(b, i+k)
	}
	return v
}

// fragments walks the length determinants of an unconstrained count of
// octets at bit start of b (X.691 11.9.3.6 to 11.9.3.8) as the standard
// lays them out, independently of the runtime: it returns the octets, and
// where is the bit of b that holds their bit x.
func fragments(b []byte, start int) (content []byte, where func(x int) int) {
	type piece struct{ at, from int } // a fragment: its first bit in content and in b
	var pieces []piece
	pos := start
	for {
		n, more := octetAt(b, pos), false
		switch {
		case n&0xc0 == 0xc0: // a fragment of 16K to 64K octets
			n, more = (n&0x3f)*16384, true
			pos += 8
		case n&0x80 != 0: // 128 to 16K-1: two octets
			n = (n&0x3f)<<8 | octetAt(b, pos+8)
			pos += 16
		default:
			pos += 8
		}
		pieces = append(pieces, piece{8 * len(content), pos})
		for range n {
			content = append(content, byte(octetAt(b, pos)))
			pos += 8
		}
		if !more {
			break
		}
	}
	return content, func(x int) int {
		p := pieces[0]
		for _, q := range pieces {
			if q.at <= x {
				p = q
			}
		}
		return p.from + x - p.at
	}
}

// locatedField is the value of TestFragmentErrorOffsets: lead bits, then
// an open type field holding lead bits and a field (nested) or not, whose
// value is lead bits, filler octets and an extension bitmap of one bit 0,
// which is an error (X.691 19.7) at a place the test computes from the
// encoding.
type locatedField struct {
	lead, filler int
	nested       bool
}

func (f locatedField) encode(w *per.Writer) {
	w.WriteBits(0, f.lead)
	o := w.BeginOpen()
	if f.nested {
		w.WriteBits(0, f.lead)
		inner := w.BeginOpen()
		f.value(w)
		w.EndOpen(inner)
	} else {
		f.value(w)
	}
	w.EndOpen(o)
}

func (f locatedField) value(w *per.Writer) {
	w.WriteBits(0, f.lead)
	for i := range f.filler {
		w.WriteBits(uint64(i*7+i>>8), 8)
	}
	w.WriteSmallLength(1)
	w.WriteBool(false)
}

// decode reads the encoding, each field by BeginOpen if byOpen says so,
// else by ReadOpenField (ReadStringContents when contents) and Field,
// and returns the error of the bitmap.
func (f locatedField) decode(r *per.Reader, byOpen []bool, contents bool) error {
	if _, err := r.ReadBits(f.lead); err != nil {
		return err
	}
	levels := 1
	if f.nested {
		levels = 2
	}
	cur := r
	for level := range levels {
		if level > 0 {
			if _, err := cur.ReadBits(f.lead); err != nil {
				return err
			}
		}
		if byOpen[level] {
			if _, err := cur.BeginOpen(); err != nil {
				return err
			}
			continue
		}
		var b []byte
		var at int
		var err error
		if contents {
			b, at, err = cur.ReadStringContents(per.Contents{Size: per.Unsized})
		} else {
			b, at, err = cur.ReadOpenField()
		}
		if err != nil {
			return err
		}
		g := cur.Field(b, at)
		cur = &g
	}
	if _, err := cur.ReadBits(f.lead); err != nil {
		return err
	}
	for range f.filler {
		if _, err := cur.ReadBits(8); err != nil {
			return err
		}
	}
	_, err := cur.ReadBitmap()
	return err
}

// TestFragmentErrorOffsets: an error inside a field of 16K octets or
// more, which comes in fragments that the decode reassembles, is located
// in the caller's input, at the bit the standard's layout of the fragments
// puts it: after one fragment or several, in a field inside such a field,
// whichever way each field is read, in both variants and at every lead.
func TestFragmentErrorOffsets(t *testing.T) {
	for _, aligned := range []bool{true, false} {
		for _, lead := range []int{0, 3} {
			for _, filler := range []int{100, 20000, 70000, 200000} {
				for _, nested := range []bool{false, true} {
					for _, byOpen := range [][]bool{{false, false}, {true, true}, {false, true}, {true, false}} {
						for _, contents := range []bool{false, true} {
							if contents && byOpen[0] && (!nested || byOpen[1]) {
								continue // no field read by ReadStringContents
							}
							name := fmt.Sprintf("aligned=%v/lead=%d/filler=%d/nested=%v/open=%v/contents=%v", aligned, lead, filler, nested, byOpen, contents)
							f := locatedField{lead: lead, filler: filler, nested: nested}
							w := per.NewWriter(nil, aligned)
							f.encode(&w)
							enc := w.Bytes()
							want := f.want(enc, aligned)
							r := per.NewReader(enc, aligned, nil)
							err := f.decode(&r, byOpen, contents)
							var e *der.Error
							if !errors.As(err, &e) || e.Kind != der.KindNonCanonical {
								t.Fatalf("%s: %v, want the bitmap's error", name, err)
							}
							if !e.Bits || e.Offset != want {
								t.Errorf("%s: error at bit %d (octet %d), want bit %d (octet %d): %v", name, e.Offset, e.Offset/8, want, want/8, err)
							}
						}
					}
				}
			}
		}
	}
}

// want is the bit of enc that holds the bitmap bit, found through the
// standard's layout.
func (f locatedField) want(enc []byte, aligned bool) int {
	start := func(lead int) int {
		if aligned {
			return (lead + 7) &^ 7
		}
		return lead
	}
	outer, whereOuter := fragments(enc, start(f.lead))
	x := f.lead + 8*f.filler + 7 // in the innermost field's octets
	if f.nested {
		_, whereInner := fragments(outer, start(f.lead))
		x = whereInner(x)
	}
	return whereOuter(x)
}
