package parser

// parseValue parses a Value (X.680 17.7) as far as syntax allows: "{...}"
// is kept as a *BraceValue for the semantic phase.
func (p *parser) parseValue() Value {
	p.enter()
	defer p.leave()
	t := p.tok()
	pos := t.Pos
	switch t.Type {
	case TokLBrace:
		return p.parseBraceValue()
	case TokNumber:
		p.next()
		return &IntegerValue{Pos: pos, Text: t.Value}
	case TokReal:
		p.next()
		return &RealValue{Pos: pos, Text: t.Value}
	case TokMinus:
		switch n := p.peek(1); n.Type {
		case TokNumber:
			p.i += 2
			return &IntegerValue{Pos: pos, Text: "-" + n.Value}
		case TokReal:
			p.i += 2
			return &RealValue{Pos: pos, Text: "-" + n.Value}
		}
	case TokCString:
		p.next()
		return &CStringValue{Pos: pos, Value: cstringValue(t.Value)}
	case TokBString:
		p.next()
		return &BStringValue{Pos: pos, Digits: stringDigits(t.Value)}
	case TokHString:
		p.next()
		return &HStringValue{Pos: pos, Digits: stringDigits(t.Value)}
	case kwTRUE, kwFALSE:
		p.next()
		return &BooleanValue{Pos: pos, Value: t.Type == kwTRUE}
	case kwNULL:
		p.next()
		if p.kind() == TokColon {
			// NULL : NULL, an open type value.
			p.next()
			return &OpenTypeValue{Pos: pos, Type: &NullType{Pos: pos}, Value: p.parseValue()}
		}
		return &NullValue{Pos: pos}
	case kwPLUSINFINITY, kwMINUSINFINITY, kwNOTANUMBER:
		p.next()
		return &SpecialRealValue{Pos: pos, Name: t.Value}
	case kwCONTAINING:
		p.next()
		return &ContainingValue{Pos: pos, Value: p.parseValue()}
	case TokLower:
		if p.peek(1).Type == TokColon {
			// ChoiceValue: identifier : Value (X.680 29.11).
			p.i += 2
			return &ChoiceValue{Pos: pos, Name: t.Value, Value: p.parseValue()}
		}
		return p.parseReferencedValue()
	case TokUpper:
		if p.peek(1).Type == TokDot && p.peek(2).Type == TokLower {
			return p.parseReferencedValue()
		}
		fallthrough
	default:
		if t.Type == TokUpper || p.startsBuiltinType() {
			// Type : Value (X.681 14.6 OpenTypeFieldVal).
			save := p.i
			ty := p.parseType()
			if p.kind() == TokColon {
				p.next()
				return &OpenTypeValue{Pos: pos, Type: ty, Value: p.parseValue()}
			}
			p.i = save
		}
	}
	p.failExpected("a value")
	return nil
}

// parseReferencedValue parses a DefinedValue, possibly parameterized, and a
// following field chain (X.681 15 ValueFromObject).
func (p *parser) parseReferencedValue() Value {
	ref := p.parseValueReference()
	if p.kind() == TokDot && isFieldKind(p.peek(1).Type) {
		return &ValueFromObject{Pos: ref.Pos, Ref: ref, Fields: p.parseFieldChain()}
	}
	return ref
}

// parseValueReference parses valuereference, "Module.valuereference" and an
// optional ActualParameterList.
func (p *parser) parseValueReference() *ValueReference {
	t := p.next()
	ref := &ValueReference{Pos: t.Pos, Name: t.Value}
	if t.Type == TokUpper {
		p.expect(TokDot, "\".\"")
		ref.Module = t.Value
		ref.Name = p.expect(TokLower, "a value reference").Value
	}
	if p.kind() == TokLBrace {
		ref.Params = p.parseActualParameterList()
	}
	return ref
}

// parseBraceValue captures "{ ... }" as a *BraceValue: the tokens between
// the braces, which must be balanced in (), [] and {}. END and "::=" cannot
// occur in a value, so meeting one reports the missing "}" there instead of
// swallowing the rest of the module.
func (p *parser) parseBraceValue() *BraceValue {
	open := p.expect(TokLBrace, "\"{\"")
	start := p.i
	end := p.skipBalanced(open)
	b := &BraceValue{Pos: open.Pos, End: p.toks[end].Pos}
	if end > start {
		b.Tokens = p.toks[start:end:end]
	}
	return b
}

// skipBalanced moves past the tokens up to the bracket that closes open
// (already consumed) and returns the index of that closing bracket.
func (p *parser) skipBalanced(open *Token) int {
	var stackBuf [16]tokenKind
	stack := append(stackBuf[:0], closerOf(open.Type))
	for {
		t := p.tok()
		switch t.Type {
		case TokLBrace, TokLParen, TokLBracket:
			if len(stack) > maxDepth {
				p.fail(t, "nesting too deep at %s", quote(t))
			}
			stack = append(stack, closerOf(t.Type))
		case TokRBrace, TokRParen, TokRBracket:
			want := stack[len(stack)-1]
			if t.Type != want {
				p.fail(t, "unexpected %s, expected %q", quote(t), closerText(want))
			}
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				end := p.i
				p.next()
				return end
			}
		case TokEOF, kwEND, TokAssign:
			p.fail(t, "unexpected %s, expected %q to close %q at %s", quote(t), closerText(stack[len(stack)-1]), open.Value, open.Pos)
		case TokIllegal:
			p.fail(t, "")
		}
		p.next()
	}
}

func closerOf(k tokenKind) tokenKind {
	switch k {
	case TokLBrace:
		return TokRBrace
	case TokLParen:
		return TokRParen
	}
	return TokRBracket
}

func closerText(k tokenKind) string {
	switch k {
	case TokRBrace:
		return "}"
	case TokRParen:
		return ")"
	}
	return "]"
}

// parseObjectIdentifierValue parses "{ ObjIdComponents... }" (X.680 32.3).
func (p *parser) parseObjectIdentifierValue() *ObjectIdentifierValue {
	open := p.expect(TokLBrace, "\"{\"")
	v := &ObjectIdentifierValue{Pos: open.Pos}
	for p.kind() != TokRBrace {
		v.Components = append(v.Components, p.parseObjIdComponent())
	}
	if len(v.Components) == 0 {
		p.failExpected("an object identifier component")
	}
	p.next()
	return v
}

// parseObjIdComponent parses NameForm, NumberForm, NameAndNumberForm or a
// DefinedValue ("Module.value" included).
func (p *parser) parseObjIdComponent() *ObjIdComponent {
	t := p.tok()
	c := &ObjIdComponent{Pos: t.Pos}
	switch t.Type {
	case TokNumber:
		p.next()
		c.Number = &IntegerValue{Pos: t.Pos, Text: t.Value}
		return c
	case TokLower:
		p.next()
		c.Name = t.Value
		if p.got(TokLParen) {
			n := p.tok()
			switch n.Type {
			case TokNumber:
				p.next()
				c.Number = &IntegerValue{Pos: n.Pos, Text: n.Value}
			case TokLower, TokUpper:
				if n.Type == TokUpper && !(p.peek(1).Type == TokDot && p.peek(2).Type == TokLower) {
					p.failExpected("a number or a value reference")
				}
				c.Number = p.parseValueReference()
			default:
				p.failExpected("a number or a value reference")
			}
			p.expect(TokRParen, "\")\"")
		}
		return c
	case TokUpper:
		if p.peek(1).Type == TokDot && p.peek(2).Type == TokLower {
			c.Module = t.Value
			c.Name = p.peek(2).Value
			p.i += 3
			return c
		}
	}
	p.failExpected("an object identifier component")
	return nil
}
