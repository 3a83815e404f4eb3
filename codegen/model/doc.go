// Package model resolves parsed ASN.1 modules into a typed model ready for
// code generation: the semantic phase of asn1gen.
//
// Check (or LoadPaths) takes a set of files, parses them and resolves them
// together:
//
//   - modules are indexed by name and OID; IMPORTS are bound by name and
//     confirmed by OID (a mismatch, common across RFC generations, is a
//     warning); circular imports are fine; a missing module or symbol is an
//     error at the import;
//   - every assignment is classified (type, value, value set, class,
//     object, object set: the parser cannot tell them apart, see
//     parser/doc.go) and converted: references are bound, COMPONENTS OF is
//     expanded, and every use of a parameterized type, value set, value,
//     class, object or object set is instantiated with its actual
//     parameters (X.683 9), memoized by what the actuals denote, so that
//     recursive instances stay finite and equal uses share one instance
//     (Set.AllInstances lists them, Set.Instances the types and value
//     sets; a definition that would instantiate itself without end is
//     reported);
//   - values are evaluated against their governor (INTEGER and named
//     numbers, BOOLEAN, REAL, strings, bit and hex strings, named-bit lists,
//     OBJECT IDENTIFIER with names and references, SEQUENCE/SET/CHOICE and
//     SEQUENCE OF values), so that OID constants and DEFAULTs are computed;
//   - tags are computed (X.680 31: module tag default, IMPLICIT/EXPLICIT,
//     automatic tagging of 25.3, CHOICE and open types always explicit) and
//     the distinct-tag rules of SET, CHOICE and runs of optional SEQUENCE
//     components are checked;
//   - constraints are evaluated to bounds (value range, SIZE, permitted
//     alphabet, CONTAINING);
//   - objects and object sets are evaluated (X.681 11, 12: default and
//     defined syntax, unions, intersections, EXCEPT, extension markers,
//     references, parameterized sets and objects, sets drawn from objects'
//     fields), and every component relation constraint (X.682 10.7) gets
//     its table from key value to selected type (Type.OpenType,
//     Component.Table), with @ paths checked; a simple table constraint
//     lists its permitted values (TableConstraint.Values);
//   - an import names its module; when no module has that name, its
//     OID (written with numbers) finds it, with a warning;
//   - Options.ImportFrom binds imported symbols, one by one, to another
//     module's definitions, for modules that have no published ASN.1 text
//     (PKCS-12's PKCS-7 and PKCS-8; see ImportBinding), each with a
//     warning at its import; a binding may be restricted to the imports
//     of one module ("PKCS-9:InformationFramework.Attribute=...") and may
//     bind a type to an open type ("PKCS-15.PKCS15Token=ANY") when its
//     module is not available at all;
//   - an imported value that its module does not define is a warning, not
//     an error, when the importing module uses it only as the
//     AssignedIdentifier of another import whose module is found by name
//     (PKCS-9's "FROM UpperBounds upperBounds" with the 2016 X.500
//     UsefulDefinitions, which no longer defines upperBounds); any other
//     use of it is an error;
//   - Options.Extend adds the objects of object sets to extensible object
//     sets at their extension marker before tables are computed, so that
//     the tables drawn from them have the added rows (RFC 5912's
//     SignatureAlgorithms with X509-ML-DSA-2025's; see SetExtension);
//   - Options.Extensible declares closed object sets extensible, so that
//     the tables drawn from them keep the values of keys they do not list
//     (PKCS-1's digest algorithms, for PKCS #12 MACs; see SetRef), each
//     with a warning at the set;
//   - Options.Lenient accepts four defects of published modules that
//     X.680 forbids (a name both imported and defined, an import its
//     module does not export, an untagged open type among the
//     alternatives of a CHOICE, SIZE on GeneralizedTime or UTCTime), each
//     with a warning that names the rule relaxed; without it each is an
//     error that says -lenient accepts it;
//   - the parser's leniencies (parser.ParseFile) are warnings of the set;
//   - an ENCODING-CONTROL section is not read, with a note: its
//     instructions apply only to the encoding rules it names (XER, PER,
//     ...), and BER and DER have none (X.680 54); an X.692 ECN module
//     (parser.ECNModule) is not read either, with a note;
//   - Options.AnyMap supplies tables for 1988 ANY DEFINED BY (and
//     OCTET STRING) components (ParseAnyMap documents the file format);
//   - signed data whose received encoding decoders keep is marked
//     (Assignment.KeepRaw, Component.KeepRaw; the rule is at markKeepRaw),
//     overridable with Options.KeepRaw and Options.NoDeriveKeepRaw.
//
// Every problem is a Diagnostic ("file:line:col: message", warnings with
// "warning: ", notes, which tell what was left out where nothing is wrong,
// with "note: "). The model refers to named types by *Assignment (Type.Ref)
// rather than expanding them, so recursive types are finite; Type.Kind is
// always the built-in kind a type stands for.
package model
