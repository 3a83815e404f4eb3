// Package gotypes emits the Go types of a plan: for every Go type its
// declaration with the ASN.1 production as doc comment, the constants of
// its named numbers, items, bits and alternatives with their String
// methods, the discriminants of the information object classes of its
// open types, and the package's values (OIDs, numbers, strings). It emits
// no codec: each encoding is an emitter of its own.
package gotypes

import (
	"github.com/asn1gen/asn1gen/codegen/plan"
)

// Emitter writes the Go types of P.
type Emitter struct {
	P *plan.Plan
}
