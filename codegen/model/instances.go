package model

// Instances returns the instances of parameterized types and value sets
// that the modules use with actual parameters (SIGNED{TBSCertificate},
// Extensions{{CertExtensions}}), in a stable order (by instance key).
// Instances written inside templates, whose actuals are still dummies, are
// left out: code generation emits only concrete types.
func (s *Set) Instances() []*Assignment {
	var out []*Assignment
	for _, a := range s.AllInstances() {
		if (a.Kind == KindType || a.Kind == KindValueSet) && a.Type != nil {
			out = append(out, a)
		}
	}
	return out
}

// AllInstances returns the instances of every kind of parameterized
// assignment (X.683 9: types, value sets, values, classes, objects and
// object sets) that the modules use with actual parameters, in the order
// of Instances. A value instance has its Value, an object instance its
// Object and an object set instance its ObjectSet evaluated; the template
// is Assignment.Instance.
func (s *Set) AllInstances() []*Assignment {
	var out []*Assignment
	for _, k := range sortedKeys(s.insts) {
		if a := s.insts[k]; !a.abstract {
			out = append(out, a)
		}
	}
	return out
}
