package permsg

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// Codec is one PER variant of a generated type T: its Unmarshal and
// Marshal methods as functions, (*ngap.NGAPPDU).UnmarshalAPER and
// (*ngap.NGAPPDU).MarshalAPER for instance.
type Codec[T any] struct {
	Unmarshal func(*T, []byte) error
	Marshal   func(*T) ([]byte, error)
}

// Fuzz is the body of the fuzz targets of the generated PER packages:
// RoundTrip holds for b.
func Fuzz[T any](t *testing.T, b []byte, c Codec[T]) {
	if _, err := RoundTrip(c, b); err != nil {
		t.Fatal(err)
	}
}

// Outcome is what RoundTrip found of one input.
type Outcome int

const (
	Rejected  Outcome = iota // the decode fails, with a located error
	Identical                // the value re-encodes to the input
	Padding                  // the value re-encodes to the input but for padding bits the input sets
)

// RoundTrip checks a decode of b: it never panics, and its error is
// located (Located); what decodes encodes again to b, to octets that
// decode to the same value and encode to the same octets. A decode
// ignores the value of padding bits (X.691 does not ask a decoder to
// check them: package per's doc) and an encode writes them as zeros, so
// the re-encoding may differ from b in bits that b sets and the
// re-encoding clears: such a b is Padding, any other difference an
// error. (Padding bits need not end at an octet of b: those of an open
// type in the UNALIGNED variant end at the last octet of its contents,
// which starts wherever the field does.)
func RoundTrip[T any](c Codec[T], b []byte) (Outcome, error) {
	var v T
	if err := c.Unmarshal(&v, b); err != nil {
		return Rejected, Located(err, len(b))
	}
	out, err := c.Marshal(&v)
	if err != nil {
		return 0, fmt.Errorf("re-encoding the decode of %x: %v", b, err)
	}
	var again T
	if err := c.Unmarshal(&again, out); err != nil {
		return 0, fmt.Errorf("decoding the re-encoding %x of %x: %v", out, b, err)
	}
	// DeepEqual first: cmp applies TypedRaw's filter at every node of the
	// value, many times slower, and is needed only when some Raw differs.
	if !reflect.DeepEqual(v, again) && !cmp.Equal(v, again, TypedRaw) {
		return 0, fmt.Errorf("decoding the re-encoding %x of %x (-first +second):\n%s", out, b, cmp.Diff(v, again, TypedRaw))
	}
	if out2, err := c.Marshal(&again); err != nil || !bytes.Equal(out2, out) {
		return 0, fmt.Errorf("re-encoding %x encodes to %x, %v", out, out2, err)
	}
	switch {
	case bytes.Equal(out, b):
		return Identical, nil
	case paddingOnly(b, out):
		return Padding, nil
	}
	return 0, fmt.Errorf("re-encodes to other octets:\n in %x\nout %x", b, out)
}

// paddingOnly reports whether in and out, of the same length, differ
// only in bits that in sets and out clears.
func paddingOnly(in, out []byte) bool {
	if len(in) != len(out) {
		return false
	}
	for i := range in {
		if out[i]&^in[i] != 0 {
			return false
		}
	}
	return true
}

// WantError is the error a strict decode of an invalid message reports.
type WantError struct {
	Kind   der.Kind
	Offset int    // in bits
	Path   string // der.Error.Path, from the type's name
}

func (w WantError) String() string {
	return fmt.Sprintf("%v at bit %d of %s", w.Kind, w.Offset, w.Path)
}

// Messages are the real messages of a protocol and what TestMessages
// checks of them.
type Messages[T any] struct {
	Codec[T]
	Root string // the ASN.1 name of T, the start of the paths
	// Invalid are the messages X.691 says do not decode, by line, with
	// the error a strict decode reports.
	Invalid map[int]WantError
	// Checks look at decoded values, by line (so that the test cannot
	// pass on values left raw).
	Checks map[int]func(t *testing.T, v *T)
	// Procedure names the message v holds, as the blocks' "message" key
	// does (up to a " (" that the key may add).
	Procedure func(v *T) string
}

// Test decodes every message, checks that each open type was decoded into
// its typed field (none left raw: every id of the messages is in its
// table), re-encodes it to the same octets and decodes that to the same
// value; the Invalid messages fail with their error.
func (ms Messages[T]) Test(t *testing.T, msgs []Message) {
	checked := map[int]bool{}
	for _, m := range msgs {
		var v T
		err := ms.Unmarshal(&v, m.Bytes)
		if want, ok := ms.Invalid[m.Line]; ok {
			checked[m.Line] = true
			var e *der.Error
			switch {
			case err == nil:
				t.Errorf("line %d %s: decodes; want the error %s", m.Line, m.Name, want)
			case !errors.As(err, &e) || !e.Bits || e.Offset != want.Offset || e.Path() != want.Path || e.Kind != want.Kind:
				t.Errorf("line %d %s: error %v; want %s", m.Line, m.Name, err, want)
			}
			continue
		}
		if err != nil {
			t.Errorf("line %d %s: decoding: %v", m.Line, m.Name, err)
			continue
		}
		if check, ok := ms.Checks[m.Line]; ok {
			checked[m.Line] = true
			check(t, &v)
		}
		unions := 0
		WalkUnions(reflect.ValueOf(&v).Elem(), ms.Root, func(path string, kind int64) {
			unions++
			if kind == 0 {
				t.Errorf("line %d %s: %s left raw", m.Line, m.Name, path)
			}
		})
		if unions == 0 {
			t.Errorf("line %d %s: no open type decoded", m.Line, m.Name)
		}
		if got, want := ms.Procedure(&v), strings.SplitN(m.Name, " (", 2)[0]; got != want {
			t.Errorf("line %d: decoded a %s, the file says %s", m.Line, got, want)
		}
		out, err := ms.Marshal(&v)
		if err != nil {
			t.Errorf("line %d %s: encoding: %v", m.Line, m.Name, err)
			continue
		}
		if !bytes.Equal(out, m.Bytes) {
			t.Errorf("line %d %s: re-encoding differs\n got %x\nwant %x", m.Line, m.Name, out, m.Bytes)
			continue
		}
		var again T
		if err := ms.Unmarshal(&again, out); err != nil {
			t.Errorf("line %d %s: decoding the re-encoding: %v", m.Line, m.Name, err)
			continue
		}
		if diff := cmp.Diff(v, again); diff != "" {
			t.Errorf("line %d %s: decoding the re-encoding (-first +second):\n%s", m.Line, m.Name, diff)
		}
	}
	for line := range ms.Checks {
		if !checked[line] {
			t.Errorf("line %d: no message there to check", line)
		}
	}
	for line := range ms.Invalid {
		if !checked[line] {
			t.Errorf("line %d: no invalid message there", line)
		}
	}
}
