package parser

// parseObjectClassDefn parses "CLASS { FieldSpec, ... } [WITH SYNTAX
// SyntaxList]" (X.681 9.3).
func (p *parser) parseObjectClassDefn() *ObjectClassDefn {
	c := &ObjectClassDefn{Pos: p.expect(kwCLASS, "CLASS").Pos}
	p.expect(TokLBrace, "\"{\" after CLASS")
	for {
		c.Fields = append(c.Fields, p.parseFieldSpec())
		if !p.got(TokComma) {
			break
		}
	}
	p.expect(TokRBrace, "\",\" or \"}\" of the class")
	if p.kind() == kwWITH && p.peek(1).Type == kwSYNTAX {
		p.i += 2
		c.Syntax = p.parseSyntaxList()
	}
	return c
}

// parseFieldSpec parses one FieldSpec (X.681 9.4). The field reference's
// case and what follows it select the kind:
//
//	&Type [OPTIONAL | DEFAULT Type]                 TypeFieldSpec
//	&Set  &Type... [OPTIONAL | DEFAULT {..}]         VariableTypeValueSetFieldSpec
//	&Set  Type-or-CLASS [OPTIONAL | DEFAULT {..}]    FixedTypeValueSetFieldSpec (or ObjectSetFieldSpec)
//	&val  &Type... [OPTIONAL | DEFAULT v]            VariableTypeValueFieldSpec
//	&val  Type-or-CLASS [UNIQUE] [OPTIONAL | DEFAULT v] FixedTypeValueFieldSpec (or ObjectFieldSpec)
func (p *parser) parseFieldSpec() FieldSpec {
	t := p.tok()
	switch t.Type {
	case TokTypeField:
		p.next()
		switch p.kind() {
		case TokComma, TokRBrace, kwOPTIONAL, kwDEFAULT:
			f := &TypeFieldSpec{Pos: t.Pos, Name: t.Value}
			if p.got(kwOPTIONAL) {
				f.Optional = true
			} else if p.got(kwDEFAULT) {
				f.Default = p.parseType()
			}
			return f
		case TokTypeField, TokValueField:
			f := &VariableTypeValueSetFieldSpec{Pos: t.Pos, Name: t.Value, TypeField: p.parseFieldName()}
			f.Optional, f.Default = p.parseSetOptionality()
			return f
		}
		f := &FixedTypeValueSetFieldSpec{Pos: t.Pos, Name: t.Value, Type: p.parseType()}
		f.Optional, f.Default = p.parseSetOptionality()
		return f
	case TokValueField:
		p.next()
		if isFieldKind(p.kind()) {
			f := &VariableTypeValueFieldSpec{Pos: t.Pos, Name: t.Value, TypeField: p.parseFieldName()}
			f.Optional, f.Default = p.parseValueOptionality()
			return f
		}
		f := &FixedTypeValueFieldSpec{Pos: t.Pos, Name: t.Value, Type: p.parseType()}
		f.Unique = p.got(kwUNIQUE)
		f.Optional, f.Default = p.parseValueOptionality()
		return f
	}
	p.failExpected("a field (&Name)")
	return nil
}

// parseFieldName parses a FieldName "&a.&b..." (X.681 9.14) starting at the
// cursor.
func (p *parser) parseFieldName() []string {
	names := []string{p.next().Value}
	for p.kind() == TokDot && isFieldKind(p.peek(1).Type) {
		p.next()
		names = append(names, p.next().Value)
	}
	return names
}

func (p *parser) parseValueOptionality() (bool, Value) {
	if p.got(kwOPTIONAL) {
		return true, nil
	}
	if p.got(kwDEFAULT) {
		return false, p.parseValue()
	}
	return false, nil
}

func (p *parser) parseSetOptionality() (bool, *ElementSetSpecs) {
	if p.got(kwOPTIONAL) {
		return true, nil
	}
	if p.got(kwDEFAULT) {
		return false, p.parseBracedElementSetSpecs()
	}
	return false, nil
}
