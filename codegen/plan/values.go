package plan

import (
	"math"
	"strings"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// OneLine joins the lines and spaces of ASN.1 source text into one line.
func OneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// emittableValue reports whether a value assignment becomes a Go constant or variable.
func emittableValue(a *model.Assignment) bool {
	switch a.Value.Kind {
	case model.ValueOID, model.ValueRelativeOID, model.ValueBoolean, model.ValueString:
		return a.Value.Kind != model.ValueOID || len(a.Value.OID) >= 2
	case model.ValueInteger:
		return a.Value.Big == nil && a.Value.Int != math.MinInt64
	}
	return false
}

// OIDContents returns the DER contents octets of an OID (X.690 8.19),
// computed by the runtime at generation time.
func OIDContents(o model.OID) string {
	v, err := der.OIDFromArcs(o...)
	if err != nil {
		return ""
	}
	return string(v)
}

// RelOIDContents returns the DER contents octets of a RELATIVE-OID (X.690 8.20).
func RelOIDContents(o model.OID) string {
	var b []byte
	for _, a := range o {
		var tmp [10]byte
		n := 0
		for {
			tmp[n] = byte(a & 0x7f)
			n++
			a >>= 7
			if a == 0 {
				break
			}
		}
		for i := n - 1; i >= 0; i-- {
			c := tmp[i]
			if i > 0 {
				c |= 0x80
			}
			b = append(b, c)
		}
	}
	return string(b)
}
