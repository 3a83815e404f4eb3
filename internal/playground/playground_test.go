package playground

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCompileDiagnostics(t *testing.T) {
	tests := []struct {
		name  string
		text  string
		flags string
		want  []Diagnostic
		types []string
	}{
		{
			name: "clean",
			text: "M DEFINITIONS ::= BEGIN\nT ::= SEQUENCE { a INTEGER }\nP{X} ::= SEQUENCE { x X }\nU ::= P{BOOLEAN}\nv INTEGER ::= 1\nEND\n",
			want: []Diagnostic{}, types: []string{"M.T", "M.U"},
		},
		{
			name: "undefined type",
			text: "M DEFINITIONS ::= BEGIN\nT ::= SEQUENCE {\n  a Missing }\nEND\n",
			want: []Diagnostic{{File: "m.asn", Line: 3, Col: 5, Severity: "error", Message: "undefined reference Missing", Text: "m.asn:3:5: undefined reference Missing"}},
		},
		{
			name: "syntax error",
			text: "M DEFINITIONS ::= BEGIN\nT ::= SEQUENCE { a INTEGER\nEND\n",
			want: []Diagnostic{{File: "m.asn", Line: 3, Col: 1, Severity: "error"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Compile([]File{{Name: "m.asn", Text: tt.text}}, tt.flags)
			if err != nil {
				t.Fatal(err)
			}
			got := c.Diagnostics
			if tt.name == "syntax error" && len(got) > 0 {
				// the parser's wording is its own business: the place is ours
				got = []Diagnostic{{File: got[0].File, Line: got[0].Line, Col: got[0].Col, Severity: got[0].Severity}}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s", diff)
			}
			if tt.types != nil {
				if diff := cmp.Diff(tt.types, c.Types); diff != "" {
					t.Errorf("types (-want +got):\n%s", diff)
				}
			}
			if c.Errors != len(tt.want) {
				t.Errorf("Errors = %d, want %d", c.Errors, len(tt.want))
			}
		})
	}
}

func TestRequestErrors(t *testing.T) {
	if _, err := Compile(nil, "-extend nonsense"); err == nil || !strings.Contains(err.Error(), "-extend") {
		t.Errorf("Compile with a bad -extend: %v, want an -extend error", err)
	}
	if _, err := Compile(nil, "file.asn"); err == nil {
		t.Errorf("Compile with a file among the options: no error")
	}
	c, err := Compile([]File{{Name: "m.asn", Text: "M DEFINITIONS ::= BEGIN\nT ::= INTEGER\nEND\n"}}, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ typ, enc, want string }{
		{"M.Nope", "der", "defines no Nope"},
		{"M.T", "xer", "want der, ber, aper, uper, oer or coer"},
		{"Nope", "uper", "Nope"},
	} {
		if _, err := c.Decode(tt.typ, tt.enc, []byte{2, 1, 0}); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Decode(%s, %s): %v, want an error with %q", tt.typ, tt.enc, err, tt.want)
		}
	}
	got, err := c.Decode("M.T", "der", []byte{2, 1, 5})
	if err != nil || !strings.Contains(string(got), `"value": "5"`) {
		t.Errorf("Decode(M.T, der, 02 01 05) = %s, %v; want the value 5", got, err)
	}
}

// TestDecodeCompact checks that DecodeCompact writes the document Decode
// writes, without the indentation.
func TestDecodeCompact(t *testing.T) {
	c, err := Compile([]File{{Name: "m.asn", Text: "M DEFINITIONS AUTOMATIC TAGS ::= BEGIN\nT ::= SEQUENCE { a INTEGER, b BOOLEAN }\nEND\n"}}, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		enc  string
		data []byte
	}{
		{"der", []byte{0x30, 0x06, 0x80, 0x01, 0x05, 0x81, 0x01, 0xff}},
		{"uper", []byte{0x01, 0x05, 0x80}},
		{"coer", []byte{0x01, 0x05, 0xff}},
	} {
		indented, err := c.Decode("T", tt.enc, tt.data)
		if err != nil {
			t.Fatal(err)
		}
		compact, err := c.DecodeCompact("T", tt.enc, tt.data)
		if err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		if err := json.Compact(&want, indented); err != nil {
			t.Fatal(err)
		}
		want.WriteByte('\n')
		if diff := cmp.Diff(want.String(), string(compact)); diff != "" {
			t.Errorf("%s: DecodeCompact (-compacted Decode +got):\n%s", tt.enc, diff)
		}
		if !strings.Contains(string(compact), `"value":"5"`) {
			t.Errorf("%s: %s: no value 5", tt.enc, compact)
		}
		if tt.enc == "coer" && !strings.Contains(string(compact), `"jer":{"a":5,"b":true}`) {
			t.Errorf("%s: %s: no JER {\"a\":5,\"b\":true}", tt.enc, compact)
		}
	}
}
