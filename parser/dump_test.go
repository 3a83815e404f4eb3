package parser

import (
	"fmt"
	"reflect"
	"strings"
)

// dump renders a node compactly for tests: the node type and its non-zero
// fields except positions, e.g. TypeAssignment{Name:"T" Type:IntegerType{}}.
// Token slices print as their texts joined by spaces, in backquotes.
func dump(v any) string {
	var b strings.Builder
	dumpValue(&b, reflect.ValueOf(v))
	return b.String()
}

var (
	posType    = reflect.TypeOf(Pos{})
	tokensType = reflect.TypeOf([]Token(nil))
)

func dumpValue(b *strings.Builder, v reflect.Value) {
	switch v.Kind() {
	case reflect.Invalid:
		b.WriteString("nil")
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		dumpValue(b, v.Elem())
	case reflect.Struct:
		b.WriteString(v.Type().Name())
		b.WriteByte('{')
		first := true
		for i := 0; i < v.NumField(); i++ {
			f := v.Type().Field(i)
			fv := v.Field(i)
			if f.Type == posType || !f.IsExported() || fv.IsZero() {
				continue
			}
			if !first {
				b.WriteByte(' ')
			}
			first = false
			b.WriteString(f.Name)
			b.WriteByte(':')
			dumpValue(b, fv)
		}
		b.WriteByte('}')
	case reflect.Slice:
		if v.Type() == tokensType {
			texts := make([]string, v.Len())
			for i := range texts {
				texts[i] = v.Index(i).Interface().(Token).Value
			}
			b.WriteString("`" + strings.Join(texts, " ") + "`")
			return
		}
		b.WriteByte('[')
		for i := 0; i < v.Len(); i++ {
			if i > 0 {
				b.WriteByte(' ')
			}
			dumpValue(b, v.Index(i))
		}
		b.WriteByte(']')
	case reflect.String:
		fmt.Fprintf(b, "%q", v.String())
	default:
		if s, ok := v.Interface().(fmt.Stringer); ok {
			b.WriteString(s.String())
			return
		}
		fmt.Fprint(b, v.Interface())
	}
}
