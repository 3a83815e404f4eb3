package emit

import (
	"bytes"
	"fmt"
	"go/format"
	"strconv"
	"strings"

	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// Adder is a jen.File or jen.Group.
type Adder interface {
	Add(code ...jen.Code) *jen.Statement
}

// Comment adds text as // comment lines (jennifer writes a multi-line
// comment as /* */, which Go doc comments do not use).
func Comment(a Adder, text string) {
	for _, line := range strings.Split(text, "\n") {
		a.Add(jen.Comment(line))
	}
}

// Render formats the file; on a formatting failure it returns the
// unformatted source with line numbers in the error, so the generator bug
// is easy to see.
func Render(f *jen.File) ([]byte, error) {
	f.NoFormat = true // formatted once, here
	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		return nil, fmt.Errorf("asn1gen: generated code does not render: %v", err)
	}
	return Format(buf.Bytes())
}

// Format is go/format.Source with the source in the error.
func Format(src []byte) ([]byte, error) {
	out, err := format.Source(src)
	if err != nil {
		return nil, fmt.Errorf("asn1gen: generated code does not format: %v\n%s", err, Numbered(string(src)))
	}
	return out, nil
}

// Numbered returns s with line numbers.
func Numbered(s string) string {
	var b strings.Builder
	for i, line := range strings.Split(s, "\n") {
		fmt.Fprintf(&b, "%5d  %s\n", i+1, line)
	}
	return b.String()
}

// OneLineBody is a function body of one statement written on one line, which
// gofmt keeps so when the whole declaration fits in 100 columns.
func OneLineBody(stmt jen.Code) *jen.Statement {
	return jen.Custom(jen.Options{Open: "{", Close: "}", Separator: ""}, stmt)
}

// OrList joins names as "a, b or c".
func OrList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}

func RT(name string) *jen.Statement { return jen.Qual(plan.DERPath, name) }

// Num is an untyped integer literal.
func Num(v int64) *jen.Statement { return jen.Id(strconv.FormatInt(v, 10)) }

// Temps names the temporaries of one generated function (x1, off2, ...):
// the names count up from Reset, which an emitter calls at the start of
// each function, so that they do not depend on what was emitted before.
type Temps struct{ n int }

// TmpName returns a new temporary's name, prefix and a number.
func (t *Temps) TmpName(prefix string) string {
	t.n++
	return prefix + strconv.Itoa(t.n)
}

// Reset starts the numbering of a new function.
func (t *Temps) Reset() { t.n = 0 }
