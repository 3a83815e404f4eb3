package parser

import "github.com/alecthomas/participle/v2/lexer"

// Pos is a position in a source file: file name, byte offset (0-based),
// line (1-based) and column (1-based, counted in bytes like go/scanner).
// It is participle's lexer.Position, so that tokens and nodes share one
// position type; Pos.String prints "file:line:col".
type Pos = lexer.Position

// Token is one lexical item (X.680 clause 12) as produced by Lexer: its kind
// (one of the Tok* constants below), its source text and its position.
// Comments and white space produce no tokens.
type Token = lexer.Token

// tokenKind is participle's token type, which Token.Type holds.
type tokenKind = lexer.TokenType

// Token kinds. The values are participle lexer.TokenType values; Symbols
// maps their names for participle grammars. Every reserved word of X.680
// 12.38 has its own kind (Tok + the word without hyphens, see keywords).
const (
	TokEOF lexer.TokenType = lexer.EOF

	// TokIllegal is a character sequence that is no lexical item; the lexer
	// has recorded an error for it.
	TokIllegal     lexer.TokenType = iota + 1
	TokUpper                       // typereference, modulereference, objectclassreference, word, ... (X.680 12.2): starts with an upper-case letter
	TokLower                       // identifier, valuereference, objectreference (X.680 12.3): starts with a lower-case letter
	TokTypeField                   // &Type: typefieldreference, valuesetfieldreference, objectsetfieldreference (X.681 7.1)
	TokValueField                  // &value: valuefieldreference, objectfieldreference (X.681 7.2)
	TokNumber                      // number (X.680 12.8)
	TokReal                        // realnumber (X.680 12.9)
	TokCString                     // "..." (X.680 12.14); Value is the source text with quotes
	TokBString                     // '0101'B (X.680 12.10)
	TokHString                     // '0F'H (X.680 12.12)
	TokAssign                      // ::=
	TokEllipsis                    // ...
	TokRange                       // ..
	TokDot                         // .
	TokLBrace                      // {
	TokRBrace                      // }
	TokLParen                      // (
	TokRParen                      // )
	TokLBracket                    // [ (two adjacent ones form the "[[" of X.680 12.19, see parser)
	TokRBracket                    // ] (two adjacent ones form the "]]" of X.680 12.20)
	TokComma                       // ,
	TokSemicolon                   // ;
	TokColon                       // :
	TokLess                        // <
	TokGreater                     // >
	TokBar                         // |
	TokCaret                       // ^
	TokExclamation                 // !
	TokMinus                       // -
	TokAt                          // @
	TokEquals                      // =
	TokSlash                       // /
	TokAmpersand                   // & not followed by a letter
	// TokForeign is a character that X.680 has no lexical item for, inside
	// an encoding control section, whose notation is that of the encoding's
	// own standard (X.680 54; "*" of the XER targets of X.693 and X.694:
	// "ANY-ELEMENT AnyType.elem-list.*"). Elsewhere such a character is
	// TokIllegal.
	TokForeign
	tokKeywordBase // first reserved word kind; see keywords
)

// keywordList holds the reserved words of X.680 12.38 (2021), in the order of
// their token kinds (tokKeywordBase + index).
var keywordList = []string{
	"ABSENT", "ABSTRACT-SYNTAX", "ALL", "APPLICATION", "AUTOMATIC", "BEGIN",
	"BIT", "BMPString", "BOOLEAN", "BY", "CHARACTER", "CHOICE", "CLASS",
	"COMPONENT", "COMPONENTS", "CONSTRAINED", "CONTAINING", "DATE",
	"DATE-TIME", "DEFAULT", "DEFINITIONS", "DURATION", "EMBEDDED", "ENCODED",
	"ENCODING-CONTROL", "END", "ENUMERATED", "EXCEPT", "EXPLICIT", "EXPORTS",
	"EXTENSIBILITY", "EXTERNAL", "FALSE", "FROM", "GeneralizedTime",
	"GeneralString", "GraphicString", "IA5String", "IDENTIFIER", "IMPLICIT",
	"IMPLIED", "IMPORTS", "INCLUDES", "INSTANCE", "INSTRUCTIONS", "INTEGER",
	"INTERSECTION", "ISO646String", "MAX", "MIN", "MINUS-INFINITY",
	"NOT-A-NUMBER", "NULL", "NumericString", "OBJECT", "ObjectDescriptor",
	"OCTET", "OF", "OID-IRI", "OPTIONAL", "PATTERN", "PDV", "PLUS-INFINITY",
	"PRESENT", "PrintableString", "PRIVATE", "REAL", "RELATIVE-OID",
	"RELATIVE-OID-IRI", "SEQUENCE", "SET", "SETTINGS", "SIZE", "STRING",
	"SYNTAX", "T61String", "TAGS", "TeletexString", "TIME", "TIME-OF-DAY",
	"TRUE", "TYPE-IDENTIFIER", "UNION", "UNIQUE", "UNIVERSAL",
	"UniversalString", "UTCTime", "UTF8String", "VideotexString",
	"VisibleString", "WITH",
}

// Reserved word kinds used by the parser. They must follow keywordList.
const (
	kwABSENT lexer.TokenType = tokKeywordBase + iota
	kwABSTRACTSYNTAX
	kwALL
	kwAPPLICATION
	kwAUTOMATIC
	kwBEGIN
	kwBIT
	kwBMPString
	kwBOOLEAN
	kwBY
	kwCHARACTER
	kwCHOICE
	kwCLASS
	kwCOMPONENT
	kwCOMPONENTS
	kwCONSTRAINED
	kwCONTAINING
	kwDATE
	kwDATETIME
	kwDEFAULT
	kwDEFINITIONS
	kwDURATION
	kwEMBEDDED
	kwENCODED
	kwENCODINGCONTROL
	kwEND
	kwENUMERATED
	kwEXCEPT
	kwEXPLICIT
	kwEXPORTS
	kwEXTENSIBILITY
	kwEXTERNAL
	kwFALSE
	kwFROM
	kwGeneralizedTime
	kwGeneralString
	kwGraphicString
	kwIA5String
	kwIDENTIFIER
	kwIMPLICIT
	kwIMPLIED
	kwIMPORTS
	kwINCLUDES
	kwINSTANCE
	kwINSTRUCTIONS
	kwINTEGER
	kwINTERSECTION
	kwISO646String
	kwMAX
	kwMIN
	kwMINUSINFINITY
	kwNOTANUMBER
	kwNULL
	kwNumericString
	kwOBJECT
	kwObjectDescriptor
	kwOCTET
	kwOF
	kwOIDIRI
	kwOPTIONAL
	kwPATTERN
	kwPDV
	kwPLUSINFINITY
	kwPRESENT
	kwPrintableString
	kwPRIVATE
	kwREAL
	kwRELATIVEOID
	kwRELATIVEOIDIRI
	kwSEQUENCE
	kwSET
	kwSETTINGS
	kwSIZE
	kwSTRING
	kwSYNTAX
	kwT61String
	kwTAGS
	kwTeletexString
	kwTIME
	kwTIMEOFDAY
	kwTRUE
	kwTYPEIDENTIFIER
	kwUNION
	kwUNIQUE
	kwUNIVERSAL
	kwUniversalString
	kwUTCTime
	kwUTF8String
	kwVideotexString
	kwVisibleString
	kwWITH
	tokEnd // one past the last kind
)

var keywords = func() map[string]lexer.TokenType {
	if int(tokEnd-tokKeywordBase) != len(keywordList) {
		panic("parser: keyword kinds and keywordList disagree")
	}
	m := make(map[string]lexer.TokenType, len(keywordList))
	for i, w := range keywordList {
		m[w] = tokKeywordBase + lexer.TokenType(i)
	}
	return m
}()

var tokenNames = map[lexer.TokenType]string{
	TokEOF: "EOF", TokIllegal: "Illegal", TokUpper: "Upper", TokLower: "Lower",
	TokTypeField: "TypeField", TokValueField: "ValueField", TokNumber: "Number",
	TokReal: "Real", TokCString: "CString", TokBString: "BString",
	TokHString: "HString", TokAssign: "Assign", TokEllipsis: "Ellipsis",
	TokRange: "Range", TokDot: "Dot", TokLBrace: "LBrace", TokRBrace: "RBrace",
	TokLParen: "LParen", TokRParen: "RParen", TokLBracket: "LBracket",
	TokRBracket: "RBracket", TokComma: "Comma", TokSemicolon: "Semicolon",
	TokColon: "Colon", TokLess: "Less", TokGreater: "Greater", TokBar: "Bar",
	TokCaret: "Caret", TokExclamation: "Exclamation", TokMinus: "Minus",
	TokAt: "At", TokEquals: "Equals", TokSlash: "Slash", TokAmpersand: "Ampersand",
	TokForeign: "Foreign",
}

// IsKeyword reports whether kind is the kind of an X.680 reserved word.
func IsKeyword(kind lexer.TokenType) bool { return kind >= tokKeywordBase && kind < tokEnd }

// TokenName returns the symbolic name of a token kind: "Upper", "LBrace",
// or the reserved word itself ("SEQUENCE").
func TokenName(kind lexer.TokenType) string {
	if IsKeyword(kind) {
		return keywordList[kind-tokKeywordBase]
	}
	if n, ok := tokenNames[kind]; ok {
		return n
	}
	return "?"
}
