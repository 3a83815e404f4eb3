package parser

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// lexDump renders the tokens of src as "Kind:text" words.
func lexDump(t *testing.T, src string) string {
	t.Helper()
	toks, err := Tokenize("l.asn", []byte(src))
	if err != nil {
		t.Fatalf("Tokenize(%q): %v", src, err)
	}
	var out []string
	for _, tok := range toks {
		if tok.Type == TokEOF {
			break
		}
		out = append(out, TokenName(tok.Type)+":"+tok.Value)
	}
	return strings.Join(out, " ")
}

func TestLexer(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"references and keywords", "Foo-Bar foo-1 SEQUENCE TIME-OF-DAY BMPString T61String",
			"Upper:Foo-Bar Lower:foo-1 SEQUENCE:SEQUENCE TIME-OF-DAY:TIME-OF-DAY BMPString:BMPString T61String:T61String"},
		{"no trailing hyphen, -- ends a reference", "a- b--c--d a---x",
			"Lower:a Minus:- Lower:b Lower:d Lower:a"},
		{"field references", "&Type &value &a-b", "TypeField:&Type ValueField:&value ValueField:&a-b"},
		{"numbers and reals", "0 42 1.5 2.5e-3 1e10 3E+2 1. 7..9 1...2 {1}",
			"Number:0 Number:42 Real:1.5 Real:2.5e-3 Real:1e10 Real:3E+2 Real:1. Number:7 Range:.. Number:9 Real:1. Range:.. Number:2 LBrace:{ Number:1 RBrace:}"},
		{"punctuation", "::= ... .. . { } ( ) [ ] , ; : < > | ^ ! - @ = /",
			"Assign:::= Ellipsis:... Range:.. Dot:. LBrace:{ RBrace:} LParen:( RParen:) LBracket:[ RBracket:] Comma:, Semicolon:; Colon:: Less:< Greater:> Bar:| Caret:^ Exclamation:! Minus:- At:@ Equals:= Slash:/"},
		{"version brackets are two tokens each", "[[2: a]]", "LBracket:[ LBracket:[ Number:2 Colon:: Lower:a RBracket:] RBracket:]"},
		{"@. notation", "@.a @..b @c.d", "At:@ Dot:. Lower:a At:@ Range:.. Lower:b At:@ Lower:c Dot:. Lower:d"},
		{"line comments", "a -- comment -- b -- to end of line\nc", "Lower:a Lower:b Lower:c"},
		{"comment runs", "a --- x --- b\n------------- c\n-- c1 ---- c2 ----\nd ----x---- e",
			"Lower:a Lower:b Lower:d Lower:e"},
		{"nested block comments", "a /* x /* y */ z -- */ b", "Lower:a Lower:b"},
		{"-- inside strings", `"a -- b" "/* c */"`, `CString:"a -- b" CString:"/* c */"`},
		{"bstring and hstring with spaces", "'0101 1'B '0A\n FF'H ''H", "BString:'0101 1'B HString:'0A\n FF'H HString:''H"},
		{"byte order mark and no-break space", "\ufeffa\u00a0b", "Lower:a Lower:b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, lexDump(t, tt.src)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestCStringValue(t *testing.T) {
	tests := []struct{ text, want string }{
		{`""`, ""},
		{`"abc"`, "abc"},
		{`"say ""hi"""`, `say "hi"`},
		// X.680 12.14: spacing next to a line break is not part of the
		// string, nor is the line break.
		{"\"first   \n   second\"", "firstsecond"},
		{"\"a\r\n\tb\"", "ab"},
	}
	for _, tt := range tests {
		if got := cstringValue(tt.text); got != tt.want {
			t.Errorf("cstringValue(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

func TestLexerErrorsAndPositions(t *testing.T) {
	toks, err := Tokenize("l.asn", []byte("a\r\n  b # '1g'H 1x"))
	want := "l.asn:2:5: unexpected character '#'\nl.asn:2:7: malformed bstring or hstring \"'1g'H\"\nl.asn:2:13: malformed number \"1x\"\n"
	list, _ := err.(ErrorList)
	if diff := cmp.Diff(want, list.String()); diff != "" {
		t.Errorf("errors (-want +got):\n%s", diff)
	}
	b := toks[1]
	if got, want := b.Pos, (Pos{Filename: "l.asn", Offset: 5, Line: 2, Column: 3}); got != want {
		t.Errorf("position of b = %+v, want %+v", got, want)
	}
}
