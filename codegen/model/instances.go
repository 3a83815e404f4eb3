package model

// Instances returns the instances of parameterized types and value sets
// that the modules use with actual parameters (SIGNED{TBSCertificate},
// Extensions{{CertExtensions}}), in a stable order (by instance key).
// Instances written inside templates, whose actuals are still dummies, are
// left out: code generation emits only concrete types.
func (s *Set) Instances() []*Assignment {
	var out []*Assignment
	for _, k := range sortedKeys(s.insts) {
		if a := s.insts[k]; !a.abstract && a.Type != nil {
			out = append(out, a)
		}
	}
	return out
}
