package oer_test

import (
	"fmt"

	"github.com/asn1gen/asn1gen/runtime/oer"
)

// Example encodes and decodes a value of
//
//	Msg ::= SEQUENCE {
//		urgent BOOLEAN OPTIONAL,
//		id     INTEGER (0..65535),
//		name   IA5String (SIZE (1..32)),
//		...
//	}
//
// as generated code would, one call per component: the preamble holds
// the extension bit (clear: no addition) and urgent's presence bit.
func Example() {
	w := oer.NewWriter(nil)
	w.WritePreamble(false, true)
	w.WriteBool(true)
	w.Fail(w.WriteIntRange(1000, 0, 65535), "id")
	w.Fail(w.WriteString(oer.IA5String, "car", oer.Size{Lb: 1, Ub: 32}), "name")
	if w.Err() != nil {
		fmt.Println(w.Err())
		return
	}
	fmt.Printf("% x\n", w.Bytes())

	r := oer.NewReader(w.Bytes(), &oer.Options{Canonical: true})
	var ext, hasUrgent bool
	r.Preamble(&ext, &hasUrgent)
	urgent := hasUrgent && r.Bool("urgent")
	id := r.IntRange(0, 65535, "id")
	name := r.String(oer.IA5String, oer.Size{Lb: 1, Ub: 32}, "name")
	r.Fail(r.Finish(), "")
	fmt.Println(ext, urgent, id, name, r.Err())

	// The same octets with TRUE as 0x01: valid BASIC-OER, not canonical.
	b := append([]byte(nil), w.Bytes()...)
	b[1] = 0x01
	r = oer.NewReader(b, &oer.Options{Canonical: true})
	r.Preamble(&ext, &hasUrgent)
	r.Bool("urgent")
	fmt.Println(r.Err())
	// Output:
	// 40 ff 03 e8 03 63 61 72
	// false true 1000 car <nil>
	// asn1: urgent at offset 1: BOOLEAN: TRUE not 0xFF (X.696 9)
}
