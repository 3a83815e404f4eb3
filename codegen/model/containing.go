package model

import (
	"fmt"
	"strings"

	"github.com/asn1gen/asn1gen/parser"
)

// Containment is one -containing binding: the information object
// Module.Object holds in its OCTET STRING or BIT STRING type field the DER
// of the type TypeModule.Type.
type Containment struct {
	Pos              parser.Pos
	Module, Object   string
	TypeModule, Type string
}

func (c Containment) String() string {
	return c.Module + "." + c.Object + "=" + c.TypeModule + "." + c.Type
}

// ParseContaining parses "Module.object=Module.Type".
func ParseContaining(s string) (Containment, error) {
	left, right, ok := strings.Cut(s, "=")
	i, j := strings.LastIndex(left, "."), strings.LastIndex(right, ".")
	if !ok || i <= 0 || j <= 0 || i == len(left)-1 || j == len(right)-1 {
		return Containment{}, fmt.Errorf("%q is not Module.object=Module.Type", s)
	}
	return Containment{Module: left[:i], Object: left[i+1:], TypeModule: right[:j], Type: right[j+1:]}, nil
}

// applyContaining adds the CONTAINING constraints of Options.Containing
// to the type fields of the objects they name. The tables drawn from an
// object hold its field types themselves, so every table sees the
// constraint.
func (s *checker) applyContaining() {
	for _, c := range s.opts.Containing {
		pos := flagPos("-containing", c.Pos)
		m := s.Module(c.Module)
		if m == nil {
			s.errorf(pos, "-containing %s: module %s not found", c, c.Module)
			continue
		}
		a := m.Lookup(c.Object)
		if a == nil || s.kindOf(a) != KindObject {
			s.errorf(pos, "-containing %s: %s is not an information object of %s", c, c.Object, c.Module)
			continue
		}
		o := s.objectAssignment(a)
		s.fillObject(o)
		tm := s.Module(c.TypeModule)
		var ta *Assignment
		if tm != nil {
			ta = s.lookup(&scope{m: tm}, "", c.Type, pos, false)
		}
		if ta == nil || s.kindOf(ta) != KindType || len(ta.Params) > 0 {
			s.errorf(pos, "-containing %s: %s is not a type of %s", c, c.Type, c.TypeModule)
			continue
		}
		var fields []*Type
		if o != nil {
			for _, name := range sortedKeys(o.Types) {
				if t := o.Types[name]; t.Kind == TypeOctetString || t.Kind == TypeBitString {
					fields = append(fields, t)
				}
			}
		}
		if len(fields) != 1 {
			s.errorf(pos, "-containing %s: %s has %d OCTET STRING or BIT STRING type fields, not one", c, c.Object, len(fields))
			continue
		}
		t := fields[0]
		if t.Constraints == nil {
			t.Constraints = &Constraints{}
		}
		if t.Constraints.Containing != nil {
			s.errorf(pos, "-containing %s: the field already has a CONTAINING constraint", c)
			continue
		}
		target := &Type{Pos: pos, Ref: ta}
		s.finishType(target)
		t.Constraints.Containing = target
	}
}
