package parser

import (
	"errors"
	"fmt"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// This file holds the productions parsed by participle grammars: the module
// header, EXPORTS, and the WITH SYNTAX list of a class. They are regular and
// need one token of lookahead. The rest of the notation is parsed by the
// hand-written recursive descent of parser.go and friends, which needs
// precise control over the classic ASN.1 ambiguities (see doc.go) and is
// fast on multi-megabyte modules. Both work on the same token slice: the
// recursive descent hands participle a PeekingLexer positioned at its
// cursor and takes back the cursor participle leaves.

// gModuleHeader is
//
//	modulereference DefinitiveIdentification DEFINITIONS
//	EncodingReferenceDefault TagDefault ExtensionDefault ::= BEGIN
type gModuleHeader struct {
	Pos     Pos
	Name    string                  `parser:"@Upper"`
	OID     []*gDefinitiveComponent `parser:"( '{' @@+ '}' )?"`
	IRI     string                  `parser:"@CString?"`
	EncRef  string                  `parser:"'DEFINITIONS' ( @Upper 'INSTRUCTIONS' )?"`
	Tags    string                  `parser:"( @( 'EXPLICIT' | 'IMPLICIT' | 'AUTOMATIC' ) 'TAGS' )?"`
	Implied bool                    `parser:"@( 'EXTENSIBILITY' 'IMPLIED' )? '::=' 'BEGIN'"`
}

// gDefinitiveComponent is a DefinitiveObjIdComponent (X.680 13.1). In
// parentheses, Placeholder takes a draft's upper-case placeholder where the
// number belongs (a leniency, see DefinitiveObjIdComponent); Number2 is the
// DefinitiveNumberForm alone (participle captures each "@" in the field it
// is written in).
type gDefinitiveComponent struct {
	Pos         Pos
	Name        string `parser:"( @Lower"`
	Number      string `parser:"  ( '(' ( @Number"`
	Placeholder string `parser:"        | @Upper ) ')' )?"`
	Number2     string `parser:"| @Number )"`
}

// gExports is "EXPORTS ALL ;" or "EXPORTS SymbolList? ;" (X.680 13.14).
type gExports struct {
	Pos     Pos
	All     bool       `parser:"'EXPORTS' ( @'ALL' ';'"`
	Symbols []*gSymbol `parser:"  | @@ ( ',' @@ )* ';' | ';' )"`
}

// gSymbol is Reference or "Reference { }" (X.680 13.17).
type gSymbol struct {
	Pos           Pos
	Name          string `parser:"@( Upper | Lower | BMPString | GeneralString | GraphicString | IA5String | ISO646String | NumericString | PrintableString | TeletexString | T61String | UniversalString | UTF8String | VideotexString | VisibleString | UTCTime | GeneralizedTime | ObjectDescriptor )"`
	Parameterized bool   `parser:"@( '{' '}' )?"`
}

// gSyntaxList is the SyntaxList of WITH SYNTAX (X.681 10.5).
type gSyntaxList struct {
	Pos   Pos
	Items []*gSyntaxItem `parser:"'{' @@+ '}'"`
}

// gSyntaxItem is a TokenOrGroupSpec: an OptionalGroup, a PrimitiveFieldName
// or a Literal. Literals are checked after parsing (lowerSyntaxItems).
type gSyntaxItem struct {
	Pos     Pos
	Group   []*gSyntaxItem `parser:"  '[' @@+ ']'"`
	Field   string         `parser:"| @( TypeField | ValueField )"`
	Literal string         `parser:"| @!( '[' | ']' | '{' | '}' )"`
}

var (
	moduleHeaderParser *participle.Parser[gModuleHeader]
	exportsParser      *participle.Parser[gExports]
	syntaxListParser   *participle.Parser[gSyntaxList]
)

// The grammars are built in init, after the token tables they refer to
// (through Lexer.Symbols) are initialized.
func init() {
	moduleHeaderParser = participle.MustBuild[gModuleHeader](participle.Lexer(Lexer), participle.UseLookahead(0))
	exportsParser = participle.MustBuild[gExports](participle.Lexer(Lexer), participle.UseLookahead(0))
	syntaxListParser = participle.MustBuild[gSyntaxList](participle.Lexer(Lexer), participle.UseLookahead(0))
}

// participleParse runs a participle parser on the tokens from the cursor to
// index last (inclusive) and moves the cursor past what it consumed. On
// failure it reports the error and bails out. Participle gets a
// PeekingLexer over that window only, ended by an EOF token placed where
// the next token is, so that the whole file is not copied for it.
func participleParse[G any](p *parser, pp *participle.Parser[G], last int) *G {
	if last >= len(p.toks)-1 {
		last = len(p.toks) - 2
	}
	window := make([]Token, 0, last-p.i+2)
	window = append(window, p.toks[p.i:last+1]...)
	window = append(window, Token{Type: TokEOF, Pos: p.toks[last+1].Pos})
	lx, err := lexer.Upgrade(&sliceLexer{toks: window})
	if err != nil {
		panic(err) // sliceLexer without errors never fails
	}
	g, err := parseFromLexer(pp, lx)
	if err != nil {
		var perr participle.Error
		pos := p.tok().Pos
		msg := err.Error()
		if errors.As(err, &perr) {
			pos = perr.Position()
			msg = perr.Message()
			if i := p.indexAt(pos); i >= 0 && p.toks[i].Type == TokIllegal {
				panic(bailout{}) // the lexer has reported it
			}
		}
		if i := p.indexAt(pos); i >= 0 {
			p.i = i
		}
		p.errs.Add(pos, participleMessage(msg))
		panic(bailout{})
	}
	p.i += lx.Cursor()
	return g
}

// indexOf returns the index of the first token of kind k at or after the
// cursor that is not nested in braces, or the index of EOF.
func (p *parser) indexOf(k tokenKind) int {
	depth := 0
	for j := p.i; j < len(p.toks); j++ {
		switch t := p.toks[j].Type; {
		case t == k && depth == 0:
			return j
		case t == TokLBrace:
			depth++
		case t == TokRBrace:
			depth--
			if depth < 0 {
				return j
			}
		case t == TokEOF:
			return j
		}
	}
	return len(p.toks) - 1
}

// parseFromLexer calls participle, turning a panic of participle (it panics
// on grammar misuse such as an empty match) into an error.
func parseFromLexer[G any](pp *participle.Parser[G], lx *lexer.PeekingLexer) (g *G, err error) {
	defer func() {
		if r := recover(); r != nil {
			g, err = nil, fmt.Errorf("participle: %v", r)
		}
	}()
	return pp.ParseFromLexer(lx, participle.AllowTrailing(true))
}

// participleMessage rewrites participle's messages into ours: `unexpected
// token "x" (expected ...)` becomes `unexpected "x", expected ...`.
func participleMessage(msg string) string {
	msg = strings.Replace(msg, `unexpected token "<EOF>"`, "unexpected end of file", 1)
	msg = strings.Replace(msg, "unexpected token ", "unexpected ", 1)
	if i := strings.Index(msg, " (expected "); i >= 0 && strings.HasSuffix(msg, ")") {
		exp := msg[i+len(" (expected ") : len(msg)-1]
		// Participle prints the whole remaining sequence of the grammar;
		// its first element is what was expected here: a token, or a
		// group of alternatives "(a | b)".
		if strings.HasPrefix(exp, "(") {
			if j := strings.Index(exp, ")"); j > 0 {
				exp = strings.ReplaceAll(exp[1:j], " | ", " or ")
			}
		} else if j := strings.IndexAny(exp, " ("); j > 0 {
			exp = exp[:j]
		}
		msg = msg[:i] + ", expected " + symbolWords.Replace(exp)
	}
	return msg
}

// symbolWords names participle's token placeholders in messages.
var symbolWords = strings.NewReplacer("<upper>", "a reference", "<lower>", "an identifier",
	"<number>", "a number", "<cstring>", "a string", "<typefield>", "a field", "<valuefield>", "a field")

// indexAt returns the index of the token starting at pos, or -1.
func (p *parser) indexAt(pos Pos) int {
	lo, hi := 0, len(p.toks)
	for lo < hi {
		m := (lo + hi) / 2
		if p.toks[m].Pos.Offset < pos.Offset {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(p.toks) && p.toks[lo].Pos.Offset == pos.Offset {
		return lo
	}
	return -1
}

func lowerModuleHeader(g *gModuleHeader) *ModuleDefinition {
	id := &ModuleIdentifier{Pos: g.Pos, Name: g.Name}
	for _, c := range g.OID {
		id.OID = append(id.OID, &DefinitiveObjIdComponent{Pos: c.Pos, Name: c.Name, Number: c.Number + c.Number2, Placeholder: c.Placeholder})
	}
	if g.IRI != "" {
		id.IRI = cstringValue(g.IRI)
	}
	m := &ModuleDefinition{
		Pos:                  g.Pos,
		Identifier:           id,
		EncodingReference:    g.EncRef,
		ExtensibilityImplied: g.Implied,
	}
	switch g.Tags {
	case "EXPLICIT":
		m.TagDefault = TagDefaultExplicit
	case "IMPLICIT":
		m.TagDefault = TagDefaultImplicit
	case "AUTOMATIC":
		m.TagDefault = TagDefaultAutomatic
	}
	return m
}

func lowerExports(g *gExports) *Exports {
	e := &Exports{Pos: g.Pos, All: g.All}
	for _, s := range g.Symbols {
		e.Symbols = append(e.Symbols, &Symbol{Pos: s.Pos, Name: s.Name, Parameterized: s.Parameterized})
	}
	return e
}

// notWords are the reserved words that X.681 10.6 forbids as a word of a
// syntax list: they would make defined syntax ambiguous with types and
// values.
var notWords = map[string]bool{
	"BIT": true, "BOOLEAN": true, "CHARACTER": true, "CHOICE": true, "DATE": true,
	"DATE-TIME": true, "DURATION": true, "EMBEDDED": true, "END": true,
	"ENUMERATED": true, "EXTERNAL": true, "FALSE": true, "INSTANCE": true,
	"INTEGER": true, "INTERSECTION": true, "MINUS-INFINITY": true, "NULL": true,
	"OBJECT": true, "OCTET": true, "PLUS-INFINITY": true, "REAL": true,
	"RELATIVE-OID": true, "SEQUENCE": true, "SET": true, "TIME": true,
	"TIME-OF-DAY": true, "TRUE": true, "UNION": true,
}

// isWord reports whether s is a word (X.680 12.25): upper-case letters,
// digits and single hyphens. Digits are accepted as in X.680 12.2
// references; published classes do not use them but nothing is ambiguous.
func isWord(s string) bool {
	if s == "" || !isUpper(s[0]) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(isUpper(c) || isDigit(c) || c == '-') {
			return false
		}
	}
	return true
}

func (p *parser) lowerSyntaxItems(items []*gSyntaxItem) []SyntaxItem {
	out := make([]SyntaxItem, 0, len(items))
	for _, it := range items {
		switch {
		case it.Group != nil:
			out = append(out, &SyntaxOptionalGroup{Pos: it.Pos, Items: p.lowerSyntaxItems(it.Group)})
		case it.Field != "":
			out = append(out, &SyntaxField{Pos: it.Pos, Name: it.Field})
		default:
			if it.Literal != "," && (!isWord(it.Literal) || notWords[it.Literal]) {
				p.errs.Add(it.Pos, fmt.Sprintf("%q is not a word or \",\" and cannot be a literal of a syntax list (X.681 10.6)", it.Literal))
			}
			out = append(out, &SyntaxLiteral{Pos: it.Pos, Text: it.Literal})
		}
	}
	return out
}

// parseSyntaxList parses the "{ ... }" after WITH SYNTAX.
func (p *parser) parseSyntaxList() *SyntaxList {
	// The window ends at the "}" that closes the list.
	last := p.i
	if p.kind() == TokLBrace {
		p.i++
		last = p.indexOf(TokRBrace)
		p.i--
	}
	g := participleParse(p, syntaxListParser, last)
	return &SyntaxList{Pos: g.Pos, Items: p.lowerSyntaxItems(g.Items)}
}
