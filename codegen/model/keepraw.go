package model

import (
	"strings"

	"github.com/asn1gen/asn1gen/parser"
)

// markKeepRaw sets Assignment.KeepRaw and Component.KeepRaw: the types
// whose received encoding a decoder keeps, because a signature or MAC is
// computed over it and re-encoding may differ (BER input, unknown
// extensions, non-canonical values).
//
// The rule is structural. In a SEQUENCE that has an algorithm identifier
// component (a SEQUENCE whose first component is an OBJECT IDENTIFIER)
// followed by a BIT STRING or OCTET STRING component (the signature or
// MAC value):
//
//   - the first component, when it is a SEQUENCE or SET, is the signed
//     data: SIGNED{ToBeSigned} of RFC 5912 (its ToBeSigned argument),
//     TBSCertificate, TBSCertList, CertificationRequestInfo, the
//     tbsResponseData of OCSP;
//   - a SET OF component before the signature, re-tagged with a context
//     tag, is signed as a SET
//     (RFC 5652 5.4: the SignedAttributes are DER encoded with the SET OF
//     tag for the signature): SignerInfo.signedAttrs,
//     AuthenticatedData.authAttrs.
//
// Signed data the rule does not see (OCSP's TBSRequest, whose signature
// is in a separate optional type) is named with Options.KeepRaw, which adds
// types by name; Options.NoDeriveKeepRaw turns the
// rule off.
func (s *checker) markKeepRaw() {
	if !s.opts.NoDeriveKeepRaw {
		for _, m := range s.Modules {
			for _, a := range m.Assignments {
				if len(a.Params) == 0 {
					s.deriveKeepRaw(a.Type, 0)
				}
			}
		}
		for _, k := range sortedKeys(s.insts) {
			if a := s.insts[k]; !a.abstract {
				s.deriveKeepRaw(a.Type, 0)
			}
		}
	}
	for _, name := range s.opts.KeepRaw {
		found := false
		for _, m := range s.Modules {
			mod, typ := "", name
			if i := strings.LastIndex(name, "."); i >= 0 {
				mod, typ = name[:i], name[i+1:]
			}
			if mod != "" && mod != m.Name {
				continue
			}
			if a := m.Lookup(typ); a != nil && (a.Kind == KindType || a.Kind == KindValueSet) {
				a.KeepRaw, found = true, true
			}
		}
		if !found {
			s.errorf(firstPos(s), "keep-raw: no type %s", name)
		}
	}
}

func firstPos(s *checker) (p parser.Pos) {
	if len(s.Modules) > 0 {
		return s.Modules[0].AST.Identifier.Pos
	}
	return p
}

// deriveKeepRaw applies the rule of markKeepRaw to t and the types written
// inside it.
func (s *checker) deriveKeepRaw(t *Type, depth int) {
	if t == nil || t.Ref != nil || depth > 50 {
		return
	}
	for _, c := range t.Components {
		s.deriveKeepRaw(c.Type, depth+1)
	}
	s.deriveKeepRaw(t.Elem, depth+1)
	if t.Kind != TypeSequence {
		return
	}
	alg, sig := -1, -1
	for i, c := range t.Components {
		u := s.underlying(c.Type)
		if u == nil {
			continue
		}
		switch {
		case alg < 0 && u.Kind == TypeSequence && len(u.Components) > 0 && s.kind(u.Components[0].Type) == TypeObjectIdentifier:
			alg = i
		case alg >= 0 && sig < 0 && (u.Kind == TypeBitString || u.Kind == TypeOctetString) && !c.Optional:
			sig = i
		}
	}
	if alg < 0 || sig < 0 {
		return
	}
	for i, c := range t.Components {
		k := s.kind(c.Type)
		signed := i == 0 && i < alg && (k == TypeSequence || k == TypeSet)
		if k == TypeSetOf && i < sig && len(c.Type.Tags) > 0 && c.Type.Tags[0].Class == ClassContext {
			signed = true
		}
		if !signed {
			continue
		}
		c.KeepRaw = true
		if c.Type.Ref != nil {
			c.Type.Ref.KeepRaw = true
		}
	}
}
