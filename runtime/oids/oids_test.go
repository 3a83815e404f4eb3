package oids_test

import (
	"sync"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/oids"
)

func oid(t testing.TB, s string) der.OID {
	t.Helper()
	o, err := der.ParseOIDString(s)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// The tests share the registry: each registers OIDs under its own arc
// (1.3.9999.n), and no generated package is linked into this test.
func TestRegistry(t *testing.T) {
	if got := oids.Name(oid(t, "1.3.9999.1.1")); got != "" {
		t.Fatalf("Name before Register = %q", got)
	}
	first := &oids.Table{Package: "first", Entries: []oids.Entry{
		{OID: string(oid(t, "1.3.9999.1")), Name: "arc"},
		{OID: string(oid(t, "1.3.9999.1.1")), Name: "one"},
		{OID: string(oid(t, "1.3.9999.1.1")), Name: "one-alias"},
		{OID: string(oid(t, "1.3.9999.1.2")), Name: "two"},
	}}
	oids.Register(first)
	// Not sorted: Register sorts a copy, stably (aliases keep their order).
	second := &oids.Table{Package: "second", Entries: []oids.Entry{
		{OID: string(oid(t, "1.3.9999.1.3")), Name: "three"},
		{OID: string(oid(t, "1.3.9999.1.1")), Name: "one-from-second"},
		{OID: string(oid(t, "1.3.9999.1.200")), Name: "two-hundred"},
		{OID: string(oid(t, "1.3.9999.1.3")), Name: "three-alias"},
	}}
	oids.Register(second)
	if second.Entries[0].Name != "three" {
		t.Errorf("Register changed the caller's table")
	}
	tests := []struct{ oid, name, str string }{
		{"1.3.9999.1", "arc", "arc"},
		{"1.3.9999.1.1", "one", "one"}, // the first table's first name
		{"1.3.9999.1.2", "two", "two"},
		{"1.3.9999.1.3", "three", "three"},
		{"1.3.9999.1.200", "two-hundred", "two-hundred"},
		{"1.3.9999.1.4", "", "1.3.9999.1.4"},
		{"1.3.9999.1.1.0", "", "1.3.9999.1.1.0"}, // below a named arc: not named
		{"1.3.9999", "", "1.3.9999"},
	}
	for _, tt := range tests {
		o := oid(t, tt.oid)
		if got := oids.Name(o); got != tt.name {
			t.Errorf("Name(%s) = %q, want %q", tt.oid, got, tt.name)
		}
		if got := oids.String(o); got != tt.str {
			t.Errorf("String(%s) = %q, want %q", tt.oid, got, tt.str)
		}
	}
	if got := oids.Name(nil); got != "" {
		t.Errorf("Name(nil) = %q", got)
	}
	if got := oids.String(der.OID{0x80}); got != "<invalid OID>" {
		t.Errorf("String(invalid) = %q", got)
	}
	tables := oids.Tables()
	if len(tables) < 2 || tables[len(tables)-2] != first || tables[len(tables)-1].Package != "second" {
		t.Errorf("Tables: %d tables", len(tables))
	}
}

// Lookups do not allocate, and run while tables are registered.
func TestConcurrentAndAllocs(t *testing.T) {
	oids.Register(&oids.Table{Package: "allocs", Entries: []oids.Entry{{OID: string(oid(t, "1.3.9999.2.1")), Name: "x"}}})
	o := oid(t, "1.3.9999.2.1")
	if n := testing.AllocsPerRun(100, func() { _ = oids.Name(o) }); n != 0 {
		t.Errorf("Name allocates %v times", n)
	}
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Go(func() {
			for range 100 {
				if oids.Name(o) != "x" {
					t.Error("lost a registered name")
					return
				}
			}
		})
		oids.Register(&oids.Table{Package: "concurrent", Entries: []oids.Entry{{OID: string(oid(t, "1.3.9999.3")) + string(rune('0'+i)), Name: "y"}}})
	}
	wg.Wait()
}

func BenchmarkName(b *testing.B) {
	entries := make([]oids.Entry, 0, 1000)
	for i := range 1000 {
		o, _ := der.OIDFromArcs(1, 3, 9999, 4, uint64(i))
		entries = append(entries, oids.Entry{OID: string(o), Name: "n"})
	}
	oids.Register(&oids.Table{Package: "bench", Entries: entries})
	o := oid(b, "1.3.9999.4.777")
	b.ReportAllocs()
	for b.Loop() {
		_ = oids.Name(o)
	}
}
