package der

import (
	"bytes"
	"iter"
	"math/big"
	"strconv"
	"strings"
)

// OID is an OBJECT IDENTIFIER: its contents octets (X.690 8.19), a series of
// base-128 subidentifiers whose first combines the first two arcs. A decoded
// OID aliases the input; compare OIDs with Equal or as strings (string(o)
// is a fine map key). Arcs may be of any size.
type OID []byte

// RelativeOID is a RELATIVE-OID: its contents octets, one subidentifier per
// arc (X.690 8.20).
type RelativeOID []byte

// checkSubids checks a series of subidentifiers: at least one, each in the
// fewest octets (no leading 0x80 octet, a BER rule too), the last octet of
// each with bit 8 clear (X.690 8.19.2).
func checkSubids(b []byte, typ, rule string) error {
	if len(b) == 0 {
		return errValue(typ, "empty contents", rule)
	}
	if b[len(b)-1] >= 0x80 {
		return errValue(typ, "last subidentifier not terminated", rule)
	}
	if bytes.IndexByte(b, 0x80) < 0 {
		return nil // the common case: a leading 0x80 octet is an 0x80 octet
	}
	start := true
	for _, c := range b {
		if start && c == 0x80 {
			return errValue(typ, "subidentifier with a leading 0x80 octet", rule)
		}
		start = c < 0x80
	}
	return nil
}

// Equal reports whether o and p are the same OID.
func (o OID) Equal(p OID) bool { return bytes.Equal(o, p) }

// Equal reports whether o and p are the same RELATIVE-OID.
func (o RelativeOID) Equal(p RelativeOID) bool { return bytes.Equal(o, p) }

// String returns the dotted form, e.g. "1.2.840.113549"; "<invalid OID>"
// if o is not valid contents.
func (o OID) String() string { return string(o.AppendText(make([]byte, 0, 64))) }

// String returns the dotted form, e.g. "3.1"; "<invalid RELATIVE-OID>" if
// o is not valid contents.
func (o RelativeOID) String() string { return string(o.AppendText(make([]byte, 0, 64))) }

// AppendText appends the dotted form of o to dst. It allocates only when
// dst must grow, or for an arc beyond 64 bits (formatted with math/big).
func (o OID) AppendText(dst []byte) []byte { return appendArcs(dst, o, true) }

// AppendText appends the dotted form of o to dst (see OID.AppendText).
func (o RelativeOID) AppendText(dst []byte) []byte { return appendArcs(dst, o, false) }

// subid decodes the subidentifier at the start of b and returns its value
// (if fits), its length n and whether it fits in 64 bits.
func subid(b []byte) (v uint64, n int, fits bool) {
	fits = true
	for n < len(b) {
		c := b[n]
		n++
		if v>>57 != 0 {
			fits = false
		}
		v = v<<7 | uint64(c&0x7f)
		if c < 0x80 {
			break
		}
	}
	return v, n, fits
}

// bigSubid decodes a subidentifier of any size (the rare path).
func bigSubid(b []byte) *big.Int {
	z := new(big.Int)
	for _, c := range b {
		z.Lsh(z, 7)
		z.Or(z, big.NewInt(int64(c&0x7f)))
	}
	return z
}

// firstArcs splits the first subidentifier v into the first two arcs
// (X.690 8.19.4): 40*X + Y with X in 0..2 and Y < 40 unless X = 2.
func firstArcs(v uint64) (x, y uint64) {
	if v < 80 {
		return v / 40, v % 40
	}
	return 2, v - 80
}

// appendArcs appends the dotted form of valid contents b, or a mark of
// invalid contents.
func appendArcs(dst, b []byte, oid bool) []byte {
	if checkSubids(b, "", "") != nil {
		if oid {
			return append(dst, "<invalid OID>"...)
		}
		return append(dst, "<invalid RELATIVE-OID>"...)
	}
	for i := 0; len(b) > 0; i++ {
		v, n, fits := subid(b)
		if i > 0 {
			dst = append(dst, '.')
		}
		switch {
		case oid && i == 0 && fits:
			x, y := firstArcs(v)
			dst = strconv.AppendUint(dst, x, 10)
			dst = append(dst, '.')
			dst = strconv.AppendUint(dst, y, 10)
		case fits:
			dst = strconv.AppendUint(dst, v, 10)
		default:
			z := bigSubid(b[:n])
			if oid && i == 0 {
				dst = append(dst, "2."...)
				z.Sub(z, big.NewInt(80))
			}
			dst = z.Append(dst, 10)
		}
		b = b[n:]
	}
	return dst
}

// Arcs iterates over the arcs of o without allocating (o must be valid).
// The second value reports whether the arc fits in 64 bits; if not, the
// first is 0 and String formats the arc.
func (o OID) Arcs() iter.Seq2[uint64, bool] { return arcs(o, true) }

// Arcs iterates over the arcs of o (see OID.Arcs).
func (o RelativeOID) Arcs() iter.Seq2[uint64, bool] { return arcs(o, false) }

func arcs(b []byte, oid bool) iter.Seq2[uint64, bool] {
	return func(yield func(uint64, bool) bool) {
		for i := 0; len(b) > 0; i++ {
			v, n, fits := subid(b)
			if oid && i == 0 {
				x, y := firstArcs(v)
				if !fits {
					// Y = V - 80 may still fit when V is just above 2^64.
					x, y = 2, 0
					z := bigSubid(b[:n])
					if fits = z.Sub(z, big.NewInt(80)).IsUint64(); fits {
						y = z.Uint64()
					}
				}
				if !yield(x, true) {
					return
				}
				v = y
			} else if !fits {
				v = 0
			}
			if !yield(v, fits) {
				return
			}
			b = b[n:]
		}
	}
}

// ParseOIDString parses the dotted form of an OBJECT IDENTIFIER, e.g.
// "1.2.840.113549", with arcs of any size. It requires at least two arcs,
// a first arc of 0, 1 or 2 and a second below 40 when the first is 0 or 1
// (X.690 8.19.4), and decimal arcs without leading zeros.
func ParseOIDString(s string) (OID, error) {
	b, err := parseDotted(s, true)
	return OID(b), err
}

// ParseRelativeOIDString parses the dotted form of a RELATIVE-OID, e.g. "3.1".
func ParseRelativeOIDString(s string) (RelativeOID, error) {
	b, err := parseDotted(s, false)
	return RelativeOID(b), err
}

// OIDFromArcs returns the OID with the given arcs, checked as by
// ParseOIDString.
func OIDFromArcs(arcs ...uint64) (OID, error) {
	var text []byte
	for i, a := range arcs {
		if i > 0 {
			text = append(text, '.')
		}
		text = strconv.AppendUint(text, a, 10)
	}
	return ParseOIDString(string(text))
}

func parseDotted(s string, oid bool) ([]byte, error) {
	typ := "RELATIVE-OID"
	if oid {
		typ = "OBJECT IDENTIFIER"
	}
	var b []byte
	var first uint64 // first arc of an OID, kept until the second is read
	arcs := strings.Split(s, ".")
	for n, arc := range arcs {
		if arc == "" || skipDigits(arc, 0) < len(arc) || len(arc) > 1 && arc[0] == '0' {
			return nil, errValue(typ, "not a dotted list of decimal arcs: "+strconv.Quote(s), "")
		}
		// Arcs have any size: the few that exceed a machine word are rare,
		// and a dotted form is parsed once, not per decode.
		z, _ := new(big.Int).SetString(arc, 10)
		switch {
		case oid && n == 0:
			if !z.IsUint64() || z.Uint64() > 2 {
				return nil, errValue(typ, "first arc not 0, 1 or 2", "X.690 8.19.4")
			}
			first = z.Uint64()
			continue
		case oid && n == 1:
			if first < 2 && (!z.IsUint64() || z.Uint64() >= 40) {
				return nil, errValue(typ, "second arc not below 40", "X.690 8.19.4")
			}
			z.Add(z, new(big.Int).SetUint64(40*first)) // X.690 8.19.4
		}
		b = appendBigBase128(b, z)
	}
	if oid && len(arcs) < 2 {
		return nil, errValue(typ, "fewer than two arcs", "X.690 8.19.4")
	}
	return b, nil
}

// appendBase128 appends v as a subidentifier (X.690 8.19.2).
func appendBase128(dst []byte, v uint64) []byte {
	n := 1
	for w := v >> 7; w > 0; w >>= 7 {
		n++
	}
	for k := n - 1; k >= 0; k-- {
		c := byte(v>>(7*k)) & 0x7f
		if k > 0 {
			c |= 0x80
		}
		dst = append(dst, c)
	}
	return dst
}

// appendBigBase128 appends z (>= 0) as a subidentifier (X.690 8.19.2).
func appendBigBase128(dst []byte, z *big.Int) []byte {
	if z.IsUint64() {
		return appendBase128(dst, z.Uint64())
	}
	var d big.Int
	for k := (z.BitLen()+6)/7 - 1; k >= 0; k-- {
		c := byte(d.Rsh(z, uint(7*k)).Uint64() & 0x7f)
		if k > 0 {
			c |= 0x80
		}
		dst = append(dst, c)
	}
	return dst
}
