package model

import "testing"

// TestTimeSettings: the property settings that all values of a subtype of
// TIME have, through references, serial constraints, intersections,
// unions and extension markers.
func TestTimeSettings(t *testing.T) {
	src := `M DEFINITIONS ::= BEGIN
A ::= TIME (SETTINGS "Basic=Date  Date=YMD Year=Basic")
B ::= A (SETTINGS "Midnight=Start")
C ::= TIME (SETTINGS "Basic=Date" | SETTINGS "Basic=Time")
D ::= TIME (SETTINGS "Basic=Date", ...)
E ::= TIME (SETTINGS "Basic=Time" ^ SETTINGS "Time=HMS")
F ::= TIME (SETTINGS "Basic=Date" | SETTINGS "Basic=Date")
G ::= TIME
H ::= A (SETTINGS "Year=Basic", ...)
END`
	set := Check(Source{Name: "m.asn", Src: []byte(src)})
	if err := set.Diags.Err(); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{
		"A": "Basic=Date Date=YMD Year=Basic",
		"B": "Basic=Date Date=YMD Year=Basic Midnight=Start",
		"C": "", "D": "", "G": "",
		"E": "Basic=Time Time=HMS",
		"F": "Basic=Date",
		"H": "Basic=Date Date=YMD Year=Basic",
	} {
		var got string
		if c := set.Modules[0].Lookup(name).Type.Constraints; c != nil {
			got = c.Settings
		}
		if got != want {
			t.Errorf("%s: Settings %q, want %q", name, got, want)
		}
	}
}
