package gen

import (
	"fmt"
	"path/filepath"
	"sort"

	"github.com/asn1gen/asn1gen/codegen/manifest"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/dave/jennifer/jen"
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

// assignmentKey is the ASN.1 identity of a named type or an instance: the
// module and the assignment's name, which for an instance holds what its
// actual parameters denote (model's instance key).
func assignmentKey(a *model.Assignment) string { return a.Module.Name + "." + a.Name }

// usePackages gives the types of used packages the Go names their
// manifests record.
func (p *plan) usePackages() error {
	for _, gt := range p.types {
		if gt.pkg == "" {
			continue
		}
		m := p.used[gt.pkg]
		if m == nil {
			return fmt.Errorf("asn1gen: module of %s is in package %s, which is not among the packages used", gt.asn1, gt.pkg)
		}
		if name, ok := m.Types[gt.key]; ok {
			gt.name = name
		} else {
			gt.name = "" // not declared there; an error if this package needs it
		}
		if gt.choiceType != "" && gt.choiceOwner == nil {
			gt.choiceType = m.Choices[gt.key]
		}
	}
	return nil
}

// markEmitted computes the types this package declares: its own named
// types (or the roots), and what they need that no used package declares.
// A type of a used package that the package does not declare (generated
// with -roots that leave it out) is an error naming both.
func (p *plan) markEmitted() error {
	p.emit = map[*goType]bool{}
	var missing []string
	var visit func(gt *goType)
	visit = func(gt *goType) {
		if gt == nil || p.emit[gt] {
			return
		}
		if gt.pkg != "" {
			if gt.name == "" {
				missing = append(missing, fmt.Sprintf("%s (%s)", gt.key, gt.pkg))
			}
			return
		}
		p.emit[gt] = true
		for _, f := range gt.fields {
			visit(f.gt)
			if f.union != nil {
				visit(f.union.gt)
			}
		}
		if gt.elem != nil {
			visit(gt.elem.gt)
		}
		if u := gt.union; u != nil {
			for _, ue := range u.entries {
				if ue.f != nil {
					visit(ue.f.gt)
				}
				visit(ue.slot)
			}
		}
		visit(gt.alias)
		visit(gt.base)
		visit(gt.choiceOwner)
		for _, c := range gt.children {
			visit(c)
		}
	}
	for _, gt := range p.seeds {
		if gt.pkg != "" {
			if len(p.roots) > 0 {
				return fmt.Errorf("asn1gen: -roots: %s is a type of the package %s (-use), not of this one", gt.asn1, gt.pkg)
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
func (p *plan) emitted() []*goType {
	var out []*goType
	for _, gt := range p.ordered() {
		if p.emit[gt] {
			out = append(out, gt)
		}
	}
	return out
}

// ref is a reference to the Go type gt: its name, qualified by its package
// when another package declares it.
func ref(gt *goType) *jen.Statement {
	if gt.pkg == "" {
		return jen.Id(gt.name)
	}
	return jen.Qual(gt.pkg, gt.name)
}

// manifestOf returns the manifest of the package being generated.
func (e *emitter) manifestOf() *manifest.Manifest {
	cfg, set := e.cfg, e.p.set
	m := &manifest.Manifest{Package: cfg.Package, Uses: cfg.Uses, Flags: cfg.Flags,
		Types: map[string]string{}, Choices: map[string]string{}, Values: map[string]string{}, Sources: map[string][]byte{}}
	for _, mod := range set.Modules {
		if mod.Package != "" {
			continue
		}
		file := manifestFile(mod.File)
		oid := ""
		if mod.OID != nil {
			oid = mod.OID.String()
		}
		m.Modules = append(m.Modules, manifest.Module{Name: mod.Name, OID: oid, File: file})
		m.Sources[file] = set.SourceText(mod.File)
	}
	for name, data := range cfg.Extra {
		m.Sources[name] = data
	}
	for _, gt := range e.p.emitted() {
		if gt.key == "" {
			continue
		}
		m.Types[gt.key] = gt.name
		if gt.choiceType != "" && gt.choiceOwner == nil {
			m.Choices[gt.key] = gt.choiceType
		}
	}
	for _, v := range e.p.values {
		m.Values[assignmentKey(v.a)] = v.name
	}
	return m
}

// manifestFile is the name a module source has in the manifest: its base
// name, so that the manifest does not depend on where the generator ran.
func manifestFile(file string) string { return filepath.Base(file) }
