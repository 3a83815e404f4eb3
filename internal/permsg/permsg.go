// Package permsg reads the files of real PER messages in testdata/per
// (ngap.txt, s1ap.txt, nr-rrc.txt: messages collected from open test
// suites, SOURCES.md there) and holds what the tests of the generated PER
// packages and the PER benchmarks check of them the same way: that every
// open type was decoded to its typed field (WalkUnions), that decoding
// errors are located (Located), and the comparison of two decodings of one
// value (TypedRaw).
package permsg

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// Message is one block of a testdata/per file: its "# key: value" lines
// and its encoding.
type Message struct {
	Line    int    // of the hex, counted from 1
	Source  string // where it was collected (file, commit, test)
	Type    string // the ASN.1 type to decode it as (NGAP-PDU, UL-DCCH-Message, ...)
	Variant string // "aper" or "uper"; "coer" in testdata/oer, which has the same format
	Name    string // what it is (NGSetupRequest, SIB1, ...): the "message" key
	Erlang  string // what Erlang/OTP's asn1ct made of it (verify.sh)
	Bytes   []byte
}

// Aligned reports whether m is in the ALIGNED variant.
func (m *Message) Aligned() bool { return m.Variant == "aper" }

// Read reads a file of testdata/per: blocks of "# key: value" lines, each
// followed by the message as one line of hex; lines starting with "#"
// that are not of a known key, and blank lines, are comments.
func Read(path string) ([]Message, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var (
		msgs []Message
		cur  Message
	)
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		if c, ok := strings.CutPrefix(line, "#"); ok {
			k, v, _ := strings.Cut(strings.TrimSpace(c), ": ")
			switch k {
			case "source":
				cur.Source = v
			case "type":
				cur.Type = v
			case "variant":
				cur.Variant = v
			case "message":
				cur.Name = v
			case "erlang":
				cur.Erlang = v
			}
			continue
		}
		enc, err := hex.DecodeString(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		if cur.Type == "" || (cur.Variant != "aper" && cur.Variant != "uper" && cur.Variant != "coer") {
			return nil, fmt.Errorf("%s:%d: message without a type and a variant (aper, uper or coer)", path, n)
		}
		cur.Line, cur.Bytes = n, enc
		msgs = append(msgs, cur)
		cur = Message{}
	}
	return msgs, sc.Err()
}

// MustRead is Read for tests: it fails t on an error.
func MustRead(t testing.TB, path string) []Message {
	t.Helper()
	msgs, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	return msgs
}

// Located returns nil if err, from decoding n octets, is a *der.Error
// counting bits at an offset within the input that names the type or
// field it is in (all but the octets after a whole value), and otherwise
// what it lacks.
func Located(err error, n int) error {
	var e *der.Error
	switch {
	case !errors.As(err, &e):
		return fmt.Errorf("error not a *der.Error: %v", err)
	case !e.Bits || e.Offset < 0 || e.Offset > 8*max(n, 1):
		return fmt.Errorf("error not located in the %d octets of the input: %v", n, err)
	case e.Path() == "" && e.Type == "" && e.Kind != der.KindTrailingData:
		return fmt.Errorf("error names neither a field nor a type: %v", err)
	}
	return nil
}

// WalkUnions calls f for every open type union in v (a struct with Raw and
// Kind first) with its path and Kind. It goes into the alternative a
// CHOICE holds and the fields that are set: a union that was decoded has
// its Raw.
func WalkUnions(v reflect.Value, path string, f func(path string, kind int64)) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			WalkUnions(v.Elem(), path, f)
		}
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return
		}
		for i := range v.Len() {
			WalkUnions(v.Index(i), path+"["+strconv.Itoa(i)+"]", f)
		}
	case reflect.Struct:
		t := v.Type()
		if v.IsZero() {
			return
		}
		if t.NumField() >= 2 && t.Field(0).Name == "Raw" && t.Field(1).Name == "Kind" {
			f(path+"("+t.Name()+")", v.Field(1).Int())
		}
		if t.NumField() > 1 && t.Field(0).Name == "Choice" {
			if i := int(v.Field(0).Int()); i > 0 && i < t.NumField() {
				WalkUnions(v.Field(i), path+"."+t.Field(i).Name, f)
			}
			return
		}
		for i := range t.NumField() {
			WalkUnions(v.Field(i), path+"."+t.Field(i).Name, f)
		}
	}
}

// TypedRaw leaves out of a comparison the Raw of a union whose Kind
// selects a typed value: the octets received, whose padding bits a decode
// ignores (X.691 11.1) and an encode writes as zeros.
var TypedRaw = cmp.FilterPath(func(p cmp.Path) bool {
	sf, ok := p.Last().(cmp.StructField)
	if !ok || sf.Name() != "Raw" || len(p) < 2 {
		return false
	}
	x, y := p.Index(-2).Values()
	return x.IsValid() && y.IsValid() && x.FieldByName("Kind").Int() != 0 && y.FieldByName("Kind").Int() != 0
}, cmp.Ignore())
