package parser

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

// This file prints a syntax tree back as ASN.1 text in one canonical layout,
// the basis of "asn1gen fmt". The layout engine is in printdoc.go.
//
// The style is that of carefully written modules (the RFC and ITU-T ones):
//
//   - the module header on two lines ("Name { oid }" and "DEFINITIONS ...
//     ::="; one line without OID), BEGIN alone, a blank line between clauses
//     and assignments, END alone; consecutive one-line value assignments
//     (OID arcs) are not separated by blank lines;
//   - IMPORTS with one symbol list per group, "FROM Module" on the next line
//     indented one more level;
//   - SEQUENCE, SET, CHOICE and CLASS bodies one component per line,
//     indented by 4 spaces, with the types (field kinds) aligned in a column
//     after the longest identifier (identifiers longer than 32 characters
//     are left out of the alignment); extension addition groups "[[n:" ...
//     "]]" one component per line;
//   - lists that may be short (named numbers and bits, ENUMERATED items,
//     WITH COMPONENTS, sets, parameter lists, brace values) on one line
//     when they fit in 80 columns, one item per line otherwise;
//   - "{ " and " }" around value sets, OID values and brace values (but
//     "{Set}" around a lone reference), "Name{Param}" for parameterized
//     references, "(...)" without inner spaces for constraints,
//     "lower..upper" for ranges, "{Set}{@a}" for table constraints, "|" and
//     "^" for UNION and INTERSECTION;
//   - a constraint that does not fit goes to the next line, indented, as
//     does the element type of a long SEQUENCE OF and "ENCODED BY";
//     unions and OID components wrap like words;
//   - WITH SYNTAX on one line when it fits, otherwise one phrase per line
//     (a new line before each optional group and before each word that
//     follows a field or a group).
//
// Comments are not kept: the lexer drops them and the tree has none. The
// tree does not record the choices between equivalent spellings either
// (UNION or "|", INTERSECTION or "^", white space inside a bstring or
// hstring, the folding of a multi-line cstring), so the printer writes the
// canonical one. Token lists kept verbatim by the parser (*BraceValue,
// CONSTRAINED BY, encoding instructions, ENCODING-CONTROL sections) are
// printed token by token with canonical spacing; "{...}" groups in them are
// laid out like other lists, and two "[" (or "]") are written adjacent
// exactly when they were adjacent in the source, because "[[" and "]]" are
// version brackets (X.680 12.19, 12.20) only when adjacent.
//
// Printing a tree that ParseFile built and parsing the text again gives the
// same tree, positions aside; printing that tree gives the same text. A tree
// built by a program prints the same way, but one that no text could
// produce (a ConstrainedType directly around a SEQUENCE OF, whose element
// type would take the constraint back; a nil where a node is required) has
// no faithful text: the former prints as the nearest text, the latter is
// an error.

// Fprint writes the modules of f to w in canonical layout, separated by a
// blank line.
func Fprint(w io.Writer, f *File) error {
	out, err := build(func() []byte {
		var b bytes.Buffer
		for i, m := range f.Modules {
			if i > 0 {
				b.WriteByte('\n')
			}
			b.Write(printModule(m))
		}
		return b.Bytes()
	})
	if err != nil {
		return err
	}
	_, err = w.Write(out)
	return err
}

// FprintNode writes one node of a tree (a module, an assignment, a type, a
// value, a constraint, an element, a field spec, ...) in the layout Fprint
// uses, followed by a newline. Indentation of multi-line output starts at
// column 1.
func FprintNode(w io.Writer, n Node) error {
	var derr error
	out, err := build(func() []byte {
		if m, ok := n.(*ModuleDefinition); ok {
			return printModule(m)
		}
		var d doc
		if d, derr = nodeDoc(n); derr != nil {
			return nil
		}
		return render(d)
	})
	if err == nil {
		err = derr
	}
	if err != nil {
		return err
	}
	_, err = w.Write(out)
	return err
}

// build runs fn, turning the nil dereference of a tree that lacks a
// required node (a TaggedType without Tag, ...), which only a program can
// build, into an error.
func build(fn func() []byte) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("parser: cannot print an incomplete tree: %v", r)
		}
	}()
	return fn(), nil
}

// nodeDoc returns the document of any node.
func nodeDoc(n Node) (doc, error) {
	var p printer
	switch n := n.(type) {
	case nil:
		return nil, fmt.Errorf("parser: cannot print a nil node")
	case *ModuleDefinition:
		return nil, fmt.Errorf("parser: a module is printed by printModule") // FprintNode does
	case *ModuleIdentifier:
		return p.moduleIdentifier(n), nil
	case *DefinitiveObjIdComponent:
		return docText(definitiveComponent(n)), nil
	case *Exports:
		return p.exports(n), nil
	case *Imports:
		return p.imports(n), nil
	case *SymbolsFromModule:
		return p.symbolsFromModule(n), nil
	case *GlobalModuleReference:
		return p.globalModuleReference(n), nil
	case *Symbol:
		return docText(symbolText(n)), nil
	case *EncodingControlSection:
		return p.encodingControl(n), nil
	case *Parameter:
		return p.parameter(n), nil
	case Assignment:
		return p.assignment(n), nil
	case Type:
		return p.typ(n), nil
	case Value:
		return p.value(n), nil
	case *NamedNumber:
		return p.namedNumber(n), nil
	case *EnumerationItem:
		return p.enumerationItem(n), nil
	case *ComponentType:
		return p.componentType(n, 0), nil
	case *NamedType:
		return p.namedType(n, 0), nil
	case *ExtensionAdditionGroup:
		return p.additionGroup(n.Version, p.componentItems(n.Components)), nil
	case *ExtensionAdditionAlternativesGroup:
		return p.additionGroup(n.Version, p.alternativeItems(n.Alternatives)), nil
	case *ExtensionAndException:
		return p.extensionMarker(n), nil
	case *Tag:
		return p.tag(n), nil
	case *Constraint:
		return p.constraint(n), nil
	case *ExceptionSpec:
		return p.exceptionSpec(n), nil
	case *ElementSetSpecs:
		return p.elementSetSpecs(n), nil
	case *ElementSetSpec:
		// On its own, without the parentheses it has as an Element.
		return p.elementSetSpec(n), nil
	case ConstraintSpec:
		return p.constraintSpec(n), nil
	case Element:
		return p.element(n), nil
	case *Intersections:
		return p.intersections(n), nil
	case *IntersectionElements:
		return p.intersectionElements(n), nil
	case *RangeEndpoint:
		return p.rangeEndpoint(n, true), nil
	case *NamedConstraint:
		return p.namedConstraint(n), nil
	case *AtNotation:
		return docText(atNotationText(n)), nil
	case *ObjectClassDefn:
		return p.objectClassDefn(n), nil
	case FieldSpec:
		return p.fieldSpec(n, 0), nil
	case *SyntaxList:
		return p.syntaxList(n), nil
	case SyntaxItem:
		return p.syntaxItems([]SyntaxItem{n}), nil
	case *ObjIdComponent:
		return p.objIdComponent(n), nil
	case *NamedValue:
		return docCat{docText(n.Name + " "), p.value(n.Value)}, nil
	case *FieldSetting:
		return docCat{docText(n.Name + " "), p.setting(n.Setting)}, nil
	}
	return nil, fmt.Errorf("parser: cannot print a %T", n)
}

// printer builds documents. It has no state: the methods are grouped on it
// for readability.
type printer struct{}

// printModule renders a module: header, clauses and assignments, each
// assignment rendered on its own so that one-line value assignments can be
// kept together.
func printModule(m *ModuleDefinition) []byte {
	var p printer
	var b bytes.Buffer
	b.Write(render(p.moduleHeader(m)))
	b.WriteString("BEGIN\n")
	empty := m.Exports == nil && m.Imports == nil && len(m.Assignments) == 0 && len(m.EncodingControl) == 0
	if m.Exports != nil {
		b.WriteByte('\n')
		b.Write(render(p.exports(m.Exports)))
	}
	if m.Imports != nil {
		b.WriteByte('\n')
		b.Write(render(p.imports(m.Imports)))
	}
	prevOneLine := false
	for i, a := range m.Assignments {
		text := render(p.assignment(a))
		_, isValue := a.(*ValueAssignment)
		oneLine := isValue && bytes.Count(text, []byte{'\n'}) == 1
		if !(i > 0 && prevOneLine && oneLine) {
			b.WriteByte('\n')
		}
		b.Write(text)
		prevOneLine = oneLine
	}
	for _, ec := range m.EncodingControl {
		b.WriteByte('\n')
		b.Write(render(p.encodingControl(ec)))
	}
	if !empty {
		b.WriteByte('\n')
	}
	b.WriteString("END\n")
	return b.Bytes()
}

// ---------------------------------------------------------------------------
// Modules

func (p printer) moduleHeader(m *ModuleDefinition) doc {
	def := "DEFINITIONS"
	if m.EncodingReference != "" {
		def += " " + m.EncodingReference + " INSTRUCTIONS"
	}
	if m.TagDefault != TagDefaultNone {
		def += " " + m.TagDefault.String()
	}
	if m.ExtensibilityImplied {
		def += " EXTENSIBILITY IMPLIED"
	}
	if m.Identifier.OID == nil && m.Identifier.IRI == "" {
		return docCat{docText(m.Identifier.Name + " " + def + " ::="), lineHard}
	}
	return docCat{p.moduleIdentifier(m.Identifier), lineHard, docText(def + " ::="), lineHard}
}

func (p printer) moduleIdentifier(id *ModuleIdentifier) doc {
	words := []string{id.Name}
	if id.OID != nil {
		words = append(words, "{")
		for _, c := range id.OID {
			words = append(words, definitiveComponent(c))
		}
		words = append(words, "}")
	}
	if id.IRI != "" {
		words = append(words, cstringText(id.IRI))
	}
	return docNestBreak{fillWords(words)}
}

func definitiveComponent(c *DefinitiveObjIdComponent) string {
	switch {
	case c.Placeholder != "":
		return c.Name + "(" + c.Placeholder + ")"
	case c.Name != "" && c.Number != "":
		return c.Name + "(" + c.Number + ")"
	case c.Name != "":
		return c.Name
	}
	return c.Number
}

// fillWords is a fill of words separated by spaces.
func fillWords(words []string) doc {
	f := make(docFill, 0, 2*len(words))
	for i, w := range words {
		if i > 0 {
			f = append(f, lineSpace)
		}
		f = append(f, docText(w))
	}
	return f
}

// fillList is a fill of items separated by ", ".
func fillList(items []doc) doc {
	f := make(docFill, 0, 2*len(items))
	for i, it := range items {
		if i < len(items)-1 {
			it = docCat{it, docText(",")}
		}
		if i > 0 {
			f = append(f, lineSpace)
		}
		f = append(f, it)
	}
	return f
}

func symbolText(s *Symbol) string {
	if s.Parameterized {
		return s.Name + "{}"
	}
	return s.Name
}

func (p printer) symbols(list []*Symbol) doc {
	items := make([]doc, len(list))
	for i, s := range list {
		items[i] = docText(symbolText(s))
	}
	return fillList(items)
}

func (p printer) exports(e *Exports) doc {
	switch {
	case e.All:
		return docText("EXPORTS ALL;")
	case len(e.Symbols) == 0:
		return docText("EXPORTS;")
	}
	return docCat{docText("EXPORTS "), docNestBreak{p.symbols(e.Symbols)}, docText(";")}
}

func (p printer) imports(imp *Imports) doc {
	d := docCat{docText("IMPORTS")}
	for _, s := range imp.From {
		d = append(d, docIndent{docCat{lineHard, p.symbolsFromModule(s)}})
	}
	return append(d, docText(";"))
}

func (p printer) symbolsFromModule(s *SymbolsFromModule) doc {
	from := docCat{docText("FROM "), p.globalModuleReference(s.Module)}
	if s.SelectionOption != "" {
		from = append(from, docText(" WITH "+s.SelectionOption))
	}
	// Wrapped symbols stay at the level of the list; FROM is one level in.
	return docCat{p.symbols(s.Symbols), docIndent{docCat{lineHard, from}}}
}

func (p printer) globalModuleReference(g *GlobalModuleReference) doc {
	d := docCat{docText(g.Name)}
	switch {
	case g.OID != nil:
		d = append(d, docText(" "), p.objectIdentifierValue(g.OID))
	case g.Value != nil:
		d = append(d, docText(" "), p.value(g.Value))
	}
	return d
}

func (p printer) encodingControl(ec *EncodingControlSection) doc {
	d := docCat{docText("ENCODING-CONTROL " + ec.EncodingReference)}
	if len(ec.Tokens) > 0 {
		d = append(d, docIndent{docCat{lineHard, tokenSeq(ec.Tokens)}})
	}
	return d
}

// ---------------------------------------------------------------------------
// Assignments

func (p printer) assignment(a Assignment) doc {
	switch a := a.(type) {
	case *TypeAssignment:
		return docCat{docText(a.Name), p.parameters(a.Params), docText(" ::= "), p.typ(a.Type)}
	case *ValueAssignment:
		return docCat{docText(a.Name), p.parameters(a.Params), docText(" "), p.typ(a.Type), docText(" ::= "), p.value(a.Value)}
	case *ValueSetTypeAssignment:
		return docCat{docText(a.Name), p.parameters(a.Params), docText(" "), p.typ(a.Type), docText(" ::= "), p.bracedSet(a.Set)}
	case *ObjectClassAssignment:
		return docCat{docText(a.Name), p.parameters(a.Params), docText(" ::= "), p.objectClassDefn(a.Class)}
	case *MacroDefinition:
		// X.208: the body is printed as tokens, one level in.
		if a.Reference != "" {
			return docText(a.Name + " MACRO ::= " + a.Reference)
		}
		d := docCat{docText(a.Name + " MACRO ::= BEGIN")}
		if len(a.Body) > 0 {
			d = append(d, docIndent{docCat{lineHard, tokenSeq(a.Body)}})
		}
		return append(d, lineHard, docText("END"))
	case *MacroInstanceAssignment:
		// X.208: the tokens of the type notation one level in, on their
		// own line, as MIBs write them.
		return docCat{docText(a.Name + " " + a.Macro), docIndent{docCat{lineHard, tokenSeq(a.Tokens), lineHard, docText("::= "), p.value(a.Value)}}}
	}
	return nil
}

func (p printer) parameters(params []*Parameter) doc {
	if params == nil {
		return nil
	}
	items := make([]doc, len(params))
	for i, prm := range params {
		items[i] = p.parameter(prm)
	}
	return p.braceList(items, "{", "}", lineSoft)
}

func (p printer) parameter(prm *Parameter) doc {
	if prm.Governor == nil {
		return docText(prm.Name)
	}
	return docCat{p.typ(prm.Governor), docText(":" + prm.Name)}
}

// braceList is "open item, item close" on one line when it fits, one item a
// line otherwise; pad is the line after open (and before close): lineSpace
// for "{ a, b }", lineSoft for "{a, b}".
func (p printer) braceList(items []doc, open, close string, pad docLine) doc {
	if len(items) == 0 {
		return docText(open + close)
	}
	body := docCat{pad}
	for i, it := range items {
		if i > 0 {
			body = append(body, docText(","), lineSpace)
		}
		body = append(body, it)
	}
	return docGroup{docCat{docText(open), docNestBreak{body}, pad, docText(close)}}
}

func (p printer) settings(list []Setting) doc {
	if list == nil {
		return nil
	}
	items := make([]doc, len(list))
	for i, s := range list {
		items[i] = p.setting(s)
	}
	return p.braceList(items, "{", "}", lineSoft)
}

func (p printer) setting(s Setting) doc {
	switch s := s.(type) {
	case Type:
		return p.typ(s)
	case Value:
		return p.value(s)
	}
	return nil
}

// ---------------------------------------------------------------------------
// Types

func (p printer) typ(t Type) doc {
	switch t := t.(type) {
	case *BooleanType:
		return docText("BOOLEAN")
	case *IntegerType:
		if t.NamedNumbers == nil {
			return docText("INTEGER")
		}
		return docCat{docText("INTEGER "), p.namedNumbers(t.NamedNumbers)}
	case *EnumeratedType:
		return docCat{docText("ENUMERATED "), p.enumerations(t)}
	case *RealType:
		return docText("REAL")
	case *BitStringType:
		if t.NamedBits == nil {
			return docText("BIT STRING")
		}
		return docCat{docText("BIT STRING "), p.namedNumbers(t.NamedBits)}
	case *OctetStringType:
		return docText("OCTET STRING")
	case *NullType:
		return docText("NULL")
	case *ObjectIdentifierType:
		return docText("OBJECT IDENTIFIER")
	case *RelativeOIDType:
		return docText("RELATIVE-OID")
	case *OIDIRIType:
		return docText("OID-IRI")
	case *RelativeOIDIRIType:
		return docText("RELATIVE-OID-IRI")
	case *EmbeddedPDVType:
		return docText("EMBEDDED PDV")
	case *ExternalType:
		return docText("EXTERNAL")
	case *RestrictedCharacterStringType:
		return docText(t.Name)
	case *UnrestrictedCharacterStringType:
		return docText("CHARACTER STRING")
	case *UsefulType:
		return docText(t.Name)
	case *TimeType:
		return docText(t.Name)
	case *SequenceType:
		return p.componentTypeLists("SEQUENCE", &t.Components)
	case *SetType:
		return p.componentTypeLists("SET", &t.Components)
	case *ChoiceType:
		return p.alternativeTypeLists(&t.Alternatives)
	case *SequenceOfType:
		return p.collectionOf("SEQUENCE", t.Constraint, t.Size, t.Name, t.Type)
	case *SetOfType:
		return p.collectionOf("SET", t.Constraint, t.Size, t.Name, t.Type)
	case *TaggedType:
		d := docCat{p.tag(t.Tag), docText(" ")}
		if t.Mode != TagModeDefault {
			d = append(d, docText(t.Mode.String()+" "))
		}
		return append(d, p.typ(t.Type))
	case *EncodingPrefixedType:
		d := docCat{docText("[")}
		if t.EncodingReference != "" {
			d = append(d, docText(t.EncodingReference+":"))
		}
		if len(t.Instruction) > 0 {
			// "[" followed by "[" would read as the "[[" of an extension
			// addition group, and ":" followed by ":=" as "::=".
			if k := t.Instruction[0].Type; k == TokLBracket || k == TokColon || k == TokAssign {
				d = append(d, docText(" "))
			}
			d = append(d, tokenSeq(t.Instruction))
		}
		return append(d, docText("] "), p.typ(t.Type))
	case *SelectionType:
		return docCat{docText(t.Name + " < "), p.typ(t.Type)}
	case *AnyType:
		if t.DefinedBy != "" {
			return docText("ANY DEFINED BY " + t.DefinedBy)
		}
		return docText("ANY")
	case *InstanceOfType:
		return docCat{docText("INSTANCE OF "), p.typ(t.Class)}
	case *TypeReference:
		return p.reference(t.Module, t.Name, t.Params)
	case *ObjectClassFieldType:
		return docCat{p.setting(t.Ref), docText("." + strings.Join(t.Fields, "."))}
	case *ConstrainedType:
		// A constraint that does not fit goes to the next line, indented.
		d := docCat{p.typ(t.Type)}
		for _, c := range t.Constraints {
			d = append(d, docGroup{docNestBreak{docCat{lineSpace, p.constraint(c)}}})
		}
		return d
	}
	return nil
}

func (p printer) reference(module, name string, params []Setting) doc {
	if module != "" {
		name = module + "." + name
	}
	if params == nil {
		return docText(name)
	}
	return docCat{docText(name), p.settings(params)}
}

func (p printer) namedNumbers(list []*NamedNumber) doc {
	items := make([]doc, len(list))
	for i, n := range list {
		items[i] = p.namedNumber(n)
	}
	return p.braceList(items, "{", "}", lineSpace)
}

func (p printer) namedNumber(n *NamedNumber) doc {
	return docCat{docText(n.Name + "("), p.value(n.Value), docText(")")}
}

func (p printer) enumerations(t *EnumeratedType) doc {
	var items []doc
	for _, it := range t.Root {
		items = append(items, p.enumerationItem(it))
	}
	if t.Extensible {
		items = append(items, p.extensionMarker(&ExtensionAndException{Exception: t.Exception}))
	}
	extra := t.ExtraMarkers
	for i := 0; i <= len(t.Additional); i++ {
		for len(extra) > 0 && extra[0].Index == i {
			items = append(items, docText("..."))
			extra = extra[1:]
		}
		if i < len(t.Additional) {
			items = append(items, p.enumerationItem(t.Additional[i]))
		}
	}
	return p.braceList(items, "{", "}", lineSpace)
}

func (p printer) enumerationItem(it *EnumerationItem) doc {
	if it.Number == nil {
		return docText(it.Name)
	}
	return docCat{docText(it.Name + "("), p.value(it.Number), docText(")")}
}

func (p printer) extensionMarker(e *ExtensionAndException) doc {
	if e.Exception == nil {
		return docText("...")
	}
	return docCat{docText("... "), p.exceptionSpec(e.Exception)}
}

func (p printer) exceptionSpec(e *ExceptionSpec) doc {
	if e.Type != nil {
		return docCat{docText("! "), p.typ(e.Type), docText(" : "), p.value(e.Value)}
	}
	return docCat{docText("! "), p.value(e.Value)}
}

// maxAlign is the longest identifier that counts for the alignment of a
// list: one very long name should not push every type far to the right.
const maxAlign = 32

func alignWidth(names []string) int {
	w := 0
	for _, n := range names {
		if len(n) <= maxAlign && len(n) > w {
			w = len(n)
		}
	}
	return w
}

// padded is name followed by the spaces that bring the next text to column
// width+1 (at least one space).
func padded(name string, width int) string {
	if n := width - len(name); n > 0 {
		return name + strings.Repeat(" ", n+1)
	}
	return name + " "
}

// block is "open" + one item a line, indented + "close"; items are
// separated by ",".
func block(open string, items []doc, close string) doc {
	if len(items) == 0 {
		return docText(open + close)
	}
	body := docCat{}
	for i, it := range items {
		if i > 0 {
			body = append(body, docText(","))
		}
		body = append(body, lineHard, it)
	}
	return docCat{docText(open), docIndent{body}, lineHard, docText(close)}
}

func componentNames(list []*ComponentType) []string {
	var names []string
	for _, c := range list {
		if c.NamedType != nil {
			names = append(names, c.NamedType.Name)
		}
	}
	return names
}

func (p printer) componentItems(list []*ComponentType) []doc {
	w := alignWidth(componentNames(list))
	items := make([]doc, len(list))
	for i, c := range list {
		items[i] = p.componentType(c, w)
	}
	return items
}

func (p printer) componentTypeLists(kw string, l *ComponentTypeLists) doc {
	names := componentNames(l.Root)
	for _, a := range l.Additions {
		if c, ok := a.(*ComponentType); ok && c.NamedType != nil {
			names = append(names, c.NamedType.Name)
		}
	}
	names = append(names, componentNames(l.Root2)...)
	w := alignWidth(names)
	var items []doc
	for _, c := range l.Root {
		items = append(items, p.componentType(c, w))
	}
	if l.Extension != nil {
		items = append(items, p.extensionMarker(l.Extension))
	}
	for _, a := range l.Additions {
		switch a := a.(type) {
		case *ComponentType:
			items = append(items, p.componentType(a, w))
		case *ExtensionAdditionGroup:
			items = append(items, p.additionGroup(a.Version, p.componentItems(a.Components)))
		}
	}
	if l.EndMarker {
		items = append(items, docText("..."))
	}
	for _, c := range l.Root2 {
		items = append(items, p.componentType(c, w))
	}
	return block(kw+" {", items, "}")
}

func (p printer) componentType(c *ComponentType, w int) doc {
	if c.NamedType == nil {
		return docCat{docText("COMPONENTS OF "), p.typ(c.ComponentsOf)}
	}
	d := docCat{p.namedType(c.NamedType, w)}
	switch {
	case c.Optional:
		d = append(d, docText(" OPTIONAL"))
	case c.Default != nil:
		d = append(d, docText(" DEFAULT "), p.value(c.Default))
	}
	return d
}

func (p printer) namedType(n *NamedType, w int) doc {
	if n.Name == "" {
		return p.typ(n.Type)
	}
	return docCat{docText(padded(n.Name, w)), p.typ(n.Type)}
}

// additionGroup is "[[n:" + one item a line + "]]" (X.680 25.1, 29.1).
func (p printer) additionGroup(version string, items []doc) doc {
	open := "[["
	if version != "" {
		open += version + ":"
	}
	body := docCat{}
	for i, it := range items {
		if i > 0 {
			body = append(body, docText(","))
		}
		body = append(body, lineHard, it)
	}
	return docCat{docText(open), docIndent{body}, lineHard, docText("]]")}
}

func (p printer) alternativeItems(list []*NamedType) []doc {
	names := make([]string, len(list))
	for i, n := range list {
		names[i] = n.Name
	}
	w := alignWidth(names)
	items := make([]doc, len(list))
	for i, n := range list {
		items[i] = p.namedType(n, w)
	}
	return items
}

func (p printer) alternativeTypeLists(l *AlternativeTypeLists) doc {
	var names []string
	for _, n := range l.Root {
		names = append(names, n.Name)
	}
	for _, a := range l.Additions {
		if n, ok := a.(*NamedType); ok {
			names = append(names, n.Name)
		}
	}
	w := alignWidth(names)
	var items []doc
	for _, n := range l.Root {
		items = append(items, p.namedType(n, w))
	}
	if l.Extension != nil {
		items = append(items, p.extensionMarker(l.Extension))
	}
	for _, a := range l.Additions {
		switch a := a.(type) {
		case *NamedType:
			items = append(items, p.namedType(a, w))
		case *ExtensionAdditionAlternativesGroup:
			items = append(items, p.additionGroup(a.Version, p.alternativeItems(a.Alternatives)))
		}
	}
	if l.EndMarker {
		items = append(items, docText("..."))
	}
	return block("CHOICE {", items, "}")
}

func (p printer) collectionOf(kw string, c *Constraint, size *SizeConstraint, name string, elem Type) doc {
	d := docCat{docText(kw + " ")}
	switch {
	case c != nil:
		d = append(d, p.constraint(c), docText(" "))
	case size != nil:
		d = append(d, p.element(size), docText(" "))
	}
	// The element type goes to the next line, indented, when it does not
	// fit (up to its first line break: "OF SEQUENCE {" stays together).
	d = append(d, docText("OF"))
	elemDoc := docCat{lineSpace}
	if name != "" {
		elemDoc = append(elemDoc, docText(name+" "))
	}
	elemDoc = append(elemDoc, p.typ(elem))
	return append(d, docGroup{docNestBreak{elemDoc}})
}

func (p printer) tag(t *Tag) doc {
	d := docCat{docText("[")}
	if t.EncodingReference != "" {
		d = append(d, docText(t.EncodingReference+":"))
	}
	if t.Class != TagClassContext {
		d = append(d, docText(t.Class.String()+" "))
	}
	return append(d, p.value(t.Number), docText("]"))
}

// ---------------------------------------------------------------------------
// Classes

func (p printer) objectClassDefn(c *ObjectClassDefn) doc {
	names := make([]string, len(c.Fields))
	for i, f := range c.Fields {
		names[i] = fieldSpecName(f)
	}
	w := alignWidth(names)
	items := make([]doc, len(c.Fields))
	for i, f := range c.Fields {
		items[i] = p.fieldSpec(f, w)
	}
	d := docCat{block("CLASS {", items, "}")}
	if c.Syntax != nil {
		d = append(d, docText(" WITH SYNTAX "), p.syntaxList(c.Syntax))
	}
	return d
}

func (p printer) fieldSpec(f FieldSpec, w int) doc {
	var d docCat
	switch f := f.(type) {
	case *TypeFieldSpec:
		switch {
		case f.Optional:
			return docText(padded(f.Name, w) + "OPTIONAL")
		case f.Default != nil:
			return docCat{docText(padded(f.Name, w) + "DEFAULT "), p.typ(f.Default)}
		}
		return docText(f.Name)
	case *FixedTypeValueFieldSpec:
		d = docCat{docText(padded(f.Name, w)), p.typ(f.Type)}
		if f.Unique {
			d = append(d, docText(" UNIQUE"))
		}
		return p.valueOptionality(d, f.Optional, f.Default)
	case *VariableTypeValueFieldSpec:
		d = docCat{docText(padded(f.Name, w) + strings.Join(f.TypeField, "."))}
		return p.valueOptionality(d, f.Optional, f.Default)
	case *FixedTypeValueSetFieldSpec:
		d = docCat{docText(padded(f.Name, w)), p.typ(f.Type)}
		return p.setOptionality(d, f.Optional, f.Default)
	case *VariableTypeValueSetFieldSpec:
		d = docCat{docText(padded(f.Name, w) + strings.Join(f.TypeField, "."))}
		return p.setOptionality(d, f.Optional, f.Default)
	}
	return nil
}

func (p printer) valueOptionality(d docCat, optional bool, def Value) doc {
	switch {
	case optional:
		return append(d, docText(" OPTIONAL"))
	case def != nil:
		return append(d, docText(" DEFAULT "), p.value(def))
	}
	return d
}

func (p printer) setOptionality(d docCat, optional bool, def *ElementSetSpecs) doc {
	switch {
	case optional:
		return append(d, docText(" OPTIONAL"))
	case def != nil:
		return append(d, docText(" DEFAULT "), p.bracedSet(def))
	}
	return d
}

// syntaxList is "{ phrase phrase ... }", on one line when it fits and one
// phrase a line otherwise. A phrase starts at an optional group and at a
// word that follows a field or a group, which is how classes are written:
//
//	WITH SYNTAX {
//	    IDENTIFIER &id
//	    [PARAMS [TYPE &Type] ARE &paramPresence]
//	}
func (p printer) syntaxList(s *SyntaxList) doc {
	var phrases [][]SyntaxItem
	for i, it := range s.Items {
		start := i == 0
		switch it := it.(type) {
		case *SyntaxOptionalGroup:
			start = true
		case *SyntaxLiteral:
			if it.Text != "," && i > 0 {
				_, prevLit := s.Items[i-1].(*SyntaxLiteral)
				start = !prevLit
			}
		}
		if start {
			phrases = append(phrases, nil)
		}
		phrases[len(phrases)-1] = append(phrases[len(phrases)-1], it)
	}
	body := docCat{}
	for _, ph := range phrases {
		body = append(body, lineSpace, p.syntaxItems(ph))
	}
	return docGroup{docCat{docText("{"), docNestBreak{body}, lineSpace, docText("}")}}
}

// syntaxItems is the items on one line, separated by spaces except before
// ",".
func (p printer) syntaxItems(items []SyntaxItem) doc {
	var b strings.Builder
	var write func(items []SyntaxItem)
	write = func(items []SyntaxItem) {
		for i, it := range items {
			switch it := it.(type) {
			case *SyntaxLiteral:
				if i > 0 && it.Text != "," {
					b.WriteByte(' ')
				}
				b.WriteString(it.Text)
			case *SyntaxField:
				if i > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(it.Name)
			case *SyntaxOptionalGroup:
				if i > 0 {
					b.WriteByte(' ')
				}
				b.WriteByte('[')
				write(it.Items)
				b.WriteByte(']')
			}
		}
	}
	write(items)
	return docText(b.String())
}

// ---------------------------------------------------------------------------
// Values

func (p printer) value(v Value) doc {
	switch v := v.(type) {
	case *IntegerValue:
		return docText(v.Text)
	case *RealValue:
		return docText(v.Text)
	case *SpecialRealValue:
		return docText(v.Name)
	case *BooleanValue:
		if v.Value {
			return docText("TRUE")
		}
		return docText("FALSE")
	case *NullValue:
		return docText("NULL")
	case *CStringValue:
		return docText(cstringText(v.Value))
	case *BStringValue:
		return docText("'" + v.Digits + "'B")
	case *HStringValue:
		return docText("'" + v.Digits + "'H")
	case *ValueReference:
		return p.reference(v.Module, v.Name, v.Params)
	case *ValueFromObject:
		return docCat{p.setting(v.Ref), docText("." + strings.Join(v.Fields, "."))}
	case *ChoiceValue:
		return docCat{docText(v.Name + " : "), p.value(v.Value)}
	case *OpenTypeValue:
		return docCat{p.typ(v.Type), docText(" : "), p.value(v.Value)}
	case *ContainingValue:
		return docCat{docText("CONTAINING "), p.value(v.Value)}
	case *ObjectIdentifierValue:
		return p.objectIdentifierValue(v)
	case *BraceValue:
		return braceTokens(v.Tokens)
	}
	return nil
}

// cstringText writes a decoded cstring back in quotes, doubling the quotes
// it holds (X.680 12.14).
func cstringText(s string) string {
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// objectIdentifierValue is "{ c c c }", wrapped like words when long.
func (p printer) objectIdentifierValue(v *ObjectIdentifierValue) doc {
	f := docFill{docText("{")}
	for _, c := range v.Components {
		f = append(f, lineSpace, p.objIdComponent(c))
	}
	f = append(f, lineSpace, docText("}"))
	return docNestBreak{f}
}

func (p printer) objIdComponent(c *ObjIdComponent) doc {
	name := c.Name
	if c.Module != "" {
		name = c.Module + "." + name
	}
	switch {
	case c.Number == nil:
		return docText(name)
	case name == "":
		return p.value(c.Number)
	}
	return docCat{docText(name + "("), p.value(c.Number), docText(")")}
}

// ---------------------------------------------------------------------------
// Constraints and sets

func (p printer) constraint(c *Constraint) doc {
	d := docCat{docText("("), p.constraintSpec(c.Spec)}
	if c.Exception != nil {
		d = append(d, docText(" "), p.exceptionSpec(c.Exception))
	}
	return append(d, docText(")"))
}

func (p printer) constraintSpec(s ConstraintSpec) doc {
	switch s := s.(type) {
	case *ElementSetSpecs:
		return p.elementSetSpecs(s)
	case *UserDefinedConstraint:
		return docCat{docText("CONSTRAINED BY "), braceTokens(s.Tokens)}
	case *TableConstraint:
		ats := make([]string, len(s.AtNotations))
		for i, a := range s.AtNotations {
			ats[i] = atNotationText(a)
		}
		return docCat{docText("{"), p.elementSetSpecs(s.ObjectSet), docText("}{" + strings.Join(ats, ", ") + "}")}
	case *ContentsConstraint:
		var d docCat
		if s.Type != nil {
			d = append(d, docText("CONTAINING "), p.typ(s.Type))
		}
		if s.EncodedBy != nil {
			enc := docCat{docText("ENCODED BY "), p.value(s.EncodedBy)}
			if s.Type == nil {
				return append(d, enc)
			}
			d = append(d, docNestBreak{docCat{lineSpace, enc}})
		}
		return docGroup{d}
	}
	return nil
}

func atNotationText(a *AtNotation) string {
	return "@" + strings.Repeat(".", a.Level) + strings.Join(a.Components, ".")
}

// elementSetSpecs is "Root, ..., Additional" on one line, its unions
// wrapped like words when long, continuation lines indented.
func (p printer) elementSetSpecs(s *ElementSetSpecs) doc {
	var d docCat
	if s.Root != nil {
		d = append(d, p.elementSetSpec(s.Root))
	}
	if s.Extensible {
		if s.Root != nil {
			d = append(d, docText(", "))
		}
		d = append(d, docText("..."))
		if s.Additional != nil {
			d = append(d, docText(", "), p.elementSetSpec(s.Additional))
		}
	}
	return docNestBreak{d}
}

// bracedSet is a ValueSet or ObjectSet "{ Root, ..., Additional }" (X.680
// 16.7, X.681 12.3): on one line when it fits, otherwise the parts on their
// own lines with the unions wrapped like words.
func (p printer) bracedSet(s *ElementSetSpecs) doc {
	var items []doc
	if s.Root != nil {
		items = append(items, p.elementSetSpec(s.Root))
	}
	if s.Extensible {
		items = append(items, docText("..."))
		if s.Additional != nil {
			items = append(items, p.elementSetSpec(s.Additional))
		}
	}
	return p.braceList(items, "{", "}", lineSpace)
}

func (p printer) elementSetSpec(s *ElementSetSpec) doc {
	if s.AllExcept != nil {
		return docCat{docText("ALL EXCEPT "), p.element(s.AllExcept)}
	}
	f := make(docFill, 0, 2*len(s.Unions))
	for i, in := range s.Unions {
		if i > 0 {
			f = append(f, lineSpace)
		}
		it := p.intersections(in)
		if i < len(s.Unions)-1 {
			it = docCat{it, docText(" |")}
		}
		f = append(f, it)
	}
	return f
}

func (p printer) intersections(in *Intersections) doc {
	d := docCat{}
	for i, ie := range in.Elements {
		if i > 0 {
			d = append(d, docText(" ^ "))
		}
		d = append(d, p.intersectionElements(ie))
	}
	return d
}

func (p printer) intersectionElements(ie *IntersectionElements) doc {
	if ie.Except == nil {
		return p.element(ie.Elems)
	}
	return docCat{p.element(ie.Elems), docText(" EXCEPT "), p.element(ie.Except)}
}

func (p printer) element(e Element) doc {
	switch e := e.(type) {
	case *SingleValue:
		return p.value(e.Value)
	case *ContainedSubtype:
		if e.Includes {
			return docCat{docText("INCLUDES "), p.typ(e.Type)}
		}
		return p.typ(e.Type)
	case *ValueRange:
		return docCat{p.rangeEndpoint(e.Lower, true), docText(".."), p.rangeEndpoint(e.Upper, false)}
	case *SizeConstraint:
		return docCat{docText("SIZE "), p.constraint(e.Constraint)}
	case *PermittedAlphabet:
		return docCat{docText("FROM "), p.constraint(e.Constraint)}
	case *SingleTypeConstraint:
		return docCat{docText("WITH COMPONENT "), p.constraint(e.Constraint)}
	case *MultipleTypeConstraints:
		var items []doc
		if e.Partial {
			items = append(items, docText("..."))
		}
		for _, nc := range e.Components {
			items = append(items, p.namedConstraint(nc))
		}
		return docCat{docText("WITH COMPONENTS "), p.braceList(items, "{", "}", lineSpace)}
	case *PatternConstraint:
		return docCat{docText("PATTERN "), p.value(e.Value)}
	case *PropertySettings:
		return docText("SETTINGS " + cstringText(e.Settings))
	case *ElementSetSpec:
		return docCat{docText("("), p.elementSetSpec(e), docText(")")}
	}
	return nil
}

// rangeEndpoint is MIN, MAX or a value, with "<" after an open lower
// endpoint and before an open upper one.
func (p printer) rangeEndpoint(r *RangeEndpoint, lower bool) doc {
	var v doc
	switch {
	case r.Min:
		v = docText("MIN")
	case r.Max:
		v = docText("MAX")
	default:
		v = p.value(r.Value)
	}
	switch {
	case !r.Open:
		return v
	case lower:
		return docCat{v, docText("<")}
	}
	return docCat{docText("<"), v}
}

func (p printer) namedConstraint(nc *NamedConstraint) doc {
	d := docCat{docText(nc.Name)}
	if nc.Constraint != nil {
		d = append(d, docText(" "), p.constraint(nc.Constraint))
	}
	if nc.Presence != PresenceNone {
		d = append(d, docText(" "+nc.Presence.String()))
	}
	return d
}

// ---------------------------------------------------------------------------
// Token lists

// tokTree is a token, or a "{...}" group of tokens.
type tokTree struct {
	tok   Token // the token, or the "{" of a group
	group bool
	kids  []tokTree
	close Token // the "}" of a group
}

func (t *tokTree) last() Token {
	if t.group {
		return t.close
	}
	return t.tok
}

// buildTokTree groups the balanced "{...}" of toks. Unbalanced braces (only
// possible in encoding instructions) stay plain tokens.
func buildTokTree(toks []Token) []tokTree {
	type frame struct {
		open Token
		kids []tokTree
	}
	stack := []frame{{}}
	for _, t := range toks {
		switch t.Type {
		case TokLBrace:
			stack = append(stack, frame{open: t})
		case TokRBrace:
			if len(stack) == 1 {
				stack[0].kids = append(stack[0].kids, tokTree{tok: t})
				continue
			}
			f := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			top := &stack[len(stack)-1]
			top.kids = append(top.kids, tokTree{tok: f.open, group: true, kids: f.kids, close: t})
		default:
			top := &stack[len(stack)-1]
			top.kids = append(top.kids, tokTree{tok: t})
		}
	}
	// Unclosed groups: their tokens go back to the enclosing level.
	for len(stack) > 1 {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		top := &stack[len(stack)-1]
		top.kids = append(top.kids, tokTree{tok: f.open})
		top.kids = append(top.kids, f.kids...)
	}
	return stack[0].kids
}

// braceTokens is "{ tokens }": the layout of a *BraceValue or of the
// parameters of CONSTRAINED BY.
func braceTokens(toks []Token) doc {
	return treeGroup(buildTokTree(toks))
}

// tokenSeq lays out tokens as words wrapped at the line width, "{...}"
// groups laid out as lists.
func tokenSeq(toks []Token) doc {
	return docNestBreak{treeSeq(buildTokTree(toks))}
}

// treeGroup is "{ item, item }" on one line when it fits, one item (split
// at the top-level commas) a line otherwise.
func treeGroup(kids []tokTree) doc {
	switch {
	case len(kids) == 0:
		return docText("{}")
	case len(kids) == 1 && kids[0].tok.Type == TokUpper:
		// A lone reference, mostly an object set: "{{SupportedAlgorithms}}",
		// "({ExtensionSet})", as in "{Set}{@a}".
		return docText("{" + kids[0].tok.Value + "}")
	}
	var items [][]tokTree
	start := 0
	for i, k := range kids {
		if !k.group && k.tok.Type == TokComma {
			items = append(items, kids[start:i])
			start = i + 1
		}
	}
	items = append(items, kids[start:])
	body := docCat{lineSpace}
	for i, it := range items {
		if i > 0 {
			body = append(body, docText(","), lineSpace)
		}
		body = append(body, treeSeq(it))
	}
	return docGroup{docCat{docText("{"), docNestBreak{body}, lineSpace, docText("}")}}
}

// treeSeq is a fill of words: tokens that need no space between them are
// joined into one word, and a "{...}" group stays with the word before it
// ("CERT-KEY-USAGE { ... }", "name { ... }"), breaking inside if need be.
func treeSeq(kids []tokTree) doc {
	var f docFill
	var word docCat
	for i := range kids {
		k := &kids[i]
		var d doc = docText(k.tok.Value)
		if k.group {
			d = treeGroup(k.kids)
		}
		if i > 0 && needSpace(kids[i-1].last(), k.tok) {
			if k.group {
				word = append(word, docText(" "))
			} else {
				f = append(f, word, lineSpace)
				word = nil
			}
		}
		word = append(word, d)
	}
	if word != nil {
		f = append(f, word)
	}
	return f
}

// needSpace reports whether a space must (or by convention should) separate
// token b from the token a before it. No space is written only where the
// two texts cannot lex as something else together: before "," and ";",
// inside "(...)" and "[...]", around "." between names, "-" before a number,
// ".." between endpoints and "iso(1)"-like name forms.
func needSpace(a, b Token) bool {
	switch {
	case b.Type == TokComma || b.Type == TokSemicolon:
		return false
	case a.Type == TokLBracket && b.Type == TokLBracket,
		a.Type == TokRBracket && b.Type == TokRBracket:
		// "[[" and "]]" are version brackets only when adjacent (X.680
		// 12.19): keep the source's choice. Tokens without positions (a
		// tree built by a program) are taken as adjacent.
		return !(b.Pos.Offset == a.Pos.Offset+1 || a.Pos.Line == 0 && b.Pos.Line == 0)
	case a.Type == TokLParen || a.Type == TokLBracket:
		return false
	case b.Type == TokRParen || b.Type == TokRBracket:
		return false
	case a.Type == TokDot && isNameToken(b.Type), b.Type == TokDot && isNameToken(a.Type):
		return false
	case a.Type == TokDot && b.Type == TokForeign, a.Type == TokForeign && b.Type == TokDot:
		// XER targets: "AnyType.elem-list.*", "CommAddresses.*.phone".
		return false
	case a.Type == TokMinus && (b.Type == TokNumber || b.Type == TokReal):
		return false
	case a.Type == TokLower && b.Type == TokLParen:
		return false
	case a.Type == TokAt:
		return false
	case a.Type == TokRange:
		return !isEndpointToken(b.Type) && b.Type != TokMinus
	case b.Type == TokRange:
		return !isEndpointToken(a.Type)
	}
	return true
}

func isNameToken(k tokenKind) bool {
	return k == TokUpper || k == TokLower || k == TokTypeField || k == TokValueField
}

// isEndpointToken reports whether a token may touch ".." without changing
// the lexing: "1..2", "a..b", "MIN..MAX", "<..<". A realnumber before ".."
// is safe too: "1." followed by ".." lexes back as "1." and "..".
func isEndpointToken(k tokenKind) bool {
	switch k {
	case TokNumber, TokReal, TokUpper, TokLower, TokLess, TokCString, kwMIN, kwMAX:
		return true
	}
	return false
}
