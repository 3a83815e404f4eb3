// Package parser parses ASN.1 modules written in the notation of ITU-T
// X.680 (basic notation), X.681 (information objects), X.682 (constraints)
// and X.683 (parameterization) into a syntax tree.
//
// # Use
//
//	f, err := parser.ParseFile("x.asn", src)   // *File{Modules []*ModuleDefinition}
//	files, err := parser.ParseFiles(names...)  // reads and parses each file
//
// The error, when not nil, is an ErrorList: *Error values sorted by
// position, each printing "file:line:col: message" with the offending text
// quoted. The parser reports several errors per file: after an error it
// resumes at the next assignment (the reference that starts the line of the
// next "::="), after an error in IMPORTS at the ";" and after an error in a
// module header at the next module. The tree built so far is returned with
// the errors. No input makes it panic or loop: nesting is bounded (maxDepth),
// every loop consumes tokens, and a panic (a bug) is returned as an
// "internal error".
//
// Tokenize and Lexer expose the lexer (X.680 clause 12) on its own.
//
// # Tree
//
// The tree (ast.go) follows go/ast: one struct per production, named after
// X.680-X.683 (ModuleDefinition, TypeAssignment, SequenceType,
// ComponentType, NamedType, Constraint, ObjectClassDefn, ...), each with its
// Pos (file, byte offset, line, byte column); sums are sealed interfaces:
// Assignment, Type, Value, Setting (a Type or a Value, for actual parameters
// and field settings), ConstraintSpec, Element, FieldSpec, SyntaxItem,
// ExtensionAddition, ExtensionAdditionAlternative.
//
// # Printing
//
// Fprint writes a *File back as ASN.1 text in one canonical layout (the
// basis of "asn1gen fmt"); FprintNode writes any single node. The style is
// described at the top of printer.go: 4-space indentation, one component a
// line with aligned types, lists on one line when they fit in 80 columns.
// Comments are not kept (the tree has none), nor the spelling of equivalent
// forms (UNION or "|", ...). For a tree from ParseFile, parsing the printed
// text gives the same tree (positions aside), and printing that tree gives
// the same text; the corpus test checks both on every module that parses.
//
// # Ambiguities
//
// ASN.1 cannot be classified by syntax alone in several places. The parser
// builds neutral nodes there; the semantic phase, which knows what each
// reference denotes, decides:
//
//   - "a T ::= v" is a ValueAssignment, also when T is a class (an object
//     assignment, X.681 11.1); "A T ::= {...}" is a ValueSetTypeAssignment,
//     also when T is a class (an object set assignment, X.681 12.1); "A ::=
//     B" is a TypeAssignment, also when B is a class.
//   - An upper-case reference in a type position is a *TypeReference even
//     when it names a value set, a class or an object set; "X.&f" in a type
//     position is an *ObjectClassFieldType whatever X is (class, object,
//     object set); "x.&f" in a value position is a *ValueFromObject.
//   - "{...}" in a value position is a *BraceValue holding its balanced
//     tokens, because its structure depends on the governor: SEQUENCE/SET
//     values, SEQUENCE OF values, named bit lists, OBJECT IDENTIFIER values
//     under a type reference, objects in default or defined syntax, sets.
//     The readers ParseObjectIdentifierValue, (*BraceValue).Values,
//     NamedValues, ElementSetSpecs, DefaultSyntaxObject and Object (which
//     matches a class's WITH SYNTAX) parse it once the governor is known.
//     Where the governor is syntactically OBJECT IDENTIFIER or RELATIVE-OID,
//     and in module references, the parser builds *ObjectIdentifierValue
//     directly.
//   - In a constraint, "(Foo)" is a *ContainedSubtype (it may be a value set
//     or object set), "(foo)" and "({...})" are *SingleValue (the latter is
//     also the SimpleTableConstraint "({ObjectSet})" of X.682 10.3);
//     "({Set}{@a})" is a *TableConstraint.
//   - A lower-case field "&f Ref" is a *FixedTypeValueFieldSpec also when
//     Ref is a class (ObjectFieldSpec), an upper-case one "&F Ref" a
//     *FixedTypeValueSetFieldSpec also when Ref is a class
//     (ObjectSetFieldSpec).
//   - NULL is *NullType where a type or a value may stand (actual
//     parameters) and *NullValue in value positions.
//   - After "FROM Module" in IMPORTS, a lower-case identifier followed by
//     "," or FROM (or "{" of "name{}") is the first symbol of the next list;
//     otherwise it is the module's AssignedIdentifier (X.680 13.16 note).
//
// # Implementation
//
// The lexer is hand-written (a participle lexer.Definition). The module
// header, EXPORTS and WITH SYNTAX lists are participle grammars (grammar.go);
// everything else is a hand-written recursive descent on the same tokens,
// which needs at most a few tokens of lookahead and parses NR RRC (1.1 MB)
// in about 12 ms.
//
// # Leniencies and limits
//
// Accepted beyond X.680 (2021), for modules published that way:
//   - comments opened by three or more hyphens end at the next run of two or
//     more hyphens, as asn1c reads them (see lineComment);
//   - X.208 (1988) ANY, ANY DEFINED BY and components without identifier;
//   - reserved words that X.208 did not reserve (BMPString, UTF8String, ...,
//     TYPE-IDENTIFIER) as assigned or imported names;
//   - an empty set "{ }" for a value set or object set;
//   - in the module identifier's OID only, an upper-case reference where
//     the number of a DefinitiveNameAndNumberForm belongs, as drafts write
//     "id-mod-x509-ml-dsa-2025(TBD1)" until the arc is assigned: it is kept
//     as DefinitiveObjIdComponent.Placeholder (Number empty). The parser
//     does not warn; the semantic phase (codegen/model) warns about it;
//   - a no-break space or a leading byte order mark as white space.
//
// Three more leniencies, for asn1scc test files, are reported as warnings
// in File.Warnings (see ParseFile): a "+" before a number, "--" comments
// read to the end of the line when the strict reading fails, and text
// after the last module's END that cannot start a module. A fourth, also
// a warning, reads RFC 3281 as published: where a "," is missing and the
// comment just before the next token ends with one ("version AttCertVersion
// -- version is v2,"), that comma separates the components. A fifth, a
// warning too, reads RFC 8018 (PKCS5v2-1) as published: in a set in braces
// (value set, object set), a "," between two elements, where X.680 50.1
// allows one only next to the extension marker "...", is read as "|"
// ("{ {NULL IDENTIFIED BY id-hmacWithSHA1}, {NULL IDENTIFIED BY ...}, ...
// }"), and a "," just before a "|" is dropped (see commaUnions).
//
// X.208 macros, withdrawn in 1994, are recorded but not interpreted: a
// definition "Name MACRO ::= BEGIN ... END" becomes a *MacroDefinition
// holding its body as tokens, and a value assignment that instantiates a
// macro, "sysDescr OBJECT-TYPE SYNTAX ... ::= { system 1 }" (RFC 1156),
// a *MacroInstanceAssignment holding the notation as tokens and the value.
// The instance form is taken only where X.680 has no reading: a lower-case
// reference, an upper-case one, then a word (a reference or a reserved
// word), since an X.680 type reference is followed only by "::=", "(", "{"
// or "."; the notation runs to the first "::=". The semantic phase reports
// both as unsupported. A macro definition outside a module is an error.
//
// Not supported: the XML value notation of X.680 clause 16
// (XMLValueAssignment).
// Encoding instructions ("[XER:...]" prefixes, ENCODING-CONTROL sections)
// are kept as tokens. The notation of an ENCODING-CONTROL section is that
// of its encoding's standard (X.680 54): there, a character X.680 has no
// lexical item for (the "*" of X.693 and X.694 targets,
// "AnyType.elem-list.*") is a TokForeign token instead of an error. An
// X.692 module (Encoding Control Notation: "ENCODING-DEFINITIONS" or
// "LINK-DEFINITIONS" where an ASN.1 module has DEFINITIONS) is no ASN.1
// module: it is recognized by its header, listed in File.ECNModules and
// skipped to its END.
package parser
