package parser

// parseType parses a Type with any constraints that follow it (X.680 17.1,
// 49.1 ConstrainedType).
func (p *parser) parseType() Type {
	p.enter()
	defer p.leave()
	t := p.parseBareType()
	if p.kind() != TokLParen {
		return t
	}
	ct := &ConstrainedType{Pos: t.Position(), Type: t}
	for p.kind() == TokLParen {
		ct.Constraints = append(ct.Constraints, p.parseConstraint())
	}
	return ct
}

// isRestrictedString reports whether k is a RestrictedCharacterStringType
// reserved word (X.680 41).
func isRestrictedString(k tokenKind) bool {
	switch k {
	case kwBMPString, kwGeneralString, kwGraphicString, kwIA5String, kwISO646String,
		kwNumericString, kwPrintableString, kwTeletexString, kwT61String,
		kwUniversalString, kwUTF8String, kwVideotexString, kwVisibleString:
		return true
	}
	return false
}

// startsType reports whether the current token can start a Type that is not
// a reference.
func (p *parser) startsBuiltinType() bool {
	switch k := p.kind(); k {
	case kwBOOLEAN, kwINTEGER, kwENUMERATED, kwREAL, kwBIT, kwOCTET, kwNULL,
		kwOBJECT, kwRELATIVEOID, kwOIDIRI, kwRELATIVEOIDIRI, kwCHARACTER,
		kwEMBEDDED, kwEXTERNAL, kwTIME, kwDATE, kwTIMEOFDAY, kwDATETIME,
		kwDURATION, kwUTCTime, kwGeneralizedTime, kwObjectDescriptor,
		kwSEQUENCE, kwSET, kwCHOICE, kwINSTANCE, kwTYPEIDENTIFIER,
		kwABSTRACTSYNTAX, TokLBracket:
		return true
	default:
		return isRestrictedString(k)
	}
}

// parseBareType parses a Type without trailing constraints.
func (p *parser) parseBareType() Type {
	t := p.tok()
	pos := t.Pos
	switch k := t.Type; k {
	case kwBOOLEAN:
		p.next()
		return &BooleanType{Pos: pos}
	case kwINTEGER:
		p.next()
		it := &IntegerType{Pos: pos}
		if p.kind() == TokLBrace {
			it.NamedNumbers = p.parseNamedNumberList()
		}
		return it
	case kwENUMERATED:
		p.next()
		return p.parseEnumerated(pos)
	case kwREAL:
		p.next()
		return &RealType{Pos: pos}
	case kwBIT:
		p.next()
		p.expect(kwSTRING, "STRING after BIT")
		bt := &BitStringType{Pos: pos}
		if p.kind() == TokLBrace {
			bt.NamedBits = p.parseNamedBitList()
		}
		return bt
	case kwOCTET:
		p.next()
		p.expect(kwSTRING, "STRING after OCTET")
		return &OctetStringType{Pos: pos}
	case kwNULL:
		p.next()
		return &NullType{Pos: pos}
	case kwOBJECT:
		p.next()
		p.expect(kwIDENTIFIER, "IDENTIFIER after OBJECT")
		return &ObjectIdentifierType{Pos: pos}
	case kwRELATIVEOID:
		p.next()
		return &RelativeOIDType{Pos: pos}
	case kwOIDIRI:
		p.next()
		return &OIDIRIType{Pos: pos}
	case kwRELATIVEOIDIRI:
		p.next()
		return &RelativeOIDIRIType{Pos: pos}
	case kwCHARACTER:
		p.next()
		p.expect(kwSTRING, "STRING after CHARACTER")
		return &UnrestrictedCharacterStringType{Pos: pos}
	case kwEMBEDDED:
		p.next()
		p.expect(kwPDV, "PDV after EMBEDDED")
		return &EmbeddedPDVType{Pos: pos}
	case kwEXTERNAL:
		p.next()
		return &ExternalType{Pos: pos}
	case kwTIME, kwDATE, kwTIMEOFDAY, kwDATETIME, kwDURATION:
		p.next()
		return &TimeType{Pos: pos, Name: t.Value}
	case kwUTCTime, kwGeneralizedTime, kwObjectDescriptor:
		p.next()
		return &UsefulType{Pos: pos, Name: t.Value}
	case kwSEQUENCE, kwSET:
		p.next()
		return p.parseSequenceOrSet(pos, k == kwSEQUENCE)
	case kwCHOICE:
		p.next()
		return p.parseChoice(pos)
	case kwINSTANCE:
		p.next()
		p.expect(kwOF, "OF after INSTANCE")
		return &InstanceOfType{Pos: pos, Class: p.parseDefinedObjectClass()}
	case TokLBracket:
		return p.parseTaggedType()
	case TokUpper, kwTYPEIDENTIFIER, kwABSTRACTSYNTAX:
		if t.Value == "ANY" && k == TokUpper {
			// X.208 ANY and ANY DEFINED BY identifier.
			p.next()
			at := &AnyType{Pos: pos}
			if p.kind() == TokUpper && p.tok().Value == "DEFINED" && p.peek(1).Type == kwBY {
				p.i += 2
				at.DefinedBy = p.expect(TokLower, "an identifier after DEFINED BY").Value
			}
			return at
		}
		ref := p.parseTypeReference()
		if p.kind() == TokDot && isFieldKind(p.peek(1).Type) {
			return &ObjectClassFieldType{Pos: pos, Ref: ref, Fields: p.parseFieldChain()}
		}
		return ref
	case TokLower:
		if p.peek(1).Type == TokLess {
			// SelectionType: identifier < Type (X.680 30.1).
			p.i += 2
			return &SelectionType{Pos: pos, Name: t.Value, Type: p.parseType()}
		}
		// TypeFromObject / ValueSetFromObjects: object.&Field.
		save := p.i
		ref := p.parseValueReference()
		if p.kind() == TokDot && isFieldKind(p.peek(1).Type) {
			return &ObjectClassFieldType{Pos: pos, Ref: ref, Fields: p.parseFieldChain()}
		}
		p.i = save
		p.failExpected("a type")
	default:
		if isRestrictedString(k) {
			p.next()
			return &RestrictedCharacterStringType{Pos: pos, Name: t.Value}
		}
	}
	p.failExpected("a type")
	return nil
}

func isFieldKind(k tokenKind) bool { return k == TokTypeField || k == TokValueField }

// parseFieldChain parses ". &a . &b ..." after a reference (X.681 14.1
// FieldName, 15 InformationFromObjects) and returns the field names.
func (p *parser) parseFieldChain() []string {
	var fields []string
	for p.kind() == TokDot && isFieldKind(p.peek(1).Type) {
		p.next()
		fields = append(fields, p.next().Value)
	}
	return fields
}

// parseTypeReference parses typereference, "Module.typereference" and an
// optional ActualParameterList (X.683 9.2).
func (p *parser) parseTypeReference() *TypeReference {
	t := p.next()
	ref := &TypeReference{Pos: t.Pos, Name: t.Value}
	if t.Type == TokUpper && p.kind() == TokDot && p.peek(1).Type == TokUpper {
		p.next()
		ref.Module = t.Value
		ref.Name = p.next().Value
	}
	if p.kind() == TokLBrace {
		ref.Params = p.parseActualParameterList()
	}
	return ref
}

// parseDefinedObjectClass parses a class reference (X.681 9.2): a
// reference, "Module.REF", TYPE-IDENTIFIER or ABSTRACT-SYNTAX.
func (p *parser) parseDefinedObjectClass() *TypeReference {
	switch p.kind() {
	case TokUpper, kwTYPEIDENTIFIER, kwABSTRACTSYNTAX:
		return p.parseTypeReference()
	}
	p.failExpected("a class reference")
	return nil
}

// parseActualParameterList parses "{ ActualParameter, ... }" (X.683 9.5).
func (p *parser) parseActualParameterList() []Setting {
	p.expect(TokLBrace, "\"{\"")
	var params []Setting
	for {
		params = append(params, p.parseSetting())
		if !p.got(TokComma) {
			break
		}
	}
	p.expect(TokRBrace, "\",\" or \"}\" of the actual parameters")
	return params
}

// parseSetting parses something that may be a Type or a Value: an actual
// parameter (X.683 9.5) or an object field setting (X.681 11.7). Types are
// preferred where both readings exist (NULL, upper-case references).
func (p *parser) parseSetting() Setting {
	switch p.kind() {
	case TokUpper:
		// Module.value is a value; anything else upper-case is a type,
		// class, value set or object set reference.
		if p.peek(1).Type == TokDot && p.peek(2).Type == TokLower {
			return p.parseValue()
		}
		t := p.parseType()
		if p.kind() == TokColon {
			// Type : Value (an open type value).
			p.next()
			return &OpenTypeValue{Pos: t.Position(), Type: t, Value: p.parseValue()}
		}
		return t
	case TokLower:
		if p.peek(1).Type == TokLess {
			return p.parseType()
		}
		return p.parseValue()
	}
	if p.startsBuiltinType() {
		t := p.parseType()
		if p.kind() == TokColon {
			p.next()
			return &OpenTypeValue{Pos: t.Position(), Type: t, Value: p.parseValue()}
		}
		return t
	}
	return p.parseValue()
}

// parseNamedNumberList parses "{ identifier(number), ... }" of INTEGER and
// BIT STRING (X.680 19.1, 22.1).
func (p *parser) parseNamedNumberList() []*NamedNumber {
	p.expect(TokLBrace, "\"{\"")
	var list []*NamedNumber
	for {
		name := p.expect(TokLower, "an identifier")
		p.expect(TokLParen, "\"(\"")
		v := p.parseSignedNumberOrDefinedValue()
		p.expect(TokRParen, "\")\"")
		list = append(list, &NamedNumber{Pos: name.Pos, Name: name.Value, Value: v})
		if !p.got(TokComma) {
			break
		}
	}
	p.expect(TokRBrace, "\",\" or \"}\"")
	return list
}

// parseNamedBitList parses "{ identifier(number | DefinedValue), ... }" of
// BIT STRING (X.680 22.1): unlike named numbers, bits cannot be negative.
func (p *parser) parseNamedBitList() []*NamedNumber {
	p.expect(TokLBrace, "\"{\"")
	var list []*NamedNumber
	for {
		name := p.expect(TokLower, "an identifier")
		p.expect(TokLParen, "\"(\"")
		if p.kind() == TokMinus {
			p.failExpected("a bit number (X.680 22.1: number or DefinedValue, not negative)")
		}
		v := p.parseSignedNumberOrDefinedValue()
		p.expect(TokRParen, "\")\"")
		list = append(list, &NamedNumber{Pos: name.Pos, Name: name.Value, Value: v})
		if !p.got(TokComma) {
			break
		}
	}
	p.expect(TokRBrace, "\",\" or \"}\"")
	return list
}

// parseSignedNumberOrDefinedValue parses SignedNumber | DefinedValue.
func (p *parser) parseSignedNumberOrDefinedValue() Value {
	t := p.tok()
	switch t.Type {
	case TokNumber:
		p.next()
		return &IntegerValue{Pos: t.Pos, Text: t.Value}
	case TokMinus:
		if n := p.peek(1); n.Type == TokNumber {
			p.i += 2
			return &IntegerValue{Pos: t.Pos, Text: "-" + n.Value}
		}
	case TokLower:
		return p.parseValueReference()
	case TokUpper:
		if p.peek(1).Type == TokDot && p.peek(2).Type == TokLower {
			return p.parseValueReference()
		}
	}
	p.failExpected("a number or a value reference")
	return nil
}

// parseEnumerated parses the "{ Enumerations }" of ENUMERATED (X.680 20.1).
func (p *parser) parseEnumerated(pos Pos) *EnumeratedType {
	et := &EnumeratedType{Pos: pos}
	p.expect(TokLBrace, "\"{\" after ENUMERATED")
	state := 0 // 0 root, 1 additions
	for {
		if p.kind() == TokEllipsis {
			if state != 0 {
				// Not X.680 syntax; recorded for the semantic phase to
				// report (see EnumeratedType.ExtraMarkers).
				et.ExtraMarkers = append(et.ExtraMarkers, &ExtraExtensionMarker{Pos: p.next().Pos, Index: len(et.Additional)})
				if !p.got(TokComma) {
					break
				}
				continue
			}
			p.next()
			et.Extensible = true
			et.Exception = p.parseExceptionSpecOpt()
			state = 1
		} else {
			name := p.expect(TokLower, "an enumeration item")
			item := &EnumerationItem{Pos: name.Pos, Name: name.Value}
			if p.got(TokLParen) {
				item.Number = p.parseSignedNumberOrDefinedValue()
				p.expect(TokRParen, "\")\"")
			}
			if state == 0 {
				et.Root = append(et.Root, item)
			} else {
				et.Additional = append(et.Additional, item)
			}
		}
		if !p.got(TokComma) {
			break
		}
	}
	p.expect(TokRBrace, "\",\" or \"}\" of ENUMERATED")
	return et
}

// parseExceptionSpecOpt parses an optional "! ExceptionIdentification"
// (X.680 53.4).
func (p *parser) parseExceptionSpecOpt() *ExceptionSpec {
	if p.kind() != TokExclamation {
		return nil
	}
	pos := p.next().Pos
	es := &ExceptionSpec{Pos: pos}
	switch p.kind() {
	case TokNumber, TokMinus, TokLower:
		es.Value = p.parseSignedNumberOrDefinedValue()
		return es
	case TokUpper:
		if p.peek(1).Type == TokDot && p.peek(2).Type == TokLower {
			es.Value = p.parseValueReference()
			return es
		}
	}
	es.Type = p.parseType()
	p.expect(TokColon, "\":\" after the exception type")
	es.Value = p.parseValue()
	return es
}

// parseSequenceOrSet parses what follows SEQUENCE or SET: a component list,
// OF, or a TypeWithConstraint (X.680 49.1).
func (p *parser) parseSequenceOrSet(pos Pos, seq bool) Type {
	var (
		constraint *Constraint
		size       *SizeConstraint
	)
	switch p.kind() {
	case TokLBrace:
		var lists ComponentTypeLists
		p.parseComponentTypeLists(&lists)
		if seq {
			return &SequenceType{Pos: pos, Components: lists}
		}
		return &SetType{Pos: pos, Components: lists}
	case TokLParen:
		constraint = p.parseConstraint()
	case kwSIZE:
		spos := p.next().Pos
		size = &SizeConstraint{Pos: spos, Constraint: p.parseConstraint()}
	}
	p.expect(kwOF, "\"{\" or OF")
	var name string
	if p.kind() == TokLower && p.peek(1).Type != TokLess && p.peek(1).Type != TokDot {
		name = p.next().Value
	}
	elem := p.parseType()
	if seq {
		return &SequenceOfType{Pos: pos, Constraint: constraint, Size: size, Name: name, Type: elem}
	}
	return &SetOfType{Pos: pos, Constraint: constraint, Size: size, Name: name, Type: elem}
}

// parseComponentTypeLists parses "{ ComponentTypeLists }" of SEQUENCE and
// SET (X.680 25.1).
func (p *parser) parseComponentTypeLists(l *ComponentTypeLists) {
	p.expect(TokLBrace, "\"{\"")
	if p.got(TokRBrace) {
		return
	}
	state := 0 // 0 root, 1 additions, 2 second root
	for {
		switch {
		case p.kind() == TokEllipsis:
			p.parseExtensionMarker(&state, &l.Extension, &l.EndMarker, "a component (a third \"...\" is not allowed)")
		case p.isDoubleBracket(TokLBracket):
			p.checkVersionBracket(state, "a component")
			l.Additions = append(l.Additions, p.parseExtensionAdditionGroup())
		default:
			c := p.parseComponentType()
			switch state {
			case 0:
				l.Root = append(l.Root, c)
			case 1:
				l.Additions = append(l.Additions, c)
			default:
				l.Root2 = append(l.Root2, c)
			}
		}
		if !p.got(TokComma) {
			break
		}
	}
	p.expect(TokRBrace, "\",\" or \"}\"")
}

// parseExtensionMarker reads a "..." of a component or alternative list
// (X.680 25.1, 29.1). The first one opens the extension, with an optional
// exception; the second ends it (*state goes 0, 1, 2); a third is an error
// worded with third.
func (p *parser) parseExtensionMarker(state *int, ext **ExtensionAndException, end *bool, third string) {
	pos := p.next().Pos
	switch *state {
	case 0:
		*ext = &ExtensionAndException{Pos: pos, Exception: p.parseExceptionSpecOpt()}
		*state = 1
	case 1:
		*end = true
		*state = 2
	default:
		p.i--
		p.failExpected(third)
	}
}

// checkVersionBracket reports a "[[" outside the extension of a component or
// alternative list (item names what the list holds).
func (p *parser) checkVersionBracket(state int, item string) {
	if state != 1 {
		p.failExpected(item + " (\"[[\" only follows \"...\")")
	}
}

// parseExtensionAdditionGroup parses "[[ VersionNumber ComponentTypeList ]]".
func (p *parser) parseExtensionAdditionGroup() *ExtensionAdditionGroup {
	g := &ExtensionAdditionGroup{Pos: p.tok().Pos}
	p.i += 2
	g.Version = p.parseVersionNumberOpt()
	for {
		g.Components = append(g.Components, p.parseComponentType())
		if !p.got(TokComma) {
			break
		}
	}
	p.expectVersionClose()
	return g
}

func (p *parser) parseVersionNumberOpt() string {
	if p.kind() == TokNumber && p.peek(1).Type == TokColon {
		v := p.next().Value
		p.next()
		return v
	}
	return ""
}

func (p *parser) expectVersionClose() {
	if !p.isDoubleBracket(TokRBracket) {
		p.failExpected("\"]]\"")
	}
	p.i += 2
}

// parseComponentType parses NamedType [OPTIONAL | DEFAULT Value] or
// COMPONENTS OF Type.
func (p *parser) parseComponentType() *ComponentType {
	pos := p.tok().Pos
	if p.kind() == kwCOMPONENTS && p.peek(1).Type == kwOF {
		p.i += 2
		return &ComponentType{Pos: pos, ComponentsOf: p.parseType()}
	}
	c := &ComponentType{Pos: pos, NamedType: p.parseNamedType()}
	switch p.kind() {
	case kwOPTIONAL:
		p.next()
		c.Optional = true
	case kwDEFAULT:
		p.next()
		c.Default = p.parseValue()
	}
	return c
}

// parseNamedType parses "identifier Type", or a Type alone (the X.208 form,
// Name "").
func (p *parser) parseNamedType() *NamedType {
	t := p.tok()
	if t.Type == TokLower {
		switch p.peek(1).Type {
		case TokLess:
			// X.208: a selection type without identifier.
		case TokDot:
			// X.208: "object.&Field" type without identifier.
		default:
			p.next()
			return &NamedType{Pos: t.Pos, Name: t.Value, Type: p.parseType()}
		}
	}
	if t.Type != TokLower && !p.startsBuiltinType() && t.Type != TokUpper {
		p.failExpected("a component")
	}
	return &NamedType{Pos: t.Pos, Type: p.parseType()}
}

// parseChoice parses "{ AlternativeTypeLists }" (X.680 29.1).
func (p *parser) parseChoice(pos Pos) *ChoiceType {
	ct := &ChoiceType{Pos: pos}
	l := &ct.Alternatives
	p.expect(TokLBrace, "\"{\" after CHOICE")
	state := 0
	for {
		switch {
		case p.kind() == TokEllipsis:
			p.parseExtensionMarker(&state, &l.Extension, &l.EndMarker, "an alternative")
		case p.isDoubleBracket(TokLBracket):
			p.checkVersionBracket(state, "an alternative")
			g := &ExtensionAdditionAlternativesGroup{Pos: p.tok().Pos}
			p.i += 2
			g.Version = p.parseVersionNumberOpt()
			for {
				g.Alternatives = append(g.Alternatives, p.parseNamedType())
				if !p.got(TokComma) {
					break
				}
			}
			p.expectVersionClose()
			l.Additions = append(l.Additions, g)
		default:
			if state == 2 {
				p.failExpected("\"}\" (no alternative may follow the second \"...\")")
			}
			nt := p.parseNamedType()
			if state == 0 {
				l.Root = append(l.Root, nt)
			} else {
				l.Additions = append(l.Additions, nt)
			}
		}
		if !p.got(TokComma) {
			break
		}
	}
	p.expect(TokRBrace, "\",\" or \"}\" of CHOICE")
	return ct
}

// parseTaggedType parses "Tag IMPLICIT|EXPLICIT? Type" (X.680 31.1), or an
// EncodingPrefixedType "[ encodingreference : instruction ] Type" (X.680
// 31.3) when the bracket does not hold a tag.
func (p *parser) parseTaggedType() Type {
	open := p.next()
	tag := &Tag{Pos: open.Pos}
	save := p.i
	if p.kind() == TokUpper && p.peek(1).Type == TokColon {
		tag.EncodingReference = p.next().Value
		p.next()
	}
	switch p.kind() {
	case kwUNIVERSAL:
		tag.Class = TagClassUniversal
		p.next()
	case kwAPPLICATION:
		tag.Class = TagClassApplication
		p.next()
	case kwPRIVATE:
		tag.Class = TagClassPrivate
		p.next()
	}
	isTag := false
	switch t := p.tok(); t.Type {
	case TokNumber:
		p.next()
		tag.Number = &IntegerValue{Pos: t.Pos, Text: t.Value}
		isTag = p.kind() == TokRBracket
	case TokLower, TokUpper:
		if t.Type == TokLower || p.peek(1).Type == TokDot && p.peek(2).Type == TokLower {
			tag.Number = p.parseValueReference()
			isTag = p.kind() == TokRBracket
		}
	}
	if !isTag {
		// An encoding instruction: keep the tokens up to the matching "]".
		p.i = save
		ep := &EncodingPrefixedType{Pos: open.Pos}
		if p.kind() == TokUpper && p.peek(1).Type == TokColon {
			ep.EncodingReference = p.next().Value
			p.next()
		} else if tag.Class != TagClassContext || p.kind() == TokNumber {
			p.failExpected("a tag number")
		}
		start := p.i
		depth := 1
		for {
			switch p.kind() {
			case TokLBracket:
				depth++
			case TokRBracket:
				depth--
			case TokEOF:
				p.failExpected("\"]\"")
			}
			if depth == 0 {
				break
			}
			p.next()
		}
		ep.Instruction = p.toks[start:p.i:p.i]
		p.next()
		ep.Type = p.parseType()
		return ep
	}
	p.next() // ]
	tt := &TaggedType{Pos: open.Pos, Tag: tag}
	switch p.kind() {
	case kwIMPLICIT:
		p.next()
		tt.Mode = TagModeImplicit
	case kwEXPLICIT:
		p.next()
		tt.Mode = TagModeExplicit
	}
	tt.Type = p.parseType()
	return tt
}
