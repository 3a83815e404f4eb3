package asn1dump

// AppendValue appends the value of the primitive element e as Text prints
// it after the tag (a space first, then the value, shortened unless full),
// so that other printers (the schema-aware dump of internal/schemadump)
// show values exactly as the plain dump does. With full, a binary value too
// long for one line is returned as wrap, for continuation lines of hex.
// Nothing is appended for constructed elements and NULL.
func AppendValue(b []byte, e *Element, full bool) (_ []byte, wrap []byte) {
	if e.Constructed {
		return b, nil
	}
	t := textWriter{opts: &Options{Full: full}}
	return t.value(b, e)
}

// WrapBytes is the number of octets per continuation line of hex that
// Text prints for long binary values with Options.Full.
const WrapBytes = wrapBytes
