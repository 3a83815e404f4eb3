package model

import (
	"fmt"
	"strings"

	"github.com/asn1gen/asn1gen/parser"
)

// Set is a resolved set of modules: every module of the loaded files, its
// imports bound to the modules that define them, and every assignment
// classified and converted into the model. It is the result of a check;
// the work state of the check is a checker's.
type Set struct {
	// Modules are in load order: files in the order given, modules in
	// file order.
	Modules []*Module
	// Diags holds the errors and warnings, sorted by position.
	Diags Diagnostics

	byName map[string][]*Module
	srcs   map[string][]byte
	insts  map[string]*Assignment // parameterized instances, by key

	// links counts the references that underlying followed (not those
	// whose result it had memoized): what TestChainsLinear bounds.
	links int
}

// checker is the work state of one CheckWith, kept apart from its result
// as go/types keeps its Checker apart from the Package it fills: it
// converts and resolves the modules into the Set it embeds, and is dropped
// when CheckWith returns.
type checker struct {
	*Set
	// pkgOf maps a source file to the Go package holding its modules
	// (Source.Package); files being generated are absent.
	pkgOf map[string]string
	// instDepth is the nesting of instantiate calls (maxInstanceDepth).
	instDepth int
	// keyTruncated is set when instanceKey stopped at maxKeyDepth.
	keyTruncated bool
	// walkMark numbers the walks of underlying.
	walkMark uint64
	tbl      *tableState
	opts     Options
	// opaque holds, by module name, the modules of the assignments that
	// Options.ImportFrom binds to OpaqueBinding (see opaqueAssignment).
	opaque map[string]*Module
}

// Module is one ASN.1 module (X.680 13).
type Module struct {
	Name string
	// OID is the module's DefinitiveOID evaluated to arcs; nil when the
	// module has none or it cannot be evaluated.
	OID  OID
	File string
	// Package is the Go import path of the generated package that holds
	// the module (Source.Package), "" for a module being generated.
	Package    string
	TagDefault parser.TagDefault
	// ExtensibilityImplied is set by EXTENSIBILITY IMPLIED (X.680 13.4).
	ExtensibilityImplied bool
	Imports              []*Import
	// Assignments are the module's assignments in source order.
	Assignments []*Assignment
	AST         *parser.ModuleDefinition

	set      *Set
	defs     map[string]*Assignment
	imported map[string]*importedSymbol
	exports  map[string]bool // nil: everything is exported
}

// Import is one "Symbols FROM Module" clause.
type Import struct {
	Pos     parser.Pos
	Name    string  // the module name as written
	OID     OID     // the AssignedIdentifier evaluated, or nil
	Module  *Module // the module bound, nil when missing
	Symbols []string
	ast     *parser.SymbolsFromModule
	// unbound lists the symbols Options.ImportFrom does not bind when it
	// binds some of a missing module's.
	unbound []string
}

type importedSymbol struct {
	pos  parser.Pos
	name string
	imp  *Import
	by   string // the importing module
	// from is the module Options.ImportFrom binds the symbol to, or nil;
	// opaque the open type it binds it to (OpaqueBinding), or nil.
	from   *Module
	opaque *Assignment
	// ambiguous lists the other modules the same name is imported from.
	ambiguous []string
	// missing is set when the symbol is not defined in its module and
	// is used as an AssignedIdentifier only (see assignedIdentifierOf).
	missing bool
	state   int // 0 unresolved, 1 resolving, 2 done
	to      *Assignment
}

// AssignmentKind tells what an assignment defines. The parser cannot always
// tell (see parser/doc.go "Ambiguities"): the model decides from what the
// governor or the right-hand side denotes.
type AssignmentKind int

const (
	KindInvalid   AssignmentKind = iota
	KindType                     // typereference ::= Type
	KindValue                    // valuereference Type ::= Value
	KindValueSet                 // Typereference Type ::= { ValueSet }
	KindClass                    // CLASSREF ::= CLASS {...} | OTHER-CLASS
	KindObject                   // object Class ::= {...}
	KindObjectSet                // ObjectSet Class ::= {...}
)

var kindNames = [...]string{"invalid", "type", "value", "value set", "class", "object", "object set"}

func (k AssignmentKind) String() string { return kindNames[k] }

// Assignment is one resolved assignment (a type, value, value set, class,
// object or object set), or an instance of a parameterized type.
type Assignment struct {
	Name   string
	Kind   AssignmentKind
	Module *Module
	Pos    parser.Pos
	// Source is the ASN.1 text of the assignment, for doc comments.
	Source string
	// Params is the X.683 parameter list; an assignment with parameters is
	// a template: Type and Value hold its body with the dummy references
	// unbound (KindDummy), and each use is an instance (Instance).
	Params []*parser.Parameter
	// Instance, for an instance of a parameterized assignment (type, value
	// set, value, class, object or object set; see Set.AllInstances), is the
	// template and Actuals its actual parameters.
	Instance *Assignment
	Actuals  []parser.Setting
	// Args tells, for an instance, what each actual denotes (one per
	// actual), for naming by identity.
	Args []InstanceArg

	// Type is the type (KindType), the governor (KindValue), or the
	// governor constrained by the set (KindValueSet).
	Type *Type
	// Value is the value of a KindValue assignment, evaluated.
	Value *Value
	// Class is the class of a KindClass assignment, or the governing class
	// of an object or object set.
	Class *Class
	// Object is the object of a KindObject assignment and ObjectSet the
	// set of a KindObjectSet assignment, evaluated (nil for templates).
	Object    *Object
	ObjectSet *ObjectSet
	// KeepRaw marks a type whose received encoding decoders keep (the
	// signed part of a signed structure); see markKeepRaw for the rule.
	KeepRaw bool

	AST parser.Assignment

	abstract      bool // an instance inside a template (see instantiate)
	kindState     int  // 0 not computed, 1 computing, 2 done
	valState      int
	cycleReported bool
	state         int // conversion: 0 not started, 1 in progress, 2 done
	// under is the built-in type the assignment's type stands for (nil
	// for a cycle), once underDone; walkMark is the walk of underlying
	// that last passed here.
	under     *Type
	underDone bool
	walkMark  uint64
	scope     *scope
}

// QualifiedName is "Module.Name".
func (a *Assignment) QualifiedName() string { return a.Module.Name + "." + a.Name }

// TypeKind is the built-in type a Type is, or stands for after following
// references.
type TypeKind int

const (
	TypeInvalid TypeKind = iota
	TypeBoolean
	TypeInteger
	TypeEnumerated
	TypeReal
	TypeBitString
	TypeOctetString
	TypeNull
	TypeObjectIdentifier
	TypeRelativeOID
	TypeOIDIRI
	TypeRelativeOIDIRI
	TypeEmbeddedPDV
	TypeExternal
	TypeCharacterString // restricted character strings; Name tells which
	TypeUnrestrictedCharacterString
	TypeTime // UTCTime, GeneralizedTime, TIME, DATE, ...; Name tells which
	TypeObjectDescriptor
	TypeSequence
	TypeSet
	TypeChoice
	TypeSequenceOf
	TypeSetOf
	TypeOpen       // open type: ANY, ANY DEFINED BY, CLASS.&Type
	TypeInstanceOf // INSTANCE OF (X.681 C)
	TypeDummy      // a dummy reference of a parameterized template
)

var typeKindNames = [...]string{"invalid", "BOOLEAN", "INTEGER", "ENUMERATED", "REAL", "BIT STRING",
	"OCTET STRING", "NULL", "OBJECT IDENTIFIER", "RELATIVE-OID", "OID-IRI", "RELATIVE-OID-IRI",
	"EMBEDDED PDV", "EXTERNAL", "character string", "CHARACTER STRING", "time", "ObjectDescriptor",
	"SEQUENCE", "SET", "CHOICE", "SEQUENCE OF", "SET OF", "open type", "INSTANCE OF", "dummy reference"}

func (k TypeKind) String() string { return typeKindNames[k] }

// Type is a type of the model. A reference to a named type keeps the
// reference (Ref) so that code generation names it and recursive types stay
// finite; Kind is nevertheless the built-in kind the reference stands for.
type Type struct {
	Kind TypeKind
	Pos  parser.Pos
	// Ref is the named type this type refers to (possibly through further
	// references), or nil for a built-in type written in place.
	Ref *Assignment
	// Name is the reserved word of a character string or time type
	// ("IA5String", "GeneralizedTime"), the dummy's name for TypeDummy.
	Name string
	// Tags are the effective tags of the encoding, outermost first (X.680
	// 31). Every tag with Explicit set is a constructed wrapper around the
	// next one; the last tag is the type's own unless it is Explicit. An
	// untagged CHOICE or open type has no tags: its value brings its own.
	Tags []Tag
	// NamedNumbers are the named numbers of INTEGER, the items of
	// ENUMERATED (root then additions) and the named bits of BIT STRING.
	NamedNumbers []*NamedNumber
	// Components are the components of SEQUENCE and SET (after COMPONENTS
	// OF expansion, in textual order) and the alternatives of CHOICE.
	Components []*Component
	// Extensible is set when the type has an extension marker (or its
	// module says EXTENSIBILITY IMPLIED).
	Extensible bool
	// Root2 is the number of components of the second root part of a
	// SEQUENCE or SET, after the second extension marker (X.680 25.1
	// "a, ..., b, ..., z": z): the last Root2 of Components. Additions of
	// a later version go before them.
	Root2 int
	// Elem is the element type of SEQUENCE OF and SET OF, and ElemName
	// the identifier of "SEQUENCE OF identifier Type" ("" when none is
	// written; X.680 26.1, 28.1).
	Elem     *Type
	ElemName string
	// Constraints are the effective constraints evaluated so far.
	Constraints *Constraints
	// DefinedBy is the component named by ANY DEFINED BY.
	DefinedBy string
	// Class and Field describe an ObjectClassFieldType (X.681 14):
	// CLASS.&Type is an open type, CLASS.&id has the field's type.
	Class *Class
	Field string
	// OpenType is the table of a component relation constraint on this
	// type (X.682 10.7), computed at compile time: for CLASS.&Type an open
	// type whose actual type each key selects.
	OpenType *OpenTypeTable

	// tagging are the tags written on this type, outermost first, before
	// evaluation into Tags.
	tagging   []tagOp
	cons      []consAST
	tagsState int
	kindDone  bool
	finished  bool
	// actual marks a type written as an actual parameter and substituted
	// for a dummy of a template (X.683 9): the component relations written
	// inside it refer to its own components (X.682 10.7: to the SEQUENCE,
	// SET or CHOICE in which they are written), not to the template's
	// types around it.
	actual bool
}

// Underlying follows references to the built-in type.
func (t *Type) Underlying() *Type {
	if t.Ref != nil && t.Ref.underDone && t.Ref.under != nil {
		return t.Ref.under // every checked type's is known
	}
	seen := 0
	for t.Ref != nil && t.Ref.Type != nil && t.Ref.Type != t && seen < 100 {
		t = t.Ref.Type
		seen++
	}
	return t
}

// TagClass is the class of a tag (X.680 8.1), the model's own: generated
// code and its generator read tags from the model, not from the syntax.
type TagClass int

// The tag classes; ClassContext is the class of a tag written without a
// class keyword.
const (
	ClassContext TagClass = iota
	ClassUniversal
	ClassApplication
	ClassPrivate
)

func (c TagClass) String() string {
	switch c {
	case ClassUniversal:
		return "UNIVERSAL"
	case ClassApplication:
		return "APPLICATION"
	case ClassPrivate:
		return "PRIVATE"
	}
	return ""
}

// tagClassOf is the class of a tag as the parser read it.
func tagClassOf(c parser.TagClass) TagClass {
	switch c {
	case parser.TagClassUniversal:
		return ClassUniversal
	case parser.TagClassApplication:
		return ClassApplication
	case parser.TagClassPrivate:
		return ClassPrivate
	}
	return ClassContext
}

// Tag is one tag of an encoding (X.680 8).
type Tag struct {
	Class  TagClass
	Number int64
	// Explicit marks a wrapper: the encoding is constructed and contains
	// the encoding with the following tags.
	Explicit bool
}

func (t Tag) String() string {
	s := "["
	if t.Class != ClassContext {
		s += t.Class.String() + " "
	}
	s += fmt.Sprint(t.Number) + "]"
	if t.Explicit {
		s += " EXPLICIT"
	}
	return s
}

// canonicalRank is c's place in the canonical order of tags (X.680
// 8.6): universal, application, context-specific, private. The order of
// the TagClass constants is another one (ClassContext is the zero value).
func (c TagClass) canonicalRank() int {
	switch c {
	case ClassUniversal:
		return 0
	case ClassApplication:
		return 1
	case ClassContext:
		return 2
	}
	return 3
}

// Less reports whether t precedes u in the canonical order of tags
// (X.680 8.6): by class (universal, application, context-specific,
// private), then by number. It orders a SET's components in DER, PER and
// OER, and a CHOICE's alternatives in PER and OER.
func (t Tag) Less(u Tag) bool {
	if rt, ru := t.Class.canonicalRank(), u.Class.canonicalRank(); rt != ru {
		return rt < ru
	}
	return t.Number < u.Number
}

// LeastTag is the first of tags in the canonical order (X.680 8.6): the
// tag that places an untagged CHOICE among a SET's components. tags must
// not be empty.
func LeastTag(tags []Tag) Tag {
	least := tags[0]
	for _, t := range tags[1:] {
		if t.Less(least) {
			least = t
		}
	}
	return least
}

// FirstTags returns the tags an encoding of t can start with: its
// outermost tag, or those of an untagged CHOICE's alternatives (nested
// untagged CHOICEs' included); nil means any (an untagged open type).
func (t *Type) FirstTags() []Tag { return t.firstTags(0) }

func (t *Type) firstTags(depth int) []Tag {
	if len(t.Tags) > 0 {
		return []Tag{t.Tags[0]}
	}
	u := t.Underlying()
	if u.Kind != TypeChoice || depth > 20 {
		return nil
	}
	var out []Tag
	for _, c := range u.Components {
		ft := c.Type.firstTags(depth + 1)
		if ft == nil {
			return nil
		}
		out = append(out, ft...)
	}
	return out
}

type tagOp struct {
	pos      parser.Pos
	class    TagClass
	number   int64
	mode     parser.TagMode // resolved: Implicit or Explicit (never Default)
	keyword  bool           // IMPLICIT written explicitly
	automatc bool
}

// NamedNumber is a named number, enumeration item or named bit.
type NamedNumber struct {
	Name      string
	Value     int64
	Extension bool // an ENUMERATED addition after "..."
	Pos       parser.Pos
}

// Component is a component of a SEQUENCE or SET, or an alternative of a
// CHOICE.
type Component struct {
	Name     string
	Pos      parser.Pos
	Type     *Type
	Optional bool
	// Default is the DEFAULT value, evaluated against Type; nil without
	// DEFAULT.
	Default *Value
	// Extension is set for extension additions; Group numbers the
	// "[[ ]]" group it belongs to (1-based, 0 outside groups) and Version
	// is the group's version number, if written.
	Extension bool
	Group     int
	Version   string
	// ComponentsOf is set for components copied by COMPONENTS OF.
	ComponentsOf bool
	// KeepRaw marks a component whose received encoding decoders keep
	// (see Assignment.KeepRaw).
	KeepRaw bool

	defaultAST   parser.Value
	defaultScope *scope
}

// Class is an information object class (X.681 9).
type Class struct {
	Name   string
	Module *Module
	Pos    parser.Pos
	// AST is the class definition; for TYPE-IDENTIFIER and ABSTRACT-SYNTAX
	// a built-in equivalent.
	AST *parser.ObjectClassDefn

	sc *scope
}

// Field returns the field spec named name ("&id"), or nil.
func (c *Class) Field(name string) parser.FieldSpec {
	if c == nil || c.AST == nil {
		return nil
	}
	for _, f := range c.AST.Fields {
		if fieldName(f) == name {
			return f
		}
	}
	return nil
}

// Severity tells an error from a warning.
type Severity int

const (
	Error Severity = iota
	Warning
	// Note tells what was read and how where nothing is wrong (an
	// ENCODING-CONTROL section for other encoding rules, not read).
	Note
)

// Diagnostic is a located error, warning or note.
type Diagnostic struct {
	Pos      parser.Pos
	Severity Severity
	Msg      string
	// Accept is, for a warning or note that reports what the user cannot
	// change (a published defect of a module's text, a draft's
	// placeholder), the key "kind:Module" with which Options.Accept
	// accepts it (see there); "" otherwise.
	Accept string
	// AcceptedBy is the option that asked for what the diagnostic reports,
	// or accepted it: "-import-from PKCS-7.ContentInfo=...",
	// "-extensible PKCS-1.PKCS1-v1-5DigestAlgorithms", "-accept
	// set-comma:PKCS5v2-1"; "" when none did. Tools print such diagnostics
	// only on request (Diagnostics.Shown).
	AcceptedBy string
}

// Error prints "file:line:col: message", with "warning: " or "note: "
// before the message of a warning or a note, and after a message that
// Options.Accept can accept, and has not, the option that would:
// " [-accept kind:Module]".
func (d *Diagnostic) Error() string {
	var s string
	switch d.Severity {
	case Warning:
		s = d.Pos.String() + ": warning: " + d.Msg
	case Note:
		s = d.Pos.String() + ": note: " + d.Msg
	default:
		s = d.Pos.String() + ": " + d.Msg
	}
	if d.Accept != "" && d.AcceptedBy == "" {
		s += " [-accept " + d.Accept + "]"
	}
	return s
}

// Diagnostics is a list of diagnostics sorted by position.
type Diagnostics []*Diagnostic

// Errors counts the diagnostics of severity Error.
func (l Diagnostics) Errors() int {
	n := 0
	for _, d := range l {
		if d.Severity == Error {
			n++
		}
	}
	return n
}

// Err returns the errors (not the warnings) as an error, or nil.
func (l Diagnostics) Err() error {
	var errs Diagnostics
	for _, d := range l {
		if d.Severity == Error {
			errs = append(errs, d)
		}
	}
	if len(errs) == 0 {
		return nil
	}
	return errs
}

func (l Diagnostics) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more)", l[0].Error(), len(l)-1)
}

// Shown returns the diagnostics that no option asked for or accepted
// (AcceptedBy is ""): what a tool prints unless asked for everything. Each
// of them is an error to fix, or a warning or note that says how to
// accept it.
func (l Diagnostics) Shown() Diagnostics {
	var out Diagnostics
	for _, d := range l {
		if d.AcceptedBy == "" {
			out = append(out, d)
		}
	}
	return out
}

// String prints one diagnostic a line.
func (l Diagnostics) String() string {
	var b strings.Builder
	for _, d := range l {
		b.WriteString(d.Error())
		b.WriteByte('\n')
	}
	return b.String()
}
