package plan

import (
	"fmt"
	"sort"

	"github.com/asn1gen/asn1gen/codegen/model"
)

// Types of other generated packages.
//
// A module set may hold the modules of packages generated before
// (Config.Used, asn1gen gen -use): the whole set is planned, so that sizes,
// tags and tables are known everywhere, but a type whose ASN.1 identity a
// used package's manifest lists is that package's: it is not declared here,
// generated code refers to it as pkg.Name and calls its exported DecodeASN1
// and EncodeASN1 methods (with the tag, so that IMPLICIT tagging of an
// imported type works). An instance of a used module's parameterized type
// that the used package does not declare (a SIGNED{} of the importer's own
// type) is declared here.

// AssignmentKey is the ASN.1 identity of a named type or an instance: the
// module and the assignment's name, which for an instance holds what its
// actual parameters denote (model's instance key).
func AssignmentKey(a *model.Assignment) string { return a.Module.Name + "." + a.Name }

// usePackages gives the types of used packages the Go names their
// manifests record.
func (p *Plan) usePackages() error {
	for _, gt := range p.Types {
		if gt.Pkg == "" {
			continue
		}
		m := p.used[gt.Pkg]
		if m == nil {
			return fmt.Errorf("asn1gen: module of %s is in package %s, which is not among the packages used", gt.ASN1, gt.Pkg)
		}
		if name, ok := m.Types[gt.Key]; ok {
			gt.Name = name
		} else {
			gt.Name = "" // not declared there; an error if this package needs it
		}
		if gt.ChoiceType != "" && gt.ChoiceOwner == nil {
			gt.ChoiceType = m.Choices[gt.Key]
		}
	}
	return nil
}

// markEmitted computes the types this package declares: its own named
// types (or the roots), and what they need that no used package declares.
// A type of a used package that the package does not declare (generated
// with -roots that leave it out) is an error naming both.
func (p *Plan) markEmitted() error {
	p.emit = map[*Type]bool{}
	var missing []string
	var visit func(gt *Type)
	visit = func(gt *Type) {
		if gt == nil || p.emit[gt] {
			return
		}
		if gt.Pkg != "" {
			if gt.Name == "" {
				missing = append(missing, fmt.Sprintf("%s (%s)", gt.Key, gt.Pkg))
			}
			return
		}
		p.emit[gt] = true
		for _, f := range gt.Fields {
			visit(f.Named)
			if f.Union != nil {
				visit(f.Union.Type)
			}
		}
		if gt.Elem != nil {
			visit(gt.Elem.Named)
		}
		if u := gt.Union; u != nil {
			for _, ue := range u.Rows {
				if ue.Field != nil {
					visit(ue.Field.Named)
				}
				visit(ue.Slot)
			}
		}
		visit(gt.Alias)
		visit(gt.Base)
		visit(gt.ChoiceOwner)
		for _, c := range gt.children {
			visit(c)
		}
	}
	for _, gt := range p.seeds {
		if gt.Pkg != "" {
			if len(p.Roots) > 0 {
				return fmt.Errorf("asn1gen: -roots: %s is a type of the package %s (-use), not of this one", gt.ASN1, gt.Pkg)
			}
			continue
		}
		visit(gt)
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		return fmt.Errorf("asn1gen: types that the used packages do not declare (were they generated with -roots that leave them out?): %v", missing)
	}
	return nil
}

// emitted lists the types this package declares, in emission order.
func (p *Plan) Emitted() []*Type {
	var out []*Type
	for _, gt := range p.Ordered() {
		if p.emit[gt] {
			out = append(out, gt)
		}
	}
	return out
}

// Emits reports whether this package declares gt.
func (p *Plan) Emits(gt *Type) bool { return p.emit[gt] }

// Group is the Go types this package declares of one module, in emission
// order: the module's named types, each followed by the types its planning
// created (written in place, instances, unions).
type Group struct {
	Module string
	Types  []*Type
}

// Groups returns the types this package declares by module, the modules
// in the order of their first type.
func (p *Plan) Groups() []Group {
	var out []Group
	at := map[string]int{}
	var walk func(g *Group, gt *Type)
	walk = func(g *Group, gt *Type) {
		if p.emit[gt] {
			g.Types = append(g.Types, gt)
		}
		for _, c := range gt.children {
			walk(g, c)
		}
	}
	for _, gt := range p.top {
		mod := ""
		if gt.asg != nil {
			mod = gt.asg.Module.Name
		}
		i, ok := at[mod]
		if !ok {
			i = len(out)
			at[mod] = i
			out = append(out, Group{Module: mod})
		}
		walk(&out[i], gt)
	}
	return out
}
