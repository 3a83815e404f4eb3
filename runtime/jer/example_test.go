package jer_test

import (
	"fmt"

	"github.com/asn1gen/asn1gen/runtime/jer"
)

// What generated code does for Point ::= SEQUENCE { x INTEGER (0..255),
// tag IA5String OPTIONAL }: the members in any order, each read with its
// primitive, the first error kept with its offset and field path.
func Example() {
	in := []byte(` { "tag" : "a\u00e9", "x": 7 } `)
	r := jer.NewReader(in, nil)
	var x int64
	var tag string
	var seenX, hasTag bool
	if r.Object("Point") {
		for r.Next() {
			switch r.Key() {
			case "x":
				r.Once(&seenX, "Point", "x")
				x = r.IntRange(0, 255, "x")
			case "tag":
				r.Once(&hasTag, "Point", "tag")
				tag = r.String(jer.UTF8String, jer.Unsized, "tag")
			default:
				r.Unknown(false, "Point")
			}
		}
	}
	if !seenX {
		r.Missing("Point", "x")
	}
	fmt.Println(x, tag, r.Finish())

	var w jer.Writer
	w.BeginObject()
	w.Key("x")
	w.IntRange(x, 0, 255, "x")
	w.Key("tag")
	w.String(tag)
	w.EndObject()
	fmt.Println(string(w.Bytes()), w.Err())

	r = jer.NewReader([]byte(`{"x": 300}`), nil)
	r.Object("Point")
	r.Next()
	r.IntRange(0, 255, "x")
	fmt.Println(r.Err())
	// Output:
	// 7 aé <nil>
	// {"x":7,"tag":"aé"} <nil>
	// asn1: x at offset 6: INTEGER: 300 not in 0..255 (X.680 51.8)
}
