package derstmt

import (
	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// Stmts writes the statements that read and write DER.
type Stmts struct {
	emit.Temps
	// Sticky selects the one-line forms of the common components (see
	// sticky.go), which the DER codec uses; views and streams, which
	// decode one component at a time, use the long form.
	Sticky bool
	dirty  bool // one-line components read since the last Guard
}

// rd names a der.Reader in generated code: the parameter r (a
// pointer) or a local sub-reader (a value).
type Rd struct {
	Name string
	Ptr  bool
}

// Arg is the reader as an argument of type *der.Reader.
func (r Rd) Arg() *jen.Statement {
	if r.Ptr {
		return jen.Id(r.Name)
	}
	return jen.Op("&").Id(r.Name)
}

func (r Rd) ID() *jen.Statement { return jen.Id(r.Name) }

// ReadCall is the call that reads a built-in value of type t, tagged tag,
// from r: it returns the value and an error (for NULL, the error only).
func ReadCall(b *plan.Builtin, r Rd, tag jen.Code) *jen.Statement {
	switch {
	case b.Pkg != "":
		return jen.Qual(b.Pkg, b.Read).Call(r.Arg(), tag)
	case b.Text != 0:
		return r.ID().Dot(b.Read).Call(tag, emit.RT(emit.UniversalNames[b.Text]))
	}
	return r.ID().Dot(b.Read).Call(tag)
}

// AddCall is the call that writes the built-in value x, tagged tag, to the
// Builder b.
func AddCall(b *plan.Builtin, tag, x jen.Code) *jen.Statement {
	bld := jen.Id("b")
	switch {
	case b.Pkg != "":
		return jen.Qual(b.Pkg, b.Add).Call(bld, tag, x)
	case b.Text != 0:
		return bld.Dot(b.Add).Call(tag, emit.RT(emit.UniversalNames[b.Text]), x)
	case b.Add == "AddNull":
		return bld.Dot(b.Add).Call(tag)
	case b.Add == "":
		return bld.Dot("AddRaw").Call(x)
	}
	return bld.Dot(b.Add).Call(tag, x)
}
