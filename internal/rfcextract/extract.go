// Package rfcextract takes the ASN.1 modules out of the plain text of an RFC
// (or Internet-Draft), so that the published modules can be used as they
// were published, without hand edits.
//
// Extract works in two steps.
//
// First it removes the page furniture: each page break of an RFC is a
// footer line ("Housley   Standards Track   [Page 12]"), a form feed, a
// header line ("RFC 5912   New ASN.1 for PKIX   June 2010") and the blank
// lines the formatter puts around them. The break is replaced by one blank
// line if more blank lines surround it than the formatter's margins (three
// before the footer, two after the header), and by nothing otherwise; see
// stripPages for why.
//
// Then it finds the modules. A module starts at a line that begins with a
// ModuleIdentifier (X.680 13.1): a module name, optionally an object
// identifier in braces and an IRI, then DEFINITIONS, the tag and
// extensibility defaults, "::=" and BEGIN, all possibly spread over several
// lines with comments between them. It ends at the first line whose only
// token is END, outside comments and strings. Lines of prose between
// modules are never captured, and ASN.1 fragments quoted in prose are not
// modules: a module header with no assignment after it before the next
// section heading (as RFC 4998 quotes its module headers in section 2.1) is
// skipped. A module that has assignments but no END before the next
// section heading, the next module, a "<CODE ENDS>" marker or the end of
// the text is an error.
//
// The text of a module is its lines from the one with the module name to
// the one with END, verbatim, except that the uniform indentation of the
// RFC (the smallest indentation of its non-blank lines) is removed and
// lines holding only white space become empty. Modules wrapped in
// "<CODE BEGINS>" and "<CODE ENDS>" markers are found the same way; the
// markers are outside the module and are not part of its text.
package rfcextract

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// Module is one ASN.1 module found in an RFC text.
type Module struct {
	Name string // the modulereference, e.g. "PKIX1Explicit88"
	// Section is the number of the nearest section heading before the
	// module: "14", "2.1.1", "A.1" or "A" (for "Appendix A."); "" if the
	// text has no heading before it.
	Section string
	// StartLine and EndLine are the 1-based source line numbers of the
	// line with the module name and of the line with END.
	StartLine, EndLine int
	// Text is the module from its name to END, one '\n' after each line,
	// with page furniture and the common indentation removed.
	Text []byte
}

var (
	// ErrNoModule is returned (inside an *Error) for a text with no module.
	ErrNoModule = errors.New("no ASN.1 module")
	// ErrNoEnd is returned (inside an *Error) for a module without END.
	ErrNoEnd = errors.New("module has no END")
)

// Error is an extraction error located in the source text.
type Error struct {
	File   string
	Line   int    // 1-based; 0 when the error is about the whole text
	Module string // the module concerned, if any
	Detail string // what was found instead, if anything
	Err    error  // ErrNoModule or ErrNoEnd
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	b.WriteString(": ")
	if e.Module != "" {
		fmt.Fprintf(&b, "module %s: ", e.Module)
	}
	b.WriteString(e.Err.Error())
	if e.Detail != "" {
		fmt.Fprintf(&b, " (%s)", e.Detail)
	}
	return b.String()
}

func (e *Error) Unwrap() error { return e.Err }

// header is a module header found in the text, as indices into the
// stripped lines.
type header struct {
	name  string
	start int // the line with the module name
	begin int // the line with BEGIN
	// beginCol is the byte offset just after BEGIN on the begin line.
	beginCol int
}

// Extract returns the ASN.1 modules of the RFC text, in text order. name is
// the file name used in error messages. The error is an *Error wrapping
// ErrNoModule or ErrNoEnd.
func Extract(name string, text []byte) ([]Module, error) {
	src := strings.Split(string(text), "\n")
	if len(src) > 0 && src[len(src)-1] == "" {
		src = src[:len(src)-1]
	}
	for i, s := range src {
		src[i] = strings.TrimSuffix(s, "\r")
	}
	lines := stripPages(src)

	var mods []Module
	// inModule marks stripped lines that belong to a module found so far,
	// so that section headings are never looked for inside modules.
	inModule := make([]bool, len(lines))
	for i := 0; i < len(lines); i++ {
		h, ok := headerAt(lines, i)
		if !ok {
			continue
		}
		end, detail, assigned := findEnd(lines, h)
		if end < 0 {
			if !assigned {
				// A module header quoted in prose: skip past BEGIN.
				i = h.begin
				continue
			}
			return nil, &Error{File: name, Line: lines[h.start].num, Module: h.name, Detail: detail, Err: ErrNoEnd}
		}
		for k := h.start; k <= end; k++ {
			inModule[k] = true
		}
		mods = append(mods, Module{
			Name:      h.name,
			Section:   sectionBefore(lines, inModule, h.start),
			StartLine: lines[h.start].num,
			EndLine:   lines[end].num,
			Text:      moduleText(lines[h.start : end+1]),
		})
		i = end
	}
	if len(mods) == 0 {
		return nil, &Error{File: name, Err: ErrNoModule}
	}
	return mods, nil
}

// maxHeaderLines bounds how far apart the module name and DEFINITIONS, and
// DEFINITIONS and BEGIN, may be. The longest in the corpus is RFC 4511's
// (a name, an OID, three comment lines, then DEFINITIONS on three lines).
const maxHeaderLines = 20

// headerAt reports whether a module header has its DEFINITIONS keyword on
// line d, and returns it.
func headerAt(lines []line, d int) (header, bool) {
	if !strings.Contains(lines[d].text, "DEFINITIONS") {
		return header{}, false
	}
	toks, _ := lexLine(lines[d].text, lexState{})
	defIdx := -1
	for k, t := range toks {
		if t.text == "DEFINITIONS" {
			defIdx = k
			break
		}
	}
	if defIdx < 0 {
		return header{}, false
	}
	begin, beginCol, ok := headerTail(lines, d, toks[defIdx].col+len("DEFINITIONS"))
	if !ok {
		return header{}, false
	}
	// Look back for the line holding the module name: the closest one from
	// which the tokens up to DEFINITIONS form a ModuleIdentifier.
	for s := d; s >= 0 && s >= d-maxHeaderLines; s-- {
		if name, ok := moduleIdentifier(lines, s, d, toks[defIdx].col); ok {
			return header{name: name, start: s, begin: begin, beginCol: beginCol}, true
		}
	}
	return header{}, false
}

// headerTail checks that what follows DEFINITIONS (from byte col of line d)
// is the rest of a ModuleDefinition header, X.680 13.1:
//
//	EncodingReferenceDefault TagDefault ExtensionDefault "::=" BEGIN
//
// where the defaults are capitalized words such as "XER INSTRUCTIONS",
// "EXPLICIT TAGS" and "EXTENSIBILITY IMPLIED". It returns the line of BEGIN
// and the byte offset after it.
func headerTail(lines []line, d, col int) (int, int, bool) {
	st := lexState{}
	sawAssign := false
	words := 0
	for i := d; i < len(lines) && i <= d+maxHeaderLines; i++ {
		text := lines[i].text
		off := 0
		if i == d {
			off = col
		}
		toks, next := lexLine(text[off:], st)
		st = next
		for _, t := range toks {
			switch {
			case sawAssign && t.text == "BEGIN":
				return i, off + t.col + len("BEGIN"), true
			case sawAssign:
				return 0, 0, false
			case t.text == "::=":
				sawAssign = true
			case isUpperWord(t.text) && words < 6:
				words++
			default:
				return 0, 0, false
			}
		}
	}
	return 0, 0, false
}

// moduleIdentifier reports whether the tokens from the start of line s up
// to byte col of line d (where DEFINITIONS is) form
//
//	modulereference DefinitiveIdentification
//
// (X.680 13.1, 13.8: an optional object identifier value in braces and an
// optional IRI value) with the module name as the first thing on line s.
func moduleIdentifier(lines []line, s, d, col int) (string, bool) {
	var toks []token
	st := lexState{}
	for i := s; i <= d; i++ {
		text := lines[i].text
		if i == d {
			text = text[:col]
		}
		t, next := lexLine(text, st)
		st = next
		if i == s && (len(t) == 0 || strings.TrimSpace(text[:t[0].col]) != "") {
			return "", false
		}
		toks = append(toks, t...)
	}
	if !st.normal() || len(toks) == 0 || !isModuleReference(toks[0].text) {
		return "", false
	}
	rest := toks[1:]
	if len(rest) > 0 && rest[0].text == "{" {
		k := 1
		// X.680 32.3: ObjIdComponents are names, numbers, name(number)
		// and DefinedValues (modulereference.valuereference).
		for ; k < len(rest) && rest[k].text != "}"; k++ {
			switch t := rest[k].text; {
			case isWord(t), t == "(", t == ")", t == ".":
			default:
				return "", false
			}
		}
		if k == len(rest) {
			return "", false
		}
		rest = rest[k+1:]
	}
	if len(rest) > 0 && rest[0].text == stringToken {
		rest = rest[1:] // X.680 13.8: an IRIValue
	}
	if len(rest) != 0 {
		return "", false
	}
	return toks[0].text, true
}

// headingRE matches a section heading at the left margin, capturing its
// number: "14.  ASN.1 Module", "8.2.2 Signature verification",
// "Appendix A.  ASN.1 Module", "Appendix F: References",
// "A.1.  Explicitly Tagged Module, 1988 Syntax", "E.10.2   Events".
//
// The title must start with a capital letter, so that a line of a module
// written at the margin ("2 }") is never taken for a heading.
var headingRE = regexp.MustCompile(`^(?:(?:Appendix|Annex)\s+([A-Z](?:\.[0-9]+)*)[.:]?(?:\s|$)|([0-9]{1,3}(?:\.[0-9]+)*)\.?\s+[A-Z]|([A-Z](?:\.[0-9]+)+)\.?\s+[A-Z]|([A-Z])\.\s+[A-Z])`)

// sectionOf returns the section number of a heading line, or "".
func sectionOf(s string) string {
	m := headingRE.FindStringSubmatch(s)
	if m == nil {
		return ""
	}
	for _, g := range m[1:] {
		if g != "" {
			return g
		}
	}
	return ""
}

// sectionBefore returns the number of the nearest section heading before
// line i, skipping lines of modules (whose text may start at the margin).
func sectionBefore(lines []line, inModule []bool, i int) string {
	for k := i - 1; k >= 0; k-- {
		if inModule[k] {
			continue
		}
		if sec := sectionOf(lines[k].text); sec != "" {
			return sec
		}
	}
	return ""
}

// findEnd returns the index of the END line of the module with header h,
// or -1 with a description of where the search stopped. assigned reports
// whether an assignment ("::=") was seen after BEGIN.
func findEnd(lines []line, h header) (end int, detail string, assigned bool) {
	toks, st := lexLine(lines[h.begin].text[h.beginCol:], lexState{})
	assigned = hasAssign(toks)
	for i := h.begin + 1; i < len(lines); i++ {
		text := lines[i].text
		if st.normal() {
			trimmed := strings.TrimSpace(text)
			switch {
			case strings.HasPrefix(trimmed, "<CODE ENDS>"), strings.HasPrefix(trimmed, "<CODE BEGINS>"):
				return -1, fmt.Sprintf("%s at line %d", trimmed, lines[i].num), assigned
			case sectionOf(text) != "":
				return -1, fmt.Sprintf("section heading at line %d", lines[i].num), assigned
			}
			if next, ok := headerAt(lines, i); ok {
				return -1, fmt.Sprintf("module %s at line %d", next.name, lines[next.start].num), assigned
			}
		}
		wasNormal := st.normal()
		toks, st = lexLine(text, st)
		if wasNormal && len(toks) == 1 && toks[0].text == "END" {
			return i, "", assigned
		}
		assigned = assigned || hasAssign(toks)
	}
	return -1, "reached the end of the text", assigned
}

func hasAssign(toks []token) bool {
	for _, t := range toks {
		if t.text == "::=" {
			return true
		}
	}
	return false
}

// moduleText joins the lines of a module, removing their common
// indentation (counted in spaces) and the white space of blank lines.
func moduleText(ls []line) []byte {
	indent := -1
	for _, l := range ls {
		if isBlank(l.text) {
			continue
		}
		n := len(l.text) - len(strings.TrimLeft(l.text, " "))
		if indent < 0 || n < indent {
			indent = n
		}
	}
	// A line that the removal would bring to the margin as what reads as a
	// section heading ("0 A") would end the module when its text is
	// extracted again: such a module keeps one space of its indentation.
	for _, l := range ls {
		if indent > 0 && !isBlank(l.text) && sectionOf(l.text[indent:]) != "" {
			indent--
			break
		}
	}
	var b bytes.Buffer
	for _, l := range ls {
		if !isBlank(l.text) {
			b.WriteString(l.text[indent:])
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}
