package parser

import (
	"fmt"
	"sort"
	"strings"
)

// Error is a syntax error at a position. Its message quotes the offending
// source text, e.g. `unexpected "}", expected a type`.
type Error struct {
	Pos Pos
	Msg string
	// Kind names, for a warning of File.Warnings, the leniency it reports
	// (one of the Warn constants), so that a tool can let its user accept
	// it; "" for an error.
	Kind string
}

// The kinds of the warnings of File.Warnings, one per leniency.
const (
	WarnSetComma     = "set-comma"      // "," between the elements of a set (RFC 8018)
	WarnCommentComma = "comment-comma"  // "," as the last character of a comment (RFC 3281)
	WarnPlusSign     = "plus-sign"      // "+1" (asn1scc test cases)
	WarnCommentEnd   = "comment-end"    // "--" read to the end of the line
	WarnTextAfterEnd = "text-after-end" // text after the last module's END
)

// Error prints "file:line:col: message".
func (e *Error) Error() string {
	return e.Pos.String() + ": " + e.Msg
}

// ErrorList is a list of errors sorted by position (as go/scanner's). Parse
// functions return it as their error when they found any error.
type ErrorList []*Error

// Add appends an error.
func (l *ErrorList) Add(pos Pos, msg string) { *l = append(*l, &Error{Pos: pos, Msg: msg}) }

// warn appends a warning of the given kind.
func (l *ErrorList) warn(pos Pos, kind, msg string) {
	*l = append(*l, &Error{Pos: pos, Msg: msg, Kind: kind})
}

// Len, Less and Swap implement sort.Interface: by file, offset, then message.
func (l ErrorList) Len() int      { return len(l) }
func (l ErrorList) Swap(i, j int) { l[i], l[j] = l[j], l[i] }
func (l ErrorList) Less(i, j int) bool {
	a, b := l[i].Pos, l[j].Pos
	if a.Filename != b.Filename {
		return a.Filename < b.Filename
	}
	if a.Offset != b.Offset {
		return a.Offset < b.Offset
	}
	return l[i].Msg < l[j].Msg
}

// Sort sorts the list by position and drops exact duplicates.
func (l *ErrorList) Sort() {
	sort.Stable(*l)
	out := (*l)[:0]
	for i, e := range *l {
		if i > 0 {
			p := out[len(out)-1]
			if p.Pos == e.Pos && p.Msg == e.Msg {
				continue
			}
		}
		out = append(out, e)
	}
	*l = out
}

// Error prints the first error and how many more there are.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0], len(l)-1)
}

// String prints every error, one a line.
func (l ErrorList) String() string {
	var b strings.Builder
	for _, e := range l {
		b.WriteString(e.Error())
		b.WriteByte('\n')
	}
	return b.String()
}

// Err returns l as an error, or nil when l is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// quote renders a token for an error message: its source text quoted (at
// most 40 bytes) or "end of file".
func quote(t *Token) string {
	if t.Type == TokEOF {
		return "end of file"
	}
	v := t.Value
	if len(v) > 40 {
		v = v[:37] + "..."
	}
	return fmt.Sprintf("%q", v)
}
