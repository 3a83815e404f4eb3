package runtime

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
)

// streamAll decodes b with a TreeDecoder reading through r.
func streamAll(r io.Reader, opts *Options) ([]Node, error) {
	d := NewTreeDecoder(r, opts)
	var nodes []Node
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
	want := []Node{
		{Tag: Universal(TagSequence), Constructed: true, Offset: 0, HeaderLen: 2, Length: 10, Children: []Node{
			{Tag: Universal(TagIA5String), Offset: 2, HeaderLen: 2, Length: 5, Content: in[4:9]},
			{Tag: Universal(TagBoolean), Offset: 9, HeaderLen: 2, Length: 1, Content: in[11:12]},
		}},
		{Tag: Universal(TagNull), Offset: 12, HeaderLen: 2, Length: 0, Content: in[14:14]},
	}
	for _, ber := range []bool{false, true} {
		got, err := ParseTrees(in, &Options{BER: ber})
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("BER %v: (-want +got):\n%s", ber, diff)
		}
		if &got[0].Children[0].Content[0] != &in[4] {
			t.Errorf("contents copied")
		}
		streamed, err := streamAll(iotest.OneByteReader(bytes.NewReader(in)), &Options{BER: ber})
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, streamed); diff != "" {
			t.Errorf("stream, BER %v: (-want +got):\n%s", ber, diff)
		}
	}
	if _, err := ParseTree(in, nil); !errors.Is(err, ErrTrailingData) {
		t.Errorf("ParseTree with two elements: %v, want trailing data", err)
	}
	if n, err := ParseTree(in[:12], nil); err != nil || n.Length != 10 {
		t.Errorf("ParseTree: %v %v", n, err)
	}
	if nodes, err := ParseTrees(nil, nil); err != nil || nodes != nil {
		t.Errorf("ParseTrees(nil) = %v, %v", nodes, err)
	}
	if _, err := ParseTree(nil, nil); !errors.Is(err, ErrTruncated) {
		t.Errorf("ParseTree(nil): %v", err)
	}
}

// TestTreeBER checks that a BER tree records each non-DER form, and that
// the strict parse rejects the same input with the same rule.
func TestTreeBER(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		want   []Node // tree in BER; Content is filled from the offsets
		derErr *wantErr
	}{
		{
			name: "indefinite SEQUENCE",
			in:   "30 80 02 01 05 00 00",
			want: []Node{{Tag: Universal(TagSequence), Constructed: true, Indefinite: true, HeaderLen: 2, Length: 3, NonDER: reasonIndefinite,
				Children: []Node{{Tag: Universal(TagInteger), Offset: 2, HeaderLen: 2, Length: 1}}}},
			derErr: &wantErr{KindNonCanonical, "X.690 10.1", 0},
		},
		{
			name: "long length",
			in:   "30 81 03 02 01 05",
			want: []Node{{Tag: Universal(TagSequence), Constructed: true, HeaderLen: 3, Length: 3, NonDER: reasonLength,
				Children: []Node{{Tag: Universal(TagInteger), Offset: 3, HeaderLen: 2, Length: 1}}}},
			derErr: &wantErr{KindNonCanonical, "X.690 10.1", 0},
		},
		{
			name: "constructed OCTET STRING, indefinite, inside a definite SEQUENCE",
			in:   "30 0a 24 80 04 01 aa 04 01 bb 00 00 05 00",
			want: []Node{{Tag: Universal(TagSequence), Constructed: true, HeaderLen: 2, Length: 10, Children: []Node{
				{Tag: Universal(TagOctetString), Constructed: true, Indefinite: true, Offset: 2, HeaderLen: 2, Length: 6,
					NonDER: reasonIndefinite + "; " + reasonConstructed, Children: []Node{
						{Tag: Universal(TagOctetString), Offset: 4, HeaderLen: 2, Length: 1},
						{Tag: Universal(TagOctetString), Offset: 7, HeaderLen: 2, Length: 1},
					}},
			}}, {Tag: Universal(TagNull), Offset: 12, HeaderLen: 2}},
			derErr: &wantErr{KindNonCanonical, "X.690 10.1", 2},
		},
		{
			name: "constructed UTF8String, long length",
			in:   "2c 81 03 04 01 41",
			want: []Node{{Tag: Universal(TagUTF8String), Constructed: true, HeaderLen: 3, Length: 3, NonDER: reasonLength + "; " + reasonConstructed,
				Children: []Node{{Tag: Universal(TagOctetString), Offset: 3, HeaderLen: 2, Length: 1}}}},
			derErr: &wantErr{KindNonCanonical, "X.690 10.1", 0},
		},
		{
			name: "constructed BIT STRING",
			in:   "23 04 03 02 00 aa",
			want: []Node{{Tag: Universal(TagBitString), Constructed: true, HeaderLen: 2, Length: 4, NonDER: reasonConstructed,
				Children: []Node{{Tag: Universal(TagBitString), Offset: 2, HeaderLen: 2, Length: 2}}}},
			derErr: &wantErr{KindNonCanonical, "X.690 10.2", 0},
		},
		{
			name: "constructed [0] is not known to be a string",
			in:   "a0 03 04 01 aa",
			want: []Node{{Tag: Context(0), Constructed: true, HeaderLen: 2, Length: 3,
				Children: []Node{{Tag: Universal(TagOctetString), Offset: 2, HeaderLen: 2, Length: 1}}}},
		},
		{
			name: "nested indefinite lengths (PKCS#7 style)",
			in:   "30 80 06 01 01 a0 80 30 80 00 00 00 00 00 00",
			want: []Node{{Tag: Universal(TagSequence), Constructed: true, Indefinite: true, HeaderLen: 2, Length: 11, NonDER: reasonIndefinite,
				Children: []Node{
					{Tag: Universal(TagOID), Offset: 2, HeaderLen: 2, Length: 1},
					{Tag: Context(0), Constructed: true, Indefinite: true, Offset: 5, HeaderLen: 2, Length: 4, NonDER: reasonIndefinite,
						Children: []Node{{Tag: Universal(TagSequence), Constructed: true, Indefinite: true, Offset: 7, HeaderLen: 2, Length: 0, NonDER: reasonIndefinite, Children: []Node{}}}},
				}}},
			derErr: &wantErr{KindNonCanonical, "X.690 10.1", 0},
		},
	}
	for _, tt := range tests {
		in := hx(tt.in)
		var fill func([]Node)
		fill = func(ns []Node) {
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
		got, err := ParseTrees(in, &Options{BER: true})
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: (-want +got):\n%s", tt.name, diff)
		}
		streamed, err := streamAll(iotest.HalfReader(bytes.NewReader(in)), &Options{BER: true})
		if err != nil {
			t.Errorf("%s: stream: %v", tt.name, err)
		} else if diff := cmp.Diff(got, streamed); diff != "" {
			t.Errorf("%s: stream differs (-ParseTrees +TreeDecoder):\n%s", tt.name, diff)
		}
		_, err = ParseTrees(in, nil)
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
		opts *Options
		want wantErr
	}{
		{"truncated contents", "30 03 02 01", nil, wantErr{KindTruncated, "X.690 8.1.3", 0}},
		{"truncated child", "30 03 02 05 01", nil, wantErr{KindTruncated, "X.690 8.1.3", 2}},
		{"second element truncated", "05 00 04 02 aa", nil, wantErr{KindTruncated, "X.690 8.1.3", 2}},
		{"missing end-of-contents", "30 80 05 00", &Options{BER: true}, wantErr{KindTruncated, "X.690 8.1.5", 4}},
		{"end-of-contents at top level", "00 00", &Options{BER: true}, wantErr{KindMalformed, "X.690 8.1.5", 0}},
		{"reserved length", "05 00 30 ff", nil, wantErr{KindMalformed, "X.690 8.1.3.5", 2}},
		{"bad high tag", "1f 80 01 00", nil, wantErr{KindMalformed, "X.690 8.1.2.4.2", 0}},
		{"depth limit", "30 06 30 04 30 02 05 00", &Options{MaxDepth: 2}, wantErr{KindLimit, "Options.MaxDepth", 4}},
		{"depth limit in indefinite", "30 80 30 80 30 80 00 00 00 00 00 00", &Options{BER: true, MaxDepth: 2}, wantErr{KindLimit, "Options.MaxDepth", 4}},
		{"element limit", "30 04 05 00 05 00", &Options{MaxElements: 2}, wantErr{KindLimit, "Options.MaxElements", 4}},
		{"allocation limit", "30 04 05 00 05 00", &Options{MaxAlloc: 200}, wantErr{KindLimit, "Options.MaxAlloc", 0}},
		{"indefinite in DER", "05 00 30 80 00 00", nil, wantErr{KindNonCanonical, "X.690 10.1", 2}},
		{"indefinite primitive", "04 80 00 00", &Options{BER: true}, wantErr{KindMalformed, "X.690 8.1.3.2", 0}},
	}
	for _, tt := range tests {
		in := hx(tt.in)
		_, err := ParseTrees(in, tt.opts)
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
	d := NewTreeDecoder(pr, nil)
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
	if diff := cmp.Diff(&wantErr{KindTruncated, "X.690 8.1.3", 5}, errOf(t, err)); diff != "" {
		t.Errorf("second element (-want +got):\n%s", diff)
	}
	if _, err2 := d.Next(); err2 != err {
		t.Errorf("error not sticky: %v", err2)
	}

	// I/O errors pass through.
	boom := errors.New("boom")
	d = NewTreeDecoder(iotest.DataErrReader(io.MultiReader(bytes.NewReader(hx("30 03 02")), iotest.ErrReader(boom))), nil)
	if _, err := d.Next(); err != boom {
		t.Errorf("I/O error: %v", err)
	}

	// MaxAlloc bounds the size of one element.
	d = NewTreeDecoder(strings.NewReader(string(hx("04 82 10 00"))+strings.Repeat("a", 4096)), &Options{MaxAlloc: 1000})
	if _, err := d.Next(); !errors.Is(err, ErrLimit) {
		t.Errorf("element over MaxAlloc: %v", err)
	}
}

func TestTreeDoesNotAllocatePerNode(t *testing.T) {
	b := NewBuilder(nil)
	m := b.Begin(Universal(TagSequence), true)
	for i := 0; i < 1000; i++ {
		b.AddConstructed(Universal(TagSequence), func(b *Builder) {
			b.AddPrimitive(Universal(TagInteger), []byte{byte(i)})
		})
	}
	b.End(m)
	in, _ := b.Bytes()
	allocs := testing.AllocsPerRun(10, func() {
		if _, err := ParseTree(in, nil); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 1 {
		t.Errorf("%v allocations for a tree of 2001 nodes, want 1", allocs)
	}
}
