package parser

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// walk calls fn for every node reachable from v (test helper, by
// reflection).
func walk(v reflect.Value, fn func(any)) {
	switch v.Kind() {
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			return
		}
		if v.Kind() == reflect.Pointer && v.Elem().Kind() == reflect.Struct {
			fn(v.Interface())
		}
		walk(v.Elem(), fn)
	case reflect.Struct:
		if v.Type() == posType {
			return
		}
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				walk(v.Field(i), fn)
			}
		}
	case reflect.Slice:
		if v.Type() == tokensType {
			return
		}
		for i := 0; i < v.Len(); i++ {
			walk(v.Index(i), fn)
		}
	}
}

// braceNotASN1 lists brace values of the corpus that hold invalid notation,
// by position, with the reason.
var braceNotASN1 = map[string]string{
	"asn1c-tests/tests/tests-asn1c-compiler/18-class-OK.asn1:26:29": "object in DefaultSyntax with a missing \",\" between \"&SupportedArguments {...}\" and \"&ResultType\" (X.681 11.4)",
}

// TestCorpusBraceValues reads every "{...}" value of the required corpus
// modules with the BraceValue readers: each must be readable as an OID, a
// value list, a named value list, a set, a default-syntax object, or an
// object in the defined syntax of some class of the corpus. This checks
// that the lazily kept braces hold valid notation.
func TestCorpusBraceValues(t *testing.T) {
	dir := corpusDir(t)
	var files []*File
	classes := map[string][]*ObjectClassDefn{}
	for _, e := range readIndex(t, dir) {
		if e.kind != "module" || strings.HasPrefix(e.path, "malformed") {
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, e.path))
		if err != nil {
			t.Fatal(err)
		}
		f, err := ParseFile(e.path, src)
		if err != nil {
			continue
		}
		files = append(files, f)
		for _, m := range f.Modules {
			for _, a := range m.Assignments {
				if c, ok := a.(*ObjectClassAssignment); ok && c.Class.Syntax != nil {
					classes[c.Name] = append(classes[c.Name], c.Class)
				}
			}
		}
	}
	total, unread := 0, 0
	for _, f := range files {
		walk(reflect.ValueOf(f), func(n any) {
			b, ok := n.(*BraceValue)
			if !ok {
				return
			}
			total++
			if braceReadable(b, classes) {
				return
			}
			if reason, ok := braceNotASN1[b.Pos.String()]; ok {
				t.Logf("%s: unreadable as expected: %s", b.Pos, reason)
				return
			}
			unread++
			if unread <= 30 {
				t.Errorf("%s: no reader accepts {%s}", b.Pos, dump(b.Tokens))
			}
		})
	}
	t.Logf("%d brace values, %d unreadable, %d classes with defined syntax", total, unread, len(classes))
}

func braceReadable(b *BraceValue, classes map[string][]*ObjectClassDefn) bool {
	if _, err := ParseObjectIdentifierValue(b); err == nil {
		return true
	}
	if _, err := b.Values(); err == nil {
		return true
	}
	if _, err := b.NamedValues(); err == nil {
		return true
	}
	if _, err := b.ElementSetSpecs(); err == nil {
		return true
	}
	if _, err := b.DefaultSyntaxObject(); err == nil {
		return true
	}
	for _, cs := range classes {
		for _, c := range cs {
			if _, err := b.Object(c); err == nil {
				return true
			}
		}
	}
	return false
}
