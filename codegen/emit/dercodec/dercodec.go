// Package dercodec emits the DER and BER codecs of the types of a plan:
// for every Go type
//
//	func (v *T) DecodeASN1(r *der.Reader, t der.Tag) error
//	func (v *T) EncodeASN1(b *der.Builder, t der.Tag)
//
// which read and write v with tag t (the zero tag: its own, v being the
// whole input), and on named types, instances and structures written in
// place the entry points UnmarshalDER and MarshalDER (der.Unmarshal and
// der.Marshal take options: BER, limits, tolerated DER defects). An open
// type's union decodes and encodes by its key (decode, encode). The
// statements are those of package derstmt, which views and streams share.
package dercodec

import (
	"github.com/asn1gen/asn1gen/codegen/emit/derstmt"
	"github.com/asn1gen/asn1gen/codegen/plan"
)

// Emitter writes the DER codecs of the types of P.
type Emitter struct {
	derstmt.Stmts
	P *plan.Plan
}

// New returns the Emitter of the DER codecs of the types of p, which reads
// the common components in one line each (derstmt's Sticky).
func New(p *plan.Plan) *Emitter {
	e := &Emitter{P: p}
	e.Sticky = true
	return e
}
