package parser

// This file declares the syntax tree. Node types are named after the
// productions of X.680 (basic notation), X.681 (information objects), X.682
// (constraints) and X.683 (parameterization). Sum types are sealed
// interfaces with an unexported marker method, as in go/ast.
//
// The tree is syntax only: where the notation cannot be classified without
// knowing what a reference denotes, the parser builds a neutral node and the
// semantic phase decides (see "Ambiguities" in doc.go).

// Node is implemented by every node of the tree.
type Node interface {
	// Position is where the node's first token starts.
	Position() Pos
}

// File is the result of parsing one source file: one or more modules.
//
// Warnings lists, sorted by position, the leniencies ParseFile applied to
// read notation that X.680 does not allow (see ParseFile); a file that is
// valid ASN.1 has none.
type File struct {
	Name    string
	Modules []*ModuleDefinition
	// ECNModules are the X.692 modules of the file, which are not ASN.1
	// modules and are skipped (see ECNModule).
	ECNModules []*ECNModule
	Warnings   ErrorList
}

// ECNModule is an X.692 (Encoding Control Notation) module, recognized by
// its header and skipped up to its END: an encoding definition module
// "ModuleIdentifier ENCODING-DEFINITIONS ::= BEGIN ... END" or the encoding
// link module "ModuleIdentifier LINK-DEFINITIONS ::= BEGIN ... END". They
// define encodings of ASN.1 types, not types or values.
type ECNModule struct {
	Pos  Pos
	Name string
	// Kind is "ENCODING-DEFINITIONS" or "LINK-DEFINITIONS".
	Kind string
}

// ---------------------------------------------------------------------------
// Modules (X.680 13)

// ModuleDefinition is
//
//	ModuleIdentifier DEFINITIONS EncodingReferenceDefault TagDefault
//	ExtensionDefault "::=" BEGIN ModuleBody EncodingControlSections END
type ModuleDefinition struct {
	Pos        Pos
	Identifier *ModuleIdentifier
	// EncodingReference is the encodingreference of "XER INSTRUCTIONS"
	// (X.680 13.1 EncodingReferenceDefault), or "".
	EncodingReference string
	TagDefault        TagDefault
	// ExtensibilityImplied is set by "EXTENSIBILITY IMPLIED" (X.680 13.1).
	ExtensibilityImplied bool
	Exports              *Exports // nil when the module has no EXPORTS clause (everything is exported)
	Imports              *Imports // nil when the module has no IMPORTS clause
	Assignments          []Assignment
	EncodingControl      []*EncodingControlSection
	End                  Pos // position of END
}

// TagDefault is the module's default tagging (X.680 13.1 TagDefault).
type TagDefault int

const (
	TagDefaultNone      TagDefault = iota // no TagDefault: same as EXPLICIT TAGS
	TagDefaultExplicit                    // EXPLICIT TAGS
	TagDefaultImplicit                    // IMPLICIT TAGS
	TagDefaultAutomatic                   // AUTOMATIC TAGS
)

func (t TagDefault) String() string {
	switch t {
	case TagDefaultExplicit:
		return "EXPLICIT TAGS"
	case TagDefaultImplicit:
		return "IMPLICIT TAGS"
	case TagDefaultAutomatic:
		return "AUTOMATIC TAGS"
	}
	return ""
}

// ModuleIdentifier is modulereference DefinitiveIdentification (X.680 13.1).
type ModuleIdentifier struct {
	Pos  Pos
	Name string
	// OID is the DefinitiveOID; nil when absent.
	OID []*DefinitiveObjIdComponent
	// IRI is the decoded IRIValue of DefinitiveOIDandIRI, or "".
	IRI string
}

// DefinitiveObjIdComponent is a NameForm (Name), a DefinitiveNumberForm
// (Number) or a DefinitiveNameAndNumberForm (both).
//
// Placeholder is set instead of Number when a draft module writes an
// upper-case reference where X.680 13.1 requires the number, as in
// "id-mod-x509-ml-dsa-2025(TBD1)": the parser accepts it there (and only
// there, see "Leniencies" in doc.go) so that such modules parse as
// published; the semantic phase should warn that the module OID is not
// final. Number is then "".
type DefinitiveObjIdComponent struct {
	Pos         Pos
	Name        string
	Number      string
	Placeholder string
}

// Exports is "EXPORTS ALL ;" or "EXPORTS SymbolList ;" (X.680 13.14).
type Exports struct {
	Pos     Pos
	All     bool
	Symbols []*Symbol
}

// Symbol is a Reference or a ParameterizedReference "Reference { }" in an
// EXPORTS or IMPORTS list (X.680 13.17).
type Symbol struct {
	Pos           Pos
	Name          string
	Parameterized bool // written as "Name{}"
}

// Imports is "IMPORTS SymbolsFromModuleList ;" (X.680 13.16).
type Imports struct {
	Pos  Pos
	From []*SymbolsFromModule
}

// SymbolsFromModule is "SymbolList FROM GlobalModuleReference
// SelectionOption".
type SymbolsFromModule struct {
	Pos     Pos
	Symbols []*Symbol
	Module  *GlobalModuleReference
	// SelectionOption is "SUCCESSORS" or "DESCENDANTS" for "WITH
	// SUCCESSORS" / "WITH DESCENDANTS" (X.680 13.16), or "".
	SelectionOption string
}

// GlobalModuleReference is modulereference AssignedIdentifier (X.680 13.19).
// At most one of OID and Value is set.
type GlobalModuleReference struct {
	Pos   Pos
	Name  string
	OID   *ObjectIdentifierValue // AssignedIdentifier ::= ObjectIdentifierValue
	Value *ValueReference        // AssignedIdentifier ::= DefinedValue
}

// EncodingControlSection is "ENCODING-CONTROL encodingreference
// EncodingInstructionAssignmentList" (X.680 54). The instructions follow the
// grammar of the encoding rules (X.693 for XER, X.692 ...) and are kept as
// tokens.
type EncodingControlSection struct {
	Pos               Pos
	EncodingReference string
	Tokens            []Token
}

// ---------------------------------------------------------------------------
// Assignments (X.680 16, X.681 9-12, X.683 8)

// Assignment is one of *TypeAssignment, *ValueAssignment,
// *ValueSetTypeAssignment, *ObjectClassAssignment, or one of the X.208
// (1988) macro forms *MacroDefinition and *MacroInstanceAssignment, which
// the parser records so that the semantic phase can reject them by name.
//
// X.681 object and object-set assignments have the same syntax as value and
// value-set assignments (the governor is then a class reference, which only
// name resolution can tell from a type reference), so they are represented by
// *ValueAssignment and *ValueSetTypeAssignment. Likewise "A ::= B" where B
// names a class is a *TypeAssignment: the semantic phase turns it into a
// class assignment.
type Assignment interface {
	Node
	assignmentNode()
}

// Parameter is one entry of a ParameterList (X.683 8.3): "Governor :
// DummyReference" or a bare "DummyReference".
type Parameter struct {
	Pos Pos
	// Governor is a Type, a class reference (as *TypeReference) or a dummy
	// governor (a *TypeReference naming another parameter); nil when the
	// parameter has no governor.
	Governor Type
	Name     string
}

// TypeAssignment is "typereference ParameterList? ::= Type" (X.680 16.1,
// X.683 8.2 ParameterizedTypeAssignment). It also covers "A ::= B" where B
// turns out to be a class (X.681 9.1 ObjectClassAssignment with a
// DefinedObjectClass).
type TypeAssignment struct {
	Pos    Pos
	Name   string
	Params []*Parameter // nil: not parameterized
	Type   Type
}

// ValueAssignment is "valuereference ParameterList? Type ::= Value" (X.680
// 16.2, X.683 ParameterizedValueAssignment). When Type denotes a class it is
// an ObjectAssignment (X.681 11.1): Value is then an object (a reference, a
// *BraceValue in default or defined syntax, or a *ValueFromObject).
type ValueAssignment struct {
	Pos    Pos
	Name   string
	Params []*Parameter
	Type   Type
	Value  Value
}

// ValueSetTypeAssignment is "typereference ParameterList? Type ::= ValueSet"
// (X.680 16.6). When Type denotes a class it is an ObjectSetAssignment
// (X.681 12.1) and Set is the ObjectSetSpec.
type ValueSetTypeAssignment struct {
	Pos    Pos
	Name   string
	Params []*Parameter
	Type   Type
	Set    *ElementSetSpecs
}

// ObjectClassAssignment is "objectclassreference ParameterList? ::=
// ObjectClassDefn" (X.681 9.1).
type ObjectClassAssignment struct {
	Pos    Pos
	Name   string
	Params []*Parameter
	Class  *ObjectClassDefn
}

// MacroDefinition is an X.208 (1988) macro definition, "macroreference
// MACRO ::= MacroSubstance" (X.208 A.2), withdrawn from ASN.1 in 1994. Its
// body is kept as tokens: the parser records it, the semantic phase reports
// that macros are not supported.
type MacroDefinition struct {
	Pos  Pos
	Name string
	// Body holds the tokens between BEGIN and END of "BEGIN MacroBody
	// END" (the TYPE NOTATION, VALUE NOTATION and supporting productions).
	Body []Token
	// Reference is set instead of Body when the substance is another
	// macro: "macroreference" or "modulereference.macroreference".
	Reference string
}

// MacroInstanceAssignment is a value assignment whose type is an instance
// of an X.208 macro's type notation, as the SNMP MIBs of RFC 1156 write
//
//	sysDescr OBJECT-TYPE SYNTAX OCTET STRING ACCESS read-only STATUS mandatory ::= { system 1 }
//
// that is "valuereference macroreference MacroTokens ::= Value". The parser
// takes this form only where no X.680 type can continue: a lower-case
// reference, then an upper-case reference (the macro), then a word that
// starts with an upper-case letter (a reference or a reserved word such as
// SYNTAX), as no X.680 type reference is followed by a word. Value is the
// value notation after "::=", parsed as an X.680 value (X.208 macros name
// their value notation freely; the corpus instances use OID values).
type MacroInstanceAssignment struct {
	Pos      Pos
	Name     string
	Macro    string // the macroreference, e.g. "OBJECT-TYPE"
	MacroPos Pos
	// Tokens are the tokens of the macro's type notation, between the
	// macro name and "::=" (at least one).
	Tokens []Token
	Value  Value
}

func (*TypeAssignment) assignmentNode()          {}
func (*ValueAssignment) assignmentNode()         {}
func (*ValueSetTypeAssignment) assignmentNode()  {}
func (*ObjectClassAssignment) assignmentNode()   {}
func (*MacroDefinition) assignmentNode()         {}
func (*MacroInstanceAssignment) assignmentNode() {}

// ---------------------------------------------------------------------------
// Types (X.680 17-37, 49; X.681 14-15)

// Type is a type node. Every Type is also a Setting (it may appear as an
// actual parameter or in an object's field setting).
type Type interface {
	Setting
	typeNode()
}

// Setting is anything that may appear as an X.683 ActualParameter or an
// X.681 Setting: a Type or a Value (values include object and set notations
// such as *BraceValue; class, object-set and value-set references are
// *TypeReference).
type Setting interface {
	Node
	settingNode()
}

// BooleanType is BOOLEAN (X.680 18).
type BooleanType struct{ Pos Pos }

// IntegerType is INTEGER with optional named numbers (X.680 19).
type IntegerType struct {
	Pos          Pos
	NamedNumbers []*NamedNumber // nil when there is no "{...}"
}

// NamedNumber is "identifier ( SignedNumber )" or "identifier (
// DefinedValue )" (X.680 19.1); also NamedBit (X.680 22.1).
type NamedNumber struct {
	Pos   Pos
	Name  string
	Value Value // *IntegerValue or *ValueReference
}

// EnumeratedType is ENUMERATED { Enumerations } (X.680 20).
type EnumeratedType struct {
	Pos        Pos
	Root       []*EnumerationItem
	Extensible bool
	Exception  *ExceptionSpec // after "..."
	Additional []*EnumerationItem
	// ExtraMarkers records further "..." markers among the additions. X.680
	// 20.1 admits one extension marker, but a second is kept in the tree
	// (and reported by the semantic phase) because tools such as asn1c treat
	// it as a semantic error of an otherwise readable module.
	ExtraMarkers []*ExtraExtensionMarker
}

// ExtraExtensionMarker is a second "..." in an ENUMERATED: Index is the
// number of Additional items that precede it.
type ExtraExtensionMarker struct {
	Pos   Pos
	Index int
}

// EnumerationItem is an identifier or a NamedNumber (X.680 20.1).
type EnumerationItem struct {
	Pos    Pos
	Name   string
	Number Value // nil for a bare identifier
}

// RealType is REAL (X.680 21).
type RealType struct{ Pos Pos }

// BitStringType is BIT STRING with optional named bits (X.680 22).
type BitStringType struct {
	Pos       Pos
	NamedBits []*NamedNumber
}

// OctetStringType is OCTET STRING (X.680 23).
type OctetStringType struct{ Pos Pos }

// NullType is NULL (X.680 24). Where a type or a value may appear (an actual
// parameter) the parser builds NullType; the semantic phase may read it as
// the NULL value.
type NullType struct{ Pos Pos }

// ObjectIdentifierType is OBJECT IDENTIFIER (X.680 32).
type ObjectIdentifierType struct{ Pos Pos }

// RelativeOIDType is RELATIVE-OID (X.680 33).
type RelativeOIDType struct{ Pos Pos }

// OIDIRIType is OID-IRI (X.680 34).
type OIDIRIType struct{ Pos Pos }

// RelativeOIDIRIType is RELATIVE-OID-IRI (X.680 35).
type RelativeOIDIRIType struct{ Pos Pos }

// EmbeddedPDVType is EMBEDDED PDV (X.680 36).
type EmbeddedPDVType struct{ Pos Pos }

// ExternalType is EXTERNAL (X.680 37).
type ExternalType struct{ Pos Pos }

// RestrictedCharacterStringType is one of the character string types of
// X.680 41 (BMPString, GeneralString, ..., VisibleString); Name is the
// reserved word.
type RestrictedCharacterStringType struct {
	Pos  Pos
	Name string
}

// UnrestrictedCharacterStringType is CHARACTER STRING (X.680 44).
type UnrestrictedCharacterStringType struct{ Pos Pos }

// UsefulType is GeneralizedTime, UTCTime or ObjectDescriptor (X.680 45-48).
type UsefulType struct {
	Pos  Pos
	Name string
}

// TimeType is one of TIME, DATE, TIME-OF-DAY, DATE-TIME and DURATION (X.680
// 38); Name is the reserved word.
type TimeType struct {
	Pos  Pos
	Name string
}

// SequenceType is SEQUENCE { ComponentTypeLists } (X.680 25).
type SequenceType struct {
	Pos        Pos
	Components ComponentTypeLists
}

// SetType is SET { ComponentTypeLists } (X.680 27).
type SetType struct {
	Pos        Pos
	Components ComponentTypeLists
}

// ComponentTypeLists is the body of a SEQUENCE or SET (X.680 25.1):
//
//	Root , ... Exception? , Additions... [, ... , Root2]
type ComponentTypeLists struct {
	Root []*ComponentType
	// Extension is set when the type has an extension marker "...".
	Extension *ExtensionAndException
	Additions []ExtensionAddition
	// EndMarker is set for the second "..." (ExtensionEndMarker or
	// OptionalExtensionMarker); Root2 holds the components after it.
	EndMarker bool
	Root2     []*ComponentType
}

// ExtensionAndException is "..." with an optional ExceptionSpec (X.680
// 25.1).
type ExtensionAndException struct {
	Pos       Pos
	Exception *ExceptionSpec
}

// ComponentType is a NamedType with OPTIONAL or DEFAULT, or "COMPONENTS OF
// Type" (X.680 25.1).
type ComponentType struct {
	Pos Pos
	// NamedType is nil for COMPONENTS OF.
	NamedType *NamedType
	Optional  bool
	Default   Value // nil when there is no DEFAULT
	// ComponentsOf is the Type of "COMPONENTS OF Type".
	ComponentsOf Type
}

// NamedType is "identifier Type" (X.680 17.5). Name is "" for the X.208
// (1988) form without identifier, still found in old modules.
type NamedType struct {
	Pos  Pos
	Name string
	Type Type
}

// ExtensionAddition is a *ComponentType or an *ExtensionAdditionGroup.
type ExtensionAddition interface {
	Node
	extensionAdditionNode()
}

// ExtensionAdditionGroup is "[[ VersionNumber ComponentTypeList ]]" (X.680
// 25.1).
type ExtensionAdditionGroup struct {
	Pos        Pos
	Version    string // "" when there is no "number :"
	Components []*ComponentType
}

func (*ComponentType) extensionAdditionNode()          {}
func (*ExtensionAdditionGroup) extensionAdditionNode() {}

// ChoiceType is CHOICE { AlternativeTypeLists } (X.680 29).
type ChoiceType struct {
	Pos          Pos
	Alternatives AlternativeTypeLists
}

// AlternativeTypeLists is the body of a CHOICE (X.680 29.1).
type AlternativeTypeLists struct {
	Root      []*NamedType
	Extension *ExtensionAndException
	Additions []ExtensionAdditionAlternative
	EndMarker bool // a second "..." (OptionalExtensionMarker)
}

// ExtensionAdditionAlternative is a *NamedType or an
// *ExtensionAdditionAlternativesGroup.
type ExtensionAdditionAlternative interface {
	Node
	extensionAdditionAlternativeNode()
}

// ExtensionAdditionAlternativesGroup is "[[ VersionNumber
// AlternativeTypeList ]]" (X.680 29.1).
type ExtensionAdditionAlternativesGroup struct {
	Pos          Pos
	Version      string
	Alternatives []*NamedType
}

func (*NamedType) extensionAdditionAlternativeNode()                          {}
func (*ExtensionAdditionAlternativesGroup) extensionAdditionAlternativeNode() {}

// SequenceOfType is SEQUENCE OF (X.680 26), including the TypeWithConstraint
// forms "SEQUENCE (Constraint) OF" and "SEQUENCE SIZE (...) OF" (X.680 49.1).
type SequenceOfType struct {
	Pos        Pos
	Constraint *Constraint     // "SEQUENCE Constraint OF"
	Size       *SizeConstraint // "SEQUENCE SizeConstraint OF"
	Name       string          // identifier of "SEQUENCE OF identifier Type", or ""
	Type       Type
}

// SetOfType is SET OF (X.680 28), with the same TypeWithConstraint forms.
type SetOfType struct {
	Pos        Pos
	Constraint *Constraint
	Size       *SizeConstraint
	Name       string
	Type       Type
}

// TaggedType is "Tag IMPLICIT|EXPLICIT? Type" (X.680 31).
type TaggedType struct {
	Pos  Pos
	Tag  *Tag
	Mode TagMode
	Type Type
}

// TagMode is the tagging keyword of a TaggedType.
type TagMode int

const (
	TagModeDefault  TagMode = iota // no keyword: the module's TagDefault applies
	TagModeImplicit                // IMPLICIT
	TagModeExplicit                // EXPLICIT
)

func (m TagMode) String() string {
	switch m {
	case TagModeImplicit:
		return "IMPLICIT"
	case TagModeExplicit:
		return "EXPLICIT"
	}
	return ""
}

// Tag is "[ EncodingReference Class ClassNumber ]" (X.680 31.1).
type Tag struct {
	Pos               Pos
	EncodingReference string // "" or the encodingreference before ":"
	Class             TagClass
	Number            Value // *IntegerValue or *ValueReference
}

// TagClass is the class of a tag (X.680 31.1 Class).
type TagClass int

const (
	TagClassContext     TagClass = iota // no class keyword: context-specific
	TagClassUniversal                   // UNIVERSAL
	TagClassApplication                 // APPLICATION
	TagClassPrivate                     // PRIVATE
)

func (c TagClass) String() string {
	switch c {
	case TagClassUniversal:
		return "UNIVERSAL"
	case TagClassApplication:
		return "APPLICATION"
	case TagClassPrivate:
		return "PRIVATE"
	}
	return ""
}

// EncodingPrefixedType is "[ EncodingReference EncodingInstruction ] Type"
// (X.680 31.3), e.g. [XER:ATTRIBUTE] INTEGER. The instruction follows the
// encoding rules' own grammar and is kept as tokens.
type EncodingPrefixedType struct {
	Pos               Pos
	EncodingReference string
	Instruction       []Token
	Type              Type
}

// SelectionType is "identifier < Type" (X.680 30).
type SelectionType struct {
	Pos  Pos
	Name string
	Type Type
}

// AnyType is the X.208 (1988) ANY or "ANY DEFINED BY identifier", kept for
// old modules.
type AnyType struct {
	Pos       Pos
	DefinedBy string
}

// InstanceOfType is "INSTANCE OF DefinedObjectClass" (X.681 C.1).
type InstanceOfType struct {
	Pos   Pos
	Class *TypeReference
}

// TypeReference is a reference starting with an upper-case letter in a type
// position: a typereference, an external reference "Module.Name", a
// ParameterizedType "Name{...}" (X.683 9.2), TYPE-IDENTIFIER or
// ABSTRACT-SYNTAX (Name holds the reserved word). By syntax alone it may also
// name a value set, a class or an object set: the semantic phase resolves it.
type TypeReference struct {
	Pos    Pos
	Module string // "" unless written Module.Name
	Name   string
	Params []Setting // actual parameters; nil when not parameterized
}

// ObjectClassFieldType is "Ref . FieldName" in a type position (X.681 14.1),
// e.g. CLASS.&id or CLASS.&Type. When Ref denotes an object or an object set
// rather than a class this is X.681 15 InformationFromObjects (TypeFromObject
// or ValueSetFromObjects); the semantic phase tells which. Ref is a
// *TypeReference (class, object set) or a *ValueReference (object).
type ObjectClassFieldType struct {
	Pos    Pos
	Ref    Setting
	Fields []string // the field names of the chain, each with its "&"
}

// ConstrainedType is "Type Constraint..." (X.680 49.1).
type ConstrainedType struct {
	Pos         Pos
	Type        Type
	Constraints []*Constraint
}

// ObjectClassDefn is "CLASS { FieldSpec, ... } WithSyntaxSpec?" (X.681 9.3).
// It appears as the right-hand side of an ObjectClassAssignment.
type ObjectClassDefn struct {
	Pos    Pos
	Fields []FieldSpec
	Syntax *SyntaxList // nil without WITH SYNTAX
}

func (*BooleanType) typeNode()                     {}
func (*IntegerType) typeNode()                     {}
func (*EnumeratedType) typeNode()                  {}
func (*RealType) typeNode()                        {}
func (*BitStringType) typeNode()                   {}
func (*OctetStringType) typeNode()                 {}
func (*NullType) typeNode()                        {}
func (*ObjectIdentifierType) typeNode()            {}
func (*RelativeOIDType) typeNode()                 {}
func (*OIDIRIType) typeNode()                      {}
func (*RelativeOIDIRIType) typeNode()              {}
func (*EmbeddedPDVType) typeNode()                 {}
func (*ExternalType) typeNode()                    {}
func (*RestrictedCharacterStringType) typeNode()   {}
func (*UnrestrictedCharacterStringType) typeNode() {}
func (*UsefulType) typeNode()                      {}
func (*TimeType) typeNode()                        {}
func (*SequenceType) typeNode()                    {}
func (*SetType) typeNode()                         {}
func (*ChoiceType) typeNode()                      {}
func (*SequenceOfType) typeNode()                  {}
func (*SetOfType) typeNode()                       {}
func (*TaggedType) typeNode()                      {}
func (*EncodingPrefixedType) typeNode()            {}
func (*SelectionType) typeNode()                   {}
func (*AnyType) typeNode()                         {}
func (*InstanceOfType) typeNode()                  {}
func (*TypeReference) typeNode()                   {}
func (*ObjectClassFieldType) typeNode()            {}
func (*ConstrainedType) typeNode()                 {}

func (*BooleanType) settingNode()                     {}
func (*IntegerType) settingNode()                     {}
func (*EnumeratedType) settingNode()                  {}
func (*RealType) settingNode()                        {}
func (*BitStringType) settingNode()                   {}
func (*OctetStringType) settingNode()                 {}
func (*NullType) settingNode()                        {}
func (*ObjectIdentifierType) settingNode()            {}
func (*RelativeOIDType) settingNode()                 {}
func (*OIDIRIType) settingNode()                      {}
func (*RelativeOIDIRIType) settingNode()              {}
func (*EmbeddedPDVType) settingNode()                 {}
func (*ExternalType) settingNode()                    {}
func (*RestrictedCharacterStringType) settingNode()   {}
func (*UnrestrictedCharacterStringType) settingNode() {}
func (*UsefulType) settingNode()                      {}
func (*TimeType) settingNode()                        {}
func (*SequenceType) settingNode()                    {}
func (*SetType) settingNode()                         {}
func (*ChoiceType) settingNode()                      {}
func (*SequenceOfType) settingNode()                  {}
func (*SetOfType) settingNode()                       {}
func (*TaggedType) settingNode()                      {}
func (*EncodingPrefixedType) settingNode()            {}
func (*SelectionType) settingNode()                   {}
func (*AnyType) settingNode()                         {}
func (*InstanceOfType) settingNode()                  {}
func (*TypeReference) settingNode()                   {}
func (*ObjectClassFieldType) settingNode()            {}
func (*ConstrainedType) settingNode()                 {}

// ---------------------------------------------------------------------------
// Information object classes (X.681 9-10)

// FieldSpec is one field of a class (X.681 9.4). Fields whose syntax is
// shared by two kinds are represented by one node:
// *FixedTypeValueFieldSpec also stands for ObjectFieldSpec ("&obj CLASS")
// and *FixedTypeValueSetFieldSpec for ObjectSetFieldSpec ("&Objs CLASS"),
// because only name resolution tells a class reference from a type
// reference.
type FieldSpec interface {
	Node
	fieldSpecNode()
}

// TypeFieldSpec is "&Type TypeOptionalitySpec?" (X.681 9.5).
type TypeFieldSpec struct {
	Pos      Pos
	Name     string // with "&"
	Optional bool
	Default  Type
}

// FixedTypeValueFieldSpec is "&value Type UNIQUE? ValueOptionalitySpec?"
// (X.681 9.6), or "&object DefinedObjectClass ObjectOptionalitySpec?"
// (X.681 9.10 ObjectFieldSpec) when Type denotes a class.
type FixedTypeValueFieldSpec struct {
	Pos      Pos
	Name     string
	Type     Type
	Unique   bool
	Optional bool
	Default  Value
}

// VariableTypeValueFieldSpec is "&value FieldName ValueOptionalitySpec?"
// (X.681 9.8), the type being given by another field, e.g. "&value &Type".
type VariableTypeValueFieldSpec struct {
	Pos       Pos
	Name      string
	TypeField []string // the FieldName, e.g. ["&Type"]
	Optional  bool
	Default   Value
}

// FixedTypeValueSetFieldSpec is "&ValueSet Type ValueSetOptionalitySpec?"
// (X.681 9.7), or "&ObjectSet DefinedObjectClass ObjectSetOptionalitySpec?"
// (X.681 9.11 ObjectSetFieldSpec) when Type denotes a class.
type FixedTypeValueSetFieldSpec struct {
	Pos      Pos
	Name     string
	Type     Type
	Optional bool
	Default  *ElementSetSpecs
}

// VariableTypeValueSetFieldSpec is "&ValueSet FieldName
// ValueSetOptionalitySpec?" (X.681 9.9).
type VariableTypeValueSetFieldSpec struct {
	Pos       Pos
	Name      string
	TypeField []string
	Optional  bool
	Default   *ElementSetSpecs
}

func (*TypeFieldSpec) fieldSpecNode()                 {}
func (*FixedTypeValueFieldSpec) fieldSpecNode()       {}
func (*VariableTypeValueFieldSpec) fieldSpecNode()    {}
func (*FixedTypeValueSetFieldSpec) fieldSpecNode()    {}
func (*VariableTypeValueSetFieldSpec) fieldSpecNode() {}

// SyntaxList is the "{ TokenOrGroupSpec... }" of WITH SYNTAX (X.681 10.5).
type SyntaxList struct {
	Pos   Pos
	Items []SyntaxItem
}

// SyntaxItem is a *SyntaxLiteral, a *SyntaxField or a *SyntaxOptionalGroup.
type SyntaxItem interface {
	Node
	syntaxItemNode()
}

// SyntaxLiteral is a Literal of a syntax list: a word or "," (X.681 10.6).
type SyntaxLiteral struct {
	Pos  Pos
	Text string
}

// SyntaxField is a PrimitiveFieldName of a syntax list, e.g. "&id".
type SyntaxField struct {
	Pos  Pos
	Name string
}

// SyntaxOptionalGroup is "[ TokenOrGroupSpec... ]" (X.681 10.5).
type SyntaxOptionalGroup struct {
	Pos   Pos
	Items []SyntaxItem
}

func (*SyntaxLiteral) syntaxItemNode()       {}
func (*SyntaxField) syntaxItemNode()         {}
func (*SyntaxOptionalGroup) syntaxItemNode() {}

// ---------------------------------------------------------------------------
// Values (X.680 17-38, X.681 11, 15)

// Value is a value node. Object and set notations (X.681) are values too:
// they share the value syntax.
type Value interface {
	Setting
	valueNode()
}

// IntegerValue is a number, possibly negative: Text is "-5" or "42".
type IntegerValue struct {
	Pos  Pos
	Text string
}

// RealValue is a realnumber, possibly negative (X.680 21.6), e.g. "-1.5e3".
type RealValue struct {
	Pos  Pos
	Text string
}

// SpecialRealValue is PLUS-INFINITY, MINUS-INFINITY or NOT-A-NUMBER.
type SpecialRealValue struct {
	Pos  Pos
	Name string
}

// BooleanValue is TRUE or FALSE.
type BooleanValue struct {
	Pos   Pos
	Value bool
}

// NullValue is NULL as a value.
type NullValue struct{ Pos Pos }

// CStringValue is a cstring (X.680 12.14): Value is the decoded string
// ("" unescaped, line folding applied).
type CStringValue struct {
	Pos   Pos
	Value string
}

// BStringValue is 'bits'B; Digits holds the bits without spaces.
type BStringValue struct {
	Pos    Pos
	Digits string
}

// HStringValue is 'hex'H; Digits holds the hex digits without spaces.
type HStringValue struct {
	Pos    Pos
	Digits string
}

// ValueReference is a reference starting with a lower-case letter in a value
// position: a valuereference, "Module.value" (X.680 14.6
// ExternalValueReference), an objectreference, or a parameterized value or
// object "name{...}" (X.683 9.2). An identifier alone may also be an
// enumeration item, a named number or a named bit: the semantic phase tells.
type ValueReference struct {
	Pos    Pos
	Module string
	Name   string
	Params []Setting
}

// ValueFromObject is "ReferencedObjects . FieldName" in a value position
// (X.681 15), e.g. obj.&id. Ref is a *ValueReference (object) or a
// *TypeReference (object set: then it is ObjectSetFromObjects).
type ValueFromObject struct {
	Pos    Pos
	Ref    Setting
	Fields []string
}

// ChoiceValue is "identifier : Value" (X.680 29.11).
type ChoiceValue struct {
	Pos   Pos
	Name  string
	Value Value
}

// OpenTypeValue is "Type : Value" (X.681 14.6 ObjectClassFieldValue
// OpenTypeFieldVal; also X.680's ExceptionIdentification form).
type OpenTypeValue struct {
	Pos   Pos
	Type  Type
	Value Value
}

// ContainingValue is "CONTAINING Value" (X.680 22.9, 23.3): the value of a
// BIT STRING or OCTET STRING constrained by a ContentsConstraint.
type ContainingValue struct {
	Pos   Pos
	Value Value
}

// ObjectIdentifierValue is "{ ObjIdComponents... }" (X.680 32.3). The
// parser builds it where the governor is syntactically OBJECT IDENTIFIER or
// RELATIVE-OID and in module references; elsewhere braces are *BraceValue,
// which ParseObjectIdentifierValue can read as one.
type ObjectIdentifierValue struct {
	Pos        Pos
	Components []*ObjIdComponent
}

// ObjIdComponent is NameForm, NumberForm or NameAndNumberForm (X.680 32.3).
// A lone identifier (Name only) is a NameForm or a DefinedValue: the
// semantic phase tells. Module is set for "Module.value".
type ObjIdComponent struct {
	Pos    Pos
	Module string
	Name   string
	Number Value // *IntegerValue or *ValueReference; nil for a NameForm
}

// BraceValue is any "{ ... }" in a value position whose structure depends on
// the governing type or class: SEQUENCE/SET values, SEQUENCE OF/SET OF values
// (with or without names), BIT STRING named-bit lists, OBJECT IDENTIFIER
// values under a type reference, CHARACTER STRING and REAL values,
// CharacterStringList, Quadruple and Tuple, objects in default or defined
// syntax, and value or object sets. Tokens holds the balanced token sequence
// between the outer braces. The semantic phase reads it with
// ParseObjectIdentifierValue, (*BraceValue).Values, NamedValues,
// ElementSetSpecs or Object, knowing the governor.
type BraceValue struct {
	Pos    Pos
	Tokens []Token
	End    Pos // position of the closing brace
}

func (*IntegerValue) valueNode()          {}
func (*RealValue) valueNode()             {}
func (*SpecialRealValue) valueNode()      {}
func (*BooleanValue) valueNode()          {}
func (*NullValue) valueNode()             {}
func (*CStringValue) valueNode()          {}
func (*BStringValue) valueNode()          {}
func (*HStringValue) valueNode()          {}
func (*ValueReference) valueNode()        {}
func (*ValueFromObject) valueNode()       {}
func (*ChoiceValue) valueNode()           {}
func (*OpenTypeValue) valueNode()         {}
func (*ContainingValue) valueNode()       {}
func (*ObjectIdentifierValue) valueNode() {}
func (*BraceValue) valueNode()            {}

func (*IntegerValue) settingNode()          {}
func (*RealValue) settingNode()             {}
func (*SpecialRealValue) settingNode()      {}
func (*BooleanValue) settingNode()          {}
func (*NullValue) settingNode()             {}
func (*CStringValue) settingNode()          {}
func (*BStringValue) settingNode()          {}
func (*HStringValue) settingNode()          {}
func (*ValueReference) settingNode()        {}
func (*ValueFromObject) settingNode()       {}
func (*ChoiceValue) settingNode()           {}
func (*OpenTypeValue) settingNode()         {}
func (*ContainingValue) settingNode()       {}
func (*ObjectIdentifierValue) settingNode() {}
func (*BraceValue) settingNode()            {}

// NamedValue is "identifier Value" in a SEQUENCE or SET value (X.680 25.16).
type NamedValue struct {
	Pos   Pos
	Name  string
	Value Value
}

// FieldSetting is one field of an object: "&id value" in default syntax
// (X.681 11.4) or a field matched from defined syntax. Setting is a Type, a
// Value, or (for set fields) a *BraceValue or reference.
type FieldSetting struct {
	Pos     Pos
	Name    string // with "&"
	Setting Setting
}

// ---------------------------------------------------------------------------
// Constraints (X.680 49-51, X.682)

// Constraint is "( ConstraintSpec ExceptionSpec? )" (X.680 49.6).
type Constraint struct {
	Pos       Pos
	Spec      ConstraintSpec
	Exception *ExceptionSpec
}

// ExceptionSpec is "! ExceptionIdentification" (X.680 53): a SignedNumber,
// a DefinedValue or "Type : Value" (then Type is set).
type ExceptionSpec struct {
	Pos   Pos
	Type  Type
	Value Value
}

// ConstraintSpec is an *ElementSetSpecs (SubtypeConstraint), a
// *UserDefinedConstraint, a *TableConstraint or a *ContentsConstraint.
//
// A SimpleTableConstraint "({ObjectSet})" has the syntax of a single-value
// subtype constraint whose value is a *BraceValue, so it is parsed as one; a
// ComponentRelationConstraint "({ObjectSet}{@a})" is a *TableConstraint.
type ConstraintSpec interface {
	Node
	constraintSpecNode()
}

// ElementSetSpecs is "Root , ... , Additional" (X.680 50.1), also X.681
// ObjectSetSpec (where Root may be absent: "{ ... }").
type ElementSetSpecs struct {
	Pos        Pos
	Root       *ElementSetSpec // nil only for object sets "{ ... }"
	Extensible bool
	Additional *ElementSetSpec
}

// ElementSetSpec is Unions or "ALL Exclusions" (X.680 50.1). For ALL EXCEPT
// x, AllExcept is x and Unions is nil.
type ElementSetSpec struct {
	Pos       Pos
	AllExcept Element
	Unions    []*Intersections // joined by "|" or UNION
}

// Intersections is IntersectionElements joined by "^" or INTERSECTION.
type Intersections struct {
	Pos      Pos
	Elements []*IntersectionElements
}

// IntersectionElements is "Elements" or "Elements EXCEPT Elements".
type IntersectionElements struct {
	Pos    Pos
	Elems  Element
	Except Element // nil without EXCEPT
}

// Element is one of the Elements of X.680 50.5: a SubtypeElements node,
// an object set element (X.681 12.10, which has value or type syntax), or a
// parenthesized *ElementSetSpec.
//
// A single uppercase reference "(Foo)" is a *ContainedSubtype even though it
// may name a value set or an object set; "(foo)" and "({...})" are
// *SingleValue even though they may be an object or an object set.
type Element interface {
	Node
	elementNode()
}

// SingleValue is a Value (X.680 51.2).
type SingleValue struct {
	Pos   Pos
	Value Value
}

// ContainedSubtype is "INCLUDES? Type" (X.680 51.3); without INCLUDES it is
// also the TypeConstraint of X.680 51.6.
type ContainedSubtype struct {
	Pos      Pos
	Includes bool
	Type     Type
}

// ValueRange is "LowerEndpoint .. UpperEndpoint" (X.680 51.4).
type ValueRange struct {
	Pos   Pos
	Lower *RangeEndpoint
	Upper *RangeEndpoint
}

// RangeEndpoint is a value or MIN/MAX, open ("<") or closed.
type RangeEndpoint struct {
	Pos   Pos
	Value Value // nil for MIN and MAX
	Min   bool
	Max   bool
	Open  bool // "<" after a lower endpoint or before an upper endpoint
}

// SizeConstraint is "SIZE Constraint" (X.680 51.5).
type SizeConstraint struct {
	Pos        Pos
	Constraint *Constraint
}

// PermittedAlphabet is "FROM Constraint" (X.680 51.7).
type PermittedAlphabet struct {
	Pos        Pos
	Constraint *Constraint
}

// SingleTypeConstraint is "WITH COMPONENT Constraint" (X.680 51.8).
type SingleTypeConstraint struct {
	Pos        Pos
	Constraint *Constraint
}

// MultipleTypeConstraints is "WITH COMPONENTS { ..., NamedConstraint... }"
// (X.680 51.8); Partial is set when the list starts with "...".
type MultipleTypeConstraints struct {
	Pos        Pos
	Partial    bool
	Components []*NamedConstraint
}

// NamedConstraint is "identifier ValueConstraint PresenceConstraint".
type NamedConstraint struct {
	Pos        Pos
	Name       string
	Constraint *Constraint // nil when there is no value constraint
	Presence   Presence
}

// Presence is the PresenceConstraint of a NamedConstraint.
type Presence int

const (
	PresenceNone     Presence = iota
	PresencePresent           // PRESENT
	PresenceAbsent            // ABSENT
	PresenceOptional          // OPTIONAL
)

func (p Presence) String() string {
	switch p {
	case PresencePresent:
		return "PRESENT"
	case PresenceAbsent:
		return "ABSENT"
	case PresenceOptional:
		return "OPTIONAL"
	}
	return ""
}

// PatternConstraint is "PATTERN Value" (X.680 51.9).
type PatternConstraint struct {
	Pos   Pos
	Value Value
}

// PropertySettings is `SETTINGS "..."` (X.680 51.10); Settings is the
// decoded string.
type PropertySettings struct {
	Pos      Pos
	Settings string
}

func (*SingleValue) elementNode()             {}
func (*ContainedSubtype) elementNode()        {}
func (*ValueRange) elementNode()              {}
func (*SizeConstraint) elementNode()          {}
func (*PermittedAlphabet) elementNode()       {}
func (*SingleTypeConstraint) elementNode()    {}
func (*MultipleTypeConstraints) elementNode() {}
func (*PatternConstraint) elementNode()       {}
func (*PropertySettings) elementNode()        {}
func (*ElementSetSpec) elementNode()          {}

// UserDefinedConstraint is "CONSTRAINED BY { ... }" (X.682 9.1). The
// parameters are free-form (often only a comment) and kept as tokens.
type UserDefinedConstraint struct {
	Pos    Pos
	Tokens []Token
}

// TableConstraint is the ComponentRelationConstraint "{ DefinedObjectSet }
// { AtNotation, ... }" (X.682 10.7).
type TableConstraint struct {
	Pos         Pos
	ObjectSet   *ElementSetSpecs
	AtNotations []*AtNotation
}

// AtNotation is "@ComponentIdList" or "@.Level ComponentIdList" (X.682
// 10.7): Level counts the dots after "@" (0 for an outermost reference).
type AtNotation struct {
	Pos        Pos
	Level      int
	Components []string
}

// ContentsConstraint is "CONTAINING Type", "ENCODED BY Value" or both (X.682
// 11).
type ContentsConstraint struct {
	Pos       Pos
	Type      Type  // nil for ENCODED BY alone
	EncodedBy Value // nil without ENCODED BY
}

func (*ElementSetSpecs) constraintSpecNode()       {}
func (*UserDefinedConstraint) constraintSpecNode() {}
func (*TableConstraint) constraintSpecNode()       {}
func (*ContentsConstraint) constraintSpecNode()    {}
