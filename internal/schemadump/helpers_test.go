package schemadump

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/runtime/der"
)

var (
	testOnce   sync.Once
	testSchema *Schema
	testErr    error
)

// loadTest checks testdata/test.asn once.
func loadTest(t testing.TB) *Schema {
	t.Helper()
	testOnce.Do(func() {
		src, err := os.ReadFile("testdata/test.asn")
		if err != nil {
			testErr = err
			return
		}
		set := model.Check(model.Source{Name: "testdata/test.asn", Src: src})
		if err := set.Diags.Err(); err != nil {
			testErr = err
			return
		}
		testSchema = New(set)
	})
	if testErr != nil {
		t.Fatal(testErr)
	}
	return testSchema
}

func typeOf(t testing.TB, s *Schema, name string) *model.Assignment {
	t.Helper()
	a, err := s.Type(name)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// Builders of encodings, for inputs that state what they hold.

// tlv is the element with identifier octet id and contents parts.
func tlv(id byte, parts ...[]byte) []byte {
	c := bytes.Join(parts, nil)
	return append(der.AppendHeader(nil, der.NewTag(der.Class(id>>6), uint32(id&0x1f)), id&0x20 != 0, len(c)), c...)
}

func seq(parts ...[]byte) []byte { return tlv(0x30, parts...) }
func set(parts ...[]byte) []byte { return tlv(0x31, parts...) }
func integer(v int64) []byte     { return tlv(0x02, der.IntegerFromInt64(v)) }
func utf8s(s string) []byte      { return tlv(0x0c, []byte(s)) }
func octets(b ...[]byte) []byte  { return tlv(0x04, b...) }
func boolean(v bool) []byte {
	if v {
		return tlv(0x01, []byte{0xff})
	}
	return tlv(0x01, []byte{0})
}

func oid(s string) []byte {
	o, err := der.ParseOIDString(s)
	if err != nil {
		panic(err)
	}
	return tlv(0x06, o)
}

// lines is the text form of res without the columns of offsets and
// lengths: what the schema says of each element, indented.
func lines(t testing.TB, res *Result, opts *Options) []string {
	t.Helper()
	var b strings.Builder
	if err := Text(&b, res, opts); err != nil {
		t.Fatal(err)
	}
	var out []string
	if b.Len() == 0 {
		return nil
	}
	for _, l := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
		if i := strings.Index(l, "cons: "); i >= 0 {
			l = l[i+len("cons: "):]
		} else if i := strings.Index(l, "prim: "); i >= 0 {
			l = l[i+len("prim: "):]
		}
		out = append(out, l)
	}
	return out
}

// issues writes the issues of res as "path@offset kind: message".
func issues(res *Result) []string {
	var out []string
	for _, is := range res.Issues {
		out = append(out, fmt.Sprintf("%s@%d %s: %s", is.Path, is.Offset, is.Kind, is.Message))
	}
	return out
}

// oidContents are the contents octets of the OID s.
func oidContents(s string) []byte {
	o, err := der.ParseOIDString(s)
	if err != nil {
		panic(err)
	}
	return o
}
