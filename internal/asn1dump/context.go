package asn1dump

import (
	"bufio"
	"encoding/hex"
	"io"
	"strconv"
	"strings"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// Context writes the octets of data around offset off as a hex excerpt with
// the octet at off marked, so that an error message can show where it is:
//
//	00000000: 30 82 03 d6 30 82 02 be a0 03 02 01 02 02 08 6b
//	00000010: bf 04 51 0e 59 c9 5b 30 0d 06 09 2a 86 48 86 f7
//	                               ^^
//	00000020: 01 01 0b 05 00 30 49 31 0b 30 09 06 03 55 04 06
//
// An offset at the end of data (an element cut short) marks the position
// after the last octet. Nothing is written for an offset outside data.
func Context(w io.Writer, data []byte, off int) error {
	if off < 0 || off > len(data) {
		return nil
	}
	bw := bufio.NewWriter(w)
	row := off &^ 15
	first := max(row-16, 0)
	last := min(row+32, len(data)) // rows [first, last): before, at and after off
	if first == last {
		// empty input, offset 0
		bw.WriteString("  (empty input)\n")
		return bw.Flush()
	}
	for r := first; r < last; r += 16 {
		var b []byte
		b = append(b, "  "...)
		h := strconv.FormatInt(int64(r), 16)
		for i := len(h); i < 8; i++ {
			b = append(b, '0')
		}
		b = append(b, h...)
		b = append(b, ':')
		for i := r; i < r+16 && i < len(data); i++ {
			b = hex.AppendEncode(append(b, ' '), data[i:i+1])
		}
		if r == row {
			b = append(b, '\n')
			for range 2 + 8 + 1 + 3*(off-r) {
				b = append(b, ' ')
			}
			b = append(b, " ^^"...)
			if off == len(data) {
				b = append(b, " (end of input)"...)
			}
		}
		b = append(b, '\n')
		bw.Write(b)
	}
	if row >= last {
		// off == len(data) at the start of a row: mark after the last row
		var b []byte
		for range 2 + 8 + 1 + 3*16 {
			b = append(b, ' ')
		}
		b = append(b, " ^^ (end of input)\n"...)
		bw.Write(b)
	}
	return bw.Flush()
}

// Path names the elements of data that enclose offset off, outermost first,
// as far as their headers can be read (BER is accepted, so that the path
// of a malformed input shows how far it made sense):
//
//	SEQUENCE at 0 > SEQUENCE at 4 > [3] at 513
//
// It is empty when off lies in no element or in the first header.
func Path(data []byte, off int) string {
	var parts []string
	// each element is read at most once (skipped), its header once more
	r := der.NewReader(data, &der.Options{BER: true, MaxElements: len(data) + 2})
	for !r.Empty() {
		h, err := der.ParseHeader(data[r.Offset():], r.Offset(), true)
		if err != nil || h.Offset > off || h.Length > len(data)-h.Offset-h.HeaderLen {
			break
		}
		if h.Length >= 0 && off >= h.Offset+h.HeaderLen+h.Length {
			if r.Skip() != nil {
				break
			}
			continue
		}
		if h.Length < 0 {
			// indefinite: off is beyond it if the whole element reads
			// and ends before off
			next := r
			if next.Skip() == nil && next.Offset() <= off {
				r = next
				continue
			}
		}
		if off < h.Offset+h.HeaderLen {
			break // off is in this header: the error is about this element
		}
		parts = append(parts, h.Tag.String()+" at "+strconv.Itoa(h.Offset))
		if !h.Constructed {
			break
		}
		cs := h.Offset + h.HeaderLen
		r = r.Open(data[cs:], cs) // at the contents: the children come next
	}
	if len(parts) > maxPath {
		// deep nesting (a recursion bomb): the outermost and the innermost
		n := len(parts) - maxPath + 1
		parts = append(parts[:2:2], append([]string{"(" + strconv.Itoa(n) + " more)"}, parts[len(parts)-maxPath+3:]...)...)
	}
	return strings.Join(parts, " > ")
}

// maxPath caps the elements Path names.
const maxPath = 8
