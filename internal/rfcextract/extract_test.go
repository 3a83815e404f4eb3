package rfcextract

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// Synthetic RFC texts are written as lists of lines; pb(n, pre, post)
// stands for the furniture of the break after page n: pre blank lines, the
// footer, the form feed, the header and post blank lines. The RFC Editor's
// margins are pre=3 and post=2; more blank lines record a gap in the text
// or an early end of page.
func pb(n, pre, post int) []string {
	var ls []string
	for range pre {
		ls = append(ls, "")
	}
	ls = append(ls,
		fmt.Sprintf("Doe & Roe                    Standards Track                    [Page %d]", n),
		"\f",
		"RFC 9999                   Test ASN.1 Modules                  May 2024")
	for range post {
		ls = append(ls, "")
	}
	return ls
}

// doc joins lines and page breaks (given as []string) into a text.
func doc(parts ...any) []byte {
	var ls []string
	for _, p := range parts {
		switch p := p.(type) {
		case string:
			ls = append(ls, p)
		case []string:
			ls = append(ls, p...)
		default:
			panic(fmt.Sprintf("doc: %T", p))
		}
	}
	return []byte(strings.Join(ls, "\n") + "\n")
}

// lines joins module lines as Module.Text holds them.
func lines(ls ...string) string { return strings.Join(ls, "\n") + "\n" }

// module is Module with Text as a string, for readable diffs.
type module struct {
	Name, Section      string
	StartLine, EndLine int
	Text               string
}

func simplify(mods []Module) []module {
	var out []module
	for _, m := range mods {
		out = append(out, module{m.Name, m.Section, m.StartLine, m.EndLine, string(m.Text)})
	}
	return out
}

// front is a first page: every test text has one, with a break after it,
// so that the margins seen in the document are the RFC Editor's.
func front() []string {
	ls := []string{
		"Network Working Group                                           J. Doe",
		"Request for Comments: 9999                                    May 2024",
		"",
		"                          Test ASN.1 Modules",
		"",
		"1.  Introduction",
		"",
		"   This document has modules in it.",
	}
	return append(ls, pb(1, 3, 2)...)
}

func TestExtract(t *testing.T) {
	tests := []struct {
		name string
		text []byte
		want []module
	}{
		{
			name: "one module indented by three spaces",
			text: doc(front(),
				"2.  ASN.1 Module", // line 14
				"",
				"   Simple { iso(1) 2 3 }",
				"",
				"   DEFINITIONS IMPLICIT TAGS ::=",
				"   BEGIN",
				"",
				"   A ::= INTEGER  -- a comment",
				"     -- an indented comment",
				"",
				"   END",
				"",
				"3.  Security Considerations",
			),
			want: []module{{"Simple", "2", 19, 27, lines(
				"Simple { iso(1) 2 3 }",
				"",
				"DEFINITIONS IMPLICIT TAGS ::=",
				"BEGIN",
				"",
				"A ::= INTEGER  -- a comment",
				"  -- an indented comment",
				"",
				"END",
			)}},
		},
		{
			// A full page ends inside a SEQUENCE: the margins alone, so
			// the lines join with no blank line.
			name: "page break with the margins only",
			text: doc(front(),
				"2.  Module", // 14
				"",
				"   M DEFINITIONS ::= BEGIN",
				"   S ::= SEQUENCE {",
				"      a INTEGER,",
				pb(2, 3, 2), // 20-27
				"      b BOOLEAN }",
				"   END", // 29
			),
			want: []module{{"M", "2", 19, 31, lines(
				"M DEFINITIONS ::= BEGIN",
				"S ::= SEQUENCE {",
				"   a INTEGER,",
				"   b BOOLEAN }",
				"END",
			)}},
		},
		{
			// The text's blank line between two assignments ended the
			// page: four blank lines before the footer, one of them the
			// text's.
			name: "page break at a gap kept at the page end",
			text: doc(front(),
				"2.  Module",
				"",
				"   M DEFINITIONS ::= BEGIN",
				"   A ::= INTEGER",
				pb(2, 4, 2),
				"   B ::= BOOLEAN",
				"   END",
			),
			want: []module{{"M", "2", 19, 31, lines(
				"M DEFINITIONS ::= BEGIN",
				"A ::= INTEGER",
				"",
				"B ::= BOOLEAN",
				"END",
			)}},
		},
		{
			name: "page break at a gap kept at the top of the next page",
			text: doc(front(),
				"2.  Module",
				"",
				"   M DEFINITIONS ::= BEGIN",
				"   A ::= INTEGER",
				pb(2, 3, 3),
				"   B ::= BOOLEAN",
				"   END",
			),
			want: []module{{"M", "2", 19, 31, lines(
				"M DEFINITIONS ::= BEGIN",
				"A ::= INTEGER",
				"",
				"B ::= BOOLEAN",
				"END",
			)}},
		},
		{
			// A page ended early (to keep a block together) leaves many
			// blank lines: they still make a single blank line.
			name: "page ended early",
			text: doc(front(),
				"2.  Module",
				"",
				"   M DEFINITIONS ::= BEGIN",
				"   A ::= INTEGER",
				"",
				pb(2, 14, 2),
				"   B ::= BOOLEAN",
				"",
				"   END",
			),
			want: []module{{"M", "2", 19, 43, lines(
				"M DEFINITIONS ::= BEGIN",
				"A ::= INTEGER",
				"",
				"B ::= BOOLEAN",
				"",
				"END",
			)}},
		},
		{
			name: "page break inside a block comment and right before END",
			text: doc(front(),
				"2.  Module",
				"",
				"   M DEFINITIONS ::= BEGIN",
				"   /* A block comment that runs",
				"      over a page break,",
				pb(2, 3, 2),
				"      with END alone on a line:",
				"   END",
				"      which does not end the module. */",
				"   A ::= INTEGER",
				pb(3, 5, 2),
				"   END",
			),
			want: []module{{"M", "2", 19, 44, lines(
				"M DEFINITIONS ::= BEGIN",
				"/* A block comment that runs",
				"   over a page break,",
				"   with END alone on a line:",
				"END",
				"   which does not end the module. */",
				"A ::= INTEGER",
				"",
				"END",
			)}},
		},
		{
			name: "page break inside a run of comment lines",
			text: doc(front(),
				"2.  Module",
				"",
				"   M DEFINITIONS ::= BEGIN",
				"   -- A comment of several lines,",
				"   -- broken by a page.",
				pb(2, 3, 2),
				"   -- END",
				"   -- (a commented-out END does not end the module)",
				"   A ::= INTEGER",
				"   END",
			),
			want: []module{{"M", "2", 19, 33, lines(
				"M DEFINITIONS ::= BEGIN",
				"-- A comment of several lines,",
				"-- broken by a page.",
				"-- END",
				"-- (a commented-out END does not end the module)",
				"A ::= INTEGER",
				"END",
			)}},
		},
		{
			// The module header itself spread over lines and pages, with
			// comments between its parts (as in RFC 4511) and "TAGS::="
			// without a space (as in RFC 3525).
			name: "header over several lines and a page break",
			text: doc(front(),
				"Appendix B.  ASN.1 Module",
				"",
				"        Long-Name-V3",
				"            { iso(1) identified-organization(3)",
				pb(2, 3, 2),
				"              dod(6) 18 }",
				"        -- Copyright notice",
				"        DEFINITIONS",
				"        AUTOMATIC TAGS",
				"        EXTENSIBILITY IMPLIED::=",
				"",
				"        BEGIN",
				"        A ::= INTEGER",
				"        END -- of Long-Name-V3",
			),
			want: []module{{"Long-Name-V3", "B", 19, 37, lines(
				"Long-Name-V3",
				"    { iso(1) identified-organization(3)",
				"      dod(6) 18 }",
				"-- Copyright notice",
				"DEFINITIONS",
				"AUTOMATIC TAGS",
				"EXTENSIBILITY IMPLIED::=",
				"",
				"BEGIN",
				"A ::= INTEGER",
				"END -- of Long-Name-V3",
			)}},
		},
		{
			name: "CODE BEGINS markers",
			text: doc(front(),
				"A.1.  The Module",
				"",
				"   <CODE BEGINS> file \"Mod-2024.asn\"",
				"",
				"   Mod-2024 { 1 2 3 }",
				"     \"/ISO/Registration_Authority/19785.CBEFF\"",
				"   DEFINITIONS ::= BEGIN",
				"   A ::= OCTET STRING",
				"   END",
				"",
				"   <CODE ENDS>",
			),
			want: []module{{"Mod-2024", "A.1", 21, 25, lines(
				"Mod-2024 { 1 2 3 }",
				"  \"/ISO/Registration_Authority/19785.CBEFF\"",
				"DEFINITIONS ::= BEGIN",
				"A ::= OCTET STRING",
				"END",
			)}},
		},
		{
			// Prose that quotes ASN.1: an assignment, a module header with
			// nothing after it (RFC 4998 section 2.1 does this), the word
			// DEFINITIONS in a sentence. None of it is a module.
			name: "prose snippets are not modules",
			text: doc(front(),
				"2.  Syntax",
				"",
				"   The type is defined as follows:",
				"",
				"      Foo ::= SEQUENCE { a INTEGER }",
				"",
				"   The module starts with",
				"",
				"   Quoted { 1 2 3 }",
				"   DEFINITIONS IMPLICIT TAGS ::=",
				"   BEGIN",
				"",
				"2.1.  More Syntax",
				"",
				"   The DEFINITIONS of this document are given in Appendix A. It",
				"   is the one with BEGIN and END.",
				"",
				"Appendix A.  Module",
				"",
				"   Real DEFINITIONS ::= BEGIN",
				"   Foo ::= SEQUENCE { a INTEGER }",
				"   END",
				"",
				"   The text after the module; Bar ::= NULL.",
			),
			want: []module{{"Real", "A", 36, 38, lines(
				"Real DEFINITIONS ::= BEGIN",
				"Foo ::= SEQUENCE { a INTEGER }",
				"END",
			)}},
		},
		{
			// Modules at the left margin, as in RFC 5280: each section
			// found skipping the other module's lines.
			name: "several modules",
			text: doc(front(),
				"A.1.  First",
				"",
				"First DEFINITIONS EXPLICIT TAGS ::=",
				"",
				"BEGIN",
				"1 }",
				"END",
				"",
				"Second DEFINITIONS ::= BEGIN",
				"END",
				"",
				"14.  Third",
				"",
				"  Third {1 2} DEFINITIONS ::= BEGIN EXPORTS ALL;",
				"  END",
			),
			want: []module{
				{"First", "A.1", 19, 23, lines(
					"First DEFINITIONS EXPLICIT TAGS ::=",
					"",
					"BEGIN",
					"1 }",
					"END",
				)},
				{"Second", "A.1", 25, 26, lines("Second DEFINITIONS ::= BEGIN", "END")},
				{"Third", "14", 30, 31, lines(
					"Third {1 2} DEFINITIONS ::= BEGIN EXPORTS ALL;",
					"END",
				)},
			},
		},
		{
			// A cstring spanning lines is skipped whole: END inside it
			// does not end the module, and neither does a bstring.
			name: "strings",
			text: doc(front(),
				"2.  Module",
				"M DEFINITIONS ::= BEGIN",
				"s UTF8String ::= \"a string with \"\" in it,",
				"END",
				"and a second line\"",
				"b BIT STRING ::= '0101'B -- 'END'",
				"END",
			),
			want: []module{{"M", "2", 18, 23, lines(
				"M DEFINITIONS ::= BEGIN",
				"s UTF8String ::= \"a string with \"\" in it,",
				"END",
				"and a second line\"",
				"b BIT STRING ::= '0101'B -- 'END'",
				"END",
			)}},
		},
		{
			// The form feeds of this text were lost; the footer and the
			// header still make a page break. Lines end in CR LF.
			name: "no form feed, CR LF",
			text: []byte(strings.ReplaceAll(string(doc(
				"1.  Module",
				"   M DEFINITIONS ::= BEGIN",
				"   A ::= INTEGER",
				"",
				"",
				"",
				"Doe                         Standards Track                    [Page 1]",
				"RFC 9999                   Test ASN.1 Modules                  May 2024",
				"",
				"",
				"   B ::= INTEGER",
				"   END",
			)), "\n", "\r\n")),
			want: []module{{"M", "1", 2, 12, lines(
				"M DEFINITIONS ::= BEGIN",
				"A ::= INTEGER",
				"B ::= INTEGER",
				"END",
			)}},
		},
		{
			// The form feed may also start the header line.
			name: "form feed on the header line",
			text: doc(
				"1.  Module",
				"   M DEFINITIONS ::= BEGIN",
				"   A ::= INTEGER",
				"",
				"",
				"",
				"",
				"Doe                         Standards Track                    [Page 1]",
				"\fRFC 9999                   Test ASN.1 Modules                  May 2024",
				"",
				"",
				"   B ::= INTEGER",
				"   END",
			),
			want: []module{{"M", "1", 2, 13, lines(
				"M DEFINITIONS ::= BEGIN",
				"A ::= INTEGER",
				"",
				"B ::= INTEGER",
				"END",
			)}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mods, err := Extract("rfc9999.txt", tt.text)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, simplify(mods)); diff != "" {
				t.Errorf("Extract (-want +got):\n%s", diff)
			}
		})
	}
}

func TestExtractErrors(t *testing.T) {
	tests := []struct {
		name string
		text []byte
		want *Error
		msg  string
	}{
		{
			name: "no module",
			text: doc(front(), "2.  Nothing", "", "   Foo ::= SEQUENCE { a INTEGER }"),
			want: &Error{File: "rfc9999.txt", Err: ErrNoModule},
			msg:  "rfc9999.txt: no ASN.1 module",
		},
		{
			name: "no END before a section heading",
			text: doc(front(),
				"2.  Module",
				"   M { 1 2 } DEFINITIONS ::= BEGIN",
				"   A ::= INTEGER",
				"",
				"3.  Next",
			),
			want: &Error{File: "rfc9999.txt", Line: 18, Module: "M", Detail: "section heading at line 21", Err: ErrNoEnd},
			msg:  "rfc9999.txt:18: module M: module has no END (section heading at line 21)",
		},
		{
			name: "no END before the next module",
			text: doc(front(),
				"2.  Module",
				"   M DEFINITIONS ::= BEGIN",
				"   A ::= INTEGER",
				"",
				"   N DEFINITIONS ::= BEGIN",
				"   END",
			),
			want: &Error{File: "rfc9999.txt", Line: 18, Module: "M", Detail: "module N at line 21", Err: ErrNoEnd},
		},
		{
			name: "no END before CODE ENDS",
			text: doc(front(),
				"2.  Module",
				"   <CODE BEGINS>",
				"   M DEFINITIONS ::= BEGIN",
				"   A ::= INTEGER",
				"   <CODE ENDS>",
			),
			want: &Error{File: "rfc9999.txt", Line: 19, Module: "M", Detail: "<CODE ENDS> at line 21", Err: ErrNoEnd},
		},
		{
			name: "no END at the end of the text",
			text: doc(front(),
				"2.  Module",
				"   M DEFINITIONS ::= BEGIN",
				"   A ::= INTEGER",
				pb(2, 3, 2),
				"   B ::= INTEGER",
			),
			want: &Error{File: "rfc9999.txt", Line: 18, Module: "M", Detail: "reached the end of the text", Err: ErrNoEnd},
		},
		{
			// An unclosed block comment swallows END.
			name: "END inside an unclosed comment",
			text: doc(front(),
				"2.  Module",
				"   M DEFINITIONS ::= BEGIN",
				"   A ::= INTEGER /* unclosed",
				"   END",
			),
			want: &Error{File: "rfc9999.txt", Line: 18, Module: "M", Detail: "reached the end of the text", Err: ErrNoEnd},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mods, err := Extract("rfc9999.txt", tt.text)
			if err == nil {
				t.Fatalf("Extract succeeded with %d modules, want error %v", len(mods), tt.want)
			}
			var got *Error
			if !errors.As(err, &got) {
				t.Fatalf("error %T %v is not an *Error", err, err)
			}
			if diff := cmp.Diff(*tt.want, *got, cmpopts.EquateErrors()); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
			if !errors.Is(err, tt.want.Err) {
				t.Errorf("errors.Is(%v, %v) = false", err, tt.want.Err)
			}
			if tt.msg != "" && err.Error() != tt.msg {
				t.Errorf("message %q, want %q", err.Error(), tt.msg)
			}
		})
	}
}

func TestStripPages(t *testing.T) {
	// Each output line is "num:text" (num: the source line).
	tests := []struct {
		name string
		src  []string
		want []string
	}{
		{
			name: "no page break",
			src:  []string{"a", "", "b"},
			want: []string{"1:a", "2:", "3:b"},
		},
		{
			name: "full page",
			src:  doc2(front(), "x"),
			want: []string{"1:Network Working Group                                           J. Doe",
				"2:Request for Comments: 9999                                    May 2024", "3:",
				"4:                          Test ASN.1 Modules", "5:", "6:1.  Introduction", "7:",
				"8:   This document has modules in it.", "17:x"},
		},
		{
			name: "gap at the end of the page",
			src:  doc2("a", pb(1, 4, 2), "b"),
			want: []string{"1:a", "6:", "11:b"},
		},
		{
			name: "gap at the top of the page",
			src:  doc2("a", pb(1, 3, 3), "b"),
			want: []string{"1:a", "5:", "11:b"},
		},
		{
			// The last page: its footer and form feed go, nothing replaces them.
			name: "last page",
			src:  doc2("a", pb(1, 3, 2), "b", "", "", "", "", "Doe   Informational   [Page 2]", "\f"),
			want: []string{"1:a", "10:b"},
		},
		{
			name: "form feed at the end of the footer",
			src: []string{"a", "", "", "", "", "Doe   Informational   [Page 1]\f",
				"RFC 9999   Title   May 2024", "", "", "b"},
			want: []string{"1:a", "6:", "10:b"},
		},
		{
			name: "form feed without footer or header",
			src:  []string{"a", "\f", "b"},
			want: []string{"1:a", "2:", "3:b"},
		},
		{
			// A line that looks like a footer but is not followed by a
			// page break stays.
			name: "footer-like line",
			src:  []string{"see Doe, Roe [Page 3]", "next line"},
			want: []string{"1:see Doe, Roe [Page 3]", "2:next line"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, l := range stripPages(tt.src) {
				got = append(got, fmt.Sprintf("%d:%s", l.num, l.text))
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("stripPages (-want +got):\n%s", diff)
			}
		})
	}
}

// doc2 is doc as lines.
func doc2(parts ...any) []string {
	return strings.Split(strings.TrimSuffix(string(doc(parts...)), "\n"), "\n")
}

func TestLexLine(t *testing.T) {
	tests := []struct {
		line   string
		in     lexState
		want   []string
		wantSt lexState
	}{
		{"A ::= SEQUENCE { a-b INTEGER }", lexState{}, []string{"A", "::=", "SEQUENCE", "{", "a-b", "INTEGER", "}"}, lexState{}},
		{"TAGS::=", lexState{}, []string{"TAGS", "::="}, lexState{}},
		{"a -- comment -- b -- more", lexState{}, []string{"a", "b"}, lexState{}},
		{"a--b", lexState{}, []string{"a"}, lexState{}},
		{"x /* c /* nested */ still */ y", lexState{}, []string{"x", "y"}, lexState{}},
		{"x /* open", lexState{}, []string{"x"}, lexState{commentDepth: 1}},
		{"*/ END", lexState{commentDepth: 1}, []string{"END"}, lexState{}},
		{"*/ END", lexState{commentDepth: 2}, nil, lexState{commentDepth: 1}},
		{`s ::= "a ""q"" -- no comment" END`, lexState{}, []string{"s", "::=", stringToken, "END"}, lexState{}},
		{`"open`, lexState{}, []string{stringToken}, lexState{inString: true}},
		{`close" END`, lexState{inString: true}, []string{"END"}, lexState{}},
		{"b ::= '0A'H, c '10'B, it's", lexState{}, []string{"b", "::=", "'0A'H", ",", "c", "'10'B", ",", "it", "'", "s"}, lexState{}},
		{"&id({Set}{@type})", lexState{}, []string{"&", "id", "(", "{", "Set", "}", "{", "@", "type", "}", ")"}, lexState{}},
		{"a- b", lexState{}, []string{"a", "-", "b"}, lexState{}},
	}
	for _, tt := range tests {
		toks, st := lexLine(tt.line, tt.in)
		var got []string
		for _, tok := range toks {
			got = append(got, tok.text)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("lexLine(%q) tokens (-want +got):\n%s", tt.line, diff)
		}
		if st != tt.wantSt {
			t.Errorf("lexLine(%q) state %+v, want %+v", tt.line, st, tt.wantSt)
		}
	}
}

func TestSectionOf(t *testing.T) {
	tests := []struct{ line, want string }{
		{"14.  ASN.1 Module", "14"},
		{"2.1.1.  ASN.1 Module Definition", "2.1.1"},
		{"8.2.2 Signature verification operation", "8.2.2"},
		{"Appendix A.  ASN.1 Module", "A"},
		{"Appendix F: References", "F"},
		{"Appendix A.1", "A.1"},
		{"A.1.  Explicitly Tagged Module, 1988 Syntax", "A.1"},
		{"A.1 RSA key representation", "A.1"},
		{"E.10.2   Events", "E.10.2"},
		{"B.  Module", "B"},
		{"   14.  Indented (a table of contents line)", ""},
		{"2 }", ""},
		{"1 2 3", ""},
		{"PKIX1Explicit88 { iso(1) }", ""},
		{"Housley   Standards Track   [Page 12]", ""},
	}
	for _, tt := range tests {
		if got := sectionOf(tt.line); got != tt.want {
			t.Errorf("sectionOf(%q) = %q, want %q", tt.line, got, tt.want)
		}
	}
}

// FuzzExtract checks that Extract never panics and that what it returns is
// consistent: modules in order, not overlapping, each starting with its
// name and ending with END, and giving itself back when extracted again.
func FuzzExtract(f *testing.F) {
	f.Add(doc(front(), "2.  M", "   M DEFINITIONS ::= BEGIN", "   A ::= INTEGER", pb(2, 4, 2), "   END"))
	f.Add(doc("M {1 2} DEFINITIONS ::= BEGIN /* x", "END */ END", "N DEFINITIONS ::=", "BEGIN", "\"", "END"))
	f.Add(doc("X DEFINITIONS ::= BEGIN", "1.  Heading", "Y DEFINITIONS ::= BEGIN", "y ::= 1", "END"))
	f.Fuzz(func(t *testing.T, text []byte) {
		mods, err := Extract("fuzz", text)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %T is not an *Error", err)
			}
			return
		}
		last := 0
		for _, m := range mods {
			if m.StartLine <= last || m.EndLine < m.StartLine {
				t.Fatalf("module %s at lines %d-%d after line %d", m.Name, m.StartLine, m.EndLine, last)
			}
			last = m.EndLine
			checkModuleInvariants(t, "fuzz", m)
		}
	})
}
