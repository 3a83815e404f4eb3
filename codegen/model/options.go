package model

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/asn1gen/asn1gen/parser"
)

// Options adjust how a module set is checked.
type Options struct {
	// AnyMap supplies open-type tables that the modules do not state:
	// 1988 "ANY DEFINED BY" components, and OCTET STRING or BIT STRING
	// components that carry the DER of a type selected by a sibling (the
	// extnValue of RFC 5280's 1988 Extension). See ParseAnyMap.
	AnyMap []AnyMapping
	// KeepRaw names types ("Module.Type" or "Type") whose received
	// encoding is kept, in addition to those the schema marks (see
	// Assignment.KeepRaw).
	KeepRaw []string
	// NoDeriveKeepRaw turns the structural derivation of KeepRaw off: only
	// the types named in KeepRaw are marked.
	NoDeriveKeepRaw bool
	// ImportFrom binds imported symbols to another module's definitions,
	// for imports of modules that have no published ASN.1 text (see
	// ImportBinding; asn1gen's -import-from flag). Each binding is reported
	// as a warning at the import; one that matches no import is an error.
	ImportFrom []ImportBinding
	// Extend adds the objects of object sets to extensible object sets at
	// their extension marker, before open-type tables are computed (see
	// SetExtension; asn1gen's -extend flag).
	Extend []SetExtension
	// Containing states that the OCTET STRING (or BIT STRING) type field
	// of an information object holds the DER of a type, as if the object
	// wrote "OCTET STRING (CONTAINING T)" (X.682 11), for modules that say
	// so only in a comment (PKCS-12's x509Certificate: "DER-encoded X.509
	// certificate stored in OCTET STRING"). See Containment; asn1gen's
	// -containing flag. One that matches no such object is an error.
	Containing []Containment
	// Extensible declares object sets extensible, as if their definitions
	// ended with an extension marker (see SetRef; asn1gen's -extensible
	// flag), so that the tables drawn from them keep the value of a key
	// they do not list instead of rejecting it.
	Extensible []SetRef
	// Lenient accepts four defects of published modules that X.680
	// forbids and other compilers (Erlang's asn1ct) accept, each with a
	// warning at the defect that names the rule relaxed and says what is
	// done instead (asn1gen's -lenient flag):
	//   - a name both imported and defined in the module (ISO 10589's
	//     NAddress): the definition is used (X.680 13.13);
	//   - a symbol imported from a module whose EXPORTS list omits it
	//     (GSN-Address from MAP-MS-DataTypes, imported by the CAP and CDR
	//     modules): it is imported all the same (X.680 13, EXPORTS);
	//   - an untagged open type among tagged alternatives of a CHOICE
	//     (X.748, X.738): an element with none of the other alternatives'
	//     tags is decoded as the open type (X.680 29.2);
	//   - SIZE on GeneralizedTime or UTCTime (H.450.7): the constraint is
	//     ignored (X.680 51.5.1).
	// Without it, each is a located error.
	Lenient bool
	// Accept accepts the warnings and notes whose Diagnostic.Accept is one
	// of its keys ("kind:Module", asn1gen's -accept flag): what they
	// report is in the text of Module, which the user cannot change, and
	// has been read. An accepted diagnostic stays in Set.Diags with its
	// AcceptedBy set, and tools print only Diags.Shown(); a key that
	// accepts nothing is an error, so that a list of keys stays true to
	// its modules. The kinds:
	//   - import-oid: an import names the module with another OID than
	//     the module's own (another edition; bound by name);
	//   - import-renamed: no module has the imported name, and the module
	//     with the import's OID is used;
	//   - import-builtin: an imported string type its module does not
	//     define is the built-in type;
	//   - assigned-identifier: an imported value its module does not
	//     define is used only as the OID of another import;
	//   - draft-oid, module-oid: the module's own OID has a draft's
	//     placeholder, or a name without a number;
	//   - duplicate-key: two objects of an object set have the same
	//     UNIQUE key, and tables use the first;
	//   - at-level: a relative component relation ("@.id") written in a
	//     CHOICE that has no such component is read against the enclosing
	//     SEQUENCE or SET, as if "@." counted only those ("@..id" in X.682
	//     10.7; IEEE 1609.2-2022's CertIssueExtension): unlike the other
	//     kinds, without the key this is an error, not a warning;
	//   - set-comma, comment-comma, plus-sign, comment-end,
	//     text-after-end: the parser's leniencies (parser.WarnSetComma ...);
	//   - lenient: a defect accepted by Lenient;
	//   - encoding-control, ecn: the notes of an ENCODING-CONTROL section
	//     and of an X.692 module, which are not read.
	// The warnings of ImportFrom and Extensible are accepted by the
	// bindings and sets that cause them.
	Accept []string
}

// AnyMapping is one line of an ANY mapping file: in the type Module.Type,
// the component Component (keyed by the sibling KeyComponent, which for
// ANY DEFINED BY defaults to the component it names) holds a value of
// Target when the key is Key.
type AnyMapping struct {
	Pos          parser.Pos
	Module       string
	Type         string
	Component    string
	KeyComponent string
	// Key is a dotted OID ("1.2.840.113549.1.1.11"), a decimal integer or
	// a value reference ("name" in Module, or "Other.name").
	Key string
	// Target is a type reference ("Type" in Module, or "Other.Type"), a
	// built-in type (NULL, BOOLEAN, INTEGER, OCTET STRING, BIT STRING,
	// OBJECT IDENTIFIER), or "-" when the key selects no value (absent
	// parameters).
	Target string
}

// ParseAnyMap reads an ANY mapping file. The format is line based:
//
//	# comment (also "--")
//	Module.Type.component[@keyComponent]  KEY  TARGET
//
// for example
//
//	PKIX1Explicit88.AlgorithmIdentifier.parameters  1.2.840.113549.1.1.11  NULL
//	PKIX1Explicit88.AlgorithmIdentifier.parameters  1.2.840.10045.4.3.2    -
//	PKIX1Explicit88.Extension.extnValue@extnID  PKIX1Implicit88.id-ce-basicConstraints  PKIX1Implicit88.BasicConstraints
//
// A component declared "ANY DEFINED BY k" takes its key from k; any other
// component needs "@keyComponent". The tables built are extensible: keys
// not listed are not errors.
func ParseAnyMap(name string, data []byte) ([]AnyMapping, error) {
	var out []AnyMapping
	sc := bufio.NewScanner(bytes.NewReader(data))
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if i := strings.Index(text, "#"); i >= 0 {
			text = text[:i]
		}
		if i := strings.Index(text, "--"); i >= 0 {
			text = text[:i]
		}
		f := strings.Fields(text)
		if len(f) == 0 {
			continue
		}
		pos := parser.Pos{Filename: name, Line: line, Column: 1}
		if len(f) < 3 {
			return nil, fmt.Errorf("%s: want \"Module.Type.component[@key] KEY TARGET\"", pos)
		}
		m := AnyMapping{Pos: pos, Key: f[1], Target: strings.Join(f[2:], " ")}
		path := f[0]
		if i := strings.Index(path, "@"); i >= 0 {
			m.KeyComponent = path[i+1:]
			path = path[:i]
		}
		parts := strings.Split(path, ".")
		if len(parts) != 3 || parts[0] == "" || parts[1] == "" || parts[2] == "" {
			return nil, fmt.Errorf("%s: %q is not Module.Type.component", pos, path)
		}
		m.Module, m.Type, m.Component = parts[0], parts[1], parts[2]
		out = append(out, m)
	}
	return out, sc.Err()
}

// ReadAnyMap reads and parses an ANY mapping file.
func ReadAnyMap(path string) ([]AnyMapping, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseAnyMap(path, b)
}

var builtinTargets = map[string]TypeKind{
	"NULL": TypeNull, "BOOLEAN": TypeBoolean, "INTEGER": TypeInteger, "OCTET STRING": TypeOctetString,
	"BIT STRING": TypeBitString, "OBJECT IDENTIFIER": TypeObjectIdentifier,
}

// applyAnyMap builds the tables of the mapping lines, one table per
// component, in the order of the lines.
func (s *checker) applyAnyMap() {
	tables := map[*Component]*OpenTypeTable{}
	for _, m := range s.opts.AnyMap {
		mod := s.Module(m.Module)
		if mod == nil {
			s.errorf(m.Pos, "module %s not found", m.Module)
			continue
		}
		a := mod.Lookup(m.Type)
		if a == nil || a.Kind != KindType || a.Type == nil {
			s.errorf(m.Pos, "%s is not a type of module %s", m.Type, m.Module)
			continue
		}
		u := s.underlying(a.Type)
		if u == nil || (u.Kind != TypeSequence && u.Kind != TypeSet) {
			s.errorf(m.Pos, "%s.%s is not a SEQUENCE or SET", m.Module, m.Type)
			continue
		}
		var comp, key *Component
		for _, c := range u.Components {
			if c.Name == m.Component {
				comp = c
			}
		}
		if comp == nil {
			s.errorf(m.Pos, "%s.%s has no component %s", m.Module, m.Type, m.Component)
			continue
		}
		keyName := m.KeyComponent
		if keyName == "" {
			keyName = comp.Type.DefinedBy
		}
		if keyName == "" {
			s.errorf(m.Pos, "%s is not ANY DEFINED BY: write %s.%s.%s@keyComponent", m.Component, m.Module, m.Type, m.Component)
			continue
		}
		for _, c := range u.Components {
			if c.Name == keyName {
				key = c
			}
		}
		if key == nil {
			s.errorf(m.Pos, "%s.%s has no key component %s", m.Module, m.Type, keyName)
			continue
		}
		kv := s.anyMapKey(mod, m, key)
		if kv == nil {
			continue
		}
		var target *Type
		if m.Target != "-" {
			if k, ok := builtinTargets[m.Target]; ok {
				target = &Type{Kind: k}
			} else {
				tm, tn := mod, m.Target
				if i := strings.LastIndex(tn, "."); i >= 0 {
					tm, tn = s.Module(tn[:i]), tn[i+1:]
				}
				var ta *Assignment
				if tm != nil {
					ta = s.lookup(&scope{m: tm}, "", tn, m.Pos, false)
				}
				if ta == nil || s.kindOf(ta) != KindType || len(ta.Params) > 0 {
					s.errorf(m.Pos, "%s is not a type", m.Target)
					continue
				}
				target = &Type{Pos: m.Pos, Ref: ta}
			}
			s.finishType(target)
		}
		tab := tables[comp]
		if tab == nil {
			tab = &OpenTypeTable{KeyPath: []string{keyName}, Key: key, Extensible: true,
				Origin: SetOrigin{Key: "anymap " + m.Module + "." + m.Type + "." + m.Component, Pos: m.Pos}}
			tables[comp] = tab
			switch comp.Type.Kind {
			case TypeOpen:
				comp.Type.OpenType = tab
			case TypeOctetString, TypeBitString:
				// Like "OCTET STRING (CONTAINING T.&Type({Set}{@key}))".
				if comp.Type.Constraints == nil {
					comp.Type.Constraints = &Constraints{}
				}
				comp.Type.Constraints.Containing = &Type{Kind: TypeOpen, Pos: m.Pos, OpenType: tab}
			default:
				s.errorf(m.Pos, "%s is a %s: only ANY, open types, OCTET STRING and BIT STRING take a mapping", m.Component, comp.Type.Kind)
				delete(tables, comp)
				continue
			}
		}
		if tab.Lookup(kv) != nil {
			s.errorf(m.Pos, "key %s is mapped twice for %s.%s.%s", m.Key, m.Module, m.Type, m.Component)
			continue
		}
		tab.Entries = append(tab.Entries, &OpenTypeEntry{Key: kv, Type: target})
	}
}

// anyMapKey evaluates the KEY of a mapping line against the key
// component's type.
func (s *checker) anyMapKey(mod *Module, m AnyMapping, key *Component) *Value {
	k := s.kind(key.Type)
	if k == TypeObjectIdentifier && strings.Contains(m.Key, ".") && m.Key[0] >= '0' && m.Key[0] <= '9' {
		var oid OID
		for _, arc := range strings.Split(m.Key, ".") {
			n, err := strconv.ParseUint(arc, 10, 64)
			if err != nil {
				s.errorf(m.Pos, "%s is not a dotted object identifier", m.Key)
				return nil
			}
			oid = append(oid, n)
		}
		return &Value{Kind: ValueOID, Pos: m.Pos, OID: oid}
	}
	if k == TypeInteger {
		if n, err := strconv.ParseInt(m.Key, 10, 64); err == nil {
			return &Value{Kind: ValueInteger, Pos: m.Pos, Int: n}
		}
	}
	ref := &parser.ValueReference{Pos: m.Pos, Name: m.Key}
	if i := strings.LastIndex(m.Key, "."); i >= 0 {
		ref.Module, ref.Name = m.Key[:i], m.Key[i+1:]
	}
	return s.evalValue(&scope{m: mod}, ref, key.Type)
}

// AddBindings parses the comma-separated lists that asn1gen's
// -import-from, -extend, -extensible and -containing flags take and adds
// what they say to o: the command line and the browser playground read
// the same option texts into the same Options.
func (o *Options) AddBindings(importFrom, extend, extensible, containing string) error {
	for _, item := range splitOptionList(importFrom) {
		b, err := ParseImportFrom(item)
		if err != nil {
			return fmt.Errorf("-import-from: %v", err)
		}
		o.ImportFrom = append(o.ImportFrom, b)
	}
	for _, item := range splitOptionList(extend) {
		e, err := ParseExtend(item)
		if err != nil {
			return fmt.Errorf("-extend: %v", err)
		}
		o.Extend = append(o.Extend, e)
	}
	for _, item := range splitOptionList(extensible) {
		r, err := ParseSetRef(item)
		if err != nil {
			return fmt.Errorf("-extensible: %v", err)
		}
		o.Extensible = append(o.Extensible, r)
	}
	for _, item := range splitOptionList(containing) {
		c, err := ParseContaining(item)
		if err != nil {
			return fmt.Errorf("-containing: %v", err)
		}
		o.Containing = append(o.Containing, c)
	}
	return nil
}

// splitOptionList splits a comma-separated option value, dropping empty
// items.
func splitOptionList(s string) []string {
	var out []string
	for _, item := range strings.Split(s, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}
