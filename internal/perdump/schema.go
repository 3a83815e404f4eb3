package perdump

import (
	"sync"

	"github.com/asn1gen/asn1gen/codegen/manifest"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/asn1gen/asn1gen/internal/schemadump"
	"github.com/asn1gen/asn1gen/runtime/per"
)

// Schema is the plan of a module set's types, as the generator makes it
// (codegen/plan), for walking their PER encodings.
type Schema struct {
	plan *plan.Plan
	mu   sync.Mutex
	// alphabets are the effective PermittedAlphabets met, by characters.
	alphabets map[string]*per.Alphabet
	// rules say what OCTET STRINGs hold where the modules say it in prose.
	rules []rule
}

// Load plans the type typ ("Module.Type" or "Type") of set, and what it
// uses, as asn1gen gen -roots typ would: the same plan generated PER
// codecs are made from. rules say what OCTET STRINGs hold where the
// modules say it only in prose (their types are planned too). used are
// the manifests of the packages the set's modules come from (nil for
// none).
func Load(set *model.Set, typ string, rules []schemadump.Rule, used []*manifest.Manifest) (*Schema, *plan.Type, error) {
	s, roots, err := load(set, []string{typ}, rules, used)
	if err != nil {
		return nil, nil, err
	}
	return s, roots[0], nil
}

// load is Load of several types in one plan, which costs little more than
// one: the types of a protocol's messages share most of what they use.
func load(set *model.Set, types []string, rules []schemadump.Rule, used []*manifest.Manifest) (*Schema, []*plan.Type, error) {
	roots := types
	for _, r := range rules {
		roots = append(roots[:len(roots):len(roots)], r.Holds.QualifiedName())
	}
	p, err := plan.New(set, roots, used)
	if err != nil {
		return nil, nil, err
	}
	s := &Schema{plan: p, alphabets: map[string]*per.Alphabet{}}
	for i, r := range rules {
		s.rules = append(s.rules, rule{Rule: r, holds: p.Roots[len(types)+i]})
	}
	return s, p.Roots[:len(types)], nil
}

// typeKey is "Module.Type" of t.
func (s *Schema) typeKey(t *plan.Type) string {
	if t.Key != "" {
		return t.Key
	}
	return t.ASN1
}

// alphabet returns the runtime alphabet of a known-multiplier string.
func (s *Schema) alphabet(b plan.PERBounds) *per.Alphabet {
	if b.Alphabet == "" {
		switch b.KnownAlphabet {
		case "IA5":
			return per.IA5
		case "Printable":
			return per.Printable
		case "Visible":
			return per.Visible
		case "Numeric":
			return per.Numeric
		case "BMP":
			return per.BMP
		}
		return per.Universal
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.alphabets[b.Alphabet]
	if a == nil {
		a = per.NewAlphabet(plan.AlphabetRanges(b.Alphabet)...)
		s.alphabets[b.Alphabet] = a
	}
	return a
}
