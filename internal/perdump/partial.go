package perdump

import (
	"errors"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/per"
)

// Data that end inside an open type field (a truncated message: the
// field's length announces more octets than the input has) stop a
// generated decoder at the field. The dump reads what the input has of
// the field as far as it goes, so that the tree shows the value up to
// where the data end; the error stays the decoder's, at the field.

// partial reads what the input has of the open type field whose length
// determinant r (a copy from before the field) is at, when reading the
// field failed with err because the input ends inside it: read walks raw,
// the octets present at bit at of the input, into n (r is then past
// them); what names the field in n's note. The error met inside (where the data end) marks the element it
// is in, "!! data end".
func (w *walker) partial(r per.Reader, err error, n *Node, what string, read func(r *per.Reader, raw []byte, at int) error) {
	if !errors.Is(err, der.ErrTruncated) {
		return
	}
	count, more, lerr := r.ReadLength(0, -1)
	avail := r.Left() / 8
	if lerr != nil || more || avail >= count || avail >= 1<<16 || avail == 0 {
		return
	}
	b, lerr := r.ReadOctetString(per.Size{Lb: avail, Ub: avail})
	if lerr != nil {
		return
	}
	at := r.Offset() - 8*avail
	n.Note, n.cut = "the input ends inside "+what+": what it has of it", true
	ierr := read(&r, b, at)
	var e *der.Error
	if ierr == nil || !errors.As(ierr, &e) {
		return
	}
	inner := innermost(n, e.Offset)
	if inner.Error == "" {
		inner.Error = "data end: " + e.Msg
	}
}

// innermost is the last element under n that starts at or before off.
func innermost(n *Node, off int) *Node {
	for len(n.Children) > 0 && n.Children[len(n.Children)-1].Offset <= off {
		n = n.Children[len(n.Children)-1]
	}
	return n
}
