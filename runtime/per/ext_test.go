package per_test

import (
	"encoding/hex"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/per"
)

// TestExtBitmapKept: the bitmap of the extension additions of a type that
// knows three (X.691 19.7-19.9), as generated code reads and writes it. A
// value decoded from an encoder of another version of the schema (a
// bitmap of fewer or more bits, unknown additions) re-encodes to the bits
// received; a value built in Go, or one whose additions no longer fit the
// bitmap received, gets the canonical three bits.
func TestExtBitmapKept(t *testing.T) {
	const known = 3
	for _, c := range []struct {
		name string
		in   string // the bitmap and the open fields of the additions, hex
		set  int    // if >= 0: an addition the test makes present before encoding
		want string // the encoding; "" for in
	}{
		// 0000001 (length 2) 10: addition 0 of 2, then its field 01 80
		{"shorter", "0300c000", -1, ""},
		// 0000010 (length 3) 001, then the field 01 70
		{"same length", "04405c00", -1, ""},
		// 0000100 (length 5) 10001: addition 0, then the unknown 4 (01 f0)
		{"longer", "091018001f00", -1, ""},
		// shorter, but the value now has addition 2 (01 70): length 3
		{"shorter, then grown", "0300c000", 2, "054060005c00"},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := unhex(t, c.in)
			r := per.NewReader(in, false, nil)
			bm, err := r.ReadBitmap()
			if err != nil {
				t.Fatal(err)
			}
			var present [known]bool
			var fields [known][]byte
			for i := range present {
				if present[i] = bm.Has(i); present[i] {
					if fields[i], err = r.ReadOpenBytes(); err != nil {
						t.Fatal(err)
					}
				}
			}
			u, err := r.ReadUnknown(bm, known)
			if err != nil {
				t.Fatal(err)
			}
			if err := r.Finish(); err != nil {
				t.Fatal(err)
			}
			if c.set >= 0 {
				present[c.set], fields[c.set] = true, []byte{0x70}
			}
			ext := per.Additions(u, present[:]...)
			if !ext.On() {
				t.Fatal("extension bit off")
			}
			w := per.NewWriter(nil, false)
			w.WriteBitmap(ext, u)
			for i := range present {
				if ext.Has(i) {
					w.WriteOpenBytes(fields[i])
				}
			}
			if err := w.WriteUnknown(u); err != nil {
				t.Fatal(err)
			}
			want := c.want
			if want == "" {
				want = c.in
			}
			if diff := cmp.Diff(hex.EncodeToString(unhex(t, want)), hex.EncodeToString(w.Bytes())); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestExtBuiltInGo: a value built in Go (no Unknown) writes the canonical
// bitmap, one bit per addition its type knows, and no extension bit when
// none is present.
func TestExtBuiltInGo(t *testing.T) {
	if per.Additions(nil, false, false, false).On() {
		t.Error("no addition present, extension bit on")
	}
	ext := per.Additions(nil, false, true, false)
	w := per.NewWriter(nil, false)
	w.WriteBitmap(ext, nil)
	// 0000010 (length 3) 010
	if diff := cmp.Diff("0480", hex.EncodeToString(w.Bytes())); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestExtKeptLengthCleared: a decoded value keeps the length of a bitmap
// received (here 2 bits where the type knows 3); once Go code makes its
// one addition absent, no addition is left and the value has no
// extension bit and no bitmap (X.691 19.1), rather than a bitmap of zeros
// that would not decode.
func TestExtKeptLengthCleared(t *testing.T) {
	// 0000001 (length 2) 10: addition 0, then its field 01 80
	r := per.NewReader(unhex(t, "0300c000"), false, nil)
	bm, err := r.ReadBitmap()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.ReadOpenBytes(); err != nil {
		t.Fatal(err)
	}
	u, err := r.ReadUnknown(bm, 3)
	if err != nil {
		t.Fatal(err)
	}
	if u == nil {
		t.Fatal("bitmap length not kept")
	}
	if per.Additions(u, false, false, false).On() {
		t.Error("no addition present, extension bit on")
	}
	if !per.Additions(u, false, true, false).On() {
		t.Error("addition 1 present, extension bit off")
	}
}

// group3 is a SEQUENCE { ..., [[ a NULL OPTIONAL, b NULL OPTIONAL, c NULL
// OPTIONAL ]] } as generated code reads and writes it: A, B and C tell
// which members are present.
type group3 struct {
	A, B, C bool
	Unknown []byte
}

func (v *group3) DecodePER(r *per.Reader) error {
	*v = group3{}
	ext := r.Extended()
	x := r.Extensions(ext)
	if x.Begin(0, "a") {
		x.GroupPreamble(&v.A, &v.B, &v.C)
		x.End("a")
	}
	v.Unknown = x.Unknown(1)
	return r.Err()
}

func (v *group3) EncodePER(w *per.Writer) error {
	x := per.Additions(v.Unknown, v.A || v.B || v.C)
	w.Extended(x)
	w.Extensions(x, v.Unknown)
	if o, ok := w.BeginAddition(x, 0); ok {
		w.Preamble(v.A, v.B, v.C)
		w.EndOpen(o)
	}
	w.EndExtensions(x, v.Unknown)
	return w.Err()
}

// TestExtEmptyGroup: an addition group whose members are all OPTIONAL and
// all absent is encoded as an absent addition (X.691 19.9): one that the
// bitmap marks present with none of them is rejected at its bit of the
// bitmap, with the group's first member as the path, also when another
// addition is present; one with a member present round-trips.
func TestExtEmptyGroup(t *testing.T) {
	for _, c := range []struct {
		name string
		in   string // bits
		err  int    // the offset of the error, -1 for none
	}{
		// 1, 0000000 (length 1) 1, field 00000001 000(00000)
		{"empty", "1 0000000 1 00000001 00000000", 8},
		// 1, 0000001 (length 2) 11, group 01 00, unknown 01 00
		{"empty, unknown addition after it", "1 0000001 11 00000001 00000000 00000001 00000000", 8},
		// 1, 0000000 (length 1) 1, field 00000001 010(00000)
		{"b", "1 0000000 1 00000001 01000000", -1},
		// 1, 0000001 (length 2) 11, group 01 e0, unknown 01 00
		{"a b c, unknown addition after it", "1 0000001 11 00000001 11100000 00000001 00000000", -1},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := bitsOf(c.in)
			var v group3
			err := per.Unmarshal(in, &v, false, nil)
			if c.err >= 0 {
				var e *der.Error
				if !errors.As(err, &e) || e.Kind != der.KindNonCanonical || !e.Bits || e.Offset != c.err || e.Path() != "a" {
					t.Fatalf("got %v (%+v), want a non-canonical encoding at bit %d of a", err, v, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			out, err := per.Marshal(&v, false)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(hex.EncodeToString(in), hex.EncodeToString(out)); diff != "" {
				t.Errorf("re-encoded (-received +got):\n%s", diff)
			}
		})
	}
}
