package per

import "encoding/binary"

// Reassembly of fragmented strings (X.691 11.9.3.8): a string of 16K items
// or more comes in fragments of 16K to 64K items, each after a length
// octet, so that its items are not contiguous in the input. They are made
// contiguous once: the fragments of a string in the caller's input are
// copied to a new buffer of the string's size (charged to the budget); the
// fragments of a string inside such a buffer (the octets of a fragmented
// open type field hold the fragments of the fields inside it, an NGAP
// message its IE's, the IE its NAS-PDU's) are moved together in place,
// over their own length octets, which the decode has read. A value nested
// in k fragmented fields so costs one copy, not k, and no allocation
// beyond it.
//
// Moving in place rewrites the octets of the fields around the string,
// whose values have been read but whose octets a union keeps in Raw: the
// Reader notes it (rewrote), and DecodeField drops such a Raw rather than
// keep octets that are no longer the field's.

// joinFragments reads the items of a fragmented string of items of unit
// bits (8: octets, 1: bits) whose first length, a fragment of n items, r
// has just read at bit at: the fragments and the lengths between them,
// up to the last length below 16K. It returns the items, left-aligned in
// octets, and their count.
func (r *Reader) joinFragments(at, n, unit int, typ string) ([]byte, int, error) {
	first, n0 := r.pos, n
	total, more, frags := 0, true, 0
	var err error
	for { // the lengths first: the size, checked against the input
		if err := r.need(unit*n, typ); err != nil {
			return nil, 0, err
		}
		r.pos += unit * n
		total += n
		frags++
		if !more {
			break
		}
		if n, more, err = r.nextLength(n, typ); err != nil {
			return nil, 0, err
		}
	}
	end, size := r.pos, (unit*total+7)/8
	r.pos, n = first, n0
	var dst []byte
	if r.owned {
		// The octets from at on are the string's, read now: the items
		// move to the first octet boundary there, which is before the
		// first item (after a length octet), so each is read before the
		// octet it goes to is written.
		i := (at + 7) >> 3
		dst = r.buf[i : i+size : i+size]
		r.rewrote = true
	} else {
		if err := r.Alloc(size, typ); err != nil {
			return nil, 0, err
		}
		dst = make([]byte, size)
		r.noteCopy(dst)
	}
	var m *fragMap
	if r.mapping {
		m = &fragMap{dst: make([]int, 0, frags), src: make([]int, 0, frags), parent: r.loc}
		r.joined = m
	}
	for k := 0; ; {
		if m != nil {
			m.dst, m.src = append(m.dst, k), append(m.src, r.base+r.pos)
		}
		if r.owned {
			r.moveBits(dst, k/8, unit*n)
		} else {
			r.copyBits(dst[k/8:], unit*n)
		}
		if k += unit * n; k == unit*total {
			break
		}
		// Checked by the first pass; a fragment has whole octets.
		n, _, _ = r.readUnconstrainedLength(typ)
	}
	r.pos = end
	return dst, total, nil
}

// moveBits moves n bits from r's position to dst from octet j, left-aligned:
// dst is in r.buf, at or before the bits (see joinFragments), so that
// every octet is written after the bits that were in it were read.
func (r *Reader) moveBits(dst []byte, j, n int) {
	if r.pos&7 == 0 { // octet-aligned (always in the ALIGNED variant)
		i := r.pos >> 3
		j += copy(dst[j:], r.buf[i:i+n>>3])
		r.pos += n &^ 7
		n &= 7
	}
	var w [8]byte
	for ; n >= 64; n -= 56 {
		// Seven octets from eight read: the eighth may hold bits not
		// read yet.
		binary.BigEndian.PutUint64(w[:], r.bits(56)<<8)
		j += copy(dst[j:j+7], w[:7])
	}
	for ; n >= 8; n -= 8 {
		dst[j] = byte(r.bits(8))
		j++
	}
	if n > 0 {
		dst[j] = byte(r.bits(n) << (8 - n))
	}
}

// insertLength puts the length determinant of the octets of w.buf from
// octet start on in front of them (X.691 11.9.3.5 to 11.9.3.8, an
// unconstrained count, as writeLengthOctets writes it): after each
// fragment of 64K octets, then of 16K to 48K, a length octet of its own.
// The octets move towards the end of the buffer, the last first, so that
// each is read before it is written over; nothing else is copied.
func (w *Writer) insertLength(start int) {
	n := len(w.buf) - start
	full, part := n/(4*Fragment), n%(4*Fragment)/Fragment*Fragment
	rest := n - full*4*Fragment - part
	head := 1 // of rest
	if rest >= 0x80 {
		head = 2
	}
	frags := full
	if part > 0 {
		frags++
	}
	w.buf = append(w.buf, make([]byte, frags+head)...)
	b := w.buf
	src := start + n - rest
	dst := src + frags + head
	copy(b[dst:], b[src:src+rest])
	if head == 2 {
		b[dst-2], b[dst-1] = byte(0x80|rest>>8), byte(rest)
	} else {
		b[dst-1] = byte(rest)
	}
	dst -= head
	for k := range frags {
		m := 4 * Fragment
		if k == 0 && part > 0 {
			m = part
		}
		src, dst = src-m, dst-m
		copy(b[dst:], b[src:src+m])
		dst--
		b[dst] = byte(0xc0 | m/Fragment)
	}
	w.n = 8 * len(b)
}
