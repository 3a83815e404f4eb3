package tree_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/tree"
)

// hx decodes hex written with spaces for readability.
func hx(s string) []byte {
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		panic(err)
	}
	return b
}

// The reasons Parse gives in Node.NonDER.
const (
	reasonIndefinite  = "indefinite length (X.690 10.1)"
	reasonLength      = "length not in the minimal form (X.690 10.1)"
	reasonConstructed = "constructed string (X.690 10.2)"
)

// wantErr is the part of a *der.Error that tests check.
type wantErr struct {
	Kind   der.Kind
	Rule   string
	Offset int
}

func errOf(t *testing.T, err error) *wantErr {
	t.Helper()
	if err == nil {
		return nil
	}
	var e *der.Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v is %T, not *der.Error", err, err)
	}
	return &wantErr{e.Kind, e.Rule, e.Offset}
}

// streamAll decodes b with a tree.Decoder reading through r.
func streamAll(r io.Reader, opts *der.Options) ([]tree.Node, error) {
	d := tree.NewDecoder(r, opts)
	var nodes []tree.Node
	for {
		n, err := d.Next()
		if err == io.EOF {
			return nodes, nil
		}
		if err != nil {
			return nodes, err
		}
		nodes = append(nodes, *n)
	}
}

func TestParseTrees(t *testing.T) {
	in := hx("30 0a 16 05 53 6d 69 74 68 01 01 ff 05 00")
	want := []tree.Node{
		{Tag: der.TagSequence, Constructed: true, Offset: 0, HeaderLen: 2, Length: 10, Children: []tree.Node{
			{Tag: der.TagIA5String, Offset: 2, HeaderLen: 2, Length: 5, Content: in[4:9]},
			{Tag: der.TagBoolean, Offset: 9, HeaderLen: 2, Length: 1, Content: in[11:12]},
		}},
		{Tag: der.TagNull, Offset: 12, HeaderLen: 2, Length: 0, Content: in[14:14]},
	}
	for _, ber := range []bool{false, true} {
		got, err := tree.ParseAll(in, &der.Options{BER: ber})
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("BER %v: (-want +got):\n%s", ber, diff)
		}
		if &got[0].Children[0].Content[0] != &in[4] {
			t.Errorf("contents copied")
		}
		streamed, err := streamAll(iotest.OneByteReader(bytes.NewReader(in)), &der.Options{BER: ber})
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, streamed); diff != "" {
			t.Errorf("stream, BER %v: (-want +got):\n%s", ber, diff)
		}
	}
	if _, err := tree.Parse(in, nil); !errors.Is(err, der.ErrTrailingData) {
		t.Errorf("ParseTree with two elements: %v, want trailing data", err)
	}
	if n, err := tree.Parse(in[:12], nil); err != nil || n.Length != 10 {
		t.Errorf("ParseTree: %v %v", n, err)
	}
	if nodes, err := tree.ParseAll(nil, nil); err != nil || nodes != nil {
		t.Errorf("tree.ParseAll(nil) = %v, %v", nodes, err)
	}
	if _, err := tree.Parse(nil, nil); !errors.Is(err, der.ErrTruncated) {
		t.Errorf("tree.Parse(nil): %v", err)
	}
}

// TestTreeBER checks that a BER tree records each non-DER form, and that
// the strict parse rejects the same input with the same rule.
func TestTreeBER(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		want   []tree.Node // tree in BER; Content is filled from the offsets
		derErr *wantErr
	}{
		{
			name: "indefinite SEQUENCE",
			in:   "30 80 02 01 05 00 00",
			want: []tree.Node{{Tag: der.TagSequence, Constructed: true, Indefinite: true, HeaderLen: 2, Length: 3, NonDER: reasonIndefinite,
				Children: []tree.Node{{Tag: der.TagInteger, Offset: 2, HeaderLen: 2, Length: 1}}}},
			derErr: &wantErr{der.KindNonCanonical, "X.690 10.1", 0},
		},
		{
			name: "long length",
			in:   "30 81 03 02 01 05",
			want: []tree.Node{{Tag: der.TagSequence, Constructed: true, HeaderLen: 3, Length: 3, NonDER: reasonLength,
				Children: []tree.Node{{Tag: der.TagInteger, Offset: 3, HeaderLen: 2, Length: 1}}}},
			derErr: &wantErr{der.KindNonCanonical, "X.690 10.1", 0},
		},
		{
			name: "constructed OCTET STRING, indefinite, inside a definite SEQUENCE",
			in:   "30 0a 24 80 04 01 aa 04 01 bb 00 00 05 00",
			want: []tree.Node{{Tag: der.TagSequence, Constructed: true, HeaderLen: 2, Length: 10, Children: []tree.Node{
				{Tag: der.TagOctetString, Constructed: true, Indefinite: true, Offset: 2, HeaderLen: 2, Length: 6,
					NonDER: reasonIndefinite + "; " + reasonConstructed, Children: []tree.Node{
						{Tag: der.TagOctetString, Offset: 4, HeaderLen: 2, Length: 1},
						{Tag: der.TagOctetString, Offset: 7, HeaderLen: 2, Length: 1},
					}},
			}}, {Tag: der.TagNull, Offset: 12, HeaderLen: 2}},
			derErr: &wantErr{der.KindNonCanonical, "X.690 10.1", 2},
		},
		{
			name: "constructed UTF8String, long length",
			in:   "2c 81 03 04 01 41",
			want: []tree.Node{{Tag: der.TagUTF8String, Constructed: true, HeaderLen: 3, Length: 3, NonDER: reasonLength + "; " + reasonConstructed,
				Children: []tree.Node{{Tag: der.TagOctetString, Offset: 3, HeaderLen: 2, Length: 1}}}},
			derErr: &wantErr{der.KindNonCanonical, "X.690 10.1", 0},
		},
		{
			name: "constructed BIT STRING",
			in:   "23 04 03 02 00 aa",
			want: []tree.Node{{Tag: der.TagBitString, Constructed: true, HeaderLen: 2, Length: 4, NonDER: reasonConstructed,
				Children: []tree.Node{{Tag: der.TagBitString, Offset: 2, HeaderLen: 2, Length: 2}}}},
			derErr: &wantErr{der.KindNonCanonical, "X.690 10.2", 0},
		},
		{
			name: "constructed [0] is not known to be a string",
			in:   "a0 03 04 01 aa",
			want: []tree.Node{{Tag: der.Context(0), Constructed: true, HeaderLen: 2, Length: 3,
				Children: []tree.Node{{Tag: der.TagOctetString, Offset: 2, HeaderLen: 2, Length: 1}}}},
		},
		{
			name: "nested indefinite lengths (PKCS#7 style)",
			in:   "30 80 06 01 01 a0 80 30 80 00 00 00 00 00 00",
			want: []tree.Node{{Tag: der.TagSequence, Constructed: true, Indefinite: true, HeaderLen: 2, Length: 11, NonDER: reasonIndefinite,
				Children: []tree.Node{
					{Tag: der.TagOID, Offset: 2, HeaderLen: 2, Length: 1},
					{Tag: der.Context(0), Constructed: true, Indefinite: true, Offset: 5, HeaderLen: 2, Length: 4, NonDER: reasonIndefinite,
						Children: []tree.Node{{Tag: der.TagSequence, Constructed: true, Indefinite: true, Offset: 7, HeaderLen: 2, Length: 0, NonDER: reasonIndefinite, Children: []tree.Node{}}}},
				}}},
			derErr: &wantErr{der.KindNonCanonical, "X.690 10.1", 0},
		},
	}
	for _, tt := range tests {
		in := hx(tt.in)
		var fill func([]tree.Node)
		fill = func(ns []tree.Node) {
			for i := range ns {
				n := &ns[i]
				if n.Constructed {
					fill(n.Children)
				} else {
					s := n.Offset + n.HeaderLen
					n.Content = in[s : s+n.Length]
				}
			}
		}
		fill(tt.want)
		got, err := tree.ParseAll(in, &der.Options{BER: true})
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: (-want +got):\n%s", tt.name, diff)
		}
		streamed, err := streamAll(iotest.HalfReader(bytes.NewReader(in)), &der.Options{BER: true})
		if err != nil {
			t.Errorf("%s: stream: %v", tt.name, err)
		} else if diff := cmp.Diff(got, streamed); diff != "" {
			t.Errorf("%s: stream differs (-ParseTrees +TreeDecoder):\n%s", tt.name, diff)
		}
		_, err = tree.ParseAll(in, nil)
		if diff := cmp.Diff(tt.derErr, errOf(t, err)); diff != "" {
			t.Errorf("%s: DER error (-want +got):\n%s", tt.name, diff)
		}
	}
}

// TestTreeErrors checks that ParseTrees and the TreeDecoder reject the same
// inputs with the same error.
func TestTreeErrors(t *testing.T) {
	tests := []struct {
		name string
		in   string
		opts *der.Options
		want wantErr
	}{
		{"truncated contents", "30 03 02 01", nil, wantErr{der.KindTruncated, "X.690 8.1.3", 0}},
		{"truncated child", "30 03 02 05 01", nil, wantErr{der.KindTruncated, "X.690 8.1.3", 2}},
		{"second element truncated", "05 00 04 02 aa", nil, wantErr{der.KindTruncated, "X.690 8.1.3", 2}},
		{"missing end-of-contents", "30 80 05 00", &der.Options{BER: true}, wantErr{der.KindTruncated, "X.690 8.1.5", 4}},
		{"end-of-contents at top level", "00 00", &der.Options{BER: true}, wantErr{der.KindMalformed, "X.690 8.1.5", 0}},
		{"reserved length", "05 00 30 ff", nil, wantErr{der.KindMalformed, "X.690 8.1.3.5", 2}},
		{"bad high tag", "1f 80 01 00", nil, wantErr{der.KindMalformed, "X.690 8.1.2.4.2", 0}},
		{"depth limit", "30 06 30 04 30 02 05 00", &der.Options{MaxDepth: 2}, wantErr{der.KindLimit, "Options.MaxDepth", 4}},
		{"depth limit in indefinite", "30 80 30 80 30 80 00 00 00 00 00 00", &der.Options{BER: true, MaxDepth: 2}, wantErr{der.KindLimit, "Options.MaxDepth", 4}},
		{"element limit", "30 04 05 00 05 00", &der.Options{MaxElements: 2}, wantErr{der.KindLimit, "Options.MaxElements", 4}},
		{"allocation limit", "30 04 05 00 05 00", &der.Options{MaxAlloc: 200}, wantErr{der.KindLimit, "Options.MaxAlloc", 0}},
		{"indefinite in DER", "05 00 30 80 00 00", nil, wantErr{der.KindNonCanonical, "X.690 10.1", 2}},
		{"indefinite primitive", "04 80 00 00", &der.Options{BER: true}, wantErr{der.KindMalformed, "X.690 8.1.3.2", 0}},
	}
	for _, tt := range tests {
		in := hx(tt.in)
		_, err := tree.ParseAll(in, tt.opts)
		if diff := cmp.Diff(&tt.want, errOf(t, err)); diff != "" {
			t.Errorf("%s: ParseTrees (-want +got):\n%s", tt.name, diff)
		}
		_, err = streamAll(iotest.OneByteReader(bytes.NewReader(in)), tt.opts)
		if tt.want.Rule == "Options.MaxAlloc" {
			continue // the stream scales the default per element; this one is explicit and bounds the element too
		}
		if diff := cmp.Diff(&tt.want, errOf(t, err)); diff != "" {
			t.Errorf("%s: TreeDecoder (-want +got):\n%s", tt.name, diff)
		}
	}
}

// TestTreeDecoderStreams checks that the decoder reads one element at a
// time: it returns the first element before the second is complete, and a
// huge announced length costs memory only as octets arrive.
func TestTreeDecoderStreams(t *testing.T) {
	pr, pw := io.Pipe()
	d := tree.NewDecoder(pr, nil)
	go func() {
		pw.Write(hx("30 03 02 01 07"))
		pw.Write(hx("04 84 7f ff ff ff aa")) // 2 GiB announced, 1 octet sent
		pw.Close()
	}()
	n, err := d.Next()
	if err != nil || n.Children[0].Content[0] != 7 {
		t.Fatalf("first element: %v, %v", n, err)
	}
	_, err = d.Next()
	if diff := cmp.Diff(&wantErr{der.KindTruncated, "X.690 8.1.3", 5}, errOf(t, err)); diff != "" {
		t.Errorf("second element (-want +got):\n%s", diff)
	}
	if _, err2 := d.Next(); err2 != err {
		t.Errorf("error not sticky: %v", err2)
	}

	// I/O errors pass through.
	boom := errors.New("boom")
	d = tree.NewDecoder(iotest.DataErrReader(io.MultiReader(bytes.NewReader(hx("30 03 02")), iotest.ErrReader(boom))), nil)
	if _, err := d.Next(); err != boom {
		t.Errorf("I/O error: %v", err)
	}

	// MaxAlloc bounds the size of one element.
	d = tree.NewDecoder(strings.NewReader(string(hx("04 82 10 00"))+strings.Repeat("a", 4096)), &der.Options{MaxAlloc: 1000})
	if _, err := d.Next(); !errors.Is(err, der.ErrLimit) {
		t.Errorf("element over MaxAlloc: %v", err)
	}
}

func TestTreeDoesNotAllocatePerNode(t *testing.T) {
	b := der.NewBuilder(nil)
	m := b.Begin(der.TagSequence, true)
	for i := 0; i < 1000; i++ {
		m1 := b.Begin(der.TagSequence, true)
		b.AddPrimitive(der.TagInteger, []byte{byte(i)})
		b.End(m1)
	}
	b.End(m)
	in, _ := b.Bytes()
	allocs := testing.AllocsPerRun(10, func() {
		if _, err := tree.Parse(in, nil); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 1 {
		t.Errorf("%v allocations for a tree of 2001 nodes, want 1", allocs)
	}
}
