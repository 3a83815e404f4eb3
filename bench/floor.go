package bench

// Floor is the least work any full decoder must do: it reads every tag and
// length of b once and recurses into constructed values, doing nothing else
// (no DER checks beyond what it takes to find the elements, no indefinite
// lengths, no errors beyond ok). It returns the number of elements.
func Floor(b []byte) (n int, ok bool) {
	for len(b) > 0 {
		if len(b) < 2 {
			return n, false
		}
		c := b[0]
		i := 1
		if c&0x1f == 0x1f {
			for i < len(b) && b[i]&0x80 != 0 {
				i++
			}
			i++
		}
		if i >= len(b) {
			return n, false
		}
		l := int(b[i])
		i++
		if l >= 0x80 {
			k := l & 0x7f
			if k == 0 || k > 4 || len(b)-i < k {
				return n, false
			}
			l = 0
			for _, o := range b[i : i+k] {
				l = l<<8 | int(o)
			}
			i += k
		}
		if l > len(b)-i {
			return n, false
		}
		n++
		if c&0x20 != 0 {
			m, ok := Floor(b[i : i+l])
			n += m
			if !ok {
				return n, false
			}
		}
		b = b[i+l:]
	}
	return n, true
}
