package der

import (
	"bytes"
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// hx decodes hex written with spaces for readability.
func hx(s string) []byte {
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		panic(err)
	}
	return b
}

// wantErr is the part of an *Error that tests check.
type wantErr struct {
	Kind   Kind
	Rule   string
	Offset int
}

func errOf(t *testing.T, err error) *wantErr {
	t.Helper()
	if err == nil {
		return nil
	}
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v is %T, not *Error", err, err)
	}
	if !errors.Is(err, kindError(e.Kind)) {
		t.Errorf("errors.Is(%v, sentinel of %v) is false", err, e.Kind)
	}
	return &wantErr{e.Kind, e.Rule, e.Offset}
}

// TestHeaders reads one element with ReadElement, in DER and in BER, and
// checks the header or the error. Each non-canonical form has a DER error of
// KindNonCanonical and reads in BER.
func TestHeaders(t *testing.T) {
	type result struct {
		H        Header
		Contents string // hex
	}
	tests := []struct {
		name     string
		in       string
		der, ber *wantErr // nil: success with want
		want     result
	}{
		// X.690 8.1.2: identifier octets.
		{name: "NULL", in: "05 00", want: result{Header{TagNull, false, 0, 2, 0}, ""}},
		{name: "context constructed [3]", in: "a3 03 02 01 05", want: result{Header{Context(3), true, 0, 2, 3}, "020105"}},
		{name: "APPLICATION 30 low form", in: "5e 00", want: result{Header{NewTag(ClassApplication, 30), false, 0, 2, 0}, ""}},
		{name: "PRIVATE 31 high form", in: "df 1f 01 aa", want: result{Header{NewTag(ClassPrivate, 31), false, 0, 3, 1}, "aa"}},
		{name: "high tag 201 two octets (X.690 8.1.2.4)", in: "bf 81 49 00", want: result{Header{Context(201), true, 0, 4, 0}, ""}},
		{name: "high tag max uint32", in: "9f 8f ff ff ff 7f 00", want: result{Header{Context(0xffffffff), false, 0, 7, 0}, ""}},
		{name: "high tag over 32 bits", in: "9f 90 80 80 80 00 00",
			der: &wantErr{KindUnsupported, "X.690 8.1.2.4", 0}, ber: &wantErr{KindUnsupported, "X.690 8.1.2.4", 0}},
		{name: "high form for number 30", in: "9f 1e 00",
			der: &wantErr{KindMalformed, "X.690 8.1.2.2", 0}, ber: &wantErr{KindMalformed, "X.690 8.1.2.2", 0}},
		{name: "high form leading 0x80", in: "9f 80 20 00",
			der: &wantErr{KindMalformed, "X.690 8.1.2.4.2", 0}, ber: &wantErr{KindMalformed, "X.690 8.1.2.4.2", 0}},
		{name: "high tag truncated", in: "9f 81",
			der: &wantErr{KindTruncated, "X.690 8.1.2.4", 0}, ber: &wantErr{KindTruncated, "X.690 8.1.2.4", 0}},
		{name: "high tag no length", in: "9f 81 01",
			der: &wantErr{KindTruncated, "X.690 8.1.3", 0}, ber: &wantErr{KindTruncated, "X.690 8.1.3", 0}},
		{name: "end-of-contents outside indefinite", in: "00 00",
			der: &wantErr{KindMalformed, "X.690 8.1.5", 0}, ber: &wantErr{KindMalformed, "X.690 8.1.5", 0}},
		{name: "constructed UNIVERSAL 0", in: "20 00",
			der: &wantErr{KindMalformed, "X.690 8.1.5", 0}, ber: &wantErr{KindMalformed, "X.690 8.1.5", 0}},
		{name: "empty", in: "",
			der: &wantErr{KindTruncated, "X.690 8.1.1", 0}, ber: &wantErr{KindTruncated, "X.690 8.1.1", 0}},
		{name: "identifier only", in: "04",
			der: &wantErr{KindTruncated, "X.690 8.1.1", 0}, ber: &wantErr{KindTruncated, "X.690 8.1.1", 0}},

		// X.690 8.1.3: length octets; X.690 10.1: DER minimal definite.
		{name: "short form 38 (X.690 8.1.3.4 example)", in: "04 26" + strings.Repeat("00", 38),
			want: result{Header{TagOctetString, false, 0, 2, 38}, strings.Repeat("00", 38)}},
		{name: "long form 38 (X.690 8.1.3.5 example)", in: "04 81 26" + strings.Repeat("00", 38),
			der:  &wantErr{KindNonCanonical, "X.690 10.1", 0},
			want: result{Header{TagOctetString, false, 0, 3, 38}, strings.Repeat("00", 38)}},
		{name: "long form 201 (X.690 8.1.3.5 example)", in: "04 81 c9" + strings.Repeat("01", 201),
			want: result{Header{TagOctetString, false, 0, 3, 201}, strings.Repeat("01", 201)}},
		{name: "long form leading zero", in: "04 82 00 c9" + strings.Repeat("01", 201),
			der:  &wantErr{KindNonCanonical, "X.690 10.1", 0},
			want: result{Header{TagOctetString, false, 0, 4, 201}, strings.Repeat("01", 201)}},
		{name: "long form zero length", in: "05 81 00",
			der:  &wantErr{KindNonCanonical, "X.690 10.1", 0},
			want: result{Header{TagNull, false, 0, 3, 0}, ""}},
		{name: "long form 256", in: "04 82 01 00" + strings.Repeat("02", 256),
			want: result{Header{TagOctetString, false, 0, 4, 256}, strings.Repeat("02", 256)}},
		{name: "reserved 0xFF", in: "04 ff 00",
			der: &wantErr{KindMalformed, "X.690 8.1.3.5", 0}, ber: &wantErr{KindMalformed, "X.690 8.1.3.5", 0}},
		{name: "length octets truncated", in: "04 82 01",
			der: &wantErr{KindTruncated, "X.690 8.1.3.5", 0}, ber: &wantErr{KindTruncated, "X.690 8.1.3.5", 0}},
		{name: "contents truncated", in: "04 05 00",
			der: &wantErr{KindTruncated, "X.690 8.1.3", 0}, ber: &wantErr{KindTruncated, "X.690 8.1.3", 0}},
		{name: "length overflows int", in: "04 89 01 00 00 00 00 00 00 00 00",
			der: &wantErr{KindTruncated, "X.690 8.1.3.5", 0}, ber: &wantErr{KindTruncated, "X.690 8.1.3.5", 0}},
		{name: "huge length", in: "04 84 7f ff ff ff",
			der: &wantErr{KindTruncated, "X.690 8.1.3", 0}, ber: &wantErr{KindTruncated, "X.690 8.1.3", 0}},

		// X.690 8.1.3.6: indefinite form, constructed only, BER only.
		{name: "indefinite SEQUENCE", in: "30 80 05 00 00 00",
			der:  &wantErr{KindNonCanonical, "X.690 10.1", 0},
			want: result{Header{TagSequence, true, 0, 2, -1}, "0500"}},
		{name: "nested indefinite", in: "30 80 30 80 02 01 01 00 00 04 00 00 00",
			der:  &wantErr{KindNonCanonical, "X.690 10.1", 0},
			want: result{Header{TagSequence, true, 0, 2, -1}, "30800201010000 0400"}},
		{name: "indefinite primitive (X.690 8.1.3.2)", in: "04 80 00 00",
			der: &wantErr{KindMalformed, "X.690 8.1.3.2", 0}, ber: &wantErr{KindMalformed, "X.690 8.1.3.2", 0}},
		{name: "indefinite without end-of-contents", in: "30 80 05 00",
			der: &wantErr{KindNonCanonical, "X.690 10.1", 0}, ber: &wantErr{KindTruncated, "X.690 8.1.5", 4}},
		{name: "indefinite with bad end-of-contents", in: "30 80 00 01 00",
			der: &wantErr{KindNonCanonical, "X.690 10.1", 0}, ber: &wantErr{KindMalformed, "X.690 8.1.5", 2}},
		{name: "indefinite with truncated child", in: "30 80 04 05 00 00",
			der: &wantErr{KindNonCanonical, "X.690 10.1", 0}, ber: &wantErr{KindTruncated, "X.690 8.1.3", 2}},
	}
	for _, tt := range tests {
		for _, ber := range []bool{false, true} {
			want := tt.der
			if ber {
				want = tt.ber
			}
			in := hx(tt.in)
			r := NewReader(in, &Options{BER: ber})
			ra := r
			var sub Reader
			tag, constructed, ac, anyErr := ra.ReadAny(&sub)
			var h Header
			c, err := r.ReadElement(&h)
			if diff := cmp.Diff(want, errOf(t, err)); diff != "" {
				t.Errorf("%s (BER %v): error (-want +got):\n%s", tt.name, ber, diff)
				continue
			}
			if diff := cmp.Diff(want, errOf(t, anyErr)); diff != "" {
				t.Errorf("%s (BER %v): ReadAny error (-want +got):\n%s", tt.name, ber, diff)
			} else if err == nil && (tag != h.Tag || constructed != h.Constructed || !bytes.Equal(ac, c) || ra.Offset() != r.Offset() ||
				constructed && (sub.Offset() != h.HeaderLen || len(sub.rest()) != len(c))) {
				t.Errorf("%s (BER %v): ReadAny differs from ReadElement", tt.name, ber)
			}
			if err != nil {
				if r.Offset() != 0 || len(r.rest()) != len(in) {
					t.Errorf("%s (BER %v): failed read moved the reader to %d", tt.name, ber, r.Offset())
				}
				continue
			}
			got := result{h, hex.EncodeToString(c)}
			w := tt.want
			w.Contents = strings.ReplaceAll(w.Contents, " ", "")
			if diff := cmp.Diff(w, got); diff != "" {
				t.Errorf("%s (BER %v): (-want +got):\n%s", tt.name, ber, diff)
			}
			if err := r.Finish(""); err != nil {
				t.Errorf("%s (BER %v): Finish: %v", tt.name, ber, err)
			}
		}
	}
}

// TestReadString covers the constructed string forms of X.690 8.6.4, 8.7.3
// and 8.23.6: rejected in DER (X.690 10.2), joined in BER.
func TestReadString(t *testing.T) {
	tests := []struct {
		name     string
		tag      Tag
		in       string
		der, ber *wantErr
		want     string // hex of the contents, for BER (and DER if der is nil)
		alias    bool   // the BER result aliases the input
	}{
		{name: "primitive OCTET STRING (X.690 8.7 example)", tag: TagOctetString,
			in: "04 08 01 23 45 67 89 ab cd ef", want: "0123456789abcdef", alias: true},
		{name: "constructed OCTET STRING (X.690 8.7 example)", tag: TagOctetString,
			in:  "24 80 04 04 01 23 45 67 04 04 89 ab cd ef 00 00",
			der: &wantErr{KindNonCanonical, "X.690 10.1", 0}, want: "0123456789abcdef"},
		{name: "constructed definite", tag: TagOctetString,
			in: "24 06 04 01 aa 04 01 bb", der: &wantErr{KindNonCanonical, "X.690 10.2", 0}, want: "aabb"},
		{name: "one segment is not copied", tag: TagOctetString,
			in: "24 03 04 01 aa", der: &wantErr{KindNonCanonical, "X.690 10.2", 0}, want: "aa", alias: true},
		{name: "no segment", tag: TagOctetString,
			in: "24 00", der: &wantErr{KindNonCanonical, "X.690 10.2", 0}, want: ""},
		{name: "nested segments", tag: TagOctetString,
			in: "24 80 24 03 04 01 aa 24 80 04 01 bb 04 00 00 00 04 01 cc 00 00", der: &wantErr{KindNonCanonical, "X.690 10.1", 0}, want: "aabbcc"},
		{name: "IA5String of OCTET STRING segments (X.690 8.23.6)", tag: TagIA5String,
			in: "36 08 04 02 41 42 04 02 43 44", der: &wantErr{KindNonCanonical, "X.690 10.2", 0}, want: "41424344"},
		{name: "IA5String segments must be OCTET STRINGs", tag: TagIA5String,
			in: "36 04 16 02 41 42", der: &wantErr{KindNonCanonical, "X.690 10.2", 0}, ber: &wantErr{KindMalformed, "X.690 8.7.3.2", 2}},
		{name: "BIT STRING primitive (X.690 8.6.4.2 example)", tag: TagBitString,
			in: "03 07 04 0a 3b 5f 29 1c d0", want: "040a3b5f291cd0", alias: true},
		{name: "BIT STRING constructed (X.690 8.6.4.2 example)", tag: TagBitString,
			in:  "23 80 03 03 00 0a 3b 03 05 04 5f 29 1c d0 00 00",
			der: &wantErr{KindNonCanonical, "X.690 10.1", 0}, want: "040a3b5f291cd0"},
		{name: "BIT STRING unused bits before the last segment", tag: TagBitString,
			in: "23 08 03 02 04 a0 03 02 00 bb", der: &wantErr{KindNonCanonical, "X.690 10.2", 0}, ber: &wantErr{KindMalformed, "X.690 8.6.4", 6}},
		{name: "BIT STRING segment without unused-bits octet", tag: TagBitString,
			in: "23 02 03 00", der: &wantErr{KindNonCanonical, "X.690 10.2", 0}, ber: &wantErr{KindMalformed, "X.690 8.6.2.2", 2}},
		{name: "BIT STRING without segments", tag: TagBitString,
			in: "23 00", der: &wantErr{KindNonCanonical, "X.690 10.2", 0}, want: "00"},
		{name: "IMPLICIT [1] BIT STRING, segments decide", tag: Context(1),
			in: "a1 07 03 02 00 aa 03 01 00", der: &wantErr{KindNonCanonical, "X.690 10.2", 0}, want: "00aa"},
		{name: "IMPLICIT [1] OCTET STRING", tag: Context(1),
			in: "a1 06 04 01 aa 04 01 bb", der: &wantErr{KindNonCanonical, "X.690 10.2", 0}, want: "aabb"},
		{name: "mixed segment types", tag: Context(1),
			in: "a1 07 04 01 aa 03 02 00 bb", der: &wantErr{KindNonCanonical, "X.690 10.2", 0}, ber: &wantErr{KindMalformed, "X.690 8.7.3.2", 5}},
		{name: "tag mismatch", tag: TagOctetString,
			in: "0c 01 41", der: &wantErr{KindTagMismatch, "", 0}, ber: &wantErr{KindTagMismatch, "", 0}},
	}
	for _, tt := range tests {
		for _, ber := range []bool{false, true} {
			want := tt.der
			if ber {
				want = tt.ber
			}
			in := hx(tt.in)
			r := NewReader(in, &Options{BER: ber})
			c, off, err := r.ReadString(tt.tag, "T")
			if diff := cmp.Diff(want, errOf(t, err)); diff != "" {
				t.Errorf("%s (BER %v): error (-want +got):\n%s", tt.name, ber, diff)
				continue
			}
			if err != nil {
				if r.Offset() != 0 {
					t.Errorf("%s (BER %v): failed read moved the reader", tt.name, ber)
				}
				continue
			}
			if got := hex.EncodeToString(c); got != tt.want {
				t.Errorf("%s (BER %v): got %s, want %s", tt.name, ber, got, tt.want)
			}
			if tt.alias && len(c) > 0 && !aliases(c, in) {
				t.Errorf("%s (BER %v): contents were copied", tt.name, ber)
			}
			if !tt.alias && len(c) > 1 && aliases(c, in) {
				t.Errorf("%s (BER %v): joined contents alias the input", tt.name, ber)
			}
			if off <= 0 || off > len(in) {
				t.Errorf("%s (BER %v): contents offset %d", tt.name, ber, off)
			}
			if !r.Empty() {
				t.Errorf("%s (BER %v): %d octets left", tt.name, ber, len(r.rest()))
			}
		}
	}
}

// aliases reports whether c lies inside in.
func aliases(c, in []byte) bool {
	for i := range in {
		if &in[i] == &c[0] {
			return true
		}
	}
	return false
}

// TestTypedReads checks the tag, form and nesting checks of the schema-driven
// reads.
func TestTypedReads(t *testing.T) {
	seq := TagSequence
	integer := TagInteger
	tests := []struct {
		name string
		in   string
		opts *Options
		read func(r *Reader) error
		want *wantErr
	}{
		{"SEQUENCE { IA5String, BOOLEAN } (X.690 8.9 example)", "30 0a 16 05 53 6d 69 74 68 01 01 ff", nil, func(r *Reader) error {
			s, err := r.ReadConstructed(seq, "S")
			if err != nil {
				return err
			}
			if c, off, err := s.ReadString(TagIA5String, "IA5String"); err != nil || string(c) != "Smith" || off != 4 {
				return errors.New("bad IA5String")
			}
			if c, off, err := s.ReadPrimitive(TagBoolean, "BOOLEAN"); err != nil || len(c) != 1 || off != 11 {
				return errors.New("bad BOOLEAN")
			}
			return s.Finish("S")
		}, nil},
		{"SEQUENCE with trailing component", "30 06 02 01 01 02 01 02", nil, func(r *Reader) error {
			s, err := r.ReadConstructed(seq, "S")
			if err != nil {
				return err
			}
			if _, _, err := s.ReadPrimitive(integer, "INTEGER"); err != nil {
				return err
			}
			return s.Finish("S")
		}, &wantErr{KindTrailingData, "X.690 8.1.1", 5}},
		{"trailing data after the input", "05 00 05", nil, func(r *Reader) error {
			if err := r.Skip(); err != nil {
				return err
			}
			return r.Finish("")
		}, &wantErr{KindTrailingData, "X.690 8.1.1", 2}},
		{"tag mismatch", "04 00", nil, func(r *Reader) error {
			_, _, err := r.ReadPrimitive(integer, "INTEGER")
			var e *Error
			if errors.As(err, &e) && (e.Expected != integer || e.Actual != TagOctetString || !e.HasTags || e.Type != "INTEGER") {
				return errors.New("bad Expected/Actual")
			}
			return err
		}, &wantErr{KindTagMismatch, "", 0}},
		{"constructed INTEGER", "22 03 02 01 01", &Options{BER: true}, func(r *Reader) error {
			_, _, err := r.ReadPrimitive(integer, "INTEGER")
			return err
		}, &wantErr{KindMalformed, "X.690 8.1.2.5", 0}},
		{"primitive SEQUENCE", "10 00", nil, func(r *Reader) error {
			_, err := r.ReadConstructed(Tag(16), "S")
			return err
		}, &wantErr{KindMalformed, "X.690 8.1.2.5", 0}},
		{"EXPLICIT [0] INTEGER", "a0 03 02 01 07", nil, func(r *Reader) error {
			e, err := r.ReadConstructed(Context(0), "[0] EXPLICIT")
			if err != nil {
				return err
			}
			if c, _, err := e.ReadPrimitive(integer, "INTEGER"); err != nil || c[0] != 7 {
				return errors.New("bad INTEGER")
			}
			return e.Finish("[0]")
		}, nil},
		{"optional elements", "30 08 80 01 01 a2 03 02 01 02", nil, func(r *Reader) error {
			s, err := r.ReadConstructed(seq, "S")
			if err != nil {
				return err
			}
			// As generated code reads OPTIONAL components: peek, then read.
			if !s.Peek(Context(0)) {
				return errors.New("[0] missing")
			}
			if c, _, err := s.ReadPrimitive(Context(0), "[0]"); err != nil || c[0] != 1 {
				return errors.New("bad [0]")
			}
			if s.Peek(Context(1)) {
				return errors.New("[1] present")
			}
			if !s.Peek(Context(2)) {
				return errors.New("[2] missing")
			}
			e, err := s.ReadConstructed(Context(2), "[2] EXPLICIT")
			if err != nil {
				return err
			}
			if _, _, err := e.ReadString(integer, "INTEGER"); err != nil {
				return errors.New("bad INTEGER")
			}
			return s.Finish("S")
		}, nil},
		{"Peek and PeekTag", "bf 81 49 00 05 00", nil, func(r *Reader) error {
			if tag, ok := r.PeekTag(); !ok || tag != Context(201) || !r.Peek(Context(201)) || r.Peek(Context(1)) {
				return errors.New("bad peek")
			}
			if r.Count() != 2 {
				return errors.New("bad count")
			}
			var h Header
			if c, err := r.ReadElement(&h); err != nil || h.HeaderLen != 4 || len(c) != 0 || r.Offset() != 4 {
				return errors.New("bad element")
			}
			raw, err := r.ReadRaw()
			if err != nil || len(raw) != 2 || !r.Empty() {
				return errors.New("bad raw")
			}
			if _, ok := r.PeekTag(); ok {
				return errors.New("peek on empty")
			}
			return nil
		}, nil},
		{"ReadRaw keeps the end-of-contents octets", "30 80 05 00 00 00 01 01 ff", &Options{BER: true}, func(r *Reader) error {
			raw, err := r.ReadRaw()
			if err != nil || len(raw) != 6 || r.Offset() != 6 {
				return errors.New("bad raw")
			}
			return nil
		}, nil},
		{"indefinite sub-reader ends before end-of-contents", "30 80 02 01 01 00 00 05 00", &Options{BER: true}, func(r *Reader) error {
			s, err := r.ReadConstructed(seq, "S")
			if err != nil {
				return err
			}
			if _, _, err := s.ReadPrimitive(integer, "INTEGER"); err != nil {
				return err
			}
			if err := s.Finish("S"); err != nil {
				return err
			}
			if r.Offset() != 7 {
				return errors.New("parent not after end-of-contents")
			}
			return r.Skip()
		}, nil},
		{"depth limit", "30 04 30 02 30 00", &Options{MaxDepth: 2}, func(r *Reader) error {
			s, err := r.ReadConstructed(seq, "S")
			if err != nil {
				return err
			}
			s2, err := s.ReadConstructed(seq, "S")
			if err != nil {
				return err
			}
			_, err = s2.ReadConstructed(seq, "S")
			return err
		}, &wantErr{KindLimit, "Options.MaxDepth", 4}},
		{"ReadAny depth limit", "30 02 30 00", &Options{MaxDepth: 1}, func(r *Reader) error {
			var sub Reader
			if _, _, _, err := r.ReadAny(&sub); err != nil {
				return err
			}
			_, _, _, err := sub.ReadAny(&sub)
			return err
		}, &wantErr{KindLimit, "Options.MaxDepth", 2}},
		{"depth limit inside indefinite length", "30 80 30 80 30 80 00 00 00 00 00 00", &Options{BER: true, MaxDepth: 2}, func(r *Reader) error {
			var h Header
			_, err := r.ReadElement(&h)
			return err
		}, &wantErr{KindLimit, "Options.MaxDepth", 4}}, // the element too deep, as in trees and normalizeBER
		{"element limit", "05 00 05 00 05 00", &Options{MaxElements: 2}, func(r *Reader) error {
			for !r.Empty() {
				if err := r.Skip(); err != nil {
					return err
				}
			}
			return nil
		}, &wantErr{KindLimit, "Options.MaxElements", 4}},
		{"allocation limit", "24 06 04 01 aa 04 01 bb", &Options{BER: true, MaxAlloc: 1}, func(r *Reader) error {
			_, _, err := r.ReadString(TagOctetString, "OCTET STRING")
			return err
		}, &wantErr{KindLimit, "Options.MaxAlloc", 0}},
		{"allocation within limit", "24 06 04 01 aa 04 01 bb", &Options{BER: true, MaxAlloc: 2}, func(r *Reader) error {
			_, _, err := r.ReadString(TagOctetString, "OCTET STRING")
			if err == nil && r.alloc(1) == nil {
				return errors.New("budget not charged")
			}
			return err
		}, nil},
		{"SET OF in order", "31 06 02 01 01 02 01 02", nil, func(r *Reader) error {
			s, err := r.ReadConstructed(TagSet, "SET OF")
			if err != nil {
				return err
			}
			return s.CheckSetOfOrder("SET OF")
		}, nil},
		{"SET OF equal elements", "31 06 02 01 01 02 01 01", nil, func(r *Reader) error {
			s, err := r.ReadConstructed(TagSet, "SET OF")
			if err != nil {
				return err
			}
			return s.CheckSetOfOrder("SET OF")
		}, nil},
		{"SET OF out of order (X.690 11.6)", "31 06 02 01 02 02 01 01", nil, func(r *Reader) error {
			s, err := r.ReadConstructed(TagSet, "SET OF")
			if err != nil {
				return err
			}
			return s.CheckSetOfOrder("SET OF")
		}, &wantErr{KindNonCanonical, "X.690 11.6", 5}},
		{"SET OF order not checked in BER", "31 06 02 01 02 02 01 01", &Options{BER: true}, func(r *Reader) error {
			s, err := r.ReadConstructed(TagSet, "SET OF")
			if err != nil {
				return err
			}
			return s.CheckSetOfOrder("SET OF")
		}, nil},
	}
	for _, tt := range tests {
		r := NewReader(hx(tt.in), tt.opts)
		err := tt.read(&r)
		if diff := cmp.Diff(tt.want, errOf(t, err)); diff != "" {
			t.Errorf("%s: (-want +got):\n%s\nerror: %v", tt.name, diff, err)
		}
	}
}

func TestCompareSetOf(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"01", "02", -1},
		{"0201", "0200", 1},
		{"01", "0100", 0}, // X.690 11.6: padded with zero octets
		{"01", "0101", -1},
		{"0101", "01", 1},
		{"", "", 0},
	}
	for _, tt := range tests {
		if got := compareSetOf(hx(tt.a), hx(tt.b)); got != tt.want {
			t.Errorf("compareSetOf(%s, %s) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestErrorText(t *testing.T) {
	r := NewReader(hx("30 81 03 05 00 00"), nil)
	_, err := r.ReadConstructed(TagSequence, "Certificate")
	const want = "asn1: at offset 0: Certificate: length not in the minimal form (X.690 10.1)"
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

// TestReaderDoesNotAllocate checks that reading DER allocates nothing, the
// reader itself included.
func TestReaderDoesNotAllocate(t *testing.T) {
	in := hx("30 0e 02 01 01 a0 03 02 01 02 04 04 01 02 03 04")
	allocs := testing.AllocsPerRun(100, func() {
		r := NewReader(in, nil)
		s, err := r.ReadConstructed(TagSequence, "S")
		if err != nil {
			t.Fatal(err)
		}
		for !s.Empty() {
			var h Header
			if _, err := s.ReadElement(&h); err != nil {
				t.Fatal(err)
			}
		}
		if err := r.Finish(""); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per decode", allocs)
	}
}

// TestCountNestedDoesNotAllocate checks CountNested and CountLists on an
// RDNSequence-like list of lists: they count the inner elements and leave
// the decode state on the stack.
func TestCountNestedDoesNotAllocate(t *testing.T) {
	in := hx("30 0d 31 06 02 01 01 02 01 02 31 03 02 01 03")
	var n, lists, nested int
	allocs := testing.AllocsPerRun(100, func() {
		r := NewReader(in, nil)
		s, err := r.ReadConstructed(TagSequence, "RDNSequence")
		if err != nil {
			t.Fatal(err)
		}
		n = s.CountNested()
		lists, nested = s.CountLists()
	})
	if n != 3 || lists != 2 || nested != 3 {
		t.Errorf("CountNested = %d, CountLists = %d, %d, want 3 and 2, 3", n, lists, nested)
	}
	if allocs != 0 {
		t.Errorf("%v allocations per decode", allocs)
	}
}

// TestPeekLow checks PeekLow and PeekLowTag against Peek and PeekTag for
// every identifier octet (the high-tag-number form and an empty reader
// included): the same answer for every tag of the low form, and no tag of
// that form for the others.
func TestPeekLow(t *testing.T) {
	lows := []Tag{TagBoolean, TagInteger, TagSequence, TagSet, TagUTCTime, TagGeneralizedTime, Context(0), Context(30), Application(3), Private(30)}
	inputs := [][]byte{nil}
	for c := range 256 {
		inputs = append(inputs, []byte{byte(c), 0x1f, 0x00}, []byte{byte(c), 0x81, 0x01, 0x00})
	}
	for _, in := range inputs {
		r := NewReader(in, nil)
		got, ok := r.PeekTag()
		want := got
		if !ok || got.Number() >= 31 {
			want = 0
		}
		if lt := r.PeekLowTag(); lt != want {
			t.Errorf("% x: PeekLowTag() = %v, want %v (PeekTag: %v, %v)", in, lt, want, got, ok)
		}
		for _, tag := range lows {
			if pl, p := r.PeekLow(tag), r.Peek(tag); pl != p {
				t.Errorf("% x: PeekLow(%v) = %v, Peek = %v", in, tag, pl, p)
			}
		}
		if len(in) > 0 && LowTag(in[0]) != want {
			t.Errorf("LowTag(%#x) = %v, want %v", in[0], LowTag(in[0]), want)
		}
	}
}

// TestCountSetOf checks CountSetOf against CheckSetOfOrder then Count on
// the same SET OF contents: the count, the error (offset and kind) and the
// deviations listed when the order is tolerated (one, at the first pair
// out of order), in DER and BER, with unreadable elements.
func TestCountSetOf(t *testing.T) {
	inputs := []string{
		"",
		"02 01 01",
		"02 01 01 02 01 02",
		"02 01 01 02 01 01",
		"02 01 02 02 01 01",
		"02 01 03 02 01 02 02 01 01", // two pairs out of order
		"02 01 02 02 01 01 02 01 03",
		"02 01 01 02 05 01", // the second element runs past the end
		"02 01 01 1f 81",    // unreadable high tag
		"30 81 80" + strings.Repeat(" 00", 128) + " 02 01 01",
		// One element (read without the loop when its header is common).
		"30 81 80" + strings.Repeat(" 00", 128),
		"30 82 00 80" + strings.Repeat(" 00", 128), // a length not in the fewest octets
		"02 03 01",             // runs past the end
		"bf 1f 02 05 00",       // a high tag number
		"00 00",                // UNIVERSAL 0
		"30 80 02 01 01 00 00", // indefinite (BER)
		"02 01 01 00",          // one octet after it
	}
	type result struct {
		N    int
		Err  *wantErr
		Devs []Tolerance
	}
	run := func(in []byte, opts func() (*Options, *[]Deviation), combined bool) result {
		o, devs := opts()
		r := NewReader(in, o)
		var res result
		var err error
		if combined {
			res.N, err = r.CountSetOf("SET OF")
		} else if err = r.CheckSetOfOrder("SET OF"); err == nil {
			res.N = r.Count()
		}
		res.Err = errOf(t, err)
		if devs != nil {
			for _, d := range *devs {
				res.Devs = append(res.Devs, d.Tolerance)
			}
		}
		return res
	}
	for _, opts := range []struct {
		name string
		make func() (*Options, *[]Deviation)
	}{
		{"DER", func() (*Options, *[]Deviation) { return nil, nil }},
		{"BER", func() (*Options, *[]Deviation) { return &Options{BER: true}, nil }},
		{"tolerant", func() (*Options, *[]Deviation) {
			var devs []Deviation
			return Tolerant(&devs), &devs
		}},
	} {
		for _, in := range inputs {
			want := run(hx(in), opts.make, false)
			got := run(hx(in), opts.make, true)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s %q: CountSetOf differs from CheckSetOfOrder and Count (-want +got):\n%s", opts.name, in, diff)
			}
		}
	}
}

// TestCountNested checks CountNested against the sum of Count over the
// contents of each constructed element, read with the general parser
// (ReadElement and Open): common and other headers (a high tag number, a
// long length, an indefinite length in BER), primitive elements, and an
// unreadable element inside or at the top.
func TestCountNested(t *testing.T) {
	tests := []struct {
		in  string
		ber bool
	}{
		{"", false},
		{"31 03 02 01 01 31 06 02 01 01 02 01 02", false},
		{"31 00 04 01 aa 31 03 02 01 01", false},
		{"31 05 bf 1f 02 05 00 31 03 02 01 01", false},                   // a high tag inside
		{"31 84 00 00 00 03 02 01 01 31 03 02 01 01", true},              // a long length outside
		{"31 80 02 01 01 02 01 02 00 00 31 03 02 01 01", true},           // indefinite, BER
		{"31 07 02 01 01 30 80 00 00 31 03 02 01 01", true},              // indefinite inside
		{"31 05 02 01 01 1f 81 31 03 02 01 01", false},                   // unreadable inside
		{"31 03 02 01 01 31 09 02 01 01", false},                         // the last runs past the end
		{"31 03 02 01 01 1f", false},                                     // unreadable at the top
		{"31 81 85 " + strings.Repeat("04 00 ", 66) + "04 01 aa", false}, // many inside, long length
	}
	for _, tt := range tests {
		in := hx(tt.in)
		r := NewReader(in, &Options{BER: tt.ber})
		want := 0
		for w := r; !w.Empty(); {
			var h Header
			c, err := w.ReadElement(&h)
			if err != nil {
				break
			}
			if h.Constructed {
				sub := w.Open(c, h.Offset+h.HeaderLen)
				want += sub.Count()
			}
		}
		if got := r.CountNested(); got != want {
			t.Errorf("%s: CountNested() = %d, want %d", tt.in, got, want)
		}
		// CountLists is Count and CountNested in one walk.
		n, nested := r.CountLists()
		if wn := r.Count(); n != wn || nested != want {
			t.Errorf("%s: CountLists() = %d, %d, want %d, %d", tt.in, n, nested, wn, want)
		}
	}
}

// TestReadOIDFastPath checks ReadOID and ReadRelativeOID, whose common
// case is read without a call, against the general path (ReadPrimitive,
// then checkSubids): the same contents, error and position, for contents
// with and without 0x80 octets, empty, unterminated, in a long length, under
// another tag, truncated, and with the element budget spent.
func TestReadOIDFastPath(t *testing.T) {
	inputs := []string{
		"06 03 2a 03 04", "06 03 2a 80 01", "06 02 80 01", "06 00", "06 02 2a 83",
		"06 81 01 2a", "06 05 2a 86 48 86 f7", "02 01 01", "06 04 2a 03", "06", "",
		"0d 02 2a 03", "86 01 2a", "1f 06 01 2a",
	}
	for _, in := range inputs {
		for _, o := range []*Options{nil, {MaxElements: 1}, {BER: true}} {
			for _, rel := range []bool{false, true} {
				tag, typ, rule := TagOID, "OBJECT IDENTIFIER", "X.690 8.19.2"
				if rel {
					tag, typ, rule = TagRelativeOID, "RELATIVE-OID", "X.690 8.20.2"
				}
				spend := func(r *Reader) {
					if o != nil && o.MaxElements == 1 {
						r.s.elem() // the budget spent before the read
					}
				}
				r := NewReader(hx(in), o)
				spend(&r)
				var got []byte
				var err error
				if rel {
					var x RelativeOID
					x, err = r.ReadRelativeOID(tag)
					got = x
				} else {
					var x OID
					x, err = r.ReadOID(tag)
					got = x
				}
				ref := NewReader(hx(in), o)
				spend(&ref)
				want, off, werr := ref.ReadPrimitive(tag, typ)
				if werr == nil {
					if werr = at(checkSubids(want, typ, rule), off); werr != nil {
						want = nil
					}
				}
				if !bytes.Equal(got, want) || r.pos != ref.pos || cmp.Diff(errOf(t, werr), errOf(t, err)) != "" {
					t.Errorf("%s %+v rel=%v: got % x, %v at %d; want % x, %v at %d", in, o, rel, got, err, r.pos, want, werr, ref.pos)
				}
			}
		}
	}
}

// TestReadIntegerFastPath checks ReadInteger, ReadInt64 and
// ReadEnumerated, whose common case (shortInteger) is read without the
// general path, against that path (ReadPrimitive, then the contents'
// checks): the same value, error and position, for minimal and redundant
// encodings, empty contents, values beyond 64 bits, a long length, another
// tag, truncated input, BER, and the element budget spent.
func TestReadIntegerFastPath(t *testing.T) {
	inputs := []string{
		"02 01 00", "02 01 ff", "02 02 00 7f", "02 02 00 80", "02 02 ff 80", "02 02 ff 7f",
		"02 00", "02 08 7f ff ff ff ff ff ff ff", "02 09 00 80 00 00 00 00 00 00 00",
		"02 09 01 00 00 00 00 00 00 00 00", "02 81 01 05", "0a 01 03", "0a 02 00 01",
		"02 03 01 02", "02", "", "04 01 01", "82 01 05", "1f 02 01 05",
	}
	type result struct {
		I   []byte
		V   int64
		Err *wantErr
		Pos int
	}
	for _, in := range inputs {
		for _, o := range []*Options{nil, {MaxElements: 1}, {BER: true}} {
			for _, kind := range []string{"INTEGER", "Int64", "ENUMERATED"} {
				tag, typ := TagInteger, "INTEGER"
				if kind == "ENUMERATED" {
					tag, typ = TagEnumerated, "ENUMERATED"
				}
				reader := func() Reader {
					r := NewReader(hx(in), o)
					if o != nil && o.MaxElements == 1 {
						r.s.elem() // the budget spent before the read
					}
					return r
				}
				r := reader()
				var got result
				var err error
				switch kind {
				case "INTEGER":
					var x Integer
					x, err = r.ReadInteger(tag)
					got.I = x
				case "Int64":
					got.V, err = r.ReadInt64(tag)
				default:
					got.V, err = r.ReadEnumerated(tag)
				}
				got.Err, got.Pos = errOf(t, err), r.pos
				ref := reader()
				var want result
				c, off, werr := ref.ReadPrimitive(tag, typ)
				if werr == nil {
					if kind == "INTEGER" {
						var x Integer
						x, werr = parseInteger(c, !ref.ber)
						want.I = x
					} else {
						want.V, werr = parseInt64(c, !ref.ber, typ)
					}
					werr = at(werr, off)
				}
				want.Err, want.Pos = errOf(t, werr), ref.pos
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("%s %+v %s: (-general +fast):\n%s", in, o, kind, diff)
				}
			}
		}
	}
}

// TestReadOpen checks ReadOpen against ReadRaw followed by Open of its
// result at the offset before it: the same error, position, sub-reader
// (input, window, depth, flags) and contents, for common and other headers
// (a high tag number, a long length, an indefinite length in BER), a
// non-minimal length, truncated and unreadable elements, an empty reader,
// a reader inside a SEQUENCE (whose flag the sub-reader must not inherit),
// and the element budget spent.
func TestReadOpen(t *testing.T) {
	inputs := []string{
		"13 02 41 42 05 00", "0c 00", "30 03 02 01 01", "bf 1f 02 05 00", "04 81 01 aa",
		"04 81 81 " + strings.Repeat("00 ", 129), "30 80 02 01 01 00 00", "04 82 00 05 01 02 03 04 05",
		"13 05 41", "13", "", "1f", "00 00", "1f 81", "30 84 00 00 00 01 05",
	}
	for _, in := range inputs {
		for _, o := range []*Options{nil, {MaxElements: 1}, {BER: true}} {
			for _, seq := range []bool{false, true} {
				b := hx(in)
				start := func() Reader {
					r := NewReader(b, o)
					if o != nil && o.MaxElements == 1 {
						r.s.elem() // the budget spent before the read
					}
					if seq {
						// The same window as the contents of a SEQUENCE
						// at depth 1.
						r.seq, r.depth = true, 1
					}
					return r
				}
				r, ref := start(), start()
				sub, err := r.ReadOpen()
				off := ref.Offset()
				raw, werr := ref.ReadRaw()
				if cmp.Diff(errOf(t, werr), errOf(t, err)) != "" || r.pos != ref.pos {
					t.Errorf("%s %+v seq=%v: ReadOpen: %v at %d; ReadRaw: %v at %d", in, o, seq, err, r.pos, werr, ref.pos)
					continue
				}
				if err != nil {
					if !sub.Empty() {
						t.Errorf("%s %+v seq=%v: the sub-reader after an error is not empty", in, o, seq)
					}
					continue
				}
				want := ref.Open(raw, off)
				if !bytes.Equal(sub.Rest(), raw) || &sub.in[0] != &b[0] || &want.in[0] != &b[0] || len(sub.in) != len(want.in) ||
					sub.pos != want.pos || sub.end != want.end || sub.depth != want.depth || sub.s != r.s || want.s != ref.s ||
					sub.ber != want.ber || sub.seq != want.seq || sub.err != want.err {
					t.Errorf("%s %+v seq=%v: ReadOpen's reader %+v, Open's %+v", in, o, seq, sub, want)
				}
			}
		}
	}
}
