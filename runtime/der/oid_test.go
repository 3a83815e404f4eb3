package der_test

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/internal/rtest"
)

type arc struct {
	V    uint64
	Fits bool
}

func oidArcs(o der.OID) []arc {
	var out []arc
	for v, fits := range o.Arcs() {
		out = append(out, arc{v, fits})
	}
	return out
}

func TestOID(t *testing.T) {
	const typ, rule = "OBJECT IDENTIFIER", "X.690 8.19.2"
	bad := rtest.Bad(rule)
	tests := []struct {
		name string
		in   string
		text string
		arcs []arc // nil: all fit, parsed from text
		err  *rtest.Err
	}{
		{"{2 100 3} (X.690 8.19.5)", "81 34 03", "2.100.3", nil, nil},
		{"rsadsi", "2a 86 48 86 f7 0d", "1.2.840.113549", nil, nil},
		{"0.0", "00", "0.0", nil, nil},
		{"1.39", "4f", "1.39", nil, nil},
		{"2.0", "50", "2.0", nil, nil},
		{"max uint64 arc", "2a 81 ff ff ff ff ff ff ff ff 7f", "1.2.18446744073709551615", nil, nil},
		{"arc 2^64", "2a 82 80 80 80 80 80 80 80 80 00", "1.2.18446744073709551616", []arc{{1, true}, {2, true}, {0, false}}, nil},
		{"first subidentifier beyond 64 bits, second arc fits", "82 80 80 80 80 80 80 80 80 40", "2.18446744073709551600",
			[]arc{{2, true}, {18446744073709551600, true}}, nil},
		{"second arc 2^64", "82 80 80 80 80 80 80 80 80 50", "2.18446744073709551616", []arc{{2, true}, {0, false}}, nil},
		{"empty", "", "", nil, bad},
		{"leading 0x80 octet (X.690 8.19.2)", "2a 80 01", "", nil, bad},
		{"leading 0x80 in the first subidentifier", "80 2a", "", nil, bad},
		{"unterminated", "2a 86", "", nil, bad},
	}
	for _, tt := range tests {
		o, err := parseOID(rtest.Hex(t, tt.in))
		if diff := cmp.Diff(tt.err, rtest.ErrOf(t, err, tt.err)); diff != "" {
			t.Errorf("%s: error %v (-want +got):\n%s", tt.name, err, diff)
			continue
		}
		if err != nil {
			if s := der.OID(rtest.Hex(t, tt.in)).String(); s != "<invalid OID>" {
				t.Errorf("%s: String of invalid contents = %q", tt.name, s)
			}
			continue
		}
		if got := o.String(); got != tt.text {
			t.Errorf("%s: String = %q, want %q", tt.name, got, tt.text)
		}
		if got := string(o.AppendText([]byte("oid:"))); got != "oid:"+tt.text {
			t.Errorf("%s: AppendText = %q", tt.name, got)
		}
		want := tt.arcs
		if want == nil {
			for _, a := range strings.Split(tt.text, ".") {
				v, _ := strconv.ParseUint(a, 10, 64)
				want = append(want, arc{v, true})
			}
		}
		if diff := cmp.Diff(want, oidArcs(o)); diff != "" {
			t.Errorf("%s: Arcs (-want +got):\n%s", tt.name, diff)
		}
		back, err := der.ParseOIDString(tt.text)
		if err != nil || !back.Equal(o) {
			t.Errorf("%s: ParseOIDString(%q) = % x, %v", tt.name, tt.text, []byte(back), err)
		}
	}
}

func TestParseOIDString(t *testing.T) {
	bad := &rtest.Err{Kind: der.KindInvalidValue}
	for _, s := range []string{"", "1", "3.1", "1.40", "0.40", "1..2", "01.2", "1.02", "1.2.", ".1.2", "a.b", "1.2.-3", "1.2 ", "1.2.3x", "99999999999999999999999.1"} {
		o, err := der.ParseOIDString(s)
		if diff := cmp.Diff(bad, rtest.ErrOf(t, err, bad)); diff != "" {
			t.Errorf("ParseOIDString(%q) = % x, %v", s, []byte(o), err)
		}
	}
	for _, s := range []string{"2.999.340282366920938463463374607431768211456.0", "1.3.6.1.4.1.311.21.20", "2.25.329800735698586629295641978511506172918"} {
		o, err := der.ParseOIDString(s)
		if err != nil || o.String() != s {
			t.Errorf("ParseOIDString(%q) = %v, %v", s, o, err)
		}
	}
}

func TestOIDFromArcs(t *testing.T) {
	tests := []struct {
		arcs []uint64
		want string // "" for an error
	}{
		{[]uint64{1, 2, 840, 113549}, "1.2.840.113549"},
		{[]uint64{2, math.MaxUint64}, "2.18446744073709551615"},
		{[]uint64{2, math.MaxUint64 - 80, 7}, "2.18446744073709551535.7"},
		{[]uint64{2, 40}, "2.40"},
		{[]uint64{1, 40}, ""},
		{[]uint64{3, 1}, ""},
		{[]uint64{1}, ""},
		{nil, ""},
	}
	for _, tt := range tests {
		o, err := der.OIDFromArcs(tt.arcs...)
		if got := o.String(); err == nil && got != tt.want || err != nil && tt.want != "" {
			t.Errorf("OIDFromArcs(%v) = %s, %v; want %s", tt.arcs, got, err, tt.want)
		}
	}
}

func TestRelativeOID(t *testing.T) {
	// X.690 8.20.5: RELATIVE-OID {8571 3 2}.
	r, err := parseRelativeOID(rtest.Hex(t, "c2 7b 03 02"))
	if err != nil || r.String() != "8571.3.2" {
		t.Fatalf("ParseRelativeOID = %v, %v", r, err)
	}
	var arcs []uint64
	for v, fits := range r.Arcs() {
		if !fits {
			t.Errorf("arc %d does not fit", v)
		}
		arcs = append(arcs, v)
	}
	if diff := cmp.Diff([]uint64{8571, 3, 2}, arcs); diff != "" {
		t.Errorf("Arcs (-want +got):\n%s", diff)
	}
	back, err := der.ParseRelativeOIDString("8571.3.2")
	if err != nil || !back.Equal(r) {
		t.Errorf("ParseRelativeOIDString = % x, %v", []byte(back), err)
	}
	for _, in := range []string{"", "80 01", "81"} {
		_, err := parseRelativeOID(rtest.Hex(t, in))
		if diff := cmp.Diff(rtest.Bad("X.690 8.20.2"), rtest.ErrOf(t, err, nil)); diff != "" {
			t.Errorf("ParseRelativeOID(%s) (-want +got):\n%s", in, diff)
		}
	}
	if s := (der.RelativeOID{0x81}).String(); s != "<invalid RELATIVE-OID>" {
		t.Errorf("String of invalid RELATIVE-OID = %q", s)
	}
	if s := (der.RelativeOID{0x82, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00}).String(); s != "18446744073709551616" {
		t.Errorf("String of a 65-bit arc = %q", s)
	}
}

// TestOIDRoundTrip formats random OIDs and parses the text back.
func TestOIDRoundTrip(t *testing.T) {
	rng := rtest.Rand(t)
	for n := 0; n < 20000; n++ {
		arcs := []uint64{uint64(rng.IntN(3)), 0}
		if arcs[0] < 2 {
			arcs[1] = uint64(rng.IntN(40))
		} else {
			arcs[1] = rng.Uint64() >> rng.IntN(64)
		}
		for k := rng.IntN(8); k > 0; k-- {
			arcs = append(arcs, rng.Uint64()>>rng.IntN(64))
		}
		o, err := der.OIDFromArcs(arcs...)
		if err != nil {
			t.Fatalf("%v: %v", arcs, err)
		}
		if _, err := parseOID(o); err != nil {
			t.Fatalf("%v: encoding % x invalid: %v", arcs, []byte(o), err)
		}
		var got []uint64
		for v, fits := range o.Arcs() {
			if !fits {
				t.Fatalf("%v: arc %d reported beyond 64 bits", arcs, len(got))
			}
			got = append(got, v)
		}
		if !cmp.Equal(arcs, got) {
			t.Fatalf("Arcs of %v = %v", arcs, got)
		}
		back, err := der.ParseOIDString(o.String())
		if err != nil || !bytes.Equal(back, o) {
			t.Fatalf("%v: %s parsed back to % x, %v", arcs, o, []byte(back), err)
		}
	}
}

// TestOIDTextDoesNotAllocate checks that formatting allocates only the
// output: nothing for AppendText into a large enough buffer, the string for
// String, and nothing for iterating over the arcs.
func TestOIDTextDoesNotAllocate(t *testing.T) {
	o, _ := der.ParseOIDString("1.2.840.113549.1.9.16.2.47")
	buf := make([]byte, 0, 64)
	if n := testing.AllocsPerRun(100, func() { buf = o.AppendText(buf[:0]) }); n != 0 {
		t.Errorf("AppendText: %v allocations", n)
	}
	if n := testing.AllocsPerRun(100, func() { pSink = o.String() }); n > 1 {
		t.Errorf("String: %v allocations, want 1", n)
	}
	var sum uint64
	if n := testing.AllocsPerRun(100, func() {
		for v := range o.Arcs() {
			sum += v
		}
	}); n != 0 {
		t.Errorf("Arcs: %v allocations", n)
	}
}

func BenchmarkOIDAppendText(b *testing.B) {
	o, _ := der.ParseOIDString("1.2.840.113549.1.9.16.2.47")
	buf := make([]byte, 0, 64)
	b.ReportAllocs()
	for b.Loop() {
		buf = o.AppendText(buf[:0])
	}
}

func BenchmarkOIDString(b *testing.B) {
	o, _ := der.ParseOIDString("1.2.840.113549.1.9.16.2.47")
	b.ReportAllocs()
	for b.Loop() {
		pSink = o.String()
	}
}

// pSink keeps results alive in allocation tests and benchmarks.
var pSink string

func ExampleOID_String() {
	// The contents octets of an OBJECT IDENTIFIER, as a Reader returns them.
	o, err := parseOID([]byte{0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b})
	if err != nil {
		panic(err)
	}
	fmt.Println(o)
	for arc := range o.Arcs() {
		fmt.Print(arc, " ")
	}
	fmt.Println()
	// Output:
	// 1.2.840.113549.1.1.11
	// 1 2 840 113549 1 1 11
}

func ExampleParseOIDString() {
	o, err := der.ParseOIDString("2.100.3")
	fmt.Printf("% x %v\n", []byte(o), err)
	_, err = der.ParseOIDString("1.40")
	fmt.Println(err)
	// Output:
	// 81 34 03 <nil>
	// asn1: OBJECT IDENTIFIER: second arc not below 40 (X.690 8.19.4)
}
