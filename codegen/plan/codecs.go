package plan

import (
	"fmt"
	"strings"
)

// Codecs are the encodings a package is generated for: a package carries
// the methods, entry points and helpers of those and of no other.
type Codecs struct {
	// DER: DER and BER (X.690), DecodeASN1, EncodeASN1, UnmarshalDER and
	// MarshalDER; views and streams need it.
	DER bool
	// APER and UPER: the ALIGNED and UNALIGNED variants of PER (X.691),
	// DecodePER and EncodePER with UnmarshalAPER and MarshalAPER, or
	// UnmarshalUPER and MarshalUPER.
	APER, UPER bool
	// OER: BASIC-OER and CANONICAL-OER (X.696), DecodeOER and EncodeOER
	// with UnmarshalOER and MarshalOER.
	OER bool
	// JER: the JSON Encoding Rules (X.697), DecodeJER and EncodeJER with
	// UnmarshalJSON and MarshalJSON.
	JER bool
}

// DefaultCodecs is what a package carries when the command line names
// none: DER and BER.
var DefaultCodecs = Codecs{DER: true}

// PER reports whether either variant of PER is on.
func (c Codecs) PER() bool { return c.APER || c.UPER }

// ParseCodecs reads a comma-separated list of codecs: der (also ber, which
// is the same codec's decoding option), aper, uper, per for both PER
// variants, oer (BASIC-OER and CANONICAL-OER, one codec) and jer (JSON).
func ParseCodecs(s string) (Codecs, error) {
	var c Codecs
	for _, name := range strings.Split(s, ",") {
		switch strings.ToLower(strings.TrimSpace(name)) {
		case "der", "ber":
			c.DER = true
		case "aper":
			c.APER = true
		case "uper":
			c.UPER = true
		case "per":
			c.APER, c.UPER = true, true
		case "oer":
			c.OER = true
		case "jer":
			c.JER = true
		case "":
		default:
			return Codecs{}, fmt.Errorf("asn1gen: unknown codec %q (want der, aper, uper, per, oer or jer)", name)
		}
	}
	if c == (Codecs{}) {
		return Codecs{}, fmt.Errorf("asn1gen: no codec in %q", s)
	}
	return c, nil
}

// String lists the codecs as ParseCodecs reads them: "der,aper,uper,oer,jer".
func (c Codecs) String() string {
	var out []string
	if c.DER {
		out = append(out, "der")
	}
	if c.APER {
		out = append(out, "aper")
	}
	if c.UPER {
		out = append(out, "uper")
	}
	if c.OER {
		out = append(out, "oer")
	}
	if c.JER {
		out = append(out, "jer")
	}
	return strings.Join(out, ",")
}
