package gen

import (
	"fmt"
	"strings"

	"github.com/asn1gen/asn1gen/codegen/emit/oercodec"
	"github.com/asn1gen/asn1gen/codegen/plan"
)

// derContained returns the types of p whose DER codecs a package of OER
// or JER codecs without DER's needs: those an OCTET STRING (CONTAINING T
// ENCODED BY der or BER) holds, whose contents the OER and JER codecs
// read and write with T's DER codecs; the unions of the open types such
// strings hold when a row has a type, whose DER methods read and write
// the row's value; and the types their DER codecs use in turn
// (components, elements, base types, open types and their rows). Nothing
// else gets a DER codec. A type of a used package (-use) reached so must
// carry DER (its manifest's codecs line); codec ("oer" or "jer") names
// the codecs in the error.
func derContained(p *plan.Plan, codec string) (map[*plan.Type]bool, error) {
	unions := map[*plan.Union]*plan.Type{}
	for _, gt := range p.Types {
		if gt.Union != nil {
			unions[gt.Union] = gt
		}
	}
	need := map[*plan.Type]bool{}
	var visit func(gt *plan.Type) error
	visitField := func(f *plan.Field) error {
		if f == nil {
			return nil
		}
		if f.Union != nil {
			if err := visit(unions[f.Union]); err != nil {
				return err
			}
		}
		return visit(f.Named)
	}
	visit = func(gt *plan.Type) error {
		if gt == nil || need[gt] {
			return nil
		}
		if gt.Pkg != "" {
			if c, ok := p.UsedCodecs(gt.Pkg); !ok || !c.DER {
				return fmt.Errorf("asn1gen: -codecs %s: %s, whose DER the %s codecs read and write (CONTAINING ... ENCODED BY der), is a type of %s (-use), which carries no DER codecs (its manifest's codecs line)", codec, gt.ASN1, strings.ToUpper(codec), gt.Pkg)
			}
			return nil
		}
		need[gt] = true
		for _, t := range []*plan.Type{gt.Alias, gt.Base} {
			if err := visit(t); err != nil {
				return err
			}
		}
		for _, f := range append(append([]*plan.Field(nil), gt.Fields...), gt.Elem) {
			if err := visitField(f); err != nil {
				return err
			}
		}
		if gt.Union != nil {
			for _, ue := range gt.Union.Rows {
				if err := visitField(ue.Field); err != nil {
					return err
				}
			}
		}
		return nil
	}
	for _, gt := range p.Types {
		fields := gt.Fields
		if gt.Elem != nil {
			fields = append(fields[:len(fields):len(fields)], gt.Elem)
		}
		if gt.Union != nil {
			for _, ue := range gt.Union.Rows {
				fields = append(fields[:len(fields):len(fields)], ue.Field)
			}
		}
		for _, f := range fields {
			var err error
			switch {
			case f == nil || oercodec.EncodedBy(f) == "":
			case f.Octets:
				err = visit(f.Named)
			case f.Union != nil && f.Containing && typedRows(f.Union):
				// The union's DER methods read and write its rows.
				err = visit(unions[f.Union])
			}
			if err != nil {
				return nil, err
			}
		}
	}
	return need, nil
}

// typedRows reports whether a row of u has a type.
func typedRows(u *plan.Union) bool {
	for _, ue := range u.Rows {
		if ue.Field != nil {
			return true
		}
	}
	return false
}
