package asn1dump

import (
	"bufio"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/tree"
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
	return joinPath(parts)
}

// joinPath writes the path of the elements parts, outermost first.
func joinPath(parts []string) string {
	if len(parts) > maxPath {
		// deep nesting (a recursion bomb): the outermost and the innermost
		n := len(parts) - maxPath + 1
		parts = append(parts[:2:2], append([]string{"(" + strconv.Itoa(n) + " more)"}, parts[len(parts)-maxPath+3:]...)...)
	}
	return strings.Join(parts, " > ")
}

// DataEnd describes where data ends when it ends inside an element (a
// truncated file), from the trees tree.ParsePrefix reads of it: the
// message names the offset where the data ends and the element it cuts
// short, and path the elements that enclose the end, outermost first (as
// Path writes them). ok is false when data does not end inside an element:
// an element that runs past the end of the element holding it is an error
// of its own (tree.ParsePrefix marks it Truncated too), at its offset.
//
// The header of an element that ParsePrefix could not read is read again
// (ber as for the parse): when it does not read for another reason than
// the end of data, msg is that error.
func DataEnd(data []byte, nodes []tree.Node, ber bool) (msg, path string, ok bool) {
	end := len(data)
	var parts []string
	at := 0 // where the elements of the current level that were read end
	if len(nodes) > 0 {
		last := &nodes[len(nodes)-1]
		at = nodeEnd(last)
		if !last.Truncated {
			if at >= end {
				return "", "", false
			}
			last = nil
		}
		for n := last; n != nil; {
			where := n.Tag.String() + " at " + strconv.Itoa(n.Offset)
			cs := n.Offset + n.HeaderLen
			var next *tree.Node
			if len(n.Children) > 0 {
				if c := &n.Children[len(n.Children)-1]; c.Truncated {
					next = c
				}
			}
			if next == nil {
				at = cs
				if len(n.Children) > 0 {
					at = nodeEnd(&n.Children[len(n.Children)-1])
				}
				if !n.Constructed || at >= end {
					// the data ends in the contents of n
					parts = append(parts, where)
					if n.Indefinite {
						return fmt.Sprintf("the data ends at offset %d, before the end-of-contents octets of %s (indefinite length) (X.690 8.1.5)", end, where), joinPath(parts), true
					}
					return fmt.Sprintf("the data ends at offset %d, inside the contents of %s: %d octets announced, %d present (X.690 8.1.3)", end, where, n.Length, end-cs), joinPath(parts), true
				}
			}
			parts = append(parts, where)
			n = next
		}
	}
	// the data ends inside the header of the element at 'at', unless
	// that header is wrong before it ends
	switch _, err := der.ParseHeader(data[min(at, end):], at, ber); {
	case err == nil:
		// a whole header: what stopped the parse is not the end
		return "", "", false
	case !errors.Is(err, der.ErrTruncated):
		return err.Error(), joinPath(parts), true
	}
	return fmt.Sprintf("the data ends at offset %d, inside the identifier and length octets of the element at offset %d (X.690 8.1.2, 8.1.3)", end, at), joinPath(parts), true
}

// nodeEnd is the offset after the element n as its header announces it.
func nodeEnd(n *tree.Node) int {
	end := n.Offset + n.HeaderLen + n.Length
	if n.Indefinite && !n.Truncated {
		end += 2
	}
	return end
}

// maxPath caps the elements Path names.
const maxPath = 8
