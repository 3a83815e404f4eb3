package emit

import "github.com/dave/jennifer/jen"

// wrapFn turns the error variable into the statement that returns it,
// adding the field path.
type Wrap func(err jen.Code) jen.Code

func WithField(name string) Wrap {
	return func(err jen.Code) jen.Code {
		return jen.Return(RT("WithField").Call(err, jen.Lit(name)))
	}
}

func PlainReturn(err jen.Code) jen.Code { return jen.Return(err) }

func IfErr(wrap Wrap) *jen.Statement {
	return jen.If(jen.Err().Op("!=").Nil()).Block(wrap(jen.Err()))
}
