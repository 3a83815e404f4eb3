package schemadump

import (
	"fmt"
	"sort"
	"strings"

	"github.com/asn1gen/asn1gen/codegen/model"
)

// Schema is a checked module set ready to decode with: its types, and the
// names its modules give to OBJECT IDENTIFIER values, which the dump shows
// beside the dotted form. It is read only and may decode many inputs.
type Schema struct {
	set *model.Set
	// oidNames maps a dotted OID to the first value assignment that
	// defines it, in load order (so the modules of -use packages, loaded
	// first, name the common OIDs).
	oidNames map[string]string
	// known are the KnownRules.
	known []Rule
}

// New prepares set for decoding. The set should have no errors
// (set.Diags.Errors() == 0): a type with errors decodes as far as its
// model goes, and what the model lacks is shown raw.
func New(set *model.Set) *Schema {
	s := &Schema{set: set, oidNames: map[string]string{}}
	for _, m := range set.Modules {
		for _, a := range m.Assignments {
			if a.Kind != model.KindValue || a.Value == nil || a.Value.Kind != model.ValueOID || len(a.Params) > 0 {
				continue
			}
			k := a.Value.OID.String()
			if _, ok := s.oidNames[k]; !ok {
				s.oidNames[k] = a.Name
			}
		}
	}
	// Then the objects identified by an OID (certBag, x509Certificate,
	// the PKCS #9 attributes), for OIDs no value assignment names.
	for _, m := range set.Modules {
		for _, a := range m.Assignments {
			if a.Kind != model.KindObject || a.Object == nil || len(a.Params) > 0 {
				continue
			}
			if v := objectID(a.Object); v != nil {
				if k := v.OID.String(); s.oidNames[k] == "" {
					s.oidNames[k] = a.Name
				}
			}
		}
	}
	s.known = s.KnownRules()
	return s
}

// OIDName returns the name the schema's modules give to the dotted OID
// oid, or "".
func (s *Schema) OIDName(oid string) string { return s.oidNames[oid] }

// Type finds the type assignment name: "Module.Type", or "Type" when one
// module of the set defines it. Parameterized types are refused: they are
// templates, decoded only through the instances that other types use.
func (s *Schema) Type(name string) (*model.Assignment, error) {
	modName, typeName := "", name
	if i := strings.LastIndex(name, "."); i >= 0 {
		modName, typeName = name[:i], name[i+1:]
	}
	if typeName == "" {
		return nil, fmt.Errorf("-type %q: not Module.Type or Type", name)
	}
	var found []*model.Assignment
	if modName != "" {
		m := s.set.Module(modName)
		if m == nil {
			return nil, fmt.Errorf("-type %s: no module %s in the schema (modules: %s)", name, modName, s.moduleList())
		}
		if a := m.Lookup(typeName); a != nil {
			found = append(found, a)
		}
	} else {
		for _, m := range s.set.Modules {
			if a := m.Lookup(typeName); a != nil && a.Module == m {
				found = append(found, a)
			}
		}
	}
	switch {
	case len(found) == 0 && modName != "":
		return nil, fmt.Errorf("-type %s: module %s defines no %s", name, modName, typeName)
	case len(found) == 0:
		return nil, fmt.Errorf("-type %s: no module of the schema defines %s", name, typeName)
	case len(found) > 1:
		var qs []string
		for _, a := range found {
			qs = append(qs, a.QualifiedName())
		}
		return nil, fmt.Errorf("-type %s: defined by several modules (%s): name one as Module.Type", name, strings.Join(qs, ", "))
	}
	a := found[0]
	if a.Kind != model.KindType {
		return nil, fmt.Errorf("-type %s: %s is a %s, not a type", name, a.QualifiedName(), a.Kind)
	}
	if len(a.Params) > 0 {
		return nil, fmt.Errorf("-type %s: %s is parameterized; name a type that instantiates it", name, a.QualifiedName())
	}
	if a.Type == nil {
		return nil, fmt.Errorf("-type %s: %s has no type (errors in its module?)", name, a.QualifiedName())
	}
	return a, nil
}

func (s *Schema) moduleList() string {
	var names []string
	for _, m := range s.set.Modules {
		names = append(names, m.Name)
	}
	sort.Strings(names)
	if len(names) > 12 {
		names = append(names[:12], fmt.Sprintf("and %d more", len(names)-12))
	}
	return strings.Join(names, ", ")
}

// objectID returns the OBJECT IDENTIFIER that identifies o: its &id field,
// or its only OID-valued field; nil if none.
func objectID(o *model.Object) *model.Value {
	if v := o.Values["&id"]; v != nil && v.Kind == model.ValueOID {
		return v
	}
	var found *model.Value
	for _, v := range o.Values {
		if v != nil && v.Kind == model.ValueOID {
			if found != nil {
				return nil
			}
			found = v
		}
	}
	return found
}
