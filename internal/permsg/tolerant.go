package permsg

import (
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/per"
)

// Dev is what the tests check of a der.Deviation of a PER decode.
type Dev struct {
	Kind      der.Kind
	Offset    int // in bits
	Path      string
	Tolerance der.Tolerance
}

// DecodeTolerant decodes b as a T in the tolerant mode (per.Tolerant) and
// returns the value and its deviations.
func DecodeTolerant[T any, P interface {
	*T
	per.Value
}](b []byte, aligned bool) (*T, []Dev, error) {
	var devs []der.Deviation
	v := P(new(T))
	if err := per.Unmarshal(b, v, aligned, per.Tolerant(&devs)); err != nil {
		return nil, nil, err
	}
	var out []Dev
	for _, d := range devs {
		if !d.Bits {
			d.Offset = -1 // not in bits: no offset a test could want
		}
		out = append(out, Dev{d.Kind, d.Offset, d.Path, d.Tolerance})
	}
	return (*T)(v), out, nil
}
