package der_test

import (
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// rec is a value of
//
//	Rec ::= SEQUENCE { t UTCTime, s PrintableString, n SET OF INTEGER }
//
// decoded as generated code decodes it, for the tests of the tolerant
// mode: the paths of its deviations are those that generated code gives
// its errors.
type rec struct {
	T der.Time
	S string
	N []int64
}

func (v *rec) DecodeASN1(r *der.Reader, t der.Tag) error {
	if t == 0 {
		return r.Root(v.DecodeASN1(r, der.TagSequence), "Rec")
	}
	s, err := r.ReadConstructed(t, "Rec")
	if err != nil {
		return err
	}
	v.T = s.UTCTime(der.TagUTCTime, "t")
	v.S = s.Text(der.TagPrintableString, der.TagPrintableString, "s")
	if err := s.Err(); err != nil {
		return err
	}
	l, err := s.ReadConstructed(der.TagSet, "SET OF")
	if err != nil {
		return der.WithField(err, "n")
	}
	if err := l.CheckSetOfOrder("SET OF"); err != nil {
		return der.WithField(err, "n")
	}
	for i := 0; !l.Empty(); i++ {
		x, err := l.ReadInt64(der.TagInteger)
		if err != nil {
			return der.WithField(der.WithIndex(err, i), "n")
		}
		v.N = append(v.N, x)
	}
	return s.End("Rec")
}

func (v *rec) EncodeASN1(b *der.Builder, t der.Tag) {}

// recDER returns the encoding of a Rec with the contents of t and s, the
// elements of n, and extra octets inside the SEQUENCE and after it.
func recDER(t, s string, n []byte, inside, after string) []byte {
	tlv := func(tag byte, c []byte) []byte { return append([]byte{tag, byte(len(c))}, c...) }
	var c []byte
	c = append(c, tlv(0x17, []byte(t))...)
	c = append(c, tlv(0x13, []byte(s))...)
	c = append(c, tlv(0x31, n)...)
	c = append(c, inside...)
	return append(tlv(0x30, c), after...)
}

// nonMinimal returns enc, a Rec, with the short length of the element at
// off written in the long form (81 nn), which BER allows and DER does not.
func nonMinimal(enc []byte, off int) []byte {
	out := append(append(append([]byte{}, enc[:off+1]...), 0x81), enc[off+1:]...)
	out[1]++ // the SEQUENCE's length
	return out
}

// dev is what the tests check of a Deviation.
type dev struct {
	Kind      der.Kind
	Offset    int
	Path      string
	Tolerance der.Tolerance
	Raw       string // hex
}

func devsOf(ds []der.Deviation) []dev {
	var out []dev
	for _, d := range ds {
		out = append(out, dev{d.Kind, d.Offset, d.Path, d.Tolerance, hex.EncodeToString(d.Raw)})
	}
	return out
}

// TestDeviations decodes a Rec with one defect at a time, strictly (the
// error) and with the tolerance that covers it (the value and the
// deviation, with the strict error's offset and path).
func TestDeviations(t *testing.T) {
	const (
		goodT = "990101000000Z"
		goodS = "Name"
	)
	ints := []byte{2, 1, 1, 2, 1, 2} // SET OF INTEGER { 1, 2 }
	// Offsets: the SEQUENCE's header is 2 octets, the UTCTime's contents
	// start at 4, the PrintableString's element at 17, its contents at 19.
	tests := []struct {
		name string
		in   []byte
		tol  der.Tolerance
		want rec
		devs []dev
	}{
		{"invalid time", recDER("991301000000Z", goodS, ints, "", ""), der.TolerateInvalidTimes,
			rec{S: goodS, N: []int64{1, 2}},
			[]dev{{der.KindInvalidValue, 4, "Rec.t", der.TolerateInvalidTimes, hex.EncodeToString([]byte("\x17\x0d991301000000Z"))}}},
		{"time without seconds", recDER("9901010000Z", goodS, ints, "", ""), der.TolerateTimeForms,
			rec{T: der.Date(1999, 1, 1, 0, 0, 0, 0), S: goodS, N: []int64{1, 2}},
			[]dev{{der.KindNonCanonical, 4, "Rec.t", der.TolerateTimeForms, ""}}},
		{"& in PrintableString", recDER(goodT, "A&B", ints, "", ""), der.ToleratePrintableString,
			rec{T: der.Date(1999, 1, 1, 0, 0, 0, 0), S: "A&B", N: []int64{1, 2}},
			[]dev{{der.KindInvalidValue, 19, "Rec.s", der.ToleratePrintableString, ""}}},
		{"0x11 in PrintableString", recDER(goodT, "\x11", ints, "", ""), der.TolerateAlphabet,
			rec{T: der.Date(1999, 1, 1, 0, 0, 0, 0), S: "\x11", N: []int64{1, 2}},
			[]dev{{der.KindInvalidValue, 19, "Rec.s", der.TolerateAlphabet, ""}}},
		{"unsorted SET OF", recDER(goodT, goodS, []byte{2, 1, 2, 2, 1, 1}, "", ""), der.TolerateUnsortedSetOf,
			rec{T: der.Date(1999, 1, 1, 0, 0, 0, 0), S: goodS, N: []int64{2, 1}},
			[]dev{{der.KindNonCanonical, 28, "Rec.n", der.TolerateUnsortedSetOf, ""}}},
		{"octets after the last component", recDER(goodT, goodS, ints, "\x05\x00", ""), der.TolerateTrailingOctets,
			rec{T: der.Date(1999, 1, 1, 0, 0, 0, 0), S: goodS, N: []int64{1, 2}},
			[]dev{{der.KindTrailingData, 31, "Rec", der.TolerateTrailingOctets, "0500"}}},
		{"BER: a length not in the fewest octets", nonMinimal(recDER(goodT, goodS, ints, "", ""), 17), der.TolerateBER,
			rec{T: der.Date(1999, 1, 1, 0, 0, 0, 0), S: goodS, N: []int64{1, 2}},
			[]dev{{der.KindNonCanonical, 17, "Rec.s", der.TolerateBER, ""}}},
		{"octets after the outermost element", recDER(goodT, goodS, ints, "", "\xff\xff"), der.TolerateTrailingData,
			rec{T: der.Date(1999, 1, 1, 0, 0, 0, 0), S: goodS, N: []int64{1, 2}},
			[]dev{{der.KindTrailingData, 31, "", der.TolerateTrailingData, "ffff"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// Strict: the error the deviation repeats.
			var v rec
			err := der.Unmarshal(tc.in, &v, nil)
			var e *der.Error
			if !errors.As(err, &e) {
				t.Fatalf("strict decode: %v, want an error", err)
			}
			strict := dev{e.Kind, e.Offset, e.Path(), tc.devs[0].Tolerance, tc.devs[0].Raw}
			if diff := cmp.Diff(tc.devs[0], strict); diff != "" {
				t.Errorf("strict error %v (-deviation +error):\n%s", err, diff)
			}
			// The tolerance alone: no list.
			if err := der.Unmarshal(tc.in, &v, &der.Options{Tolerate: tc.tol}); err != nil {
				t.Fatalf("decode with the tolerance: %v", err)
			}
			// Listed.
			var devs []der.Deviation
			if err := der.Unmarshal(tc.in, &v, &der.Options{Tolerate: tc.tol, Deviations: &devs}); err != nil {
				t.Fatalf("tolerant decode: %v", err)
			}
			if diff := cmp.Diff(tc.want, v); diff != "" {
				t.Errorf("value (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.devs, devsOf(devs)); diff != "" {
				t.Errorf("deviations (-want +got):\n%s", diff)
			}
			// The tolerant mode lists the same.
			devs = nil
			if err := der.Unmarshal(tc.in, &v, der.Tolerant(&devs)); err != nil {
				t.Fatalf("der.Tolerant: %v", err)
			}
			if diff := cmp.Diff(tc.devs, devsOf(devs)); diff != "" {
				t.Errorf("der.Tolerant: deviations (-want +got):\n%s", diff)
			}
		})
	}
}

// TestDeviationsLimits checks what the tolerant mode never tolerates: a
// structural error (the list is left as it was), and more deviations than
// MaxDeviations.
func TestDeviationsLimits(t *testing.T) {
	twice := recDER("991301000000Z", "\x11", []byte{2, 1, 2, 2, 1, 1}, "", "\x00") // four deviations
	var v rec
	devs := []der.Deviation{{Msg: "kept"}}
	opts := der.Tolerant(&devs)
	if err := der.Unmarshal(twice, &v, opts); err != nil {
		t.Fatalf("four deviations: %v", err)
	}
	if got := len(devs); got != 5 {
		t.Errorf("four deviations appended to one: %d, want 5: %v", got, devs)
	}
	for _, d := range devs[1:] {
		if d.Kind != der.KindTrailingData && !strings.HasPrefix(d.Path, "Rec.") {
			t.Errorf("deviation %v: no path from the root", d)
		}
	}

	devs = devs[:1]
	opts.MaxDeviations = 3
	err := der.Unmarshal(twice, &v, opts)
	if !errors.Is(err, der.ErrLimit) {
		t.Errorf("four deviations, MaxDeviations 3: %v, want a limit error", err)
	}
	if len(devs) != 1 {
		t.Errorf("a failed decode left %d deviations, want the 1 before it", len(devs))
	}

	truncated := recDER("991301000000Z", goodName, nil, "", "")
	truncated = truncated[:len(truncated)-1]
	devs = devs[:1]
	if err := der.Unmarshal(truncated, &v, der.Tolerant(&devs)); !errors.Is(err, der.ErrTruncated) {
		t.Errorf("truncated input: %v, want a truncated error", err)
	}
	if len(devs) != 1 {
		t.Errorf("a failed decode left %d deviations, want the 1 before it", len(devs))
	}
}

const goodName = "Name"
