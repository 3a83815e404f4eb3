package der_test

import (
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// tail is a value of
//
//	Tail ::= SEQUENCE { a INTEGER, ..., b [1] IMPLICIT BIT STRING OPTIONAL, c [2] INTEGER OPTIONAL }
//
// decoded as generated code with -unread decodes it, with the rule of a
// package that reads no addition when a is 0 (SetAside) and keeps a b
// that fails to decode (SetAsideElement), as rfc5280 does for the
// extensions of a version 1 certificate and the unique identifiers.
type tail struct {
	A, C    int64
	B       der.BitString
	HasB    bool
	HasC    bool
	Unknown []byte
}

func (v *tail) DecodeASN1(r *der.Reader, t der.Tag) error {
	if t == 0 {
		return r.Root(v.DecodeASN1(r, der.TagSequence), "Tail")
	}
	s, err := r.ReadConstructed(t, "Tail")
	if err != nil {
		return err
	}
	if v.A, err = s.ReadInt64(der.TagInteger); err != nil {
		return der.WithField(err, "a")
	}
	var unread []byte
	if s.Tolerates(der.TolerateX509Unread) && v.A == 0 && !s.Empty() {
		e := der.NewError(der.KindInvalidValue, s.Offset(), "Tail", "additions when a is 0", "")
		if unread, err = s.SetAside(s.Offset(), der.TolerateX509Unread, e); err != nil {
			return err
		}
	}
	if s.Peek(der.Context(1)) {
		off := s.Offset()
		if v.B, err = s.ReadBitString(der.Context(1)); err != nil {
			if err := s.SetAsideElement(off, der.TolerateX509Unread, err); err != nil {
				return der.WithField(err, "b")
			}
		}
		v.HasB = true
	}
	if s.Peek(der.Context(2)) {
		w, err := s.ReadConstructed(der.Context(2), "[2] EXPLICIT")
		if err != nil {
			return der.WithField(err, "c")
		}
		if v.C, err = w.ReadInt64(der.TagInteger); err != nil {
			return der.WithField(err, "c")
		}
		v.HasC = true
	}
	if !s.Empty() {
		if v.Unknown, err = s.ReadRestDER(); err != nil {
			return err
		}
	}
	v.Unknown = append(v.Unknown, unread...)
	return s.End("Pair")
}

func (v *tail) EncodeASN1(b *der.Builder, t der.Tag) {}

// TestSetAside checks SetAside and SetAsideElement: what they keep, the
// deviations they list (with the Raw set aside and the path of the
// error), and that without TolerateX509Unread, or for a limit error, the
// decode fails as it would without them.
func TestSetAside(t *testing.T) {
	type dev struct {
		Kind   der.Kind
		Offset int
		Path   string
		Raw    string
	}
	tests := []struct {
		name    string
		in      string
		want    tail
		devs    []dev
		strict  string // the error without the tolerance (without its hint), "" for none
		wantErr string // the error with it, "" for none
	}{
		{name: "nothing to set aside", in: "3007020101810200ff",
			want: tail{A: 1, B: der.BitString{Bytes: []byte{0xff}, BitLength: 8}, HasB: true}},
		{name: "b fails: kept present and zero, c read", in: "300b020101810108a203020102",
			want:   tail{A: 1, HasB: true, C: 2, HasC: true},
			devs:   []dev{{der.KindInvalidValue, 7, "Tail.b", "810108"}},
			strict: "asn1: Tail.b at offset 7: BIT STRING: more than 7 unused bits (X.690 8.6.2.2)"},
		{name: "additions set aside unread, whatever they hold", in: "3009020100a204ff020102",
			want:   tail{Unknown: []byte{0xa2, 0x04, 0xff, 0x02, 0x01, 0x02}},
			devs:   []dev{{der.KindInvalidValue, 5, "Tail", "a204ff020102"}},
			strict: "asn1: Tail.c at offset 7: INTEGER: tag number below 31 in the high-tag-number form (X.690 8.1.2.2)"},
		{name: "nothing follows a of 0", in: "3003020100"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in, err := hex.DecodeString(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			var strict tail
			err = der.Unmarshal(in, &strict, nil)
			if got, _, _ := strings.Cut(errText(err), "; "); got != tt.strict { // without the hint
				t.Errorf("strict: error %q, want %q", got, tt.strict)
			}
			var devs []der.Deviation
			var got tail
			err = der.Unmarshal(in, &got, &der.Options{Tolerate: der.TolerateX509Unread, Deviations: &devs})
			if got := errText(err); got != tt.wantErr {
				t.Fatalf("tolerant: error %q, want %q", got, tt.wantErr)
			}
			if err != nil {
				return
			}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("value (-want +got):\n%s", d)
			}
			var gotDevs []dev
			for _, d := range devs {
				gotDevs = append(gotDevs, dev{d.Kind, d.Offset, d.Path, hex.EncodeToString(d.Raw)})
			}
			if d := cmp.Diff(tt.devs, gotDevs); d != "" {
				t.Errorf("deviations (-want +got):\n%s", d)
			}
		})
	}
}

// TestSetAsideLimit checks that a limit error is never set aside.
func TestSetAsideLimit(t *testing.T) {
	r := der.NewReader([]byte{0x30, 0x03, 0x02, 0x01, 0x01}, &der.Options{Tolerate: der.TolerateX509Unread})
	limit := der.NewError(der.KindLimit, 2, "Pair", "too deep", "Options.MaxDepth")
	s, err := r.ReadConstructed(der.TagSequence, "Pair")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.SetAside(2, der.TolerateX509Unread, limit); !errors.Is(err, der.ErrLimit) {
		t.Errorf("SetAside of a limit error: %v", err)
	}
	if err := s.SetAsideElement(2, der.TolerateX509Unread, limit); !errors.Is(err, der.ErrLimit) {
		t.Errorf("SetAsideElement of a limit error: %v", err)
	}
	if s.Offset() != 2 || s.Empty() {
		t.Errorf("the reader moved: offset %d", s.Offset())
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
