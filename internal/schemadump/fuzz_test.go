package schemadump

import (
	"bytes"
	"encoding/json"
	"encoding/pem"
	"errors"
	"os"
	"sort"
	"sync"
	"testing"

	"github.com/asn1gen/asn1gen/codegen/manifest"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/runtime/der"
)

var (
	certOnce   sync.Once
	certSchema *Schema
	certErr    error
)

// loadCert checks the modules of generated/rfc5280 (from its manifest, as
// -use reads them; its -extend left out, which only adds ML-DSA rows).
func loadCert(t testing.TB) *Schema {
	t.Helper()
	certOnce.Do(func() {
		m, err := manifest.ReadDir("github.com/asn1gen/asn1gen/generated/rfc5280", "../../generated/rfc5280")
		if err != nil {
			certErr = err
			return
		}
		var srcs []model.Source
		files := make([]string, 0, len(m.Sources))
		for f := range m.Sources {
			files = append(files, f)
		}
		sort.Strings(files)
		for _, f := range files {
			srcs = append(srcs, model.Source{Name: f, Src: m.Sources[f]})
		}
		set := model.Check(srcs...)
		if err := set.Diags.Err(); err != nil {
			certErr = err
			return
		}
		certSchema = New(set)
	})
	if certErr != nil {
		t.Fatal(certErr)
	}
	return certSchema
}

// fuzzTypes are the types FuzzDecode decodes with, chosen by the first
// octet of the input.
var fuzzTypes = []string{"Pair", "Reversed", "Unordered", "Wrapped", "Values", "Record", "Both", "Tree", "Holder", "Open",
	"PKIX1Explicit-2009.Certificate"}

// fuzzInput is what a fuzz input selects: the first octet picks the type
// (and bit 7, BER), the rest is the input.
type fuzzInput struct {
	s    *Schema
	a    *model.Assignment
	data []byte
	opts *Options
}

// fuzzSeeds adds the seeds of the fuzz targets to f and returns the
// function that reads a fuzz input.
func fuzzSeeds(f *testing.F) func(t *testing.T, in []byte) (fuzzInput, bool) {
	test, cert := loadTest(f), loadCert(f)
	var rules []Rule
	for _, text := range []string{"Holder.data=Pair", "Holder.more[]=Reversed"} {
		r, err := test.ParseRule(text, "-contains")
		if err != nil {
			f.Fatal(err)
		}
		rules = append(rules, r)
	}
	pair := seq(oid("1.2.3.1"), integer(5))
	seeds := map[string][]byte{
		"Pair":      pair,
		"Reversed":  seq(tlv(0xa0, utf8s("x")), oid("1.2.3.2")),
		"Unordered": set(tlv(0xa0, integer(7)), tlv(0x81, oidContents("1.2.3.1"))),
		"Wrapped":   {0x30, 0x80, 0x06, 0x03, 0x2a, 0x03, 0x01, 0x24, 0x80, 0x04, 0x02, 0x02, 0x02, 0x04, 0x02, 0x01, 0x2c, 0, 0, 0, 0},
		"Values":    seq(oid("1.2.3.2"), set(utf8s("a"), utf8s("b"))),
		"Record": seq(utf8s("abc"), tlv(0x03, []byte{5, 0xa0}), tlv(0x0a, []byte{2}), tlv(0x80, []byte{3}), tlv(0x81, pair),
			tlv(0x83, []byte{0xff}), set(integer(1), integer(2)), utf8s("ext")),
		"Both":   set(tlv(0x80, []byte{1}), tlv(0x81, []byte{0})),
		"Tree":   seq(integer(1), seq(seq(integer(2), seq()), seq(integer(3), seq()))),
		"Holder": seq(octets(pair), seq(octets(seq(tlv(0xa0, utf8s("x")), oid("1.2.3.2"))))),
		"Open":   tlv(0x85, []byte{1}),
	}
	if b, err := os.ReadFile("../../generated/rfc5280/testdata/alt1-cert.pem"); err == nil {
		if p, _ := pem.Decode(b); p != nil {
			seeds["PKIX1Explicit-2009.Certificate"] = p.Bytes
		}
	}
	for i, name := range fuzzTypes {
		if data, ok := seeds[name]; ok {
			f.Add(append([]byte{byte(i)}, data...))
			f.Add(append([]byte{byte(i) | 0x80}, data...))
		}
	}
	return func(t *testing.T, in []byte) (fuzzInput, bool) {
		if len(in) == 0 {
			return fuzzInput{}, false
		}
		name := fuzzTypes[int(in[0]&0x7f)%len(fuzzTypes)]
		s := test
		if name == "PKIX1Explicit-2009.Certificate" {
			s = cert
		}
		a, err := s.Type(name)
		if err != nil {
			t.Fatal(err)
		}
		return fuzzInput{s: s, a: a, data: in[1:], opts: &Options{BER: in[0]&0x80 != 0, Rules: rules}}, true
	}
}

// FuzzDecode decodes hostile input with the schemas of the tests (see
// fuzzInput). The dump must not panic, must print (text and JSON), must
// be the same twice, and must stay within the input: every offset it
// shows is one of the input's.
func FuzzDecode(f *testing.F) {
	input := fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, in []byte) {
		fi, ok := input(t, in)
		if !ok {
			return
		}
		s, a, data, opts := fi.s, fi.a, fi.data, fi.opts
		res := s.Decode(data, a, opts)
		var text, again bytes.Buffer
		if err := Text(&text, res, opts); err != nil {
			t.Fatal(err)
		}
		AppendJSON(nil, []Block{{Type: res.Type, Elements: res.Elements, Errors: res.Issues}})
		var walk func([]*Node)
		walk = func(ns []*Node) {
			for _, n := range ns {
				if n.Offset < 0 || n.Offset > len(data) {
					t.Fatalf("node at offset %d of a %d-octet input:\n%s", n.Offset, len(data), text.String())
				}
				walk(n.Children)
			}
		}
		walk(res.Elements)
		for _, is := range res.Issues {
			if is.Kind == InternalError {
				t.Fatalf("%s", is.Message)
			}
			if is.Offset < -1 || is.Offset > len(data) {
				t.Fatalf("issue at offset %d of a %d-octet input: %+v", is.Offset, len(data), is)
			}
		}
		// the same input, the same dump
		if err := Text(&again, s.Decode(data, a, opts), opts); err != nil || again.String() != text.String() {
			t.Fatalf("two decodes differ:\n%s\n---\n%s", text.String(), again.String())
		}
	})
}

// FuzzJSON checks that the dump's JSON writer (AppendJSON) writes what
// encoding/json writes of the same dump, on the dumps of hostile input:
// a target of its own, as the comparison costs FuzzDecode a third of its
// executions.
func FuzzJSON(f *testing.F) {
	input := fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, in []byte) {
		fi, ok := input(t, in)
		if !ok {
			return
		}
		res := fi.s.Decode(fi.data, fi.a, fi.opts)
		blocks := []Block{{Type: res.Type, Elements: res.Elements, Errors: res.Issues}}
		if got, want := string(AppendJSON(nil, blocks)), referenceJSON(t, blocks); got != want {
			t.Fatalf("AppendJSON differs from encoding/json:\n%s\n---\n%s", got, want)
		}
	})
}

// FuzzJER decodes hostile input with Options.JER: the dump with its JER
// records must be the dump without them, and its JER JSON text that
// parses, or an error (located, for a value the schema read).
func FuzzJER(f *testing.F) {
	input := fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, in []byte) {
		fi, ok := input(t, in)
		if !ok {
			return
		}
		opts := *fi.opts
		opts.JER = true
		res := fi.s.Decode(fi.data, fi.a, &opts)
		var with, without bytes.Buffer
		if err := Text(&with, res, &opts); err != nil {
			t.Fatal(err)
		}
		if err := Text(&without, fi.s.Decode(fi.data, fi.a, fi.opts), fi.opts); err != nil || with.String() != without.String() {
			t.Fatalf("the dump with JER differs:\n%s\n---\n%s", with.String(), without.String())
		}
		j, err := JER(res)
		switch {
		case err == nil && !json.Valid(j):
			t.Fatalf("JER is not JSON: %s", j)
		case err != nil && len(res.Issues) == 0 && len(res.Elements) == 1:
			var e *der.Error
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(fi.data) {
				t.Fatalf("JER error not located: %v", err)
			}
		}
	})
}
