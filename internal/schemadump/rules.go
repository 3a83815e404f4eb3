package schemadump

import (
	"fmt"
	"strings"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// Rule says that the octets of an OCTET STRING at one place of a type hold
// the encoding of a value of another type, where the modules say so only in
// prose: the data of a PKCS #12 file's authSafe are an AuthenticatedSafe
// (RFC 7292 4.1), yet CMS's ct-Data has no type at all. The place is an
// OCTET STRING of the schema, or an open type whose table row gives no type
// (ct-Data), whose value is an OCTET STRING.
type Rule struct {
	// Within is the type the place is in (wherever a value of it is read),
	// Path the components from it to the place: component and alternative
	// names, "[]" for the elements of a SEQUENCE OF or SET OF.
	Within *model.Assignment
	Path   []string
	// Holds is the type of the contents.
	Holds *model.Assignment
	// Source is shown beside the value read: "RFC 7292 4.1", "-contains".
	Source string
}

// knownRules are the rules of the specifications whose modules this
// repository carries, applied when the schema has their types.
var knownRules = []struct{ rule, source string }{
	// RFC 7292 4.1: the authSafe is of type data, and its content "contains
	// the BER encoding of a value of type AuthenticatedSafe" ...
	{"PKCS-12.PFX.authSafe.content=PKCS-12.AuthenticatedSafe", "RFC 7292 4.1"},
	// ... also when it is signed (public-key integrity mode): the content
	// of the SignedData
	{"PKCS-12.PFX.authSafe.content.encapContentInfo.eContent=PKCS-12.AuthenticatedSafe", "RFC 7292 4.1"},
	// ... whose unencrypted ContentInfos (type data) hold a SafeContents
	// (password- and public-key-encrypted ones hold it encrypted).
	{"PKCS-12.AuthenticatedSafe[].content=PKCS-12.SafeContents", "RFC 7292 4.1"},
}

// KnownRules returns the rules the dump applies by itself to the types of
// the schema (those of RFC 7292, when its modules are loaded).
func (s *Schema) KnownRules() []Rule {
	var out []Rule
	for _, k := range knownRules {
		if r, err := s.ParseRule(k.rule, k.source); err == nil {
			out = append(out, r)
		}
	}
	return out
}

// ParseRule reads a rule written "Type.path=Type", each Type as Type (the
// -type flag) takes it, Module.Type or Type, the path in the form of the
// field paths of errors with "[]" for list elements:
//
//	PKCS-12.PFX.authSafe.content=PKCS-12.AuthenticatedSafe
//	AuthenticatedSafe[].content=SafeContents
func (s *Schema) ParseRule(text, source string) (Rule, error) {
	left, right, ok := strings.Cut(text, "=")
	if !ok || left == "" || right == "" {
		return Rule{}, fmt.Errorf("-contains %q: not Type.path=Type", text)
	}
	parts := strings.Split(strings.ReplaceAll(left, "[]", ".[]"), ".")
	for _, p := range parts {
		if p == "" {
			return Rule{}, fmt.Errorf("-contains %q: empty name in %s", text, left)
		}
	}
	// Module.Type.path or Type.path: the longest prefix naming a type
	var within *model.Assignment
	n := 1
	if len(parts) > 2 && s.set.Module(parts[0]) != nil {
		n = 2
	}
	within, err := s.Type(strings.Join(parts[:n], "."))
	if err != nil {
		return Rule{}, fmt.Errorf("-contains %q: %v", text, err)
	}
	path := parts[n:]
	if len(path) == 0 {
		return Rule{}, fmt.Errorf("-contains %q: no component path after %s", text, within.QualifiedName())
	}
	holds, err := s.Type(right)
	if err != nil {
		return Rule{}, fmt.Errorf("-contains %q: %v", text, err)
	}
	return Rule{Within: within, Path: path, Holds: holds, Source: source}, nil
}

func (r Rule) String() string {
	return r.Within.QualifiedName() + "." + strings.ReplaceAll(strings.Join(r.Path, "."), ".[]", "[]") + "=" + r.Holds.QualifiedName()
}

// named is a type reference being read: a Rule's Within, the path's start.
type named struct {
	a  *model.Assignment
	at int // len(decoder.path) when the value started
}

// pushNamed notes that a value of t starts (t and the types it refers to)
// and returns the mark to restore.
func (d *decoder) pushNamed(t *model.Type) int {
	mark := len(d.named)
	for i := 0; t != nil && t.Ref != nil && i < 100; i++ {
		d.named = append(d.named, named{t.Ref, len(d.path)})
		if t.Ref.Instance != nil {
			d.named = append(d.named, named{t.Ref.Instance, len(d.path)})
		}
		t = t.Ref.Type
	}
	return mark
}

// ruleAt returns the rule for the place being read, or nil.
func (d *decoder) ruleAt() *Rule {
	for i := range d.rules {
		r := &d.rules[i]
		for j := len(d.named) - 1; j >= 0; j-- {
			if nm := d.named[j]; nm.a == r.Within && pathMatch(d.path[min(nm.at, len(d.path)):], r.Path) {
				return r
			}
		}
	}
	return nil
}

func pathMatch(path, pattern []string) bool {
	if len(path) != len(pattern) {
		return false
	}
	for i, p := range pattern {
		if p == "[]" && strings.HasPrefix(path[i], "[") || p == path[i] {
			continue
		}
		return false
	}
	return true
}

// hinted reads the octets in sub, those of the OCTET STRING n, as a rule
// for this place says; false when no rule applies.
func (d *decoder) hinted(sub *der.Reader, n *Node) bool {
	r := d.ruleAt()
	if r == nil || r.Holds.Type == nil {
		return false
	}
	n.Containing = true
	n.Note = joinNote(n.Note, r.Source)
	mark := len(d.named)
	d.named = append(d.named, named{r.Holds, len(d.path)})
	defer func() { d.named = d.named[:mark] }()
	d.containedValue(sub, n, r.Holds.Type, label{index: -1, typ: r.Holds.Name, module: r.Holds.Module.Name})
	return true
}

func joinNote(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// octetString is the type of the OCTET STRING read at a place a rule names
// where the schema has no type (an open type whose row has none).
var octetString = &model.Type{Kind: model.TypeOctetString, Tags: []model.Tag{{Class: model.ClassUniversal, Number: 4}}}

// hintedElement reads the next element, the value of an open type whose
// row obj gives no type, when a rule names this place and it is an OCTET
// STRING; nil otherwise (nothing read).
func (d *decoder) hintedElement(r *der.Reader, lbl label, obj string) *Node {
	if d.ruleAt() == nil || !r.Peek(der.TagOctetString) {
		return nil
	}
	var h der.Header
	contents, err := r.ReadElement(&h)
	if err != nil {
		return nil // the caller reads it raw, which reports the error
	}
	lbl.object, lbl.inner = obj, false
	n := d.node(&h, contents, octetString, octetString, lbl)
	d.primitive(r, &h, contents, n, octetString, octetString)
	return n
}

// Match reports whether path, the components read from a value of
// r.Within to a place ("[3]" for a list element), is r's place. The PER
// dump (internal/perdump) applies the rules of -contains with it.
func (r Rule) Match(path []string) bool { return pathMatch(path, r.Path) }
