package rfcextract

import "strings"

// lexState is what the lexer carries from one line to the next: an open
// block comment (with its nesting depth) or an open character string.
// Everything else in ASN.1 ends at the end of a line.
type lexState struct {
	commentDepth int  // X.680 12.6.4: "/*" comments nest and span lines
	inString     bool // X.680 12.14: a cstring may span lines
}

func (s lexState) normal() bool { return s.commentDepth == 0 && !s.inString }

// token is one lexical item of a line, with the byte column it starts at.
type token struct {
	text string
	col  int
}

// stringToken stands for any cstring: the extractor never needs the value,
// only that a string was there (for the IRI of a module header).
const stringToken = `"…"`

// lexLine splits one line of ASN.1 into tokens, starting in state st, and
// returns the tokens and the state at the end of the line. It recognizes
// just enough of X.680 clause 12 to find module headers and END reliably:
// comments, strings, words (references, keywords and numbers), "::=" and
// single-character punctuation. It never fails: text that is not ASN.1
// (RFC prose) still lexes into some tokens.
func lexLine(line string, st lexState) ([]token, lexState) {
	var toks []token
	i := 0
	for i < len(line) {
		switch {
		case st.commentDepth > 0:
			// Inside a block comment: look for the next opener or closer.
			j := strings.Index(line[i:], "/*")
			k := strings.Index(line[i:], "*/")
			switch {
			case k < 0 && j < 0:
				i = len(line)
			case j >= 0 && (k < 0 || j < k):
				st.commentDepth++
				i += j + 2
			default:
				st.commentDepth--
				i += k + 2
			}
		case st.inString:
			// X.680 12.14: a quotation mark inside a cstring is written "".
			j := strings.IndexByte(line[i:], '"')
			if j < 0 {
				i = len(line)
				break
			}
			i += j + 1
			if i < len(line) && line[i] == '"' {
				i++
				break
			}
			st.inString = false
		default:
			c := line[i]
			switch {
			case c == ' ' || c == '\t' || c == '\f' || c == '\r' || c == '\v':
				i++
			case strings.HasPrefix(line[i:], "--"):
				// X.680 12.6.3: a "--" comment ends at the next "--" or at
				// the end of the line.
				j := strings.Index(line[i+2:], "--")
				if j < 0 {
					i = len(line)
				} else {
					i += 2 + j + 2
				}
			case strings.HasPrefix(line[i:], "/*"):
				st.commentDepth = 1
				i += 2
			case c == '"':
				toks = append(toks, token{stringToken, i})
				st.inString = true
				i++
			case c == '\'':
				// X.680 12.10, 12.12: bstring '0101'B and hstring 'A0'H on
				// one line; a lone apostrophe is just punctuation.
				if n := quotedBinHex(line[i:]); n > 0 {
					toks = append(toks, token{line[i : i+n], i})
					i += n
				} else {
					toks = append(toks, token{"'", i})
					i++
				}
			case strings.HasPrefix(line[i:], "::="):
				toks = append(toks, token{"::=", i})
				i += 3
			case isAlnum(c):
				j := i + 1
				for j < len(line) {
					if isAlnum(line[j]) {
						j++
						continue
					}
					// X.680 12.2: a hyphen inside a reference must be
					// followed by a letter or digit ("--" starts a comment).
					if line[j] == '-' && j+1 < len(line) && isAlnum(line[j+1]) {
						j += 2
						continue
					}
					break
				}
				toks = append(toks, token{line[i:j], i})
				i = j
			default:
				toks = append(toks, token{line[i : i+1], i})
				i++
			}
		}
	}
	return toks, st
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// quotedBinHex returns the length of a bstring or hstring at the start of
// s, or 0.
func quotedBinHex(s string) int {
	j := strings.IndexByte(s[1:], '\'')
	if j < 0 || 1+j+2 > len(s) {
		return 0
	}
	for _, c := range []byte(s[1 : 1+j]) {
		if !(c >= '0' && c <= '9' || c >= 'A' && c <= 'F' || c >= 'a' && c <= 'f' || c == ' ') {
			return 0
		}
	}
	switch s[1+j+1] {
	case 'B', 'H':
		return 1 + j + 2
	}
	return 0
}

// reserved holds the reserved words of X.680 12.38, which cannot be module
// names (DEFINITIONS at the start of a line must not be taken for one).
var reserved = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`ABSENT ABSTRACT-SYNTAX ALL APPLICATION
		AUTOMATIC BEGIN BIT BMPString BOOLEAN BY CHARACTER CHOICE CLASS
		COMPONENT COMPONENTS CONSTRAINED CONTAINING DATE DATE-TIME DEFAULT
		DEFINITIONS DURATION EMBEDDED ENCODED ENCODING-CONTROL END ENUMERATED
		EXCEPT EXPLICIT EXPORTS EXTENSIBILITY EXTERNAL FALSE FROM
		GeneralizedTime GeneralString GraphicString IA5String IDENTIFIER
		IMPLICIT IMPLIED IMPORTS INCLUDES INSTANCE INSTRUCTIONS INTEGER
		INTERSECTION ISO646String MAX MIN MINUS-INFINITY NOT-A-NUMBER NULL
		NumericString OBJECT ObjectDescriptor OCTET OF OID-IRI OPTIONAL
		PATTERN PDV PLUS-INFINITY PRESENT PrintableString PRIVATE REAL
		RELATIVE-OID RELATIVE-OID-IRI SEQUENCE SET SETTINGS SIZE STRING SYNTAX
		T61String TAGS TeletexString TIME TIME-OF-DAY TRUE TYPE-IDENTIFIER
		UNION UNIQUE UNIVERSAL UniversalString UTCTime UTF8String
		VideotexString VisibleString WITH`) {
		m[w] = true
	}
	return m
}()

// isModuleReference reports whether w has the form of a modulereference
// (X.680 12.5: a typereference, which starts with an upper-case letter) and
// is not a reserved word.
func isModuleReference(w string) bool {
	return len(w) > 0 && w[0] >= 'A' && w[0] <= 'Z' && isWord(w) && !reserved[w]
}

// isWord reports whether w is one word token (letters, digits, inner
// hyphens).
func isWord(w string) bool {
	if w == "" || !isAlnum(w[0]) || !isAlnum(w[len(w)-1]) {
		return false
	}
	for i := 0; i < len(w); i++ {
		if !isAlnum(w[i]) && w[i] != '-' {
			return false
		}
	}
	return true
}

// isUpperWord reports whether w is an all-capitals word such as EXPLICIT,
// TAGS or an encodingreference (X.680 12.25) like XER.
func isUpperWord(w string) bool {
	if !isWord(w) || w[0] < 'A' || w[0] > 'Z' {
		return false
	}
	for i := 0; i < len(w); i++ {
		if w[i] >= 'a' && w[i] <= 'z' {
			return false
		}
	}
	return true
}
