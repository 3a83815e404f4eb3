package model

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestAtLevel checks the at-level kind of Options.Accept: a relative
// AtNotation whose start, a CHOICE, has no component of its first name
// is an error that names the key, and with the key it is read against
// the enclosing SEQUENCE or SET, its Level counting only those (IEEE
// 1609.2-2022's CertIssueExtension), with a warning that the key
// accepts. key is the path of the component the table is keyed by, from
// T, and its KeyLevel; "" when there is no table.
func TestAtLevel(t *testing.T) {
	const choiceInSeq = `T ::= SEQUENCE { id C.&id ({S}), p CHOICE { v C.&T ({S}{@.id}), all NULL } }`
	tests := []struct {
		name   string
		body   string
		accept []string
		want   []string // AcceptedBy | diagnostic
		key    string
	}{
		{"@.id in a CHOICE", choiceInSeq, nil,
			[]string{` | m.asn:5:57: component relation @.id: the CHOICE in which it is written has no component id (X.682 10.7: "@." starts from the innermost SEQUENCE, SET or CHOICE); the enclosing SEQUENCE's id is @..id [-accept at-level:M]`}, ""},
		{"@.id in a CHOICE, accepted", choiceInSeq, []string{"at-level:M"},
			[]string{`-accept at-level:M | m.asn:5:57: warning: component relation @.id: the CHOICE in which it is written has no component id (X.682 10.7: "@." starts from the innermost SEQUENCE, SET or CHOICE); read as @..id, the id of the enclosing SEQUENCE`}, "id @..id"},
		{"@..id, as X.682 writes it", `T ::= SEQUENCE { id C.&id ({S}), p CHOICE { v C.&T ({S}{@..id}), all NULL } }`, nil, nil, "id @..id"},
		{"in a SET, accepted", `T ::= SET { id C.&id ({S}), p CHOICE { v C.&T ({S}{@.id}), all NULL } }`, []string{"at-level:M"},
			[]string{`-accept at-level:M | m.asn:5:52: warning: component relation @.id: the CHOICE in which it is written has no component id (X.682 10.7: "@." starts from the innermost SEQUENCE, SET or CHOICE); read as @..id, the id of the enclosing SET`}, "id @..id"},
		{"in a CHOICE in a CHOICE, accepted", `T ::= SEQUENCE { id C.&id ({S}), p CHOICE { q CHOICE { v C.&T ({S}{@.id}) }, all NULL } }`, []string{"at-level:M"},
			[]string{`-accept at-level:M | m.asn:5:68: warning: component relation @.id: the CHOICE in which it is written has no component id (X.682 10.7: "@." starts from the innermost SEQUENCE, SET or CHOICE); read as @...id, the id of the enclosing SEQUENCE`}, "id @...id"},
		// The CHOICE's own component is the one X.682 names: no reading
		// of the key's, and the key accepts nothing.
		{"the CHOICE has the component", `T ::= SEQUENCE { id C.&id ({S}), p CHOICE { id C.&id ({S}), v C.&T ({S}{@.id}) } }`, []string{"at-level:M"},
			[]string{" | -accept:1:1: -accept at-level:M accepts nothing: no warning or note of the set has that key"}, "p.id @.id"},
		{"the enclosing SEQUENCE has none either", `T ::= SEQUENCE { id C.&id ({S}), p CHOICE { v C.&T ({S}{@.nope}), all NULL } }`, []string{"at-level:M"},
			[]string{
				" | -accept:1:1: -accept at-level:M accepts nothing: no warning or note of the set has that key",
				" | m.asn:5:57: component relation @.nope: there is no component nope",
			}, ""},
		// Only a CHOICE is read past: "@." in a SEQUENCE is that SEQUENCE.
		{"a SEQUENCE in a SEQUENCE", `T ::= SEQUENCE { id C.&id ({S}), p SEQUENCE { v C.&T ({S}{@.id}), n NULL } }`, []string{"at-level:M"},
			[]string{
				" | -accept:1:1: -accept at-level:M accepts nothing: no warning or note of the set has that key",
				" | m.asn:5:59: component relation @.id: there is no component id",
			}, ""},
		{"@..id from a CHOICE in a CHOICE", `T ::= SEQUENCE { id C.&id ({S}), p CHOICE { q CHOICE { v C.&T ({S}{@..id}) }, all NULL } }`, nil,
			[]string{" | m.asn:5:68: component relation @..id: there is no component id"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := "M DEFINITIONS AUTOMATIC TAGS ::= BEGIN\nC ::= CLASS { &id INTEGER UNIQUE, &T }\nS C ::= { { &id 1, &T BOOLEAN } }\n\n" + tt.body + "\nEND"
			s := CheckWith(Options{Accept: tt.accept}, Source{Name: "m.asn", Src: []byte(src)})
			var got []string
			for _, d := range s.Diags {
				got = append(got, d.AcceptedBy+" | "+d.Error())
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s", diff)
			}
			path := []string{"p", "v"}
			if strings.Contains(tt.body, "q CHOICE") {
				path = []string{"p", "q", "v"}
			}
			key := ""
			if tab := component(t, s, "M", "T", path...).Table(); tab != nil {
				key = keyPath(t, s, tab) + " " + atPath(tab.KeyLevel, tab.KeyPath)
				if rows := tableRows(tab); len(rows) != 1 || !strings.HasPrefix(rows[0], "int:1 -> BOOLEAN") {
					t.Errorf("rows %q, want the one of S", rows)
				}
			}
			if key != tt.key {
				t.Errorf("key %q, want %q", key, tt.key)
			}
		})
	}
}

// keyPath returns the path from T of the table's key: "id" or "p.id".
func keyPath(t *testing.T, s *Set, tab *OpenTypeTable) string {
	t.Helper()
	if tab.Key == component(t, s, "M", "T", "id") {
		return "id"
	}
	for _, c := range component(t, s, "M", "T", "p").Type.Underlying().Components {
		if c == tab.Key {
			return "p." + c.Name
		}
	}
	return "?" + tab.Key.Name
}
