package model

import (
	"encoding/hex"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/asn1gen/asn1gen/parser"
)

// OID is an object identifier or relative OID as arcs.
type OID []uint64

// String prints the dotted form, e.g. "1.3.6.1".
func (o OID) String() string {
	var b strings.Builder
	for i, a := range o {
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(strconv.FormatUint(a, 10))
	}
	return b.String()
}

// Equal reports whether o and p have the same arcs (nil equals nil only).
func (o OID) Equal(p OID) bool {
	if (o == nil) != (p == nil) || len(o) != len(p) {
		return false
	}
	for i := range o {
		if o[i] != p[i] {
			return false
		}
	}
	return true
}

// ValueKind tells which fields of a Value are set.
type ValueKind int

const (
	ValueInvalid     ValueKind = iota
	ValueBoolean               // Bool
	ValueInteger               // Int (and Name when written as a named number)
	ValueReal                  // Real (Special for PLUS-INFINITY etc.)
	ValueNull                  //
	ValueString                // String: character strings and time values
	ValueBitString             // Bytes, BitLen; Names for a named-bit list
	ValueOctetString           // Bytes
	ValueOID                   // OID
	ValueRelativeOID           // OID
	ValueEnumerated            // Name, Int
	ValueSequence              // Fields: SEQUENCE, SET
	ValueList                  // Elems: SEQUENCE OF, SET OF
	ValueChoice                // Name, Elems[0]
	ValueUnevaluated           // AST only: open types, objects, values not evaluated yet
)

// Value is an evaluated value.
type Value struct {
	Kind ValueKind
	Pos  parser.Pos
	// Ref is the value assignment when the value was written as a
	// reference, so that generated code can name the constant.
	Ref  *Assignment
	Bool bool
	Int  int64
	// Big is set for an INTEGER outside int64; Int then saturates.
	Big     *big.Int
	Real    float64
	Special string // PLUS-INFINITY, MINUS-INFINITY, NOT-A-NUMBER
	String  string
	Bytes   []byte
	BitLen  int
	Names   []string // named bits of a named-bit list, in source order
	OID     OID
	Name    string
	Fields  []*NamedValue
	Elems   []*Value
	// OpenType is, for a value of an open type written Type : Value
	// (X.681 14.6), the type; Elems[0] is the value evaluated against it.
	// Kind stays ValueUnevaluated: which row of a table the value belongs
	// to is not checked.
	OpenType *Type
	AST      parser.Value
}

// NamedValue is one component of a SEQUENCE or SET value.
type NamedValue struct {
	Name  string
	Value *Value
}

// nameForms are the arcs that X.660 (Annex A) names for use alone, as a
// NameForm (X.680 32.7), keyed by the arcs above them: the three roots, the
// arcs under itu-t (ccitt) and iso, and the 26 letters of the ITU-T
// Recommendation series under {itu-t recommendation} (a(1) .. z(26):
// {itu-t recommendation q 773} is Q.773's arc). joint-iso-itu-t has no
// second-level NameForm; itu-t's r-recommendation(5) and data(9) have names
// that X.660 does not let stand alone (r-recommendation is for ITU-R's
// OID-IRIs, data was never an ITU-T assignment), so they need their numbers.
// registration-authority(1) under iso is still a NameForm, although X.660
// no longer allocates under it.
var nameForms = map[string]map[string]uint64{
	"": {"itu-t": 0, "ccitt": 0, "iso": 1, "joint-iso-itu-t": 2, "joint-iso-ccitt": 2},
	"0": {"recommendation": 0, "question": 1, "administration": 2, "network-operator": 3,
		"identified-organization": 4},
	"1":   {"standard": 0, "registration-authority": 1, "member-body": 2, "identified-organization": 3},
	"0.0": recommendationSeries(),
}

// recommendationSeries is a(1) .. z(26), the letters of the ITU-T
// Recommendation series under {itu-t recommendation}.
func recommendationSeries() map[string]uint64 {
	m := make(map[string]uint64, 26)
	for c := 'a'; c <= 'z'; c++ {
		m[string(c)] = uint64(c-'a') + 1
	}
	return m
}

// definitiveOID evaluates a module's DefinitiveIdentifier (X.680 13.8),
// which holds only numbers and well-known names.
func (s *checker) definitiveOID(id *parser.ModuleIdentifier) OID {
	if id.OID == nil {
		return nil
	}
	var out OID
	for _, c := range id.OID {
		if c.Placeholder != "" {
			// Drafts write "name(TBD1)" until the arc is assigned: the OID
			// is unknown, so imports naming the module by OID are not
			// confirmed against it.
			s.warnf(c.Pos, "module OID has the draft placeholder %s where a number belongs", c.Placeholder).Accept = acceptKey("draft-oid", id.Name)
			return nil
		}
		if c.Number != "" {
			n, err := strconv.ParseUint(c.Number, 10, 64)
			if err != nil {
				s.errorf(c.Pos, "arc %s out of range", c.Number)
				return nil
			}
			out = append(out, n)
			continue
		}
		if n, ok := knownArc(out, c.Name); ok {
			out = append(out, n)
			continue
		}
		s.warnf(c.Pos, "module OID arc %s has no number", c.Name).Accept = acceptKey("module-oid", id.Name)
		return nil
	}
	return out
}

// knownArc returns the number of the NameForm name under the arcs prefix
// (the object identifier evaluated so far, so that "{itu-t recommendation
// q}" and "{id-itu-t-rec q}" with id-itu-t-rec ::= {0 0} mean the same).
func knownArc(prefix OID, name string) (uint64, bool) {
	n, ok := nameForms[prefix.String()][name]
	return n, ok
}

// evalOID evaluates ObjIdComponents (X.680 32.3): numbers, names with
// numbers, references to INTEGER values, a leading reference to an OID
// value, and the well-known names of the top arcs.
func (s *checker) evalOID(sc *scope, comps []*parser.ObjIdComponent, relative bool) (OID, bool) {
	out := OID{}
	for i, c := range comps {
		if c.Number != nil {
			v := s.evalValue(sc, c.Number, &Type{Kind: TypeInteger})
			if v == nil || v.Kind != ValueInteger {
				return nil, false
			}
			if v.Int < 0 {
				s.errorf(c.Pos, "object identifier arc %d is negative", v.Int)
				return nil, false
			}
			out = append(out, uint64(v.Int))
			continue
		}
		// A lone name: a DefinedValue (an OID or RELATIVE-OID first, an
		// INTEGER anywhere) or a NameForm of a well-known arc.
		if b := sc.dummy(c.Module, c.Name); b != nil {
			av, ok := b.actual.(parser.Value)
			if b.actual == nil || !ok || b.param.Governor == nil {
				s.warnf(c.Pos, "object identifier component %s is a parameter; not evaluated", c.Name)
				return nil, false
			}
			// In an instance: the actual value, read against the dummy's
			// governor (an INTEGER arc, or an OID or RELATIVE-OID prefix).
			v := s.evalValue(b.sc, av, s.conv(sc, b.param.Governor))
			if v == nil {
				return nil, false
			}
			switch {
			case v.Kind == ValueInteger && v.Int >= 0:
				out = append(out, uint64(v.Int))
				continue
			case (v.Kind == ValueOID || v.Kind == ValueRelativeOID) && (i == 0 || v.Kind == ValueRelativeOID):
				out = append(out, v.OID...)
				continue
			}
			s.errorf(c.Pos, "parameter %s cannot stand in an object identifier here", c.Name)
			return nil, false
		}
		if a := s.lookup(sc, c.Module, c.Name, c.Pos, false); a != nil && s.kindOf(a) == KindValue {
			v := s.valueOf(a)
			if v == nil {
				return nil, false
			}
			switch {
			case v.Kind == ValueInteger && v.Int >= 0:
				out = append(out, uint64(v.Int))
				continue
			case (v.Kind == ValueOID || v.Kind == ValueRelativeOID) && (i == 0 || v.Kind == ValueRelativeOID):
				out = append(out, v.OID...)
				continue
			}
			s.errorf(c.Pos, "%s cannot stand in an object identifier here", c.Name)
			return nil, false
		}
		if c.Module == "" && !relative {
			if n, ok := knownArc(out, c.Name); ok {
				out = append(out, n)
				continue
			}
		}
		s.lookup(sc, c.Module, c.Name, c.Pos, true)
		return nil, false
	}
	return out, true
}

// valueOf evaluates a value assignment once.
func (s *checker) valueOf(a *Assignment) *Value {
	switch a.valState {
	case 2:
		return a.Value
	case 1:
		s.errorf(a.Pos, "value %s is defined in terms of itself", a.Name)
		return nil
	}
	s.convert(a)
	a.valState = 1
	n, ok := a.AST.(*parser.ValueAssignment)
	if ok && a.Type != nil && len(a.Params) == 0 {
		if a.Instance != nil {
			// Instances of a parameterized value nest like those of types
			// ("v{x} ::= v{{x}}" never ends).
			if s.instDepth >= maxInstanceDepth {
				s.errorf(a.Pos, "instances of %s nest without end: the parameterized definition has no finite expansion", a.Instance.Name)
				a.valState = 2
				return nil
			}
			s.instDepth++
			defer func() { s.instDepth-- }()
			s.finishType(a.Type)
		}
		a.Value = s.evalValue(a.scope, n.Value, a.Type)
	}
	a.valState = 2
	return a.Value
}

// evalValue evaluates v against its governor (X.680 17.3-38, by the
// governor's kind). It reports what does not match and returns nil then.
func (s *checker) evalValue(sc *scope, v parser.Value, gov *Type) *Value {
	if v == nil {
		return nil
	}
	k := s.kind(gov)
	u := s.underlying(gov)
	out := &Value{Pos: v.Position(), AST: v}
	if fo, ok := v.(*parser.ValueFromObject); ok {
		return s.valueFromObject(sc, fo, gov)
	}
	// References first: they may denote any kind of value.
	if r, ok := v.(*parser.ValueReference); ok {
		return s.evalReference(sc, r, gov, k, u, out)
	}
	return s.evalLiteral(sc, v, gov, k, u, out)
}

// evalReference evaluates a value reference against the governor gov (of
// kind k, built-in type u): a dummy parameter of the template being
// instantiated, an identifier of the governor (a named number or an
// enumeration item), or a value assignment, instantiated when it is
// parameterized. The value is returned as a copy of the assignment's,
// positioned at the reference, and must be of a kind the governor accepts.
func (s *checker) evalReference(sc *scope, r *parser.ValueReference, gov *Type, k TypeKind, u *Type, out *Value) *Value {
	pos := out.Pos
	if b := sc.dummy(r.Module, r.Name); b != nil {
		if b.actual == nil {
			out.Kind = ValueUnevaluated
			return out
		}
		if av, ok := b.actual.(parser.Value); ok {
			return s.evalValue(b.sc, av, gov)
		}
		s.errorf(pos, "parameter %s is a type, used as a value", r.Name)
		return nil
	}
	if r.Module == "" && len(r.Params) == 0 && u != nil {
		if evalIdentifier(r.Name, k, u, out) {
			return out
		}
	}
	if (k == TypeEnumerated || k == TypeDummy) && r.Module == "" && s.lookup(sc, "", r.Name, pos, false) == nil {
		if k == TypeDummy {
			// The governor is a dummy of a template: its identifiers
			// (named numbers, items) are known in each instance only,
			// where the value is evaluated again.
			out.Kind = ValueUnevaluated
			return out
		}
		s.errorf(pos, "%s is not an item of the enumeration", r.Name)
		return nil
	}
	a := s.lookup(sc, r.Module, r.Name, pos, true)
	if a == nil {
		return nil
	}
	if ak := s.kindOf(a); ak != KindValue {
		if ak == KindObject && k == TypeInvalid {
			out.Kind = ValueUnevaluated
			return out
		}
		s.errorf(pos, "%s is a %s, not a value", r.Name, ak)
		return nil
	}
	if len(a.Params) > 0 {
		// X.683 9: a parameterized value, evaluated in its instance.
		if a = s.instanceOf(a, sc, r.Name, r.Params, pos); a == nil {
			return nil
		}
	} else if len(r.Params) > 0 {
		s.errorf(pos, "%s is not parameterized", r.Name)
		return nil
	}
	av := s.valueOf(a)
	if av == nil {
		return nil
	}
	if ak := s.kind(a.Type); !compatible(k, ak) {
		s.errorf(pos, "%s is a %s value, not %s", r.Name, ak, k)
		return nil
	}
	if want, have := s.stringTypeName(gov), s.stringTypeName(a.Type); !stringMapping(want, have) {
		s.errorf(pos, "%s is a %s value, which does not map to %s (X.680 B.5: values map only between character string types of fixed character sets)", r.Name, have, want)
		return nil
	}
	cp := *av
	cp.Ref, cp.Pos = a, pos
	return &cp
}

// evalIdentifier sets out to the named number or enumeration item name of
// the governor's built-in type u (X.680 19.8, 20.8) and reports whether u
// has one; only INTEGER and ENUMERATED governors have such identifiers.
func evalIdentifier(name string, k TypeKind, u *Type, out *Value) bool {
	for _, nn := range u.NamedNumbers {
		if nn.Name == name && (k == TypeInteger || k == TypeEnumerated) {
			out.Name, out.Int = nn.Name, nn.Value
			out.Kind = ValueInteger
			if k == TypeEnumerated {
				out.Kind = ValueEnumerated
			}
			return true
		}
	}
	return false
}

// evalLiteral evaluates a value written out (not a reference) against the
// governor gov of kind k and built-in type u. The forms a kind accepts are
// in its case; any other form is reported as not a valid value of the
// governor. Values codegen does not need at this point (REAL and string
// braces, CONTAINING, open types) are kept unevaluated.
func (s *checker) evalLiteral(sc *scope, v parser.Value, gov *Type, k TypeKind, u *Type, out *Value) *Value {
	pos := out.Pos
	switch k {
	case TypeBoolean:
		if b, ok := v.(*parser.BooleanValue); ok {
			out.Kind, out.Bool = ValueBoolean, b.Value
			return out
		}
	case TypeInteger:
		if iv, ok := v.(*parser.IntegerValue); ok {
			return s.evalInteger(iv, out)
		}
	case TypeReal:
		if evalReal(v, out) {
			return out
		}
	case TypeNull:
		if _, ok := v.(*parser.NullValue); ok {
			out.Kind = ValueNull
			return out
		}
	case TypeBitString:
		return s.evalBits(sc, v, u, out)
	case TypeOctetString:
		if evalOctets(v, out) {
			return out
		}
	case TypeObjectIdentifier, TypeRelativeOID:
		switch sv := v.(type) {
		case *parser.ObjectIdentifierValue:
			return s.evalOIDValue(sc, sv, k, out)
		case *parser.BraceValue:
			ov, err := parser.ParseObjectIdentifierValue(sv)
			if err != nil {
				s.errorf(pos, "not an object identifier value: %v", err)
				return nil
			}
			return s.evalOIDValue(sc, ov, k, out)
		}
	case TypeCharacterString, TypeTime, TypeObjectDescriptor, TypeOIDIRI, TypeRelativeOIDIRI:
		switch sv := v.(type) {
		case *parser.CStringValue:
			if k == TypeCharacterString && !s.checkChars(pos, gov, sv.Value) {
				return nil
			}
			out.Kind, out.String = ValueString, sv.Value
			return out
		case *parser.BraceValue:
			out.Kind = ValueUnevaluated // Quadruple, Tuple, CharacterStringList
			return out
		}
	case TypeSequence, TypeSet:
		if bv, ok := v.(*parser.BraceValue); ok {
			return s.evalNamedValues(sc, bv, u, out)
		}
	case TypeSequenceOf, TypeSetOf:
		if bv, ok := v.(*parser.BraceValue); ok {
			return s.evalList(sc, bv, k, u, out)
		}
	case TypeChoice:
		if cv, ok := v.(*parser.ChoiceValue); ok {
			return s.evalChoice(sc, cv, u, out)
		}
	case TypeInvalid:
		return nil // reported where the governor failed
	case TypeOpen:
		// Type : Value (X.681 14.6) is evaluated when the type is one
		// this scope knows; other open type values when codegen needs
		// them.
		if ov, ok := v.(*parser.OpenTypeValue); ok {
			if t := s.conv(sc, ov.Type); t != nil {
				iv := s.evalValue(sc, ov.Value, t)
				if iv == nil {
					return nil // reported
				}
				out.OpenType, out.Elems = t, []*Value{iv}
			}
		}
		out.Kind = ValueUnevaluated
		return out
	default:
		// EXTERNAL, EMBEDDED PDV, INSTANCE OF, dummies: evaluated when
		// codegen needs them.
		out.Kind = ValueUnevaluated
		return out
	}
	s.errorf(pos, "%s is not a valid %s value", describeValue(v), kindName(gov, k))
	return nil
}

// evalInteger sets out to the INTEGER iv. A number beyond int64 (such as
// 18446744073709551615 in 3GPP modules) is kept in Big, and Int saturates.
func (s *checker) evalInteger(iv *parser.IntegerValue, out *Value) *Value {
	out.Kind = ValueInteger
	n, err := strconv.ParseInt(iv.Text, 10, 64)
	if err != nil {
		b, ok := new(big.Int).SetString(iv.Text, 10)
		if !ok {
			s.errorf(out.Pos, "invalid integer %s", iv.Text)
			return nil
		}
		out.Big = b
		n = math.MaxInt64
		if b.Sign() < 0 {
			n = math.MinInt64
		}
	}
	out.Int = n
	return out
}

// evalReal sets out to the REAL value v and reports whether v is one: a
// decimal or integer number, a special value (PLUS-INFINITY and the like),
// or {mantissa, base, exponent}, which stays unevaluated.
func evalReal(v parser.Value, out *Value) bool {
	switch rv := v.(type) {
	case *parser.RealValue:
		f, err := strconv.ParseFloat(rv.Text, 64)
		if err == nil {
			out.Kind, out.Real = ValueReal, f
			return true
		}
	case *parser.IntegerValue:
		f, err := strconv.ParseFloat(rv.Text, 64)
		if err == nil {
			out.Kind, out.Real = ValueReal, f
			return true
		}
	case *parser.SpecialRealValue:
		out.Kind, out.Special = ValueReal, rv.Name
		return true
	case *parser.BraceValue:
		out.Kind = ValueUnevaluated
		return true
	}
	return false
}

// evalOctets sets out to the OCTET STRING value v and reports whether v is
// one: an hstring or bstring, or CONTAINING a value, which stays
// unevaluated.
func evalOctets(v parser.Value, out *Value) bool {
	switch sv := v.(type) {
	case *parser.HStringValue:
		out.Kind = ValueOctetString
		out.Bytes, out.BitLen = hexBytes(sv.Digits)
		return true
	case *parser.BStringValue:
		out.Kind = ValueOctetString
		out.Bytes, out.BitLen = bitBytes(sv.Digits)
		return true
	case *parser.ContainingValue:
		out.Kind = ValueUnevaluated
		return true
	}
	return false
}

// evalOIDValue sets out to the OBJECT IDENTIFIER or RELATIVE-OID (by k)
// whose components are ov's. An object identifier that X.660 does not
// allow is reported, and the value is still returned.
func (s *checker) evalOIDValue(sc *scope, ov *parser.ObjectIdentifierValue, k TypeKind, out *Value) *Value {
	oid, ok := s.evalOID(sc, ov.Components, k == TypeRelativeOID)
	if !ok {
		return nil
	}
	out.Kind, out.OID = ValueOID, oid
	if k == TypeRelativeOID {
		out.Kind = ValueRelativeOID
	} else if len(oid) < 2 || oid[0] > 2 || (oid[0] < 2 && oid[1] > 39) {
		// X.660: at least two arcs; under itu-t and iso the second
		// arc is 0..39.
		s.errorf(out.Pos, "object identifier %s is not valid (X.660: two arcs at least, first 0..2, second 0..39 under 0 and 1)", oid)
	}
	return out
}

// evalList sets out to the SEQUENCE OF or SET OF (by k) value bv, each
// element evaluated against the element type of u. Elements that fail are
// left out, reported.
func (s *checker) evalList(sc *scope, bv *parser.BraceValue, k TypeKind, u *Type, out *Value) *Value {
	list, err := bv.Values()
	if err != nil && u.ElemName != "" {
		// X.680 26.3: with "SEQUENCE OF identifier Type" the value
		// may name each element ("{name v1, name v2}").
		if named, nerr := bv.NamedValues(); nerr == nil {
			list, err = nil, nil
			for _, nv := range named {
				if nv.Name != u.ElemName {
					s.errorf(nv.Pos, "%s is not the element identifier %s of the %s", nv.Name, u.ElemName, k)
					return nil
				}
				list = append(list, nv.Value)
			}
		}
	}
	if err != nil {
		s.errorf(out.Pos, "not a %s value: %v", k, err)
		return nil
	}
	out.Kind = ValueList
	for _, e := range list {
		if ev := s.evalValue(sc, e, u.Elem); ev != nil {
			out.Elems = append(out.Elems, ev)
		}
	}
	return out
}

// evalChoice sets out to the CHOICE value cv: the alternative's name, and
// its value, evaluated against the alternative's type, as the one element.
func (s *checker) evalChoice(sc *scope, cv *parser.ChoiceValue, u *Type, out *Value) *Value {
	for _, c := range u.Components {
		if c.Name == cv.Name {
			ev := s.evalValue(sc, cv.Value, c.Type)
			if ev == nil {
				return nil
			}
			out.Kind, out.Name, out.Elems = ValueChoice, cv.Name, []*Value{ev}
			return out
		}
	}
	s.errorf(out.Pos, "the CHOICE has no alternative %s", cv.Name)
	return nil
}

func kindName(t *Type, k TypeKind) string {
	if t != nil && t.Name != "" {
		return t.Name
	}
	return k.String()
}

func describeValue(v parser.Value) string {
	switch v := v.(type) {
	case *parser.IntegerValue:
		return v.Text
	case *parser.BooleanValue:
		if v.Value {
			return "TRUE"
		}
		return "FALSE"
	case *parser.CStringValue:
		return strconv.Quote(v.Value)
	case *parser.BraceValue:
		return "{...}"
	case *parser.NullValue:
		return "NULL"
	case *parser.ValueReference:
		return v.Name
	}
	return "the value"
}

// compatible tells whether a value of kind have may stand where want is
// expected (X.680 B: value mappings between types of the same kind).
func compatible(want, have TypeKind) bool {
	if want == have || want == TypeInvalid || have == TypeInvalid || want == TypeOpen || want == TypeDummy || have == TypeDummy {
		return true
	}
	switch want {
	case TypeCharacterString, TypeTime, TypeObjectDescriptor:
		return have == TypeCharacterString || have == TypeTime || have == TypeObjectDescriptor
	}
	return false
}

func (s *checker) evalBits(sc *scope, v parser.Value, u *Type, out *Value) *Value {
	out.Kind = ValueBitString
	switch sv := v.(type) {
	case *parser.BStringValue:
		out.Bytes, out.BitLen = bitBytes(sv.Digits)
		return out
	case *parser.HStringValue:
		out.Bytes, out.BitLen = hexBytes(sv.Digits)
		return out
	case *parser.ContainingValue:
		out.Kind = ValueUnevaluated
		return out
	case *parser.BraceValue:
		// X.680 22.9: "{ name, ... }" lists the named bits that are one.
		list, err := sv.Values()
		if err != nil {
			s.errorf(sv.Pos, "not a named-bit list: %v", err)
			return nil
		}
		var bits []int64
		for _, e := range list {
			r, ok := e.(*parser.ValueReference)
			var found *NamedNumber
			if ok && u != nil {
				for _, nn := range u.NamedNumbers {
					if nn.Name == r.Name {
						found = nn
					}
				}
			}
			if found == nil {
				s.errorf(e.Position(), "%s is not a named bit of the type", describeValue(e))
				return nil
			}
			out.Names = append(out.Names, found.Name)
			bits = append(bits, found.Value)
		}
		max := int64(-1)
		for _, b := range bits {
			if b > max {
				max = b
			}
		}
		out.BitLen = int(max + 1)
		out.Bytes = make([]byte, (out.BitLen+7)/8)
		for _, b := range bits {
			out.Bytes[b/8] |= 0x80 >> (b % 8)
		}
		return out
	}
	s.errorf(v.Position(), "%s is not a valid BIT STRING value", describeValue(v))
	return nil
}

func (s *checker) evalNamedValues(sc *scope, bv *parser.BraceValue, u *Type, out *Value) *Value {
	list, err := bv.NamedValues()
	if err != nil {
		s.errorf(bv.Pos, "not a %s value: %v", u.Kind, err)
		return nil
	}
	out.Kind = ValueSequence
	given := map[string]bool{}
	for _, nv := range list {
		var comp *Component
		for _, c := range u.Components {
			if c.Name == nv.Name {
				comp = c
			}
		}
		if comp == nil {
			s.errorf(nv.Pos, "%s is not a component of the %s", nv.Name, u.Kind)
			continue
		}
		given[nv.Name] = true
		if ev := s.evalValue(sc, nv.Value, comp.Type); ev != nil {
			out.Fields = append(out.Fields, &NamedValue{Name: nv.Name, Value: ev})
		}
	}
	for _, c := range u.Components {
		if !given[c.Name] && !c.Optional && c.defaultAST == nil && !c.Extension {
			// X.680 25.18: mandatory components have a value.
			s.errorf(bv.Pos, "the value has no component %s", c.Name)
		}
	}
	return out
}

func bitBytes(digits string) ([]byte, int) {
	b := make([]byte, (len(digits)+7)/8)
	for i, d := range digits {
		if d == '1' {
			b[i/8] |= 0x80 >> (i % 8)
		}
	}
	return b, len(digits)
}

func hexBytes(digits string) ([]byte, int) {
	d := digits
	if len(d)%2 == 1 {
		d += "0"
	}
	b, _ := hex.DecodeString(d)
	return b, len(digits) * 4
}

// stringTypeName is the built-in restricted character string type t
// stands for ("" for other types), with the synonyms of X.680 41.1 made
// one.
func (s *checker) stringTypeName(t *Type) string {
	if s.kind(t) != TypeCharacterString {
		return ""
	}
	u := s.underlying(t)
	if u == nil {
		return ""
	}
	switch u.Name {
	case "T61String":
		return "TeletexString"
	case "ISO646String":
		return "VisibleString"
	}
	return u.Name
}

// stringMapping tells whether a value of the character string type have
// may stand for one of want. X.680 B.5 maps values between the types with
// a fixed character set (UTF8String, NumericString, PrintableString,
// IA5String, VisibleString, UniversalString, BMPString); the types that
// switch character sets by escape sequences (TeletexString,
// VideotexString, GraphicString, GeneralString) have no mapping to another.
func stringMapping(want, have string) bool {
	if want == "" || have == "" || want == have {
		return true
	}
	switch want {
	case "TeletexString", "VideotexString", "GraphicString", "GeneralString":
		return false
	}
	switch have {
	case "TeletexString", "VideotexString", "GraphicString", "GeneralString":
		return false
	}
	return true
}

// charSets are the character sets of the restricted string types whose
// characters X.680 41 lists: NumericString (Table 9), PrintableString
// (Table 10), and the ISO 646 sets of IA5String and VisibleString
// (Table 8). The others admit large or escape-switched repertoires.
var charSets = map[string]struct {
	ok     func(rune) bool
	clause string
}{
	"NumericString": {func(r rune) bool { return r == ' ' || r >= '0' && r <= '9' }, "X.680 41, Table 9"},
	"PrintableString": {func(r rune) bool {
		return r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || strings.ContainsRune(" '()+,-./:=?", r)
	}, "X.680 41, Table 10"},
	"IA5String":     {func(r rune) bool { return r < 128 }, "X.680 41, Table 8"},
	"VisibleString": {func(r rune) bool { return r >= 32 && r <= 126 }, "X.680 41, Table 8"},
}

// checkChars reports the first character of str that the string type t
// does not have; it returns false then.
func (s *checker) checkChars(pos parser.Pos, t *Type, str string) bool {
	name := s.stringTypeName(t)
	cs, ok := charSets[name]
	if !ok {
		return true
	}
	for _, r := range str {
		if !cs.ok(r) {
			s.errorf(pos, "%q is not a character of %s (%s)", r, name, cs.clause)
			return false
		}
	}
	return true
}
