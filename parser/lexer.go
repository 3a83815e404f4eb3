package parser

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// Lexer is the participle lexer.Definition for ASN.1 notation (X.680 clause
// 12), written by hand for speed and exactness. It drops comments and white
// space and never fails: a character sequence that is no lexical item becomes
// a TokIllegal token and an error recorded by Tokenize.
var Lexer lexer.Definition = asn1Lexer{}

type asn1Lexer struct{}

var _ lexer.BytesDefinition = asn1Lexer{}
var _ lexer.StringDefinition = asn1Lexer{}

// Symbols implements lexer.Definition.
func (asn1Lexer) Symbols() map[string]lexer.TokenType {
	m := make(map[string]lexer.TokenType, len(tokenNames)+len(keywordList))
	for k, n := range tokenNames {
		m[n] = k
	}
	for i, w := range keywordList {
		m[w] = tokKeywordBase + lexer.TokenType(i)
	}
	return m
}

// Lex implements lexer.Definition.
func (d asn1Lexer) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return d.LexBytes(filename, src)
}

// LexBytes implements lexer.BytesDefinition.
func (d asn1Lexer) LexBytes(filename string, src []byte) (lexer.Lexer, error) {
	return d.LexString(filename, string(src))
}

// LexString implements lexer.StringDefinition. The first lexical error is
// returned by the lexer's Next, after the tokens that precede it.
func (asn1Lexer) LexString(filename string, src string) (lexer.Lexer, error) {
	toks, errs := tokenize(filename, src)
	return &sliceLexer{toks: toks, errs: errs}, nil
}

// sliceLexer replays tokens for participle.
type sliceLexer struct {
	toks []Token
	errs ErrorList
	i    int
}

func (l *sliceLexer) Next() (Token, error) {
	t := l.toks[l.i]
	if t.Type == TokIllegal && len(l.errs) > 0 {
		for _, e := range l.errs {
			if e.Pos.Offset == t.Pos.Offset {
				return t, e
			}
		}
	}
	if l.i < len(l.toks)-1 {
		l.i++
	}
	return t, nil
}

// Tokenize splits src into tokens, the last being TokEOF. Comments and white
// space are dropped. Lexical errors are returned as a sorted ErrorList; the
// token slice is complete even then (bad input becomes TokIllegal tokens).
func Tokenize(filename string, src []byte) ([]Token, error) {
	toks, errs := tokenize(filename, string(src))
	return toks, errs.Err()
}

type scanner struct {
	src      string
	filename string
	off      int // current offset
	line     int
	lineOff  int // offset of the first byte of the current line
	toks     []Token
	errs     ErrorList
	warns    ErrorList // leniencies applied (see ParseFile)

	// eolComments selects the lenient reading of "--" comments: they run
	// to the end of the line. closes then records, for each comment, where
	// X.680 12.6.3 would have ended it.
	eolComments bool
	closes      []commentClose
	// encodingControl is set from an ENCODING-CONTROL keyword (or the
	// ENCODING-DEFINITIONS or LINK-DEFINITIONS of an X.692 module header)
	// to the END of the module: a character that is no ASN.1 lexical item
	// is then a TokForeign token (see there), not an error.
	encodingControl bool
}

// commentClose is a "--" at pos that ends a comment in X.680 12.6.3 but not
// in the end-of-line reading, whose comment runs on to offset end.
type commentClose struct {
	pos Pos
	end int
}

func tokenize(filename, src string) ([]Token, ErrorList) {
	s := scan(filename, src, false)
	return s.toks, s.errs
}

// scan tokenizes src; eolComments selects the end-of-line reading of "--"
// comments.
func scan(filename, src string, eolComments bool) *scanner {
	s := &scanner{src: src, filename: filename, line: 1, eolComments: eolComments}
	// Roughly one token per 6 bytes of typical ASN.1.
	s.toks = make([]Token, 0, len(src)/6+16)
	s.run()
	s.errs.Sort()
	return s
}

func (s *scanner) pos(off int) Pos {
	return Pos{Filename: s.filename, Offset: off, Line: s.line, Column: off - s.lineOff + 1}
}

func (s *scanner) errorf(off int, format string, args ...any) {
	s.errs = append(s.errs, &Error{Pos: s.pos(off), Msg: fmt.Sprintf(format, args...)})
}

func (s *scanner) emit(kind lexer.TokenType, start int) {
	s.toks = append(s.toks, Token{Type: kind, Value: s.src[start:s.off], Pos: s.pos(start)})
}

// newline records that the byte at off (a LF, or a CR not followed by LF)
// ends a line.
func (s *scanner) newline(off int) {
	s.line++
	s.lineOff = off + 1
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isUpper(c byte) bool  { return c >= 'A' && c <= 'Z' }

// X.680 12.1.6: white space and newline characters.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

func (s *scanner) run() {
	src := s.src
	for s.off < len(src) {
		c := src[s.off]
		start := s.off
		switch {
		case c == '\n':
			s.newline(s.off)
			s.off++
		case c == '\r':
			if s.off+1 < len(src) && src[s.off+1] == '\n' {
				s.off++
			}
			s.newline(s.off)
			s.off++
		case isSpace(c):
			s.off++
		case c == 0xC2 && s.off+1 < len(src) && src[s.off+1] == 0xA0:
			// A no-break space (U+00A0), as left by word processors in
			// modules copied from specifications: treated as a space.
			s.off += 2
		case c == 0xEF && s.off+2 < len(src) && src[s.off+1] == 0xBB && src[s.off+2] == 0xBF && s.off == 0:
			// A UTF-8 byte order mark at the start of the file.
			s.off += 3
		case isLetter(c):
			s.identifier()
		case isDigit(c):
			s.number()
		case c == '+' && s.off+1 < len(src) && isDigit(src[s.off+1]):
			// X.680 12.8/12.9 have no "+" (only "-" in SignedNumber and
			// NumericRealValue), but asn1scc test cases write
			// "REAL(-1.0E95..+1.E95)". The sign is dropped, so the tree is
			// that of the unsigned number, and the leniency is reported.
			s.warns.warn(s.pos(start), WarnPlusSign, "'+' sign is not ASN.1 notation (X.680 12.8/12.9); read as a positive number")
			s.off++
			s.number()
		case c == '-':
			if s.off+1 < len(src) && src[s.off+1] == '-' {
				s.lineComment()
			} else {
				s.off++
				s.emit(TokMinus, start)
			}
		case c == '/':
			if s.off+1 < len(src) && src[s.off+1] == '*' {
				s.blockComment()
			} else {
				s.off++
				s.emit(TokSlash, start)
			}
		case c == '"':
			s.cstring()
		case c == '\'':
			s.bhstring()
		case c == '&':
			if s.off+1 < len(src) && isLetter(src[s.off+1]) {
				upper := isUpper(src[s.off+1])
				s.off++
				s.scanWord()
				if upper {
					s.emit(TokTypeField, start)
				} else {
					s.emit(TokValueField, start)
				}
			} else {
				s.off++
				s.emit(TokAmpersand, start)
			}
		case c == ':':
			if s.off+2 < len(src) && src[s.off+1] == ':' && src[s.off+2] == '=' {
				s.off += 3
				s.emit(TokAssign, start)
			} else {
				s.off++
				s.emit(TokColon, start)
			}
		case c == '.':
			n := 1
			for n < 3 && s.off+n < len(src) && src[s.off+n] == '.' {
				n++
			}
			s.off += n
			switch n {
			case 1:
				s.emit(TokDot, start)
			case 2:
				s.emit(TokRange, start)
			default:
				s.emit(TokEllipsis, start)
			}
		default:
			kind := TokIllegal
			switch c {
			case '{':
				kind = TokLBrace
			case '}':
				kind = TokRBrace
			case '(':
				kind = TokLParen
			case ')':
				kind = TokRParen
			case '[':
				kind = TokLBracket
			case ']':
				kind = TokRBracket
			case ',':
				kind = TokComma
			case ';':
				kind = TokSemicolon
			case '<':
				kind = TokLess
			case '>':
				kind = TokGreater
			case '|':
				kind = TokBar
			case '^':
				kind = TokCaret
			case '!':
				kind = TokExclamation
			case '@':
				kind = TokAt
			case '=':
				kind = TokEquals
			}
			if kind != TokIllegal {
				s.off++
				s.emit(kind, start)
				continue
			}
			r, size := utf8.DecodeRuneInString(src[s.off:])
			s.off += size
			if s.encodingControl && r != utf8.RuneError {
				s.emit(TokForeign, start)
				continue
			}
			if r == utf8.RuneError && size <= 1 {
				s.errorf(start, "invalid byte 0x%02x", c)
			} else {
				s.errorf(start, "unexpected character %q", r)
			}
			s.emit(TokIllegal, start)
		}
	}
	s.toks = append(s.toks, Token{Type: TokEOF, Pos: s.pos(s.off)})
}

// scanWord consumes letters, digits and single hyphens (X.680 12.2): a
// hyphen is part of the word only when a letter or digit follows it, so that
// a word never ends with a hyphen and "--" always starts a comment.
func (s *scanner) scanWord() {
	src := s.src
	for s.off < len(src) {
		c := src[s.off]
		if isLetter(c) || isDigit(c) {
			s.off++
			continue
		}
		if c == '-' && s.off+1 < len(src) && (isLetter(src[s.off+1]) || isDigit(src[s.off+1])) {
			s.off++
			continue
		}
		return
	}
}

func (s *scanner) identifier() {
	start := s.off
	s.scanWord()
	word := s.src[start:s.off]
	if kw, ok := keywords[word]; ok {
		switch kw {
		case kwENCODINGCONTROL:
			s.encodingControl = true
		case kwEND:
			s.encodingControl = false
		}
		s.emit(kw, start)
		return
	}
	if isUpper(word[0]) {
		if word == "ENCODING-DEFINITIONS" || word == "LINK-DEFINITIONS" {
			// An X.692 module, skipped by the parser (see ECNModule): its
			// notation has items of its own ("#INTEGER").
			s.encodingControl = true
		}
		s.emit(TokUpper, start)
	} else {
		s.emit(TokLower, start)
	}
}

// number scans a number (X.680 12.8) or a realnumber (X.680 12.9): digits,
// an optional "." with optional fraction digits, and an optional exponent
// "e" or "E" with an optional sign. "1..5" is a range and "1...5" is the
// realnumber "1." followed by "..".
func (s *scanner) number() {
	src := s.src
	start := s.off
	for s.off < len(src) && isDigit(src[s.off]) {
		s.off++
	}
	real := false
	if s.off < len(src) && src[s.off] == '.' {
		n := s.off + 1
		switch {
		case n < len(src) && isDigit(src[n]):
			real = true
			s.off = n
			for s.off < len(src) && isDigit(src[s.off]) {
				s.off++
			}
		case n+1 < len(src) && src[n] == '.' && src[n+1] == '.':
			// "1..." : the realnumber "1." then "..".
			real = true
			s.off = n
		case n < len(src) && src[n] == '.':
			// "1..": a range.
		case n < len(src) && (isLetter(src[n]) && src[n] != 'e' && src[n] != 'E'):
			// "1.x" cannot be a realnumber.
		default:
			real = true
			s.off = n
		}
	}
	if s.off < len(src) && (src[s.off] == 'e' || src[s.off] == 'E') {
		n := s.off + 1
		if n < len(src) && (src[n] == '-' || src[n] == '+') {
			n++
		}
		if n < len(src) && isDigit(src[n]) {
			real = true
			s.off = n
			for s.off < len(src) && isDigit(src[s.off]) {
				s.off++
			}
		}
	}
	if s.off < len(src) && (isLetter(src[s.off])) {
		// "1a" is no lexical item: report it rather than splitting it.
		for s.off < len(src) && (isLetter(src[s.off]) || isDigit(src[s.off])) {
			s.off++
		}
		s.errorf(start, "malformed number %q", src[start:s.off])
		s.emit(TokIllegal, start)
		return
	}
	if real {
		s.emit(TokReal, start)
	} else {
		s.emit(TokNumber, start)
	}
}

// lineComment skips a comment (X.680 12.6.3): it starts with "--" and ends
// at the next "--" or at the end of the line.
//
// Strict X.680 pairs hyphens from left to right, so that a separator line
// of an odd number of hyphens ("-----") or "T ::= SEQUENCE--- c --- {...}"
// leaves a stray "-". Published modules are written for the reading of
// asn1c and asn1tools, which this lexer follows: a comment opened by three or
// more hyphens ends at the end of the line or at the next run of two or
// more hyphens (the whole run); a comment opened by exactly "--" ends at the
// next "--" or the end of the line, as in X.680.
//
// With eolComments (the fallback reading of ParseFile), the comment runs to
// the end of the line, and the "--" where the strict reading would end it
// is recorded in closes.
func (s *scanner) lineComment() {
	src := s.src
	start := s.off
	for s.off < len(src) && src[s.off] == '-' {
		s.off++
	}
	long := s.off-start >= 3
	closeAt := -1
	for s.off < len(src) {
		c := src[s.off]
		if c == '\n' || c == '\r' {
			if closeAt >= 0 {
				s.closes = append(s.closes, commentClose{pos: s.pos(closeAt), end: s.off})
			}
			return // the newline is handled by run
		}
		if s.eolComments {
			if closeAt < 0 && c == '-' && s.off+1 < len(src) && src[s.off+1] == '-' {
				closeAt = s.off
			}
			s.off++
			continue
		}
		if c == '-' && s.off+1 < len(src) && src[s.off+1] == '-' {
			s.off += 2
			if long {
				for s.off < len(src) && src[s.off] == '-' {
					s.off++
				}
			}
			return
		}
		s.off++
	}
	if closeAt >= 0 {
		s.closes = append(s.closes, commentClose{pos: s.pos(closeAt), end: s.off})
	}
}

// blockComment skips a comment (X.680 12.6.4) that starts with "/*" and ends
// with the matching "*/"; such comments nest.
func (s *scanner) blockComment() {
	src := s.src
	start := s.off
	startPos := s.pos(start)
	depth := 0
	for s.off < len(src) {
		c := src[s.off]
		switch {
		case c == '/' && s.off+1 < len(src) && src[s.off+1] == '*':
			depth++
			s.off += 2
		case c == '*' && s.off+1 < len(src) && src[s.off+1] == '/':
			depth--
			s.off += 2
			if depth == 0 {
				return
			}
		case c == '\n':
			s.newline(s.off)
			s.off++
		case c == '\r':
			if s.off+1 < len(src) && src[s.off+1] == '\n' {
				s.off++
			}
			s.newline(s.off)
			s.off++
		default:
			s.off++
		}
	}
	s.errs = append(s.errs, &Error{Pos: startPos, Msg: "comment not terminated"})
}

// cstring scans "..." (X.680 12.14), where "" stands for one quote. The
// token keeps the source text; CStringValue decodes it.
func (s *scanner) cstring() {
	src := s.src
	start := s.off
	startPos := s.pos(start)
	s.off++
	for s.off < len(src) {
		c := src[s.off]
		switch c {
		case '"':
			if s.off+1 < len(src) && src[s.off+1] == '"' {
				s.off += 2
				continue
			}
			s.off++
			s.toks = append(s.toks, Token{Type: TokCString, Value: src[start:s.off], Pos: startPos})
			return
		case '\n':
			s.newline(s.off)
		case '\r':
			if s.off+1 < len(src) && src[s.off+1] == '\n' {
				s.off++
			}
			s.newline(s.off)
		}
		s.off++
	}
	s.errs = append(s.errs, &Error{Pos: startPos, Msg: "string literal not terminated"})
	s.toks = append(s.toks, Token{Type: TokIllegal, Value: src[start:s.off], Pos: startPos})
}

// bhstring scans 'bits'B or 'hex'H (X.680 12.10, 12.12). White space may
// appear between the digits.
func (s *scanner) bhstring() {
	src := s.src
	start := s.off
	startPos := s.pos(start)
	s.off++
	bin, hex := true, true
	for s.off < len(src) && src[s.off] != '\'' {
		c := src[s.off]
		switch {
		case c == '0' || c == '1':
		case isDigit(c) || c >= 'A' && c <= 'F':
			bin = false
		case c == '\n':
			s.newline(s.off)
		case c == '\r':
			if s.off+1 < len(src) && src[s.off+1] == '\n' {
				s.off++
			}
			s.newline(s.off)
		case isSpace(c):
		default:
			bin, hex = false, false
		}
		s.off++
	}
	if s.off >= len(src) {
		s.errs = append(s.errs, &Error{Pos: startPos, Msg: "bstring or hstring not terminated"})
		s.toks = append(s.toks, Token{Type: TokIllegal, Value: src[start:s.off], Pos: startPos})
		return
	}
	s.off++ // closing quote
	kind := TokIllegal
	if s.off < len(src) {
		switch src[s.off] {
		case 'B':
			if bin {
				kind = TokBString
			}
		case 'H':
			if hex {
				kind = TokHString
			}
		}
	}
	if kind == TokIllegal {
		if s.off < len(src) && (src[s.off] == 'B' || src[s.off] == 'H') {
			s.off++
		}
		s.errs = append(s.errs, &Error{Pos: startPos, Msg: fmt.Sprintf("malformed bstring or hstring %q", src[start:s.off])})
		s.toks = append(s.toks, Token{Type: TokIllegal, Value: src[start:s.off], Pos: startPos})
		return
	}
	s.off++
	s.toks = append(s.toks, Token{Type: kind, Value: src[start:s.off], Pos: startPos})
}

// stringDigits returns the digits of a bstring or hstring token text, without
// quotes, suffix or white space.
func stringDigits(text string) string {
	if len(text) < 3 {
		return ""
	}
	inner := text[1 : len(text)-2]
	if !strings.ContainsAny(inner, " \t\r\n\v\f") {
		return inner
	}
	b := make([]byte, 0, len(inner))
	for i := 0; i < len(inner); i++ {
		if !isSpace(inner[i]) {
			b = append(b, inner[i])
		}
	}
	return string(b)
}

// cstringValue decodes the text of a cstring token (X.680 12.14): the
// quotes are removed, "" becomes ", and a line break together with the
// spacing characters before and after it is removed.
func cstringValue(text string) string {
	if len(text) < 2 {
		return ""
	}
	inner := text[1 : len(text)-1]
	simple := true
	for i := 0; i < len(inner); i++ {
		if c := inner[i]; c == '"' || c == '\n' || c == '\r' {
			simple = false
			break
		}
	}
	if simple {
		return inner
	}
	b := make([]byte, 0, len(inner))
	for i := 0; i < len(inner); i++ {
		c := inner[i]
		switch c {
		case '"':
			b = append(b, '"')
			i++ // skip the second quote of ""
		case '\n', '\r':
			// Drop the spacing before the line break and after it.
			for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t') {
				b = b[:len(b)-1]
			}
			for i+1 < len(inner) && isSpace(inner[i+1]) {
				i++
			}
		default:
			b = append(b, c)
		}
	}
	return string(b)
}
