package gen

import (
	"path/filepath"

	"github.com/asn1gen/asn1gen/codegen/manifest"
	"github.com/asn1gen/asn1gen/codegen/plan"
)

// manifestOf returns the manifest of the package being generated.
func manifestOf(cfg Config, p *plan.Plan) *manifest.Manifest {
	set := p.Set
	m := &manifest.Manifest{Package: cfg.Package, Codecs: p.Codecs.String(), Uses: cfg.Uses, Flags: cfg.Flags,
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
		if rel, ok := cfg.SourcePaths[mod.File]; ok {
			if m.SourcePaths == nil {
				m.SourcePaths = map[string]string{}
			}
			m.SourcePaths[file] = rel
		}
	}
	for name, data := range cfg.Extra {
		m.Sources[name] = data
	}
	for _, gt := range p.Emitted() {
		if gt.Key == "" {
			continue
		}
		m.Types[gt.Key] = gt.Name
		if gt.ChoiceType != "" && gt.ChoiceOwner == nil {
			m.Choices[gt.Key] = gt.ChoiceType
		}
	}
	for _, v := range p.Values {
		m.Values[plan.AssignmentKey(v.Assignment)] = v.Name
	}
	return m
}

// manifestFile is the name a module source has in the manifest: its base
// name, so that the manifest does not depend on where the generator ran.
func manifestFile(file string) string { return filepath.Base(file) }
