package schemadump

import (
	"bytes"
	"encoding/json"
	"encoding/pem"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// referenceJSON is what encoding/json writes for {"blocks": blocks} on one
// line, nil Elements as []: what AppendJSON must write.
func referenceJSON(t testing.TB, blocks []Block) string {
	t.Helper()
	blocks = append(make([]Block, 0, len(blocks)), blocks...)
	for i := range blocks {
		if blocks[i].Elements == nil {
			blocks[i].Elements = []*Node{}
		}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(struct {
		Blocks []Block `json:"blocks"`
	}{blocks}); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// TestAppendJSONMatchesEncodingJSON checks the hand-written JSON against
// encoding/json: every field of Node, Block and Issue set and unset, the
// strings encoding/json escapes, and the dump of a certificate.
func TestAppendJSONMatchesEncodingJSON(t *testing.T) {
	one, zero := 1, 0
	full := &Node{Offset: 12, Depth: 2, HeaderLen: 2, Length: 130, Indefinite: true, Tag: "[0]", Constructed: true,
		Field: "issuer.rdnSequence", Index: &zero, Type: "Name", Module: "PKIX1Explicit-2009", Kind: "CHOICE",
		Explicit: true, Object: "ext-KeyUsage", Hex: "00ff", Value: "x", Name: "digitalSignature, keyCertSign",
		UnusedBits: &one, Containing: true, Encapsulates: true, Raw: true, Note: "unknown", NonDER: "long form",
		Invalid: "too long", Error: "expected INTEGER", Truncated: true,
		Children: []*Node{{Tag: "INTEGER", Value: "-1"}, nil}}
	strs := []string{"", "plain", `quote " and \ backslash`, "\x00\x01\b\f\n\r\t\x1f\x7f", "<html> & 'x'",
		"é€𝄞", "bad \xff\xfe utf-8 \xe2\x82", "\u2028 line \u2029 paragraph", "\ufffd"}
	var strNodes []*Node
	for _, s := range strs {
		strNodes = append(strNodes, &Node{Tag: s, Value: s, Name: s, Note: s})
	}
	tests := []struct {
		name   string
		blocks []Block
	}{
		{"no blocks", []Block{}},
		{"empty block", []Block{{Elements: []*Node{}}}},
		{"nil elements", []Block{{Type: "M.T"}}},
		{"encrypted PEM", []Block{{PEM: "ENCRYPTED KEY", Encrypted: true, Elements: []*Node{}}}},
		{"every field", []Block{{PEM: "CERTIFICATE", Type: "M.T", Elements: []*Node{full, {}},
			Errors: []Issue{{Offset: -1, Path: "T.a", Kind: "malformed", Message: "m\n", NonDER: true}, {}}}}},
		{"escapes", []Block{{Type: "M.T", Elements: strNodes, Errors: []Issue{{Path: strs[3], Message: strs[6]}}}}},
	}
	s := loadCert(t)
	if b, err := os.ReadFile("../../generated/rfc5280/testdata/alt1-cert.pem"); err == nil {
		if p, _ := pem.Decode(b); p != nil {
			res := s.Decode(p.Bytes, typeOf(t, s, "PKIX1Explicit-2009.Certificate"), &Options{})
			tests = append(tests, struct {
				name   string
				blocks []Block
			}{"certificate", []Block{{PEM: "CERTIFICATE", Type: res.Type, Elements: res.Elements, Errors: res.Issues}}})
		}
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := referenceJSON(t, tt.blocks)
			if diff := cmp.Diff(want, string(AppendJSON(nil, tt.blocks))); diff != "" {
				t.Errorf("AppendJSON (-encoding/json +got):\n%s", diff)
			}
		})
	}
}

// TestWriteJSONIndent checks the indented form against json.Encoder's
// with SetIndent, and that nil Elements are written as [].
func TestWriteJSONIndent(t *testing.T) {
	blocks := []Block{{Type: "M.T", Elements: []*Node{{Tag: "SEQUENCE", Constructed: true, Children: []*Node{{Tag: "INTEGER", Value: "5"}}}},
		Errors: []Issue{{Path: "T", Kind: "malformed", Message: "m"}}}, {PEM: "X", Encrypted: true}}
	for _, indent := range []string{"", " ", "  "} {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", indent)
		withEmpty := []Block{blocks[0], {PEM: "X", Encrypted: true, Elements: []*Node{}}}
		if err := enc.Encode(struct {
			Blocks []Block `json:"blocks"`
		}{withEmpty}); err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		if err := WriteJSON(&got, blocks, indent); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want.String(), got.String()); diff != "" {
			t.Errorf("indent %q: WriteJSON (-json.Encoder +got):\n%s", indent, diff)
		}
	}
}

// TestJSONOnly checks that a decode with Options.JSONOnly writes the JSON
// of a decode without it: certificates in DER and BER, one with errors.
func TestJSONOnly(t *testing.T) {
	s := loadCert(t)
	a := typeOf(t, s, "PKIX1Explicit-2009.Certificate")
	for _, tt := range []struct {
		file string
		ber  bool
	}{
		{"../../generated/rfc5280/testdata/alt1-cert.pem", false},
		{"../../testdata/dump/IGC_A.pem", false},
		{"../../testdata/dump/openssl-bad_cert.der", false},
		{"../../testdata/dump/lets-encrypt-x3-cross-signed.der", true},
	} {
		data, err := os.ReadFile(tt.file)
		if err != nil {
			t.Fatal(err)
		}
		if p, _ := pem.Decode(data); p != nil {
			data = p.Bytes
		}
		jsonOf := func(opts *Options) string {
			res := s.Decode(data, a, opts)
			return string(AppendJSON(nil, []Block{{Type: res.Type, Elements: res.Elements, Errors: res.Issues}}))
		}
		want := jsonOf(&Options{BER: tt.ber})
		if diff := cmp.Diff(want, jsonOf(&Options{BER: tt.ber, JSONOnly: true})); diff != "" {
			t.Errorf("%s: JSONOnly (+) differs (-):\n%s", tt.file, diff)
		}
	}
}
