package parser

import "fmt"

// This file reads a *BraceValue once the semantic phase knows what it
// governs. Each reader parses the brace's tokens with the same recursive
// descent as the rest of the notation, so positions and messages are those
// of the source.

// subParser returns a parser over the brace's tokens followed by the closing
// "}" and EOF.
func (b *BraceValue) subParser() *parser {
	toks := make([]Token, 0, len(b.Tokens)+2)
	toks = append(toks, b.Tokens...)
	toks = append(toks, Token{Type: TokRBrace, Value: "}", Pos: b.End})
	toks = append(toks, Token{Type: TokEOF, Pos: b.End})
	return newParser(toks)
}

// read runs fn on the brace's tokens and requires that it stops at the
// closing brace.
func (b *BraceValue) read(fn func(p *parser)) (err error) {
	p := b.subParser()
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				err = ErrorList{{Pos: b.Pos, Msg: fmt.Sprintf("internal error: %v", r)}}
				return
			}
			if len(p.errs) == 0 {
				p.errs.Add(p.tok().Pos, fmt.Sprintf("unexpected %s", quote(p.tok())))
			}
			err = p.errs
		}
	}()
	fn(p)
	if p.i != len(p.toks)-2 {
		p.failExpected("\"}\"")
	}
	if len(p.errs) > 0 {
		return p.errs
	}
	return nil
}

// ParseObjectIdentifierValue reads b as an OBJECT IDENTIFIER or RELATIVE-OID
// value (X.680 32.3, 33.3).
func ParseObjectIdentifierValue(b *BraceValue) (*ObjectIdentifierValue, error) {
	v := &ObjectIdentifierValue{Pos: b.Pos}
	err := b.read(func(p *parser) {
		for p.kind() != TokRBrace {
			v.Components = append(v.Components, p.parseObjIdComponent())
		}
		if len(v.Components) == 0 {
			p.failExpected("an object identifier component")
		}
	})
	if err != nil {
		return nil, err
	}
	return v, nil
}

// Values reads b as a comma-separated ValueList: a SEQUENCE OF or SET OF
// value (X.680 26.3), a list of named bits or a CharacterStringList,
// Quadruple or Tuple. An empty brace gives an empty list.
func (b *BraceValue) Values() ([]Value, error) {
	var list []Value
	err := b.read(func(p *parser) {
		if p.kind() == TokRBrace {
			return
		}
		for {
			list = append(list, p.parseValue())
			if !p.got(TokComma) {
				break
			}
		}
	})
	return list, err
}

// NamedValues reads b as a NamedValueList "identifier Value, ...": a SEQUENCE
// or SET value (X.680 25.16), including the SEQUENCE-based values of REAL,
// EMBEDDED PDV, EXTERNAL and CHARACTER STRING.
func (b *BraceValue) NamedValues() ([]*NamedValue, error) {
	var list []*NamedValue
	err := b.read(func(p *parser) {
		if p.kind() == TokRBrace {
			return
		}
		for {
			name := p.expect(TokLower, "an identifier")
			list = append(list, &NamedValue{Pos: name.Pos, Name: name.Value, Value: p.parseValue()})
			if !p.got(TokComma) {
				break
			}
		}
	})
	return list, err
}

// ElementSetSpecs reads b as a ValueSet (X.680 16.7) or an ObjectSet
// (X.681 12.3), e.g. the object set of a simple table constraint.
func (b *BraceValue) ElementSetSpecs() (*ElementSetSpecs, error) {
	var s *ElementSetSpecs
	err := b.read(func(p *parser) {
		if p.kind() == TokRBrace {
			s = &ElementSetSpecs{Pos: b.Pos}
			return
		}
		s = p.parseElementSetSpecs()
		s.Pos = b.Pos
	})
	return s, err
}

// Object reads b as an object of the given class (X.681 11.3): in the
// DefaultSyntax "&field setting, ..." when the class has no WITH SYNTAX, in
// its DefinedSyntax otherwise. Each setting is parsed as the field's kind
// requires: a Type for type fields, a Value (or object) for value and object
// fields, a set ("{...}" as *BraceValue) or reference for set fields.
func (b *BraceValue) Object(class *ObjectClassDefn) ([]*FieldSetting, error) {
	fields := make(map[string]FieldSpec, len(class.Fields))
	for _, f := range class.Fields {
		fields[fieldSpecName(f)] = f
	}
	var out []*FieldSetting
	err := b.read(func(p *parser) {
		if class.Syntax == nil {
			out = p.parseDefaultSyntax(fields)
			return
		}
		p.matchSyntax(class.Syntax.Items, fields, &out)
	})
	return out, err
}

// DefaultSyntaxObject reads b as an object in DefaultSyntax without knowing
// its class: each setting is a Type or a Value by its syntax (X.681 11.4).
func (b *BraceValue) DefaultSyntaxObject() ([]*FieldSetting, error) {
	var out []*FieldSetting
	err := b.read(func(p *parser) { out = p.parseDefaultSyntax(nil) })
	return out, err
}

func fieldSpecName(f FieldSpec) string {
	switch f := f.(type) {
	case *TypeFieldSpec:
		return f.Name
	case *FixedTypeValueFieldSpec:
		return f.Name
	case *VariableTypeValueFieldSpec:
		return f.Name
	case *FixedTypeValueSetFieldSpec:
		return f.Name
	case *VariableTypeValueSetFieldSpec:
		return f.Name
	}
	return ""
}

// parseDefaultSyntax parses "&field setting, ..." up to the closing brace.
func (p *parser) parseDefaultSyntax(fields map[string]FieldSpec) []*FieldSetting {
	var out []*FieldSetting
	if p.kind() == TokRBrace {
		return out
	}
	for {
		t := p.tok()
		if !isFieldKind(t.Type) {
			p.failExpected("a field setting (&name)")
		}
		p.next()
		var spec FieldSpec
		if fields != nil {
			spec = fields[t.Value]
			if spec == nil {
				p.fail(t, "%s is not a field of the class", quote(t))
			}
		}
		out = append(out, &FieldSetting{Pos: t.Pos, Name: t.Value, Setting: p.parseFieldSetting(t, spec)})
		if !p.got(TokComma) {
			break
		}
	}
	return out
}

// parseFieldSetting parses the setting of field t (X.681 11.7) as spec's kind
// requires; with spec nil, by syntax alone.
func (p *parser) parseFieldSetting(t *Token, spec FieldSpec) Setting {
	switch spec.(type) {
	case *TypeFieldSpec:
		return p.parseType()
	case *FixedTypeValueFieldSpec, *VariableTypeValueFieldSpec:
		return p.parseValue()
	case *FixedTypeValueSetFieldSpec, *VariableTypeValueSetFieldSpec:
		if p.kind() == TokLBrace {
			return p.parseBraceValue()
		}
		return p.parseSetting()
	}
	if t.Type == TokValueField {
		return p.parseValue()
	}
	return p.parseSetting()
}

// matchSyntax matches the input against a class's syntax list (X.681 11.5
// DefinedSyntax): literals must appear as written, each field is parsed as
// its kind requires, and an optional group is present when its first literal
// is (or, for a group starting with a field, when it parses).
func (p *parser) matchSyntax(items []SyntaxItem, fields map[string]FieldSpec, out *[]*FieldSetting) {
	for _, it := range items {
		switch it := it.(type) {
		case *SyntaxLiteral:
			if !p.atLiteral(it.Text) {
				p.failExpected(fmt.Sprintf("%q", it.Text))
			}
			p.next()
		case *SyntaxField:
			t := p.tok()
			spec := fields[it.Name]
			if spec == nil {
				p.fail(t, "syntax list names %q, which is not a field of the class", it.Name)
			}
			if t.Type == TokRBrace {
				p.failExpected(fmt.Sprintf("a setting for %s", it.Name))
			}
			*out = append(*out, &FieldSetting{Pos: t.Pos, Name: it.Name, Setting: p.parseFieldSetting(t, spec)})
		case *SyntaxOptionalGroup:
			if len(it.Items) == 0 {
				continue
			}
			if lit, ok := it.Items[0].(*SyntaxLiteral); ok {
				if p.atLiteral(lit.Text) {
					p.matchSyntax(it.Items, fields, out)
				}
				continue
			}
			p.tryGroup(it.Items, fields, out)
		}
	}
}

// tryGroup matches an optional group that starts with a field, keeping it
// when it parses and dropping it otherwise.
func (p *parser) tryGroup(items []SyntaxItem, fields map[string]FieldSpec, out *[]*FieldSetting) {
	save, nerr, nout := p.i, len(p.errs), len(*out)
	depth := p.depth
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
			p.i, p.errs, *out, p.depth = save, p.errs[:nerr], (*out)[:nout], depth
		}
	}()
	if p.kind() == TokRBrace {
		return
	}
	p.matchSyntax(items, fields, out)
}

// atLiteral reports whether the current token is the literal text of a
// syntax list: "," or a word (an upper-case reference or a reserved word).
func (p *parser) atLiteral(text string) bool {
	t := p.tok()
	if text == "," {
		return t.Type == TokComma
	}
	return (t.Type == TokUpper || IsKeyword(t.Type)) && t.Value == text
}
