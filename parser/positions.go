// Position methods of the nodes declared in ast.go (one per node type with
// a Pos field).

package parser

// Position implements Node.
func (n *ModuleDefinition) Position() Pos { return n.Pos }

// Position implements Node.
func (n *ModuleIdentifier) Position() Pos { return n.Pos }

// Position implements Node.
func (n *DefinitiveObjIdComponent) Position() Pos { return n.Pos }

// Position implements Node.
func (n *Exports) Position() Pos { return n.Pos }

// Position implements Node.
func (n *Symbol) Position() Pos { return n.Pos }

// Position implements Node.
func (n *Imports) Position() Pos { return n.Pos }

// Position implements Node.
func (n *SymbolsFromModule) Position() Pos { return n.Pos }

// Position implements Node.
func (n *GlobalModuleReference) Position() Pos { return n.Pos }

// Position implements Node.
func (n *EncodingControlSection) Position() Pos { return n.Pos }

// Position implements Node.
func (n *Parameter) Position() Pos { return n.Pos }

// Position implements Node.
func (n *TypeAssignment) Position() Pos { return n.Pos }

// Position implements Node.
func (n *ValueAssignment) Position() Pos { return n.Pos }

// Position implements Node.
func (n *ValueSetTypeAssignment) Position() Pos { return n.Pos }

// Position implements Node.
func (n *ObjectClassAssignment) Position() Pos { return n.Pos }

// Position implements Node.
func (n *MacroDefinition) Position() Pos { return n.Pos }

// Position implements Node.
func (n *MacroInstanceAssignment) Position() Pos { return n.Pos }

// Position implements Node.
func (n *BooleanType) Position() Pos { return n.Pos }

// Position implements Node.
func (n *IntegerType) Position() Pos { return n.Pos }

// Position implements Node.
func (n *NamedNumber) Position() Pos { return n.Pos }

// Position implements Node.
func (n *EnumeratedType) Position() Pos { return n.Pos }

// Position implements Node.
func (n *EnumerationItem) Position() Pos { return n.Pos }

// Position implements Node.
func (n *RealType) Position() Pos { return n.Pos }

// Position implements Node.
func (n *BitStringType) Position() Pos { return n.Pos }

// Position implements Node.
func (n *OctetStringType) Position() Pos { return n.Pos }

// Position implements Node.
func (n *NullType) Position() Pos { return n.Pos }

// Position implements Node.
func (n *ObjectIdentifierType) Position() Pos { return n.Pos }

// Position implements Node.
func (n *RelativeOIDType) Position() Pos { return n.Pos }

// Position implements Node.
func (n *OIDIRIType) Position() Pos { return n.Pos }

// Position implements Node.
func (n *RelativeOIDIRIType) Position() Pos { return n.Pos }

// Position implements Node.
func (n *EmbeddedPDVType) Position() Pos { return n.Pos }

// Position implements Node.
func (n *ExternalType) Position() Pos { return n.Pos }

// Position implements Node.
func (n *RestrictedCharacterStringType) Position() Pos { return n.Pos }

// Position implements Node.
func (n *UnrestrictedCharacterStringType) Position() Pos { return n.Pos }

// Position implements Node.
func (n *UsefulType) Position() Pos { return n.Pos }

// Position implements Node.
func (n *TimeType) Position() Pos { return n.Pos }

// Position implements Node.
func (n *SequenceType) Position() Pos { return n.Pos }

// Position implements Node.
func (n *SetType) Position() Pos { return n.Pos }

// Position implements Node.
func (n *ExtensionAndException) Position() Pos { return n.Pos }

// Position implements Node.
func (n *ComponentType) Position() Pos { return n.Pos }

// Position implements Node.
func (n *NamedType) Position() Pos { return n.Pos }

// Position implements Node.
func (n *ExtensionAdditionGroup) Position() Pos { return n.Pos }

// Position implements Node.
func (n *ChoiceType) Position() Pos { return n.Pos }

// Position implements Node.
func (n *ExtensionAdditionAlternativesGroup) Position() Pos { return n.Pos }

// Position implements Node.
func (n *SequenceOfType) Position() Pos { return n.Pos }

// Position implements Node.
func (n *SetOfType) Position() Pos { return n.Pos }

// Position implements Node.
func (n *TaggedType) Position() Pos { return n.Pos }

// Position implements Node.
func (n *Tag) Position() Pos { return n.Pos }

// Position implements Node.
func (n *EncodingPrefixedType) Position() Pos { return n.Pos }

// Position implements Node.
func (n *SelectionType) Position() Pos { return n.Pos }

// Position implements Node.
func (n *AnyType) Position() Pos { return n.Pos }

// Position implements Node.
func (n *InstanceOfType) Position() Pos { return n.Pos }

// Position implements Node.
func (n *TypeReference) Position() Pos { return n.Pos }

// Position implements Node.
func (n *ObjectClassFieldType) Position() Pos { return n.Pos }

// Position implements Node.
func (n *ConstrainedType) Position() Pos { return n.Pos }

// Position implements Node.
func (n *ObjectClassDefn) Position() Pos { return n.Pos }

// Position implements Node.
func (n *TypeFieldSpec) Position() Pos { return n.Pos }

// Position implements Node.
func (n *FixedTypeValueFieldSpec) Position() Pos { return n.Pos }

// Position implements Node.
func (n *VariableTypeValueFieldSpec) Position() Pos { return n.Pos }

// Position implements Node.
func (n *FixedTypeValueSetFieldSpec) Position() Pos { return n.Pos }

// Position implements Node.
func (n *VariableTypeValueSetFieldSpec) Position() Pos { return n.Pos }

// Position implements Node.
func (n *SyntaxList) Position() Pos { return n.Pos }

// Position implements Node.
func (n *SyntaxLiteral) Position() Pos { return n.Pos }

// Position implements Node.
func (n *SyntaxField) Position() Pos { return n.Pos }

// Position implements Node.
func (n *SyntaxOptionalGroup) Position() Pos { return n.Pos }

// Position implements Node.
func (n *IntegerValue) Position() Pos { return n.Pos }

// Position implements Node.
func (n *RealValue) Position() Pos { return n.Pos }

// Position implements Node.
func (n *SpecialRealValue) Position() Pos { return n.Pos }

// Position implements Node.
func (n *BooleanValue) Position() Pos { return n.Pos }

// Position implements Node.
func (n *NullValue) Position() Pos { return n.Pos }

// Position implements Node.
func (n *CStringValue) Position() Pos { return n.Pos }

// Position implements Node.
func (n *BStringValue) Position() Pos { return n.Pos }

// Position implements Node.
func (n *HStringValue) Position() Pos { return n.Pos }

// Position implements Node.
func (n *ValueReference) Position() Pos { return n.Pos }

// Position implements Node.
func (n *ValueFromObject) Position() Pos { return n.Pos }

// Position implements Node.
func (n *ChoiceValue) Position() Pos { return n.Pos }

// Position implements Node.
func (n *OpenTypeValue) Position() Pos { return n.Pos }

// Position implements Node.
func (n *ContainingValue) Position() Pos { return n.Pos }

// Position implements Node.
func (n *ObjectIdentifierValue) Position() Pos { return n.Pos }

// Position implements Node.
func (n *ObjIdComponent) Position() Pos { return n.Pos }

// Position implements Node.
func (n *BraceValue) Position() Pos { return n.Pos }

// Position implements Node.
func (n *NamedValue) Position() Pos { return n.Pos }

// Position implements Node.
func (n *FieldSetting) Position() Pos { return n.Pos }

// Position implements Node.
func (n *Constraint) Position() Pos { return n.Pos }

// Position implements Node.
func (n *ExceptionSpec) Position() Pos { return n.Pos }

// Position implements Node.
func (n *ElementSetSpecs) Position() Pos { return n.Pos }

// Position implements Node.
func (n *ElementSetSpec) Position() Pos { return n.Pos }

// Position implements Node.
func (n *Intersections) Position() Pos { return n.Pos }

// Position implements Node.
func (n *IntersectionElements) Position() Pos { return n.Pos }

// Position implements Node.
func (n *SingleValue) Position() Pos { return n.Pos }

// Position implements Node.
func (n *ContainedSubtype) Position() Pos { return n.Pos }

// Position implements Node.
func (n *ValueRange) Position() Pos { return n.Pos }

// Position implements Node.
func (n *RangeEndpoint) Position() Pos { return n.Pos }

// Position implements Node.
func (n *SizeConstraint) Position() Pos { return n.Pos }

// Position implements Node.
func (n *PermittedAlphabet) Position() Pos { return n.Pos }

// Position implements Node.
func (n *SingleTypeConstraint) Position() Pos { return n.Pos }

// Position implements Node.
func (n *MultipleTypeConstraints) Position() Pos { return n.Pos }

// Position implements Node.
func (n *NamedConstraint) Position() Pos { return n.Pos }

// Position implements Node.
func (n *PatternConstraint) Position() Pos { return n.Pos }

// Position implements Node.
func (n *PropertySettings) Position() Pos { return n.Pos }

// Position implements Node.
func (n *UserDefinedConstraint) Position() Pos { return n.Pos }

// Position implements Node.
func (n *TableConstraint) Position() Pos { return n.Pos }

// Position implements Node.
func (n *AtNotation) Position() Pos { return n.Pos }

// Position implements Node.
func (n *ContentsConstraint) Position() Pos { return n.Pos }
