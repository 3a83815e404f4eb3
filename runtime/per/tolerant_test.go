package per_test

import (
	"encoding/hex"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/per"
)

// tmsg is a value of
//
//	Msg ::= SEQUENCE { s PrintableString, t UTCTime, in OCTET STRING (CONTAINING Inner) }
//	Inner ::= SEQUENCE { n INTEGER (0..255) }
//
// decoded as generated code decodes it (paths by der.WithField), for the
// tests of the tolerant mode.
type tmsg struct {
	S  string
	T  der.Time
	In tinner
}

type tinner struct{ N uint64 }

func (v *tmsg) DecodePER(r *per.Reader) error {
	var err error
	if v.S, err = r.ReadKnownString(per.Printable, per.Unsized, "PrintableString"); err != nil {
		return der.WithField(err, "s")
	}
	if v.T, err = r.ReadUTCTime(); err != nil {
		return der.WithField(err, "t")
	}
	return der.WithField(r.ReadContained(&v.In, per.Contents{Size: per.Unsized}), "in")
}

func (v *tmsg) EncodePER(w *per.Writer) error { return errors.New("not used") }

func (v *tinner) DecodePER(r *per.Reader) error {
	var err error
	v.N, err = r.ReadBits(8)
	return der.WithField(err, "n")
}

func (v *tinner) EncodePER(w *per.Writer) error { return errors.New("not used") }

// uperMsg returns the UPER encoding of a Msg with the characters of s and
// t (7 bits each, after a length octet), the octets of in, and extra
// octets after the complete encoding.
func uperMsg(s, t string, in []byte, extra string) []byte {
	var out []byte
	n := 0 // bits written
	put := func(v uint64, w int) {
		for i := w - 1; i >= 0; i-- {
			if n%8 == 0 {
				out = append(out, 0)
			}
			out[n/8] |= byte(v>>i&1) << (7 - n%8)
			n++
		}
	}
	for _, str := range []string{s, t} {
		put(uint64(len(str)), 8)
		for i := range len(str) {
			put(uint64(str[i]), 7)
		}
	}
	put(uint64(len(in)), 8)
	for _, c := range in {
		put(uint64(c), 8)
	}
	return append(out, extra...)
}

// tdev is what the tests check of a Deviation.
type tdev struct {
	Kind      der.Kind
	Offset    int
	Bits      bool
	Path      string
	Tolerance der.Tolerance
	Raw       string // hex
}

// TestTolerant decodes a Msg with one defect at a time, strictly (the
// error) and in the tolerant mode (the value and the deviation, with the
// strict error's kind, bit offset and path).
func TestTolerant(t *testing.T) {
	const goodT = "990101000000Z"
	when := der.Date(1999, 1, 1, 0, 0, 0, 0)
	// Bit offsets: s's length at 0, its characters from 8; t's length at
	// 8+7*len(s).
	tests := []struct {
		name string
		in   []byte
		want tmsg
		dev  tdev
	}{
		{"0x11 in a PrintableString", uperMsg("A\x11B", goodT, []byte{7}, ""),
			tmsg{S: "A\x11B", T: when, In: tinner{7}},
			tdev{der.KindInvalidValue, 8 + 7, true, "s", der.TolerateAlphabet, ""}},
		{"invalid UTCTime", uperMsg("AB", "991301000000Z", []byte{7}, ""),
			tmsg{S: "AB", In: tinner{7}},
			tdev{der.KindInvalidValue, 8 + 7*2, true, "t", der.TolerateInvalidTimes, hex.EncodeToString([]byte("991301000000Z"))}},
		{"contents that are no Inner", uperMsg("AB", goodT, []byte{7, 8}, ""),
			tmsg{S: "AB", T: when, In: tinner{7}},
			tdev{der.KindTrailingData, 8 + 7*2 + 8 + 7*13 + 8 + 8, true, "in", der.TolerateOpenTypeErrors, "0708"}},
		{"octets after the complete encoding", uperMsg("AB", goodT, []byte{7}, "\xff"),
			tmsg{S: "AB", T: when, In: tinner{7}},
			tdev{der.KindTrailingData, 8 + 7*2 + 8 + 7*13 + 8 + 8, true, "", der.TolerateTrailingData, "ff"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var v tmsg
			err := per.Unmarshal(tc.in, &v, false, nil)
			var e *der.Error
			if !errors.As(err, &e) {
				t.Fatalf("strict decode: %v, want an error", err)
			}
			strict := tdev{e.Kind, e.Offset, e.Bits, e.Path(), tc.dev.Tolerance, tc.dev.Raw}
			if diff := cmp.Diff(tc.dev, strict); diff != "" {
				t.Errorf("strict error %v (-deviation +error):\n%s", err, diff)
			}
			devs := []der.Deviation{{Msg: "kept"}}
			v = tmsg{}
			if err := per.Unmarshal(tc.in, &v, false, per.Tolerant(&devs)); err != nil {
				t.Fatalf("tolerant decode: %v", err)
			}
			if diff := cmp.Diff(tc.want, v); diff != "" {
				t.Errorf("value (-want +got):\n%s", diff)
			}
			var got []tdev
			for _, d := range devs[1:] {
				got = append(got, tdev{d.Kind, d.Offset, d.Bits, d.Path, d.Tolerance, hex.EncodeToString(d.Raw)})
			}
			if diff := cmp.Diff([]tdev{tc.dev}, got); diff != "" {
				t.Errorf("deviations (-want +got):\n%s", diff)
			}
			// The tolerance without a list: the same value, no word.
			v = tmsg{}
			if err := per.Unmarshal(tc.in, &v, false, &per.Options{Tolerate: der.TolerateAll}); err != nil {
				t.Fatalf("decode with the tolerances: %v", err)
			}
			if diff := cmp.Diff(tc.want, v); diff != "" {
				t.Errorf("value without a list (-want +got):\n%s", diff)
			}
		})
	}
}

// TestTolerantLimits checks that the tolerant mode fails on a truncated
// input, leaving the list as it was, and past MaxDeviations.
func TestTolerantLimits(t *testing.T) {
	in := uperMsg("A\x11B", "991301000000Z", []byte{7, 8}, "\xff") // four deviations
	var v tmsg
	var devs []der.Deviation
	if err := per.Unmarshal(in, &v, false, per.Tolerant(&devs)); err != nil || len(devs) != 4 {
		t.Fatalf("four deviations: %v, %d listed", err, len(devs))
	}
	opts := per.Tolerant(&devs)
	opts.MaxDeviations = 3
	devs = devs[:0]
	if err := per.Unmarshal(in, &v, false, opts); !errors.Is(err, der.ErrLimit) || len(devs) != 0 {
		t.Errorf("four deviations, MaxDeviations 3: %v, %d listed; want a limit error, none", err, len(devs))
	}
	if err := per.Unmarshal(in[:3], &v, false, per.Tolerant(&devs)); !errors.Is(err, der.ErrTruncated) || len(devs) != 0 {
		t.Errorf("truncated: %v, %d listed; want a truncated error, none", err, len(devs))
	}
}
