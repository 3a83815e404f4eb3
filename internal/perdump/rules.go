package perdump

import (
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/asn1gen/asn1gen/internal/schemadump"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/per"
)

// Where the modules say only in prose what an OCTET STRING holds (NR
// RRC's ue-CapabilityRAT-Container holds a UE-NR-Capability when its
// rat-Type is nr), a schemadump.Rule says it (`asn1gen dump -contains`):
// the octets are then the complete encoding of a value of the rule's
// type, in the variant of the whole (X.691 11.1), read as a contained
// value is.

// rule is a Rule with the type it says the octets hold, planned.
type rule struct {
	schemadump.Rule
	holds *plan.Type
}

// mark is where the walk is, for the rules: the lengths of the path and
// of the named types being read.
type mark struct{ path, named int }

// namedAt is a type reference being read, a rule's Within, and the length
// of the path when its value started.
type namedAt struct {
	a  *model.Assignment
	at int
}

// enter notes that the walk reads the component (alternative, element)
// name of the type t, when rules apply, and returns the mark to leave.
func (w *walker) enter(name string, t *model.Type) mark {
	m := mark{len(w.path), len(w.refs)}
	if len(w.s.rules) == 0 {
		return m
	}
	if name != "" {
		w.path = append(w.path, name)
	}
	for i := 0; t != nil && t.Ref != nil && i < 100; i++ {
		w.refs = append(w.refs, namedAt{t.Ref, len(w.path)})
		if t.Ref.Instance != nil {
			w.refs = append(w.refs, namedAt{t.Ref.Instance, len(w.path)})
		}
		t = t.Ref.Type
	}
	return m
}

// enterRoot notes that the walk reads a value of t, the type dumped, when
// rules apply: its assignments are where their paths may start.
func (w *walker) enterRoot(t *plan.Type) {
	if len(w.s.rules) == 0 {
		return
	}
	for a, gt := range w.s.plan.ByAsg {
		if gt == t {
			w.refs = append(w.refs, namedAt{a, 0})
		}
	}
	w.enter("", t.Top)
}

// leave undoes an enter.
func (w *walker) leave(m mark) {
	if len(w.s.rules) > 0 {
		w.path, w.refs = w.path[:m.path], w.refs[:m.named]
	}
}

// ruleAt returns the rule for the place being read, or nil.
func (w *walker) ruleAt() *rule {
	for i := range w.s.rules {
		r := &w.s.rules[i]
		for j := len(w.refs) - 1; j >= 0; j-- {
			if nm := w.refs[j]; nm.a == r.Within && r.Match(w.path[min(nm.at, len(w.path)):]) {
				return r
			}
		}
	}
	return nil
}

// ruled reads the octets b of an OCTET STRING just read, which a rule
// says hold a value of its type, into a new child of n.
func (w *walker) ruled(r *per.Reader, ru *rule, b []byte, n *Node) error {
	if len(b) == 0 || len(b) >= per.Fragment {
		return nil // no encoding, or in fragments: the octets only
	}
	at := r.Offset() - 8*len(b)
	n.Value, n.Note = "", "containing, by "+ru.Source // the octets are the lines below
	c, err := w.node(r, n, "")
	if err != nil {
		return err
	}
	c.Offset, c.Type, c.Kind = at, ru.holds.ASN1, schemadump.KindName(ru.holds.Body)
	if err := r.Enter(ru.holds.ASN1); err != nil {
		return err
	}
	sub := r.Field(b, at)
	if err := w.named(&sub, ru.holds, c); err != nil {
		return err
	}
	r.Leave()
	if err := r.EndField(&sub); err != nil {
		return der.WithField(err, ru.holds.ASN1)
	}
	return nil
}
