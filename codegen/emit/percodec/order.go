package percodec

import (
	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// perTagOrder reports whether the root components are in the canonical
// order of their tags (X.680 8.6), the order of PER's SET components and
// CHOICE indices (X.691 21, 23): with AUTOMATIC TAGS they always are.
func (e *Emitter) perTagOrder(fields []*plan.Field) bool {
	var last *model.Tag
	for _, f := range fields {
		if f.Comp != nil && f.Comp.Extension {
			continue
		}
		tags := f.Type.FirstTags()
		if len(tags) == 0 {
			return false
		}
		t := model.LeastTag(tags)
		if last != nil && !last.Less(t) {
			return false
		}
		last = &t
	}
	return true
}

// addition is one extension addition of a SEQUENCE or SET: a component,
// or the components of an addition group [[ ]].
type addition struct {
	fields []*plan.Field
	group  bool
}

func additionsOf(gt *plan.Type) (root []*plan.Field, adds []addition) {
	root, as := plan.Additions(gt)
	for _, a := range as {
		adds = append(adds, addition{fields: a.Fields, group: a.Group})
	}
	return root, adds
}

// perOptional reports whether a component has a bit in a preamble.
var perOptional = plan.PEROptional

// perPresent is the encoder's condition that component f is encoded: an
// OPTIONAL one when HasX says so, a DEFAULT one when its value is not the
// default (X.691 10.2: canonical PER omits defaults), a mandatory addition
// when HasX says so.
func perPresent(f *plan.Field) jen.Code {
	if f.Comp.Default != nil {
		if ne := emit.NotDefault(f, emit.FieldDst(f)); ne != nil {
			return ne
		}
	}
	if f.Has == "" {
		return jen.True()
	}
	return jen.Id("v").Dot(f.Has)
}

// denseSorted reports whether the items are 0, 1, 2, ... in order.
func denseSorted(items []*model.NamedNumber) bool {
	for i, nn := range items {
		if nn.Value != int64(i) {
			return false
		}
	}
	return true
}
