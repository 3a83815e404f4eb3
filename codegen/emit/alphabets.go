package emit

import (
	"fmt"
	"strings"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// Alphabets are the package variables of the string types narrowed to a
// permitted alphabet (X.680 51.7) that a codec checks, declared once per
// runtime type and alphabet, in the order of their first use:
//
//	var oerAlphabet1 = oer.IA5String.From('0', '9', 'A', 'F') // "0123456789ABCDEF"
//
// The OER and JER emitters each keep one.
type Alphabets struct {
	// Prefix names the variables ("oerAlphabet"); Path is the runtime
	// package whose string types they narrow.
	Prefix, Path string

	names map[string]string // by runtime type and characters
	keys  []string          // in the order of their first use
}

// Type returns the string type of t, a string of the runtime's type st:
// st itself, or the variable of st narrowed to t's permitted alphabet
// (plan.CheckedString), named on first use.
func (a *Alphabets) Type(t *model.Type, st string) jen.Code {
	chars := plan.CheckedString(t).Alphabet
	if chars == "" {
		return jen.Qual(a.Path, st)
	}
	key := st + "\x00" + chars
	name, ok := a.names[key]
	if !ok {
		if a.names == nil {
			a.names = map[string]string{}
		}
		name = fmt.Sprintf("%s%d", a.Prefix, len(a.names)+1)
		a.names[key] = name
		a.keys = append(a.keys, key)
	}
	return jen.Id(name)
}

// Declare writes the variables that Type named to f.
func (a *Alphabets) Declare(f *jen.File) {
	if len(a.keys) == 0 {
		return
	}
	Comment(f, "The string types narrowed to the permitted alphabets (X.680 51.7) that the codecs check, as ranges.")
	f.Var().DefsFunc(func(g *jen.Group) {
		for _, k := range a.keys {
			st, chars, _ := strings.Cut(k, "\x00")
			var args []jen.Code
			for _, c := range plan.AlphabetRanges(chars) {
				args = append(args, jen.LitRune(c))
			}
			g.Id(a.names[k]).Op("=").Add(jen.Qual(a.Path, st)).Dot("From").Call(args...).Comment(fmt.Sprintf("%q", chars))
		}
	})
}
