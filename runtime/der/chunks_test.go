package der

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"unsafe"
)

// row stands for a generated element type of some size with pointers (an
// AttributeTypeAndValue).
type row struct {
	name  string
	value []byte
	n     [8]int64
}

// TestMakeSliceChunks checks that the lists of one element type share
// chunks: correct lengths, capped so that an append cannot reach the next
// list, no two lists overlapping, and far fewer allocations than lists.
func TestMakeSliceChunks(t *testing.T) {
	const lists = 40
	r := NewPooledReader(make([]byte, 1<<12), nil)
	defer r.Release()
	var got [][]row
	for i := range lists {
		s, err := MakeSlice[row](&r, 1+i%3)
		if err != nil {
			t.Fatal(err)
		}
		if len(s) != 1+i%3 || cap(s) != len(s) {
			t.Fatalf("list %d: len %d cap %d, want %d and capped", i, len(s), cap(s), 1+i%3)
		}
		for j := range s {
			s[j].name = strings.Repeat("x", i)
			s[j].value = []byte(s[j].name)
			s[j].n[0] = int64(i)
		}
		got = append(got, s)
	}
	for i, s := range got {
		for j := range s {
			if s[j].n[0] != int64(i) || len(s[j].name) != i || string(s[j].value) != s[j].name {
				t.Fatalf("list %d element %d was overwritten: %+v", i, j, s[j])
			}
		}
	}
	// An append reallocates instead of writing into the next list.
	next := got[1][0]
	_ = append(got[0], row{name: "appended"})
	if got[1][0].name != next.name {
		t.Error("an append to one list wrote into the next")
	}

	allocs := testing.AllocsPerRun(20, func() {
		r := NewPooledReader(nil, nil)
		for i := range lists {
			if _, err := MakeSlice[row](&r, 1+i%3); err != nil {
				t.Fatal(err)
			}
		}
		r.Release()
	})
	// 80 elements of 96 bytes: chunks of 5, 10, 20, 40 and 80 elements at
	// most, where one allocation per list would be 40.
	if allocs > 5 {
		t.Errorf("%d lists took %v allocations, want at most 5", lists, allocs)
	}
}

// TestMakeSliceLarge checks that a list larger than a chunk gets an
// allocation of its own, of its exact size, and that the budget applies.
func TestMakeSliceLarge(t *testing.T) {
	r := NewPooledReader(make([]byte, 1<<20), nil)
	defer r.Release()
	n := maxChunk/int(unsafe.Sizeof(row{})) + 1
	s, err := MakeSlice[row](&r, n)
	if err != nil || len(s) != n || cap(s) != n {
		t.Fatalf("MakeSlice(%d) = len %d cap %d, %v", n, len(s), cap(s), err)
	}
	small := NewPooledReader(nil, &Options{MaxAlloc: 1000})
	defer small.Release()
	if _, err := MakeSlice[row](&small, 100); err == nil || !strings.Contains(err.Error(), "MaxAlloc") {
		t.Errorf("MakeSlice beyond the budget: %v, want a MaxAlloc error", err)
	}
}

// textInput is a SEQUENCE of n UTF8Strings, the i-th of them s(i).
func textInput(n int, s func(i int) string) []byte {
	var b Builder
	m := b.Begin(TagSequence, true)
	for i := range n {
		b.AddText(TagUTF8String, TagUTF8String, s(i))
	}
	b.End(m)
	out, err := b.Bytes()
	if err != nil {
		panic(err)
	}
	return out
}

func readTexts(t testing.TB, in []byte, opts *Options) []string {
	r := NewPooledReader(in, opts)
	defer r.Release()
	seq, err := r.ReadConstructed(TagSequence, "SEQUENCE")
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, 0, 128)
	for !seq.Empty() {
		s, err := seq.ReadText(TagUTF8String, TagUTF8String)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

// TestKeepText checks the strings copied into a decode's text chunks: equal
// to the input, unchanged by later strings of the decode and by later
// decodes on the same pooled state, not aliasing the input, and sharing
// allocations.
func TestKeepText(t *testing.T) {
	name := func(i int) string { return "name-" + strings.Repeat("é", i%7) + string(rune('a'+i%26)) }
	in := textInput(100, name)
	first := readTexts(t, in, nil)
	saved := append([]string(nil), first...)
	for i := range 5 {
		other := textInput(100, func(j int) string { return strings.Repeat("z", (i+j)%40) })
		readTexts(t, other, nil)
	}
	clear(in) // the strings are copies: the input may change
	for i, s := range first {
		if s != name(i) || s != saved[i] {
			t.Fatalf("string %d = %q, want %q", i, s, name(i))
		}
	}
	in = textInput(100, name)
	allocs := testing.AllocsPerRun(20, func() { readTexts(t, in, nil) })
	// 100 strings of about 14 bytes: chunks of 256, 512 and 1024 bytes,
	// and readTexts' result.
	if allocs > 3+1 {
		t.Errorf("100 strings took %v allocations, want at most 4", allocs)
	}
}

// TestKeepTextSizes checks the chunk bounds: a chunk never larger than the
// input left, a long string on its own, empty strings without memory.
func TestKeepTextSizes(t *testing.T) {
	var s state
	long := bytes.Repeat([]byte("y"), textChunkMax)
	if got := s.keepText(long, len(long)); got != string(long) || s.text != nil {
		t.Errorf("long string: %d bytes, chunk cap %d; want its own allocation", len(got), cap(s.text))
	}
	if got := s.keepText(nil, 100); got != "" || s.text != nil {
		t.Errorf("empty string made a chunk of %d", cap(s.text))
	}
	if got := s.keepText([]byte("abc"), 10); got != "abc" || cap(s.text) != 10 {
		t.Errorf("chunk cap %d for 10 input octets left, want 10", cap(s.text))
	}
	if got := s.keepText([]byte("defghijklmnop"), 13); got != "defghijklmnop" || cap(s.text) != 13 {
		t.Errorf("next chunk cap %d, want 13 (the input left)", cap(s.text))
	}
	var fresh state
	fresh.keepText([]byte("x"), 1<<20)
	if cap(fresh.text) != textChunkMin {
		t.Errorf("first chunk cap %d, want %d", cap(fresh.text), textChunkMin)
	}
}

// TestNewBudget checks that New charges the size of the value to the
// allocation budget: two rows (96 bytes each) within 200 bytes, a third
// not, which fails with a MaxAlloc limit error at the reader's offset and
// allocates nothing.
func TestNewBudget(t *testing.T) {
	// Two NULLs, the first skipped: the offset is 2.
	r := NewPooledReader([]byte{0x05, 0x00, 0x05, 0x00}, &Options{MaxAlloc: 2*int(unsafe.Sizeof(row{})) + 4})
	defer r.Release()
	if err := r.Skip(); err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		if v, err := New[row](&r); err != nil || v == nil {
			t.Fatalf("New %d within the budget: %v, %v", i, v, err)
		}
	}
	v, err := New[row](&r)
	var e *Error
	if v != nil || !errors.As(err, &e) || e.Kind != KindLimit || e.Offset != 2 || e.Rule != "Options.MaxAlloc" {
		t.Errorf("New beyond the budget: %v, %v; want nil and a MaxAlloc limit error at offset 2", v, err)
	}
}

// TestMakeBacking checks the backing arrays of lists of lists: the first
// starts the type's chunk, room for itself and backingSlack elements more
// (a later list of the type that fits in its rest takes no allocation,
// the first chunk not minChunk bytes), one too large for the rest is allocated to its
// size (not a doubled chunk), and the rest of the chunk still serves the
// lists that fit; every slice capped, none overlapping.
func TestMakeBacking(t *testing.T) {
	size := int(unsafe.Sizeof(row{}))
	first := 2 + backingSlack // elements of the first chunk for n = 2
	r := NewPooledReader(nil, nil)
	defer r.Release()
	a, err := MakeBacking[row](&r, 2)
	if err != nil || len(a) != 2 || cap(a) != 2 {
		t.Fatalf("first backing: len %d cap %d, %v", len(a), cap(a), err)
	}
	rest := &r.s.slabs[0]
	if rest.free != backingSlack {
		t.Fatalf("first backing left %d elements of its chunk (first chunk %d elements)", rest.free, first)
	}
	free := rest.free
	b, err := MakeBacking[row](&r, free+1)
	if err != nil || len(b) != free+1 || cap(b) != free+1 {
		t.Fatalf("backing beyond the rest: len %d cap %d, %v", len(b), cap(b), err)
	}
	if rest.free != free {
		t.Errorf("an exact backing changed the chunk's rest: %d elements, were %d", rest.free, free)
	}
	c, err := MakeSlice[row](&r, free)
	if err != nil || len(c) != free || cap(c) != free {
		t.Fatalf("list in the rest: len %d cap %d, %v", len(c), cap(c), err)
	}
	if &c[0] != &unsafe.Slice(&a[0], 2+free)[2] {
		t.Error("the list after the exact backing did not come from the first chunk's rest")
	}
	for _, s := range [][]row{a, b} {
		if uintptr(unsafe.Pointer(&s[0])) <= uintptr(unsafe.Pointer(&c[0])) && uintptr(unsafe.Pointer(&c[0])) < uintptr(unsafe.Pointer(&s[0]))+uintptr(len(s)*size) {
			t.Error("lists overlap")
		}
	}
}

// TestMakeBackingFirstChunk checks the size of a type's first chunk from
// MakeBacking: room for a second list of lists of the first one's size,
// and at least backingSlack elements more.
func TestMakeBackingFirstChunk(t *testing.T) {
	for _, tc := range []struct{ n, free int }{
		{1, backingSlack},
		{backingSlack, backingSlack},
		{8, 8},
	} {
		r := NewPooledReader(nil, nil)
		s, err := MakeBacking[row](&r, tc.n)
		if err != nil || len(s) != tc.n || cap(s) != tc.n {
			t.Fatalf("MakeBacking(%d): len %d cap %d, %v", tc.n, len(s), cap(s), err)
		}
		if got := r.s.slabs[0].free; got != tc.free {
			t.Errorf("MakeBacking(%d) left %d elements of its first chunk, want %d", tc.n, got, tc.free)
		}
		r.Release()
	}
}
