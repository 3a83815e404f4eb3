package parser

// parseConstraint parses "( ConstraintSpec ExceptionSpec? )" (X.680 49.6).
func (p *parser) parseConstraint() *Constraint {
	p.enter()
	defer p.leave()
	open := p.expect(TokLParen, "\"(\"")
	c := &Constraint{Pos: open.Pos}
	switch p.kind() {
	case kwCONSTRAINED:
		// UserDefinedConstraint (X.682 9.1).
		pos := p.next().Pos
		p.expect(kwBY, "BY after CONSTRAINED")
		b := p.parseBraceValue()
		c.Spec = &UserDefinedConstraint{Pos: pos, Tokens: b.Tokens}
	case kwCONTAINING, kwENCODED:
		c.Spec = p.parseContentsConstraint()
	case TokLBrace:
		if p.isComponentRelation() {
			c.Spec = p.parseTableConstraint()
			break
		}
		c.Spec = p.parseElementSetSpecs()
	default:
		c.Spec = p.parseElementSetSpecs()
	}
	c.Exception = p.parseExceptionSpecOpt()
	p.expect(TokRParen, "\")\"")
	return c
}

// parseContentsConstraint parses "CONTAINING Type", "ENCODED BY Value" or
// "CONTAINING Type ENCODED BY Value" (X.682 11.1).
func (p *parser) parseContentsConstraint() *ContentsConstraint {
	cc := &ContentsConstraint{Pos: p.tok().Pos}
	if p.got(kwCONTAINING) {
		cc.Type = p.parseType()
	}
	if p.got(kwENCODED) {
		p.expect(kwBY, "BY after ENCODED")
		cc.EncodedBy = p.parseValue()
	}
	return cc
}

// isComponentRelation reports whether the "{" at the cursor starts a
// ComponentRelationConstraint "{ObjectSet}{@...}" (X.682 10.7).
func (p *parser) isComponentRelation() bool {
	depth := 0
	for j := p.i; j < len(p.toks); j++ {
		switch p.toks[j].Type {
		case TokLBrace:
			depth++
		case TokRBrace:
			depth--
			if depth == 0 {
				return j+2 < len(p.toks) && p.toks[j+1].Type == TokLBrace && p.toks[j+2].Type == TokAt
			}
		case TokEOF, kwEND, TokAssign:
			return false
		}
	}
	return false
}

// parseTableConstraint parses "{ DefinedObjectSet } { AtNotation, ... }".
func (p *parser) parseTableConstraint() *TableConstraint {
	tc := &TableConstraint{Pos: p.tok().Pos}
	tc.ObjectSet = p.parseBracedElementSetSpecs()
	p.expect(TokLBrace, "\"{\"")
	for {
		tc.AtNotations = append(tc.AtNotations, p.parseAtNotation())
		if !p.got(TokComma) {
			break
		}
	}
	p.expect(TokRBrace, "\",\" or \"}\"")
	return tc
}

// parseAtNotation parses "@ ComponentIdList" or "@. Level ComponentIdList"
// (X.682 10.7). The dots are counted from the token texts: "@..a" lexes as
// "@" ".." "a".
func (p *parser) parseAtNotation() *AtNotation {
	at := p.expect(TokAt, "\"@\"")
	a := &AtNotation{Pos: at.Pos}
	for {
		switch p.kind() {
		case TokDot, TokRange, TokEllipsis:
			a.Level += len(p.next().Value)
			continue
		}
		break
	}
	for {
		a.Components = append(a.Components, p.expect(TokLower, "a component identifier").Value)
		if !(p.kind() == TokDot && p.peek(1).Type == TokLower) {
			break
		}
		p.next()
	}
	return a
}

// parseBracedElementSetSpecs parses "{ ElementSetSpecs }": a ValueSet
// (X.680 16.7) or an ObjectSet (X.681 12.3).
func (p *parser) parseBracedElementSetSpecs() *ElementSetSpecs {
	open := p.expect(TokLBrace, "\"{\"")
	if p.kind() == TokRBrace {
		// An empty set "{ }": not in X.680/X.681 but written by real modules
		// for object sets to be filled in; kept with Root nil.
		p.next()
		return &ElementSetSpecs{Pos: open.Pos}
	}
	s := p.parseElementSetSpecsCommas(true)
	s.Pos = open.Pos
	p.expect(TokRBrace, "\"}\" of the set")
	return s
}

// parseElementSetSpecs parses "Root [, ... [, Additional]]" (X.680 50.1),
// including the object set forms "..." and "..., Additional" (X.681 12.3).
func (p *parser) parseElementSetSpecs() *ElementSetSpecs {
	return p.parseElementSetSpecsCommas(false)
}

// parseElementSetSpecsCommas is parseElementSetSpecs; with commas set (a
// set in braces, parseBracedElementSetSpecs), a "," between two elements
// is read as "|" (see commaUnions).
func (p *parser) parseElementSetSpecsCommas(commas bool) *ElementSetSpecs {
	s := &ElementSetSpecs{Pos: p.tok().Pos}
	spec := func() *ElementSetSpec {
		e := p.parseElementSetSpec()
		if commas {
			p.commaUnions(e)
		}
		return e
	}
	if p.got(TokEllipsis) {
		s.Extensible = true
		if p.got(TokComma) {
			s.Additional = spec()
		}
		return s
	}
	s.Root = spec()
	if p.kind() == TokComma && p.peek(1).Type == TokEllipsis {
		p.i += 2
		s.Extensible = true
		if p.got(TokComma) {
			s.Additional = spec()
		}
	}
	return s
}

// commaUnions reads a published defect of RFC 8018's PKCS5v2-1: object
// sets written "{ {A}, {B}, ... }" and "{ {A} | {B}, | {C} }", with ","
// where X.681 separates the objects of a set with "|" (X.680 50.1 allows
// "," in a set only before and after the extension marker "..."). Where
// a "," after the elements of s is followed by neither "..." nor "}", the
// elements that follow are added to s's unions, with a warning: the ","
// is read as "|", or dropped before a "|" or UNION. A strict parse would
// fail at that ",", so the reading of a valid module is unchanged.
func (p *parser) commaUnions(s *ElementSetSpec) {
	if s.AllExcept != nil {
		return
	}
	for p.kind() == TokComma {
		next := p.peek(1).Type
		if next == TokEllipsis || next == TokRBrace || next == TokEOF || next == kwALL {
			return
		}
		comma := p.next()
		if p.got(TokBar) || p.got(kwUNION) {
			p.warns.warn(comma.Pos, WarnSetComma, "',' before '|' in a set is ignored (a published defect, e.g. RFC 8018)")
		} else {
			p.warns.warn(comma.Pos, WarnSetComma, "',' between the elements of a set is read as '|' (a published defect, e.g. RFC 8018)")
		}
		more := p.parseElementSetSpec()
		s.Unions = append(s.Unions, more.Unions...)
	}
}

// parseElementSetSpec parses Unions or "ALL EXCEPT Elements" (X.680 50.1).
func (p *parser) parseElementSetSpec() *ElementSetSpec {
	p.enter()
	defer p.leave()
	s := &ElementSetSpec{Pos: p.tok().Pos}
	if p.got(kwALL) {
		p.expect(kwEXCEPT, "EXCEPT after ALL")
		s.AllExcept = p.parseElements()
		return s
	}
	for {
		in := &Intersections{Pos: p.tok().Pos}
		for {
			ie := &IntersectionElements{Pos: p.tok().Pos, Elems: p.parseElements()}
			if p.got(kwEXCEPT) {
				ie.Except = p.parseElements()
			}
			in.Elements = append(in.Elements, ie)
			if !(p.got(TokCaret) || p.got(kwINTERSECTION)) {
				break
			}
		}
		s.Unions = append(s.Unions, in)
		if !(p.got(TokBar) || p.got(kwUNION)) {
			break
		}
	}
	return s
}

// parseElements parses one Elements (X.680 50.5): a subtype element, an
// object set element or a parenthesized ElementSetSpec. Types and values
// are told apart by their first tokens; see Element for the neutral cases.
func (p *parser) parseElements() Element {
	p.enter()
	defer p.leave()
	t := p.tok()
	pos := t.Pos
	switch t.Type {
	case TokLParen:
		p.next()
		s := p.parseElementSetSpec()
		p.expect(TokRParen, "\")\"")
		return s
	case kwSIZE:
		p.next()
		return &SizeConstraint{Pos: pos, Constraint: p.parseConstraint()}
	case kwFROM:
		p.next()
		return &PermittedAlphabet{Pos: pos, Constraint: p.parseConstraint()}
	case kwWITH:
		p.next()
		if p.got(kwCOMPONENT) {
			return &SingleTypeConstraint{Pos: pos, Constraint: p.parseConstraint()}
		}
		p.expect(kwCOMPONENTS, "COMPONENT or COMPONENTS after WITH")
		return p.parseMultipleTypeConstraints(pos)
	case kwPATTERN:
		p.next()
		return &PatternConstraint{Pos: pos, Value: p.parseValue()}
	case kwSETTINGS:
		p.next()
		s := p.expect(TokCString, "a string after SETTINGS")
		return &PropertySettings{Pos: pos, Settings: cstringValue(s.Value)}
	case kwINCLUDES:
		p.next()
		return &ContainedSubtype{Pos: pos, Includes: true, Type: p.parseType()}
	case kwMIN:
		p.next()
		return p.parseRange(&RangeEndpoint{Pos: pos, Min: true})
	case TokUpper:
		if p.peek(1).Type == TokDot && p.peek(2).Type == TokLower {
			return p.parseValueOrRange(p.parseValue())
		}
		return p.parseTypeElement()
	case TokLower:
		if p.peek(1).Type == TokLess && p.peek(2).Type != TokRange {
			return p.parseTypeElement()
		}
		return p.parseValueOrRange(p.parseValue())
	}
	if t.Type != kwNULL && p.startsBuiltinType() {
		return p.parseTypeElement()
	}
	return p.parseValueOrRange(p.parseValue())
}

// parseTypeElement parses a Type in a set: a ContainedSubtype without
// INCLUDES, or the Type of an open type value "Type : Value".
func (p *parser) parseTypeElement() Element {
	t := p.parseType()
	if p.kind() == TokColon {
		p.next()
		v := &OpenTypeValue{Pos: t.Position(), Type: t, Value: p.parseValue()}
		return p.parseValueOrRange(v)
	}
	return &ContainedSubtype{Pos: t.Position(), Type: t}
}

// parseValueOrRange returns a SingleValue, or the ValueRange that v starts.
func (p *parser) parseValueOrRange(v Value) Element {
	if p.kind() == TokRange || p.kind() == TokLess && p.peek(1).Type == TokRange {
		return p.parseRange(&RangeEndpoint{Pos: v.Position(), Value: v})
	}
	return &SingleValue{Pos: v.Position(), Value: v}
}

// parseRange parses the rest of a ValueRange after its lower endpoint value
// (X.680 51.4): "<"? ".." "<"? UpperEndpointValue.
func (p *parser) parseRange(lower *RangeEndpoint) Element {
	if p.got(TokLess) {
		lower.Open = true
	}
	p.expect(TokRange, "\"..\"")
	upper := &RangeEndpoint{Pos: p.tok().Pos}
	if p.got(TokLess) {
		upper.Open = true
	}
	if p.got(kwMAX) {
		upper.Max = true
	} else {
		upper.Value = p.parseValue()
	}
	return &ValueRange{Pos: lower.Pos, Lower: lower, Upper: upper}
}

// parseMultipleTypeConstraints parses "{ [..., ] NamedConstraint, ... }"
// after WITH COMPONENTS (X.680 51.8).
func (p *parser) parseMultipleTypeConstraints(pos Pos) *MultipleTypeConstraints {
	m := &MultipleTypeConstraints{Pos: pos}
	p.expect(TokLBrace, "\"{\" after WITH COMPONENTS")
	if p.kind() == TokEllipsis {
		p.next()
		m.Partial = true
		if !p.got(TokComma) {
			p.expect(TokRBrace, "\",\" or \"}\"")
			return m
		}
	}
	for {
		name := p.expect(TokLower, "a component identifier")
		nc := &NamedConstraint{Pos: name.Pos, Name: name.Value}
		if p.kind() == TokLParen {
			nc.Constraint = p.parseConstraint()
		}
		switch p.kind() {
		case kwPRESENT:
			nc.Presence = PresencePresent
			p.next()
		case kwABSENT:
			nc.Presence = PresenceAbsent
			p.next()
		case kwOPTIONAL:
			nc.Presence = PresenceOptional
			p.next()
		}
		m.Components = append(m.Components, nc)
		if !p.got(TokComma) {
			break
		}
	}
	p.expect(TokRBrace, "\",\" or \"}\"")
	return m
}
