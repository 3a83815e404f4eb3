package tree_test

import (
	"bytes"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/tree"
)

func TestNormalizeBER(t *testing.T) {
	tests := []struct {
		name    string
		in, out string
		opts    *der.Options
		err     *wantErr
	}{
		{name: "DER is unchanged", in: "30 0a 16 05 53 6d 69 74 68 01 01 ff", out: "30 0a 16 05 53 6d 69 74 68 01 01 ff"},
		{name: "indefinite to definite (X.690 10.1)", in: "30 80 02 01 05 00 00", out: "30 03 02 01 05"},
		{name: "nested indefinite", in: "30 80 a0 80 30 80 00 00 00 00 05 00 00 00", out: "30 06 a0 02 30 00 05 00"},
		{name: "long length to short", in: "04 81 02 aa bb", out: "04 02 aa bb"},
		{name: "leading zero length octets", in: "30 83 00 00 03 02 01 05", out: "30 03 02 01 05"},
		{name: "long contents keep the long form", in: "04 83 00 00 80" + strings.Repeat("5a", 128), out: "04 81 80" + strings.Repeat("5a", 128)},
		{name: "constructed OCTET STRING joined (X.690 8.7 example)", in: "24 80 04 04 01 23 45 67 04 04 89 ab cd ef 00 00",
			out: "04 08 01 23 45 67 89 ab cd ef"},
		{name: "constructed BIT STRING joined (X.690 8.6.4.2 example)", in: "23 80 03 03 00 0a 3b 03 05 04 5f 29 1c d0 00 00",
			out: "03 07 04 0a 3b 5f 29 1c d0"},
		{name: "constructed BIT STRING, padding cleared", in: "23 08 03 02 00 0a 03 02 04 ff", out: "03 03 04 0a f0"},
		{name: "empty constructed BIT STRING", in: "23 00", out: "03 01 00"},
		{name: "empty constructed OCTET STRING in SEQUENCE", in: "30 80 24 80 00 00 00 00", out: "30 02 04 00"},
		{name: "constructed PrintableString of nested segments", in: "33 0a 24 80 04 01 41 00 00 04 01 42", out: "13 02 41 42"},
		{name: "constructed UTCTime", in: "37 80 04 03 39 39 31 04 0a 32 33 31 32 33 35 39 35 39 5a 00 00", out: "17 0d 39 39 31 32 33 31 32 33 35 39 35 39 5a"},
		{name: "constructed UTCTime out of range", in: "37 80 04 03 39 39 31 04 0a 32 33 31 32 35 39 35 39 30 5a 00 00",
			err: &wantErr{der.KindInvalidValue, "X.680 47", 2}},
		{name: "BOOLEAN TRUE to 0xFF (X.690 11.1)", in: "30 06 01 01 01 01 01 00", out: "30 06 01 01 ff 01 01 00"},
		{name: "BIT STRING padding cleared (X.690 11.2.1)", in: "03 02 07 ff", out: "03 02 07 80"},
		{name: "IMPLICIT constructed string left alone", in: "a0 80 04 01 aa 00 00", out: "a0 03 04 01 aa"},
		{name: "SET OF not reordered", in: "31 06 02 01 02 02 01 01", out: "31 06 02 01 02 02 01 01"},
		{name: "high tag", in: "bf 81 49 80 9f 1f 00 00 00", out: "bf 81 49 03 9f 1f 00"},
		{name: "bad BOOLEAN", in: "01 02 00 00", err: &wantErr{der.KindInvalidValue, "X.690 8.2.1", 2}},
		{name: "bad unused bits", in: "30 03 03 01 01", err: &wantErr{der.KindInvalidValue, "X.690 8.6.2.3", 4}},
		{name: "empty INTEGER", in: "30 02 02 00", err: &wantErr{der.KindInvalidValue, "X.690 8.3.1", 4}},
		{name: "OID with a leading 0x80", in: "06 02 80 01", err: &wantErr{der.KindInvalidValue, "X.690 8.19.2", 2}},
		{name: "NULL with contents", in: "30 80 05 01 00 00 00", err: &wantErr{der.KindInvalidValue, "X.690 8.8.2", 4}},
		{name: "constructed INTEGER", in: "22 03 02 01 05", err: &wantErr{der.KindMalformed, "X.690 8.1.2.5", 0}},
		{name: "primitive SEQUENCE", in: "30 02 10 00", err: &wantErr{der.KindMalformed, "X.690 8.1.2.5", 2}},
		{name: "bad GeneralizedTime", in: "18 03 32 30 32", err: &wantErr{der.KindInvalidValue, "X.680 46", 2}},
		{name: "depth limit of the options", in: "30 80 30 80 30 80 00 00 00 00 00 00", opts: &der.Options{MaxDepth: 2},
			err: &wantErr{der.KindLimit, "Options.MaxDepth", 4}},
		{name: "element limit of the options", in: "30 80 05 00 05 00 00 00", opts: &der.Options{MaxElements: 3},
			err: &wantErr{der.KindLimit, "Options.MaxElements", 4}}, // the SEQUENCE is read twice
		{name: "bad segment", in: "24 03 02 01 00", err: &wantErr{der.KindMalformed, "X.690 8.7.3.2", 2}},
		{name: "trailing data", in: "05 00 05 00", err: &wantErr{der.KindTrailingData, "X.690 8.1.1", 2}},
		{name: "truncated", in: "30 80 05 00", err: &wantErr{der.KindTruncated, "X.690 8.1.5", 4}},
		{name: "empty", in: "", err: &wantErr{der.KindTruncated, "X.690 8.1.1", 0}},
		{name: "primitive indefinite", in: "04 80 00 00", err: &wantErr{der.KindMalformed, "X.690 8.1.3.2", 0}},
		{name: "too deep", in: strings.Repeat("30 80", der.DefaultMaxDepth+1) + strings.Repeat("00 00", der.DefaultMaxDepth+1),
			err: &wantErr{der.KindLimit, "Options.MaxDepth", 2 * der.DefaultMaxDepth}},
	}
	for _, tt := range tests {
		in := hx(tt.in)
		orig := bytes.Clone(in)
		out, err := tree.NormalizeBER(in, tt.opts)
		if diff := cmp.Diff(tt.err, errOf(t, err)); diff != "" {
			t.Errorf("%s: error (-want +got):\n%s", tt.name, diff)
			continue
		}
		if !bytes.Equal(in, orig) {
			t.Errorf("%s: input modified", tt.name)
		}
		if err != nil {
			continue
		}
		if got, want := hex.EncodeToString(out), strings.ReplaceAll(tt.out, " ", ""); got != want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, got, want)
		}
		if _, err := tree.Parse(out, nil); err != nil {
			t.Errorf("%s: output is not DER: %v", tt.name, err)
		}
		again, err := tree.NormalizeBER(out, nil)
		if err != nil || !bytes.Equal(again, out) {
			t.Errorf("%s: normalizing again gives %x, %v", tt.name, again, err)
		}
	}
}

// TestNormalizeBERAllocatesOnlyItsOutput checks the doc's promise for an
// input without constructed strings: the output is the only allocation.
func TestNormalizeBERAllocatesOnlyItsOutput(t *testing.T) {
	in := hx("30 80 a0 80 30 80 00 00 00 00 02 01 05 01 01 01 00 00")
	allocs := testing.AllocsPerRun(100, func() {
		if _, err := tree.NormalizeBER(in, nil); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 1 {
		t.Errorf("%v allocations, want 1", allocs)
	}
}
