package view

import (
	"encoding/hex"
	"encoding/pem"
	"os"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// headerSeeds are headers in the forms the fast paths read and in those
// they leave to the slow ones: short and long lengths, non-minimal
// lengths (X.690 10.1), the indefinite form, high tag numbers, an
// end-of-contents identifier, and windows cut short.
var headerSeeds = []string{
	"3000",                           // SEQUENCE, empty
	"300302010a",                     // SEQUENCE { INTEGER 10 }
	"0500",                           // NULL
	"02017f",                         // INTEGER
	"3081",                           // cut inside the length
	"308180" + zeros(128),            // long form, one octet
	"30817f" + zeros(127),            // long form for a short length: not DER
	"30820080" + zeros(128),          // two octets with a leading zero: not DER
	"3082010000" + zeros(255),        // two octets, contents cut short
	"308300000100",                   // three octets of length
	"3080020100" + "0000",            // indefinite (BER)
	"1f2200",                         // high tag number
	"1f8100",                         // high tag number, non-minimal
	"0000",                           // end-of-contents
	"a003020102",                     // [0] EXPLICIT INTEGER
	"800101",                         // [0] IMPLICIT, primitive
	"30",                             // cut inside the header
	"",                               // empty
	"3003020101" + "0500" + "030100", // SEQUENCE, NULL, BIT STRING
	"3003020101" + "3000" + "030100", // SEQUENCE, SEQUENCE, BIT STRING
}

func zeros(n int) string {
	b := make([]byte, n)
	return hex.EncodeToString(b)
}

// seedInputs returns the seeds as bytes, with a certificate of the
// generated package's testdata.
func seedInputs(t testing.TB) [][]byte {
	var out [][]byte
	for _, s := range headerSeeds {
		b, err := hex.DecodeString(s)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	}
	data, err := os.ReadFile("../../generated/rfc5280/testdata/alt1-cert.pem")
	if err != nil {
		t.Fatal(err)
	}
	block, _ := pem.Decode(data)
	out = append(out, block.Bytes, block.Bytes[4:]) // the certificate, and its components
	return out
}

var cursorTags = []der.Tag{der.TagSequence, der.TagInteger, der.TagNull, der.TagBitString, der.Context(0), der.TagDate, der.NewTag(der.ClassUniversal, 34)}

// checkCursor checks the fast paths of a Cursor over b against the slow
// paths and against der.Reader, whose checks the eager decode makes:
// what a fast path accepts, the slow path and der.Reader accept with the
// same window, and a fast path that declines moves nothing.
func checkCursor(t *testing.T, b []byte, opts *der.Options) {
	t.Helper()
	var c Cursor
	c.Init(b, opts)
	// header: the fast read agrees with slowHeader.
	if tag, cons, cs, ce, next, err := c.header(); err == nil {
		tag2, cons2, cs2, ce2, next2, err2 := c.slowHeader()
		if err2 != nil || tag != tag2 || cons != cons2 || cs != cs2 || ce != ce2 || next != next2 {
			t.Errorf("%x: header %v %v %d %d %d, slowHeader %v %v %d %d %d %v", b, tag, cons, cs, ce, next, tag2, cons2, cs2, ce2, next2, err2)
		}
	}
	// Skip agrees with der.Reader.Skip.
	s, r := c, der.NewReader(b, opts)
	err, rerr := s.Skip(), r.Skip()
	if (err == nil) != (rerr == nil) || (err == nil && s.Offset() != r.Offset()) {
		t.Errorf("%x: Skip: %v at %d, der.Reader: %v at %d", b, err, s.Offset(), rerr, r.Offset())
	}
	for _, tag := range cursorTags {
		// Step accepts only what Expect accepts, at the same place, and
		// moves nothing when it declines.
		s, e := c, c
		ok := s.Step(tag)
		err := e.Expect(tag, "T")
		switch {
		case ok && (err != nil || s.Offset() != e.Offset()):
			t.Errorf("%x: Step(%v) to %d, Expect: %v at %d", b, tag, s.Offset(), err, e.Offset())
		case !ok && s.Offset() != c.Offset():
			t.Errorf("%x: Step(%v) declined and moved to %d", b, tag, s.Offset())
		}
		// ReadConstructed agrees with der.Reader.ReadConstructed.
		s, r := c, der.NewReader(b, opts)
		sub, err := s.ReadConstructed(tag, "T")
		rsub, rerr := r.ReadConstructed(tag, "T")
		// (When both fail, the defect reported may differ: the slow path
		// reads a whole indefinite-length element before the tag check.)
		if (err == nil) != (rerr == nil) {
			t.Errorf("%x: ReadConstructed(%v): %v, der.Reader: %v", b, tag, err, rerr)
			continue
		}
		if err != nil {
			continue
		}
		pos, end, depth := rsub.Window()
		if p, e, d := sub.Window(); p != pos || e != end || d != depth || s.Offset() != r.Offset() {
			t.Errorf("%x: ReadConstructed(%v): window %d %d %d then %d, der.Reader %d %d %d then %d", b, tag, p, e, d, s.Offset(), pos, end, depth, r.Offset())
		}
	}
	// Spans accepts only what Step or Expect, one component after the
	// other, accepts, with the same offsets, and moves nothing when it
	// declines.
	for _, ids := range []string{"\x10\x10\x03", "\x10\x05\x03", "\x10", "\x02\x02", "\x10\x10"} {
		s := c
		off := make([]int, len(ids)+1)
		if !s.Spans(off, ids) {
			if s.Offset() != c.Offset() {
				t.Errorf("%x: Spans(%q) declined and moved to %d", b, ids, s.Offset())
			}
			continue
		}
		e := c
		for i := 0; i < len(ids); i++ {
			tag := idTag(ids[i])
			if e.Offset() != off[i] {
				t.Errorf("%x: Spans(%q): component %d at %d, Expect at %d", b, ids, i, off[i], e.Offset())
			}
			if err := e.Expect(tag, "T"); err != nil {
				t.Errorf("%x: Spans(%q) read component %d, Expect(%v): %v", b, ids, i, tag, err)
				break
			}
		}
		if e.Offset() != s.Offset() || off[len(ids)] != s.Offset() {
			t.Errorf("%x: Spans(%q) ends at %d (off %d), Expect at %d", b, ids, s.Offset(), off[len(ids)], e.Offset())
		}
	}
}

var cursorOptions = []*der.Options{nil, {BER: true}, {MaxDepth: 1}}

// TestCursorFastPaths checks the fast paths of Cursor (Step, Spans, the
// common header of Skip and ReadConstructed) against the slow paths and
// der.Reader on the seeds and on every suffix of them.
func TestCursorFastPaths(t *testing.T) {
	for _, b := range seedInputs(t) {
		for _, opts := range cursorOptions {
			for i := 0; i <= len(b); i++ {
				checkCursor(t, b[i:], opts)
			}
			for n := 0; n <= len(b); n++ {
				checkCursor(t, b[:n], opts)
			}
		}
	}
}

// FuzzCursorFastPaths is TestCursorFastPaths on any input.
func FuzzCursorFastPaths(f *testing.F) {
	for _, b := range seedInputs(f) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, opts := range cursorOptions {
			checkCursor(t, b, opts)
		}
	})
}
