package parser

import (
	"fmt"
	"os"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// maxErrors is the number of errors ParseFile reports at most.
const maxErrors = 50

// maxDepth bounds the nesting of types, values and constraints, so that
// hostile input cannot exhaust the stack.
const maxDepth = 400

// parser is the state of one parse: the token slice, a cursor, the errors.
type parser struct {
	toks  []Token
	i     int
	errs  ErrorList
	warns ErrorList
	depth int
}

// bailout unwinds the recursive descent to the nearest recovery point (an
// assignment, the imports, a module) after an error has been recorded.
type bailout struct{}

func newParser(toks []Token) *parser {
	return &parser{toks: toks}
}

// ParseFile parses the modules of one file. It returns the tree built so far
// even when there are errors; the error is then an ErrorList sorted by
// position. It never panics.
//
// Three leniencies let it read notation that published test suites (asn1scc)
// use although X.680 does not allow it. Each is reported in File.Warnings, as
// "file:line:col: message", and none changes the reading of a file that
// parses strictly:
//
//   - A "+" just before a number or realnumber is dropped (X.680 12.8 and
//     12.9 have no "+"): the tree is that of the unsigned number.
//   - If the strict parse fails, the file is read again with every "--"
//     comment running to the end of its line (X.680 12.6.3 ends it at the
//     next "--"). If that reading parses without error it is used, with a
//     warning at each "--" where the two readings part; otherwise the
//     strict errors are reported.
//   - Text after the END of the last module that cannot start another module
//     (no DEFINITIONS follows) is ignored: asn1scc's test files put harness
//     lines there.
//
// A fourth one reads a published defect: RFC 3281 writes "version
// AttCertVersion -- version is v2," with the separating comma inside the
// comment. If the strict parse fails where a "," is expected and the text
// just before the offending token is a comment ending in ",", that comma is
// read as the separator (see commaInComment), with a warning; this is tried
// first, and used only if the whole file then parses.
//
// A fifth reads RFC 8018's object sets "{ {A}, {B}, ... }": in a set in
// braces, a "," that neither precedes nor follows the extension marker
// separates elements as "|" does (a "," just before "|" is dropped), with
// a warning at the ",". The strict parse fails at such a ",", so this
// changes no valid reading.
func ParseFile(filename string, src []byte) (f *File, err error) {
	f = &File{Name: filename}
	defer func() {
		if r := recover(); r != nil {
			// A bug in the parser must not bring the caller down.
			err = ErrorList{{Pos: Pos{Filename: filename, Line: 1, Column: 1},
				Msg: fmt.Sprintf("internal error: %v\n%s", r, debug.Stack())}}
		}
	}()
	strict := scan(filename, string(src), false)
	f, errs := parseScanned(filename, strict)
	if len(errs) == 0 {
		return f, nil
	}
	if g := parseCommaInComment(filename, string(src), strict, errs); g != nil {
		return g, nil
	}
	eol := scan(filename, string(src), true)
	if differ := commentDifferences(strict.toks, eol.closes); len(differ) > 0 {
		if g, gerrs := parseScanned(filename, eol); len(gerrs) == 0 {
			g.Warnings = append(g.Warnings, differ...)
			g.Warnings.Sort()
			return g, nil
		}
	}
	return f, errs.Err()
}

// maxCommaFixes bounds the commas parseCommaInComment supplies.
const maxCommaFixes = 16

// parseCommaInComment re-parses the tokens of the strict scan with a ","
// inserted before each token where the strict parse expected a "," and
// commaInComment finds one at the end of the comment before the token. It
// returns the file, with a warning per comma, when the result parses
// without error, and nil otherwise.
func parseCommaInComment(filename, src string, strict *scanner, errs ErrorList) *File {
	toks := strict.toks
	var warns ErrorList
	for round := 0; round < maxCommaFixes && len(errs) > 0; round++ {
		var insert []Token // sorted by position, at most one per error
		at := map[int]bool{}
		for _, e := range errs {
			if !strings.Contains(e.Msg, `expected ","`) {
				continue
			}
			i := sort.Search(len(toks), func(i int) bool { return toks[i].Pos.Offset >= e.Pos.Offset })
			if i == 0 || i == len(toks) || toks[i].Pos.Offset != e.Pos.Offset || at[i] {
				continue
			}
			prevEnd := toks[i-1].Pos.Offset + len(toks[i-1].Value)
			if off := commaInComment(src, prevEnd, toks[i].Pos.Offset); off >= 0 {
				at[i] = true
				comma := Token{Type: TokComma, Value: ",", Pos: posAt(filename, src, off)}
				insert = append(insert, comma)
				warns.warn(comma.Pos, WarnCommentComma, "',' inside the comment is read as the separator it stands for (a published defect, e.g. RFC 3281)")
			}
		}
		if len(insert) == 0 {
			return nil
		}
		sort.Slice(insert, func(a, b int) bool { return insert[a].Pos.Offset < insert[b].Pos.Offset })
		merged := make([]Token, 0, len(toks)+len(insert))
		j := 0
		for _, t := range toks {
			for j < len(insert) && insert[j].Pos.Offset < t.Pos.Offset {
				merged = append(merged, insert[j])
				j++
			}
			merged = append(merged, t)
		}
		toks = merged
		sc := *strict
		sc.toks = toks
		var f *File
		f, errs = parseScanned(filename, &sc)
		if len(errs) == 0 {
			f.Warnings = append(f.Warnings, warns...)
			f.Warnings.Sort()
			return f
		}
	}
	return nil
}

// commaInComment returns the offset of the "," that ends a "--" comment
// in src[from:to] (the gap between two tokens, which holds only white space
// and comments), or -1: the last non-blank character of the gap is the
// comma and it ends a line of the comment.
func commaInComment(src string, from, to int) int {
	if from < 0 || to > len(src) || from >= to {
		return -1
	}
	gap := src[from:to]
	end := len(strings.TrimRight(gap, " \t\r\n"))
	if end == 0 || gap[end-1] != ',' {
		return -1
	}
	line := gap[:end]
	if nl := strings.LastIndexByte(line, '\n'); nl >= 0 {
		line = line[nl+1:]
	}
	// The comma is the last character of a "--" comment that starts on
	// its line; the comment text itself does not close it with "--".
	c := strings.Index(line, "--")
	if c < 0 || strings.Contains(line[c+2:], "--") {
		return -1
	}
	return from + end - 1
}

// posAt is the position of byte offset off of src.
func posAt(filename, src string, off int) Pos {
	line := 1 + strings.Count(src[:off], "\n")
	col := off - (strings.LastIndexByte(src[:off], '\n') + 1) + 1
	return Pos{Filename: filename, Offset: off, Line: line, Column: col}
}

// commentDifferences returns a warning for each "--" that ends a comment in
// the strict reading (whose tokens are toks) but not in the end-of-line
// reading, when the strict reading finds tokens between it and the end of
// the line.
func commentDifferences(toks []Token, closes []commentClose) ErrorList {
	var out ErrorList
	j := 0
	for _, c := range closes {
		for j < len(toks) && toks[j].Pos.Offset <= c.pos.Offset {
			j++
		}
		if j < len(toks) && toks[j].Type != TokEOF && toks[j].Pos.Offset < c.end {
			out.warn(c.pos, WarnCommentEnd, "comment closed by '--' is read to the end of the line, as many tools do")
		}
	}
	return out
}

// parseScanned parses the tokens of s into a File, returning the errors.
func parseScanned(filename string, s *scanner) (*File, ErrorList) {
	f := &File{Name: filename}
	p := newParser(s.toks)
	p.errs = s.errs
	p.warns = s.warns
	lastDefinitions := -1 // index of the last DEFINITIONS token
	for i, t := range s.toks {
		if t.Type == kwDEFINITIONS || isECNDefinitions(t) {
			lastDefinitions = i
		}
	}
	ended := false // the last module was parsed up to its END
	for p.kind() != TokEOF {
		// Text that holds no DEFINITIONS cannot hold a module; a macro
		// definition is parsed for parseModule to report it.
		if ended && p.i > lastDefinitions && !p.isMacroDefinition() {
			// asn1scc ignores what follows the last complete module.
			p.warns.warn(p.tok().Pos, WarnTextAfterEnd, "text after the last module's END is ignored")
			break
		}
		if e := p.skipECNModule(); e != nil {
			f.ECNModules = append(f.ECNModules, e)
			ended = true
			continue
		}
		m := p.parseModule()
		if m != nil {
			f.Modules = append(f.Modules, m)
		}
		ended = m != nil
	}
	if len(f.Modules) == 0 && len(f.ECNModules) == 0 && len(p.errs) == 0 {
		p.errs.Add(p.tok().Pos, "no module definition found")
	}
	p.errs.Sort()
	if len(p.errs) > maxErrors {
		// Binary junk gives an error per byte: keep the first ones.
		p.errs = append(p.errs[:maxErrors:maxErrors], &Error{Pos: p.errs[maxErrors].Pos, Msg: "too many errors"})
	}
	p.warns.Sort()
	f.Warnings = p.warns
	return f, p.errs
}

// isECNDefinitions reports whether t is the word that makes a module header
// an X.692 one (see ECNModule).
func isECNDefinitions(t Token) bool {
	return t.Type == TokUpper && (t.Value == "ENCODING-DEFINITIONS" || t.Value == "LINK-DEFINITIONS")
}

// skipECNModule skips an X.692 module (see ECNModule) that starts at the
// cursor, up to its END, and returns it; it returns nil, without moving,
// when the tokens at the cursor are not the header of one: a module
// reference, perhaps its OID and IRI, then ENCODING-DEFINITIONS or
// LINK-DEFINITIONS and "::=".
func (p *parser) skipECNModule() *ECNModule {
	if p.kind() != TokUpper {
		return nil
	}
	for j := p.i + 1; j < len(p.toks); j++ {
		switch t := p.toks[j]; {
		case t.Type == TokAssign:
			if !isECNDefinitions(p.toks[j-1]) || j-1 == p.i {
				return nil
			}
			e := &ECNModule{Pos: p.tok().Pos, Name: p.tok().Value, Kind: p.toks[j-1].Value}
			p.skipPastEnd(j)
			return e
		case t.Type == TokEOF, t.Type == kwDEFINITIONS, t.Type == kwBEGIN, t.Type == kwEND:
			return nil
		}
	}
	return nil
}

// ParseFiles reads and parses each named file. Errors of all files are
// collected in one ErrorList.
func ParseFiles(filenames ...string) ([]*File, error) {
	var files []*File
	var errs ErrorList
	for _, name := range filenames {
		src, err := os.ReadFile(name)
		if err != nil {
			errs.Add(Pos{Filename: name}, err.Error())
			continue
		}
		f, err := ParseFile(name, src)
		files = append(files, f)
		if list, ok := err.(ErrorList); ok {
			errs = append(errs, list...)
		} else if err != nil {
			errs.Add(Pos{Filename: name}, err.Error())
		}
	}
	sort.Stable(errs)
	return files, errs.Err()
}

// ---------------------------------------------------------------------------
// Token helpers

func (p *parser) tok() *Token { return &p.toks[p.i] }

func (p *parser) kind() lexer.TokenType { return p.toks[p.i].Type }

// peek returns the token n places after the current one (peek(0) is the
// current token); past the end it returns the EOF token.
func (p *parser) peek(n int) *Token {
	j := p.i + n
	if j >= len(p.toks) {
		j = len(p.toks) - 1
	}
	return &p.toks[j]
}

func (p *parser) next() *Token {
	t := &p.toks[p.i]
	if t.Type != TokEOF {
		p.i++
	}
	return t
}

// got consumes the current token if it is of kind k.
func (p *parser) got(k lexer.TokenType) bool {
	if p.toks[p.i].Type == k {
		p.i++
		return true
	}
	return false
}

// expect consumes a token of kind k or fails with "expected what".
func (p *parser) expect(k lexer.TokenType, what string) *Token {
	t := &p.toks[p.i]
	if t.Type != k {
		p.failExpected(what)
	}
	p.i++
	return t
}

// fail records an error at t and bails out. Errors at illegal tokens are not
// recorded again: the lexer has reported them.
func (p *parser) fail(t *Token, format string, args ...any) {
	if t.Type != TokIllegal {
		p.errs.Add(t.Pos, fmt.Sprintf(format, args...))
	}
	panic(bailout{})
}

func (p *parser) failExpected(what string) {
	t := p.tok()
	p.fail(t, "unexpected %s, expected %s", quote(t), what)
}

func (p *parser) enter() {
	p.depth++
	if p.depth > maxDepth {
		p.fail(p.tok(), "nesting too deep at %s", quote(p.tok()))
	}
}

func (p *parser) leave() { p.depth-- }

// isVersionOpen reports whether the current tokens are "[[" (X.680 12.19):
// two adjacent "[". The lexer emits single brackets because "]]" may also
// close two nested brackets, as in "[ A [ B ]]" in a syntax list.
func (p *parser) isDoubleBracket(k lexer.TokenType) bool {
	a, b := p.peek(0), p.peek(1)
	return a.Type == k && b.Type == k && b.Pos.Offset == a.Pos.Offset+1
}

// ---------------------------------------------------------------------------
// Modules

// parseModule parses one ModuleDefinition. On an error in the header it
// skips to the END that closes the module.
func (p *parser) parseModule() (m *ModuleDefinition) {
	start := p.i
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
			p.skipPastEnd(start)
			m = nil
		}
	}()
	if p.isMacroDefinition() {
		// A file may hold only a macro: skip it like an assignment.
		p.macroError()
	}
	if p.kind() != TokUpper {
		p.failExpected("a module definition")
	}
	hdr := participleParse(p, moduleHeaderParser, p.indexOf(kwBEGIN))
	m = lowerModuleHeader(hdr)
	if p.kind() == kwEXPORTS {
		p.clauseRecover(func() {
			m.Exports = lowerExports(participleParse(p, exportsParser, p.indexOf(TokSemicolon)))
		})
	}
	if p.kind() == kwIMPORTS {
		p.clauseRecover(func() { m.Imports = p.parseImports() })
	}
	m.Assignments = p.parseAssignmentList()
	for p.kind() == kwENCODINGCONTROL {
		m.EncodingControl = append(m.EncodingControl, p.parseEncodingControl())
	}
	m.End = p.expect(kwEND, "END or an assignment").Pos
	return m
}

// skipPastEnd moves the cursor past the next END (or to the end of file),
// making progress from start in any case.
func (p *parser) skipPastEnd(start int) {
	if p.i <= start {
		p.i = start
	}
	for p.kind() != TokEOF {
		if p.next().Type == kwEND {
			return
		}
	}
}

// parseEncodingControl parses "ENCODING-CONTROL encodingreference ..." up to
// the next ENCODING-CONTROL or END.
func (p *parser) parseEncodingControl() *EncodingControlSection {
	pos := p.next().Pos
	ref := p.expect(TokUpper, "an encoding reference")
	start := p.i
	for k := p.kind(); k != kwEND && k != kwENCODINGCONTROL && k != TokEOF; k = p.kind() {
		p.next()
	}
	return &EncodingControlSection{Pos: pos, EncodingReference: ref.Value, Tokens: p.toks[start:p.i:p.i]}
}

// clauseRecover runs fn, which parses EXPORTS or IMPORTS; on error it
// skips to the ";" that ends the clause.
func (p *parser) clauseRecover(fn func()) {
	start := p.i
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
			if p.i <= start {
				p.i = start + 1
			}
			for k := p.kind(); k != TokSemicolon && k != kwEND && k != TokEOF; k = p.kind() {
				p.next()
			}
			p.got(TokSemicolon)
		}
	}()
	fn()
}

// parseImports parses "IMPORTS SymbolsFromModule... ;" (X.680 13.16).
//
// After "FROM modulereference", an AssignedIdentifier may follow: an OID
// value "{...}" or a DefinedValue. A lower-case identifier there is either
// that DefinedValue or the first symbol of the next SymbolsFromModule; as
// X.680 13.16 (note) says, it is a symbol when followed by "," or FROM
// (or by "{" of "name{}").
func (p *parser) parseImports() *Imports {
	imp := &Imports{Pos: p.next().Pos}
	for p.kind() != TokSemicolon {
		sfm := &SymbolsFromModule{Pos: p.tok().Pos}
		for {
			sfm.Symbols = append(sfm.Symbols, p.parseSymbol())
			if !p.got(TokComma) {
				break
			}
		}
		p.expect(kwFROM, "\",\" or FROM")
		mod := p.expect(TokUpper, "a module reference")
		ref := &GlobalModuleReference{Pos: mod.Pos, Name: mod.Value}
		switch t := p.tok(); t.Type {
		case TokLBrace:
			ref.OID = p.parseObjectIdentifierValue()
		case TokLower:
			if k := p.peek(1).Type; k != TokComma && k != kwFROM && k != TokLBrace {
				p.next()
				ref.Value = &ValueReference{Pos: t.Pos, Name: t.Value}
			}
		case TokUpper:
			// "Module.value" as AssignedIdentifier.
			if p.peek(1).Type == TokDot && p.peek(2).Type == TokLower {
				p.i += 3
				ref.Value = &ValueReference{Pos: t.Pos, Module: t.Value, Name: p.peek(-1).Value}
			}
		}
		sfm.Module = ref
		if p.kind() == kwWITH {
			if n := p.peek(1); n.Type == TokUpper && (n.Value == "SUCCESSORS" || n.Value == "DESCENDANTS") {
				p.i += 2
				sfm.SelectionOption = n.Value
			}
		}
		imp.From = append(imp.From, sfm)
		if p.kind() == TokEOF || p.kind() == kwEND {
			p.failExpected("\";\"")
		}
	}
	p.next() // ;
	return imp
}

// parseSymbol parses Reference or "Reference { }".
func (p *parser) parseSymbol() *Symbol {
	t := p.tok()
	if t.Type != TokUpper && t.Type != TokLower && !isLegacyReference(t.Type) {
		p.failExpected("a symbol")
	}
	p.next()
	s := &Symbol{Pos: t.Pos, Name: t.Value}
	if p.kind() == TokLBrace && p.peek(1).Type == TokRBrace {
		p.i += 2
		s.Parameterized = true
	}
	return s
}

// ---------------------------------------------------------------------------
// Assignments

// parseAssignmentList parses assignments up to END, ENCODING-CONTROL or the
// end of file, recovering from errors at the next assignment.
func (p *parser) parseAssignmentList() []Assignment {
	var list []Assignment
	for {
		switch p.kind() {
		case kwEND, kwENCODINGCONTROL, TokEOF:
			return list
		}
		if a := p.parseAssignmentRecover(); a != nil {
			list = append(list, a)
		}
	}
}

func (p *parser) parseAssignmentRecover() (a Assignment) {
	start := p.i
	depth := p.depth
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
			p.depth = depth
			p.syncAssignment(start)
			a = nil
		}
	}()
	return p.parseAssignment()
}

// syncAssignment moves the cursor to the start of the next assignment after
// an error: the reference that starts the line of the next "::=" (or the
// token just before it), or END.
func (p *parser) syncAssignment(start int) {
	from := p.i
	if from <= start {
		from = start + 1
	}
	for j := from; j < len(p.toks); j++ {
		switch p.toks[j].Type {
		case TokEOF, kwEND, kwENCODINGCONTROL:
			p.i = j
			return
		case TokAssign:
			line := p.toks[j].Pos.Line
			k := j - 1
			for k-1 >= from && p.toks[k-1].Pos.Line == line {
				k--
			}
			for k < j && p.toks[k].Type != TokUpper && p.toks[k].Type != TokLower {
				k++
			}
			if k >= from && k < j {
				p.i = k
				return
			}
		}
	}
	p.i = len(p.toks) - 1
}

func (p *parser) isMacroDefinition() bool {
	return p.kind() == TokUpper && p.peek(1).Type == TokUpper && p.peek(1).Value == "MACRO" && p.peek(2).Type == TokAssign
}

// macroError reports an X.208 macro definition outside a module, where it
// cannot be recorded, and skips it.
func (p *parser) macroError() {
	t := p.tok()
	p.errs.Add(t.Pos, fmt.Sprintf("MACRO notation (X.208) is not supported: %s is defined outside a module", quote(t)))
	p.parseMacroDefinition()
	panic(bailout{})
}

// parseMacroDefinition parses an X.208 (A.2) "macroreference MACRO ::=
// MacroSubstance": "BEGIN MacroBody END", "macroreference" or
// "modulereference.macroreference". The body is kept as tokens up to the
// first END: the supporting productions of a macro body do not use END.
func (p *parser) parseMacroDefinition() *MacroDefinition {
	t := p.tok()
	p.i += 3 // name MACRO ::=
	m := &MacroDefinition{Pos: t.Pos, Name: t.Value}
	if p.got(kwBEGIN) {
		start := p.i
		for k := p.kind(); k != kwEND && k != TokEOF; k = p.kind() {
			p.next()
		}
		m.Body = p.toks[start:p.i:p.i]
		p.expect(kwEND, "END of the macro body")
		return m
	}
	ref := p.expect(TokUpper, "BEGIN or a macro reference")
	m.Reference = ref.Value
	if p.kind() == TokDot && p.peek(1).Type == TokUpper {
		m.Reference += "." + p.peek(1).Value
		p.i += 2
	}
	return m
}

// isMacroInstance reports whether the tokens at the cursor start a value
// assignment whose governor is an X.208 macro instance: "valuereference
// macroreference Word", where Word starts with an upper-case letter (a
// reference such as ACCESS or a reserved word such as SYNTAX). No X.680
// type reference is followed by a word (only by "::=", "(", "{" or "."),
// so the rule takes nothing from X.680; ANY is excluded for X.208's "ANY
// DEFINED BY".
func (p *parser) isMacroInstance() bool {
	if p.kind() != TokLower {
		return false
	}
	name, word := p.peek(1), p.peek(2)
	return name.Type == TokUpper && name.Value != "ANY" && (word.Type == TokUpper || IsKeyword(word.Type))
}

// parseMacroInstance parses "valuereference macroreference MacroTokens ::=
// Value" once isMacroInstance has matched: the tokens up to the first "::="
// are the instance of the macro's type notation.
func (p *parser) parseMacroInstance() *MacroInstanceAssignment {
	t := p.next()
	macro := p.next()
	start := p.i
	for k := p.kind(); k != TokAssign; k = p.kind() {
		if k == kwEND || k == TokEOF {
			p.failExpected(fmt.Sprintf("\"::=\" after the notation of macro %s", macro.Value))
		}
		p.next()
	}
	toks := p.toks[start:p.i:p.i]
	p.next() // ::=
	return &MacroInstanceAssignment{Pos: t.Pos, Name: t.Value, Macro: macro.Value, MacroPos: macro.Pos, Tokens: toks, Value: p.parseValue()}
}

// parseAssignment parses one assignment. The kind is decided by the case of
// the first letter, the presence of a governor and the right-hand side:
//
//	Ref Params? ::= CLASS ...          ObjectClassAssignment
//	Ref Params? ::= Type               TypeAssignment
//	Ref Params? Governor ::= { Set }   ValueSetTypeAssignment (or object set)
//	ref Params? Governor ::= Value     ValueAssignment (or object)
//	Ref MACRO ::= ...                  MacroDefinition (X.208)
//	ref Macro Word ... ::= Value       MacroInstanceAssignment (X.208)
func (p *parser) parseAssignment() Assignment {
	t := p.tok()
	kind := t.Type
	if isLegacyReference(kind) && p.peek(1).Type == TokAssign {
		kind = TokUpper
	}
	switch kind {
	case TokUpper:
		if p.isMacroDefinition() {
			return p.parseMacroDefinition()
		}
		p.next()
		params := p.parseParameterListOpt()
		if p.got(TokAssign) {
			if p.kind() == kwCLASS {
				return &ObjectClassAssignment{Pos: t.Pos, Name: t.Value, Params: params, Class: p.parseObjectClassDefn()}
			}
			return &TypeAssignment{Pos: t.Pos, Name: t.Value, Params: params, Type: p.parseType()}
		}
		gov := p.parseType()
		p.expect(TokAssign, "\"::=\"")
		if p.kind() != TokLBrace {
			p.failExpected("\"{\" of a value set or object set")
		}
		return &ValueSetTypeAssignment{Pos: t.Pos, Name: t.Value, Params: params, Type: gov, Set: p.parseBracedElementSetSpecs()}
	case TokLower:
		if p.isMacroInstance() {
			return p.parseMacroInstance()
		}
		p.next()
		params := p.parseParameterListOpt()
		gov := p.parseType()
		p.expect(TokAssign, "\"::=\"")
		var v Value
		if isOIDType(gov) && p.kind() == TokLBrace {
			v = p.parseObjectIdentifierValue()
		} else {
			v = p.parseValue()
		}
		return &ValueAssignment{Pos: t.Pos, Name: t.Value, Params: params, Type: gov, Value: v}
	}
	p.failExpected("an assignment")
	return nil
}

// isLegacyReference reports whether k is a reserved word that old modules
// define or import as a reference: the character string and useful types
// that X.208 (1988) did not reserve (RFC 5280's PKIX1Explicit88 defines
// "BMPString ::= [UNIVERSAL 30] IMPLICIT OCTET STRING" and PKIX1Implicit88
// imports it), and the predefined classes TYPE-IDENTIFIER and
// ABSTRACT-SYNTAX, which some modules redefine. Accepting them keeps such
// modules parseable; the semantic phase decides what they mean.
func isLegacyReference(k tokenKind) bool {
	switch k {
	case kwUTCTime, kwGeneralizedTime, kwObjectDescriptor, kwTYPEIDENTIFIER, kwABSTRACTSYNTAX:
		return true
	}
	return isRestrictedString(k)
}

// isOIDType reports whether t is syntactically OBJECT IDENTIFIER or
// RELATIVE-OID (possibly constrained), whose braced values are
// ObjIdComponents.
func isOIDType(t Type) bool {
	for {
		switch x := t.(type) {
		case *ObjectIdentifierType, *RelativeOIDType:
			return true
		case *ConstrainedType:
			t = x.Type
		case *TaggedType:
			t = x.Type
		default:
			return false
		}
	}
}

// parseParameterListOpt parses an optional ParameterList "{ Parameter, ... }"
// (X.683 8.3) after the reference of an assignment.
func (p *parser) parseParameterListOpt() []*Parameter {
	if p.kind() != TokLBrace {
		return nil
	}
	p.next()
	var params []*Parameter
	for {
		pos := p.tok().Pos
		var gov Type
		if k := p.peek(1).Type; !((p.kind() == TokUpper || p.kind() == TokLower) && (k == TokComma || k == TokRBrace)) {
			// "ParamGovernor : DummyReference"; the governor is a Type, a
			// DefinedObjectClass or a DummyGovernor (another parameter).
			gov = p.parseType()
			p.expect(TokColon, "\":\" after a parameter governor")
		}
		name := p.tok()
		if name.Type != TokUpper && name.Type != TokLower {
			p.failExpected("a dummy reference")
		}
		p.next()
		params = append(params, &Parameter{Pos: pos, Governor: gov, Name: name.Value})
		if !p.got(TokComma) {
			break
		}
	}
	p.expect(TokRBrace, "\",\" or \"}\" of the parameter list")
	return params
}
