package parser_test

import (
	"fmt"
	"os"

	"github.com/asn1gen/asn1gen/parser"
)

func ExampleParseFile() {
	src := `Example DEFINITIONS AUTOMATIC TAGS ::= BEGIN
	Point ::= SEQUENCE { x INTEGER, y INTEGER, ... }
	origin Point ::= { x 0, y 0 }
	END`
	f, err := parser.ParseFile("example.asn", []byte(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	m := f.Modules[0]
	fmt.Println(m.Identifier.Name, m.TagDefault)
	for _, a := range m.Assignments {
		switch a := a.(type) {
		case *parser.TypeAssignment:
			seq := a.Type.(*parser.SequenceType)
			fmt.Printf("type %s: %d components, extensible %v\n", a.Name, len(seq.Components.Root), seq.Components.Extension != nil)
		case *parser.ValueAssignment:
			// The braces are read once the type is known to be a SEQUENCE.
			fields, _ := a.Value.(*parser.BraceValue).NamedValues()
			fmt.Printf("value %s: %d fields, at %s\n", a.Name, len(fields), a.Pos)
		}
	}
	// Output:
	// Example AUTOMATIC TAGS
	// type Point: 2 components, extensible true
	// value origin: 2 fields, at example.asn:3:2
}

func ExampleErrorList() {
	src := "M DEFINITIONS ::= BEGIN\nA ::= SEQUENCE { a }\nB ::= INTEGER (1..)\nEND\n"
	_, err := parser.ParseFile("bad.asn", []byte(src))
	if list, ok := err.(parser.ErrorList); ok {
		for _, e := range list {
			fmt.Println(e)
		}
	}
	// Output:
	// bad.asn:2:20: unexpected "}", expected a type
	// bad.asn:3:19: unexpected ")", expected a value
}

func ExampleFprint() {
	src := `Example DEFINITIONS AUTOMATIC TAGS ::= BEGIN
	Point ::= SEQUENCE { x INTEGER (-100..100), y INTEGER, -- comments are dropped
	  label UTF8String OPTIONAL, ... }
	origin Point ::= {x 0,y 0}
	END`
	f, err := parser.ParseFile("example.asn", []byte(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	parser.Fprint(os.Stdout, f)
	// Output:
	// Example DEFINITIONS AUTOMATIC TAGS ::=
	// BEGIN
	//
	// Point ::= SEQUENCE {
	//     x     INTEGER (-100..100),
	//     y     INTEGER,
	//     label UTF8String OPTIONAL,
	//     ...
	// }
	//
	// origin Point ::= { x 0, y 0 }
	//
	// END
}
