package parser

import (
	"strings"
	"testing"
)

// FuzzParseFile checks that no input makes the parser panic (ParseFile
// reports a recovered panic as an "internal error") and that any input it
// accepts can be parsed again with the same result for the BraceValue
// readers (they must not panic either).
func FuzzParseFile(f *testing.F) {
	seeds := []string{
		"M DEFINITIONS ::= BEGIN T ::= INTEGER END",
		"M {iso 1} DEFINITIONS AUTOMATIC TAGS ::= BEGIN IMPORTS a FROM B c; S ::= SEQUENCE { a INTEGER OPTIONAL, ..., [[2: b BOOLEAN ]] } END",
		"M DEFINITIONS ::= BEGIN C ::= CLASS { &id INTEGER UNIQUE, &T } WITH SYNTAX { ID &id [TYPE &T] } o C ::= { ID 1 TYPE NULL } END",
		"M DEFINITIONS ::= BEGIN S ::= SEQUENCE { id C.&id ({Os}), v C.&T ({Os}{@.id}) } Os C ::= { o | p, ... } END",
		"M DEFINITIONS ::= BEGIN v S ::= { a { 1 2 }, b \"x\"\"y\", c '0F'H } T ::= INTEGER (1..10 | 20<..<MAX, ... ! 3) END",
		"M DEFINITIONS ::= BEGIN /* /* */ */ -- c -- A ::= [APPLICATION 1] IMPLICIT SET SIZE(1..2) OF x IA5String (FROM(\"a\"..\"z\")) END",
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		file, err := ParseFile("fuzz.asn", src)
		if err != nil && strings.Contains(err.Error(), "internal error") {
			t.Fatalf("%v", err)
		}
		if err != nil {
			return
		}
		for _, m := range file.Modules {
			for _, a := range m.Assignments {
				if va, ok := a.(*ValueAssignment); ok {
					if b, ok := va.Value.(*BraceValue); ok {
						// Any outcome but a panic is fine.
						_, e1 := ParseObjectIdentifierValue(b)
						_, e2 := b.NamedValues()
						_, e3 := b.Values()
						_, e4 := b.ElementSetSpecs()
						_, e5 := b.DefaultSyntaxObject()
						for _, e := range []error{e1, e2, e3, e4, e5} {
							if e != nil && strings.Contains(e.Error(), "internal error") {
								t.Fatalf("%v", e)
							}
						}
					}
				}
			}
		}
	})
}
