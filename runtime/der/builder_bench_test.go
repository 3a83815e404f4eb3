package der

import (
	"bytes"
	"testing"
)

// The three ways generated code could write DER, compared on one nested
// structure shaped like a CRL: SEQUENCE { SEQUENCE OF Entry } where
// Entry ::= SEQUENCE { serial INTEGER, when UTCTime, exts SEQUENCE OF
// SEQUENCE { OID, OCTET STRING { ENUMERATED } } OPTIONAL } (every third
// entry has the extension). The winner (append with length fix-up) is the
// Builder; the figures are in its doc comment.

type wEntry struct {
	serial []byte
	when   []byte
	reason byte // 0: no extension
}

var wReasonOID = []byte{0x55, 0x1d, 0x15} // 2.5.29.21

func wEntries(n int) []wEntry {
	es := make([]wEntry, n)
	for i := range es {
		s := uint64(i)*0x9e3779b97f4a7c15 | 1<<56
		es[i].serial = []byte{0x01, byte(s >> 48), byte(s >> 40), byte(s >> 32), byte(s >> 24), byte(s >> 16), byte(s >> 8), byte(s)}
		es[i].when = []byte("250102030405Z")
		if i%3 == 0 {
			es[i].reason = byte(1 + i%9)
		}
	}
	return es
}

var (
	tSeq  = TagSequence
	tInt  = TagInteger
	tUTC  = TagUTCTime
	tOID  = TagOID
	tOcts = TagOctetString
	tEnum = TagEnumerated
)

// Strategy C: the Builder (append, then fix up the length octets).
func encodeAppend(b *Builder, es []wEntry) {
	m := b.Begin(tSeq, true)
	ml := b.Begin(tSeq, true)
	for i := range es {
		e := &es[i]
		me := b.Begin(tSeq, true)
		b.AddPrimitive(tInt, e.serial)
		b.AddPrimitive(tUTC, e.when)
		if e.reason != 0 {
			mx := b.Begin(tSeq, true)
			my := b.Begin(tSeq, true)
			b.AddPrimitive(tOID, wReasonOID)
			mo := b.Begin(tOcts, false)
			b.AddPrimitive(tEnum, []byte{e.reason})
			b.End(mo)
			b.End(my)
			b.End(mx)
		}
		b.End(me)
	}
	b.End(ml)
	b.End(m)
}

// Sizes, shared by strategies A and B (what generated Size methods compute).
func tlvLen(t Tag, n int) int { return HeaderLen(t, n) + n }

func extContentLen(e *wEntry) int {
	ext := tlvLen(tOID, len(wReasonOID)) + tlvLen(tOcts, tlvLen(tEnum, 1))
	return tlvLen(tSeq, ext)
}

func entryContentLen(e *wEntry) int {
	n := tlvLen(tInt, len(e.serial)) + tlvLen(tUTC, len(e.when))
	if e.reason != 0 {
		n += tlvLen(tSeq, extContentLen(e))
	}
	return n
}

func listContentLen(es []wEntry) int {
	n := 0
	for i := range es {
		n += tlvLen(tSeq, entryContentLen(&es[i]))
	}
	return n
}

// Strategy A: size first, then fill forward with known lengths.
func encodeSizeFill(es []wEntry) []byte {
	ln := listContentLen(es)
	out := make([]byte, 0, tlvLen(tSeq, tlvLen(tSeq, ln)))
	out = AppendHeader(out, tSeq, true, tlvLen(tSeq, ln))
	out = AppendHeader(out, tSeq, true, ln)
	for i := range es {
		e := &es[i]
		out = AppendHeader(out, tSeq, true, entryContentLen(e))
		out = AppendHeader(out, tInt, false, len(e.serial))
		out = append(out, e.serial...)
		out = AppendHeader(out, tUTC, false, len(e.when))
		out = append(out, e.when...)
		if e.reason != 0 {
			out = AppendHeader(out, tSeq, true, extContentLen(e))
			out = AppendHeader(out, tSeq, true, tlvLen(tOID, len(wReasonOID))+tlvLen(tOcts, 3))
			out = AppendHeader(out, tOID, false, len(wReasonOID))
			out = append(out, wReasonOID...)
			out = AppendHeader(out, tOcts, false, 3)
			out = append(out, byte(TagEnumerated), 1, e.reason)
		}
	}
	return out
}

// Strategy B: size first, then fill backwards from the end, each header
// written once its contents are.
type backWriter struct {
	buf []byte
	pos int
}

func (w *backWriter) header(t Tag, constructed bool, n int) {
	if n < 0x80 {
		w.pos--
		w.buf[w.pos] = byte(n)
	} else {
		k := lengthOctets(n)
		for i := 0; i < k; i++ {
			w.pos--
			w.buf[w.pos] = byte(n >> (8 * i))
		}
		w.pos--
		w.buf[w.pos] = 0x80 | byte(k)
	}
	// tags below 31 only in this structure
	c := byte(t.Class())<<6 | byte(t.Number())
	if constructed {
		c |= 0x20
	}
	w.pos--
	w.buf[w.pos] = c
}

func (w *backWriter) prim(t Tag, c []byte) {
	w.pos -= len(c)
	copy(w.buf[w.pos:], c)
	w.header(t, false, len(c))
}

func encodeBackwards(es []wEntry) []byte {
	ln := listContentLen(es)
	total := tlvLen(tSeq, tlvLen(tSeq, ln))
	w := backWriter{buf: make([]byte, total), pos: total}
	for i := len(es) - 1; i >= 0; i-- {
		e := &es[i]
		end := w.pos
		if e.reason != 0 {
			xend := w.pos
			w.prim(tEnum, []byte{e.reason})
			w.header(tOcts, false, xend-w.pos)
			w.prim(tOID, wReasonOID)
			w.header(tSeq, true, xend-w.pos)
			w.header(tSeq, true, xend-w.pos)
		}
		w.prim(tUTC, e.when)
		w.prim(tInt, e.serial)
		w.header(tSeq, true, end-w.pos)
	}
	w.header(tSeq, true, total-w.pos)
	w.header(tSeq, true, total-w.pos)
	return w.buf[w.pos:]
}

func TestWriterStrategiesAgree(t *testing.T) {
	es := wEntries(2000)
	b := NewBuilder(nil)
	encodeAppend(b, es)
	got, err := b.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if a := encodeSizeFill(es); !bytes.Equal(a, got) {
		t.Errorf("size-then-fill differs from the Builder")
	}
	if c := encodeBackwards(es); !bytes.Equal(c, got) {
		t.Errorf("backwards fill differs from the Builder")
	}
	if !derShaped(got) {
		t.Errorf("Builder output is not DER")
	}
}

func BenchmarkWriterStrategies(b *testing.B) {
	es := wEntries(2000)
	ref := encodeSizeFill(es)
	b.Run("size-then-fill", func(b *testing.B) {
		b.SetBytes(int64(len(ref)))
		b.ReportAllocs()
		for b.Loop() {
			encodeSizeFill(es)
		}
	})
	b.Run("backwards", func(b *testing.B) {
		b.SetBytes(int64(len(ref)))
		b.ReportAllocs()
		for b.Loop() {
			encodeBackwards(es)
		}
	})
	b.Run("append-fixup", func(b *testing.B) {
		b.SetBytes(int64(len(ref)))
		b.ReportAllocs()
		for b.Loop() {
			bl := NewBuilder(nil)
			encodeAppend(bl, es)
		}
	})
	b.Run("append-fixup-pooled-copy", func(b *testing.B) {
		// Marshal returning a new exact slice: write into a reused
		// buffer, then copy out.
		b.SetBytes(int64(len(ref)))
		b.ReportAllocs()
		var buf []byte
		for b.Loop() {
			bl := Builder{buf: buf[:0]}
			encodeAppend(&bl, es)
			buf = bl.buf
			_ = append([]byte(nil), buf...)
		}
	})
	b.Run("append-fixup-reused", func(b *testing.B) {
		b.SetBytes(int64(len(ref)))
		b.ReportAllocs()
		var buf []byte
		for b.Loop() {
			bl := Builder{buf: buf[:0]}
			encodeAppend(&bl, es)
			buf = bl.buf
		}
	})
}
