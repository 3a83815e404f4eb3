package der

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"testing"
	"time"
	"unsafe"
)

// TestDERTimeAgrees checks the fast path against the general parser: what
// it accepts, the general parser accepts with the same value; the DER forms
// it exists for, it accepts.
func TestDERTimeAgrees(t *testing.T) {
	tests := []struct {
		in   string
		utc  bool
		fast bool // the fast path must take it
	}{
		{"250101000000Z", true, true}, {"491231235959Z", true, true}, {"500101000000Z", true, true},
		{"240229120000Z", true, true}, {"230229120000Z", true, false}, {"251301000000Z", true, false},
		{"250132000000Z", true, false}, {"250101240000Z", true, false}, {"250101006000Z", true, false},
		{"250101000060Z", true, false}, {"2501010000Z", true, false}, {"250101000000", true, false},
		{"25010100000aZ", true, false}, {"250101000000+0000", true, false},
		{"20250101000000Z", false, true}, {"99991231235959Z", false, true}, {"20240229000000Z", false, true},
		{"21000229000000Z", false, false}, {"20250101000000.5Z", false, false}, {"2025010100000Z", false, false},
	}
	for _, tt := range tests {
		got, ok := derTime([]byte(tt.in), tt.utc)
		if ok != tt.fast {
			t.Errorf("derTime(%q, %v) ok = %v, want %v", tt.in, tt.utc, ok, tt.fast)
		}
		if !ok {
			continue
		}
		want, err := parseTime([]byte(tt.in), true, tt.utc)
		if err != nil || got.Time() != want {
			t.Errorf("derTime(%q) = %v, general parser %v, %v", tt.in, got, want, err)
		}
	}
}

// TestDERTimeEveryOctet replaces each octet of a DER time by every value
// and checks that the fast path accepts only what the general parser
// accepts, with its value: the word-at-a-time digit check against every
// non-digit next to '0' and '9'.
func TestDERTimeEveryOctet(t *testing.T) {
	for _, base := range []struct {
		s   string
		utc bool
	}{{"491231235959Z", true}, {"20991231235959Z", false}} {
		for i := range len(base.s) {
			for c := range 256 {
				b := []byte(base.s)
				b[i] = byte(c)
				got, ok := derTime(b, base.utc)
				want, err := parseTime(b, true, base.utc)
				if ok && (err != nil || got.Time() != want) {
					t.Errorf("%q: fast path %v, general parser %v, %v", b, got, want, err)
				}
				if !ok && err == nil && c >= '0' && c <= '9' {
					t.Errorf("%q: fast path rejects a DER time the general parser accepts", b)
				}
			}
		}
	}
}

// FuzzDERTime checks that the fast path accepts nothing the general parser
// rejects and agrees with it on what both accept.
func FuzzDERTime(f *testing.F) {
	f.Add([]byte("250101000000Z"), true)
	f.Add([]byte("20250101000000Z"), false)
	f.Fuzz(func(t *testing.T, b []byte, utc bool) {
		got, ok := derTime(b, utc)
		if !ok {
			return
		}
		want, err := parseTime(b, true, utc)
		if err != nil || got.Time() != want {
			t.Fatalf("%q: fast %v, general %v %v", b, got, want, err)
		}
	})
}

// TestKeepDER checks that a BER decode keeps DER elements without a copy
// and normalizes the others.
func TestKeepDER(t *testing.T) {
	ber := NewReader(nil, &Options{BER: true})
	for _, tt := range []struct {
		in, want string // want "": in, kept without a copy
	}{
		{"30 03 02 01 05", ""},
		{"30 80 02 01 05 00 00", "30 03 02 01 05"},
		{"24 04 04 02 68 69", "04 02 68 69"},
		{"01 01 01", "01 01 ff"},
		{"03 02 07 81", "03 02 07 80"},
		{"03 02 07 80", ""},
		{"a0 02 05 00", ""},
		// Several elements (ReadRestDER keeps the unknown additions of a
		// SEQUENCE at once), the second in BER: all normalized.
		{"30 03 02 01 05 30 80 02 01 06 00 00", "30 03 02 01 05 30 03 02 01 06"},
	} {
		in := hx(tt.in)
		out, err := ber.KeepDER(in)
		if err != nil {
			t.Errorf("KeepDER(%s): %v", tt.in, err)
			continue
		}
		want, same := hx(tt.want), tt.want == ""
		if same {
			want = in
		}
		if !bytes.Equal(out, want) || (&out[0] == &in[0]) != same {
			t.Errorf("KeepDER(%s) = %x (copied %v), want %x (copied %v)", tt.in, out, &out[0] != &in[0], want, !same)
		}
	}
}

func TestName(t *testing.T) {
	for _, tt := range []struct {
		names string
		i     int
		want  string
	}{{"red green blue", 0, "red"}, {"red green blue", 2, "blue"}, {"red green blue", 3, "Color(3)"},
		{"red green blue", -1, "Color(-1)"}, {"one", 0, "one"}, {"one", 1, "Color(1)"}, {"", 0, "Color(0)"}} {
		if got := Name(tt.names, tt.i, "Color"); got != tt.want {
			t.Errorf("Name(%q, %d) = %q, want %q", tt.names, tt.i, got, tt.want)
		}
	}
	if got := Name("a b", 5, ""); got != "5" {
		t.Errorf("Name without a type = %q, want 5", got)
	}
}

// TestCivil checks the encoders' date arithmetic against the time package
// over six centuries, a second before and after every day boundary, and
// around the years 0 and 10000 where it changes method.
func TestCivil(t *testing.T) {
	var instants []int64
	for s := int64(-12219292800); s < 16725225600; s += 86400*7 + 3 {
		instants = append(instants, s)
	}
	// Every day of the years 0 to 9999.
	for s := int64(generalizedTimeMin); s < generalizedTimeEnd; s += 86400 {
		instants = append(instants, s+s%86399)
	}
	for _, edge := range []int64{generalizedTimeMin, generalizedTimeEnd} {
		for s := edge - 800*86400; s < edge+800*86400; s += 86400 {
			instants = append(instants, s)
		}
	}
	for _, s := range instants {
		for _, d := range []int64{0, -1, 1, 43210} {
			tm := time.Unix(s+d, 0).UTC()
			y, mo, dd, h, mi, se := civil(tm)
			wy, wm, wd := tm.Date()
			wh, wmi, ws := tm.Clock()
			if y != wy || mo != int(wm) || dd != wd || h != wh || mi != wmi || se != ws {
				t.Fatalf("civil(%v) = %d-%d-%d %d:%d:%d", tm, y, mo, dd, h, mi, se)
			}
		}
	}
}

// TestDaysFromCivil checks daysFromCivil on every day of the years 0 to
// 9999 against package time.
func TestDaysFromCivil(t *testing.T) {
	for tm := time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC); tm.Year() < 10000; tm = tm.AddDate(0, 0, 1) {
		y, m, d := tm.Date()
		// Midnight: the Unix seconds are whole days, before 1970 too.
		if got, want := daysFromCivil(y, int(m), d), tm.Unix()/86400; got != want {
			t.Fatalf("daysFromCivil(%d, %d, %d) = %d, want %d", y, m, d, got, want)
		}
	}
}

// TestAliasStrings checks that Options.AliasStrings returns strings that
// share the input's octets, and that the default copies them.
func TestAliasStrings(t *testing.T) {
	in := []byte{0x13, 0x02, 'h', 'i'}
	for _, alias := range []bool{false, true} {
		r := NewReader(in, &Options{AliasStrings: alias})
		s, err := r.ReadText(TagPrintableString, TagPrintableString)
		if err != nil || s != "hi" {
			t.Fatalf("ReadPrintableString = %q, %v", s, err)
		}
		if shared := unsafe.StringData(s) == &in[2]; shared != alias {
			t.Errorf("AliasStrings %v: string shares the input %v", alias, shared)
		}
	}
}

// TestAppendTimeYearRange checks the year limits of the time encoders at
// their first and last seconds.
func TestAppendTimeYearRange(t *testing.T) {
	tests := []struct {
		t       time.Time
		utc     bool
		want    string // "" for an error
		comment string
	}{
		{time.Date(1950, 1, 1, 0, 0, 0, 0, time.UTC), true, "500101000000Z", "first UTCTime second"},
		{time.Date(1949, 12, 31, 23, 59, 59, 0, time.UTC), true, "", "before 1950"},
		{time.Date(2049, 12, 31, 23, 59, 59, 0, time.UTC), true, "491231235959Z", "last UTCTime second"},
		{time.Date(2050, 1, 1, 0, 0, 0, 0, time.UTC), true, "", "2050"},
		{time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC), false, "00000101000000Z", "year 0"},
		{time.Date(-1, 12, 31, 23, 59, 59, 0, time.UTC), false, "", "before year 0"},
		{time.Date(9999, 12, 31, 23, 59, 59, 500_000_000, time.UTC), false, "99991231235959.5Z", "last GeneralizedTime second"},
		{time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), false, "", "year 10000"},
	}
	for _, tt := range tests {
		got, err := appendTime(nil, TimeOf(tt.t), tt.utc)
		if tt.want == "" {
			if err == nil {
				t.Errorf("%s: got %q, want an error", tt.comment, got)
			}
			continue
		}
		if err != nil || string(got) != tt.want {
			t.Errorf("%s: got %q, %v; want %q", tt.comment, got, err, tt.want)
		}
	}
}

// TestCheckIntegerBounds checks the range check whose endpoints do not fit
// in int64, around both endpoints and for redundant and empty encodings.
func TestCheckIntegerBounds(t *testing.T) {
	hex := func(s string) Integer {
		var b []byte
		for i := 0; i+1 < len(s); i += 2 {
			v, _ := strconv.ParseUint(s[i:i+2], 16, 8)
			b = append(b, byte(v))
		}
		return Integer(b)
	}
	lo, hi := "\xff\x00\x00\x00\x00\x00\x00\x00\x00", "\x01\x00\x00\x00\x00\x00\x00\x00\x00" // -2^64, 2^64
	for _, tt := range []struct {
		v  string
		ok bool
	}{
		{"", true}, {"00", true}, {"0000", true}, {"ff", true}, {"7f", true},
		{"010000000000000000", true}, {"010000000000000001", false}, {"00010000000000000000", true},
		{"ff0000000000000000", true}, {"feffffffffffffffff", false}, {"ffff0000000000000000", true},
		{"0100000000000000000000", false}, {"800000000000000000", false},
	} {
		err := CheckIntegerBounds(3, "T", hex(tt.v), lo, hi)
		if (err == nil) != tt.ok {
			t.Errorf("%s: %v, want ok %v", tt.v, err, tt.ok)
		}
		if err != nil && !errors.Is(err, ErrConstraint) {
			t.Errorf("%s: %v is not ErrConstraint", tt.v, err)
		}
	}
	if err := CheckIntegerBounds(0, "T", hex("0100"), "", "\x00\xff"); err == nil || err.Error() != "asn1: at offset 0: T: value 256 outside (MIN..255) (X.680 51)" {
		t.Errorf("message: %v", err)
	}
}

// normalizeBER is what a BER decode keeps of in, elements read raw
// (KeepDER): their DER form as far as the schema-less normalizer goes.
func normalizeBER(in []byte) ([]byte, error) {
	r := NewReader(in, &Options{BER: true})
	return r.KeepDER(in)
}

// derShaped reports whether the elements b have the forms the normalizer
// writes (checkRaw in BER).
func derShaped(b []byte) bool {
	shaped, err := NewReader(b, &Options{BER: true}).checkRaw(nil)
	return err == nil && shaped
}

// TestTLVAgreesWithParseHeader checks the fast header path against the
// general parser: wherever tlv accepts a header, parseHeader in DER
// accepts it too, with the same header and contents lengths, and tlv
// accepts every DER header of a low tag number with a length below 65,536
// (one, two or three length octets) whose contents fit.
func TestTLVAgreesWithParseHeader(t *testing.T) {
	accepted := 0
	for _, size := range []int{2, 3, 4, 5, 130, 131, 300, 70000} {
		b := make([]byte, size)
		b[0] = 0x30
		for _, l1 := range []int{0, 1, 0x7f, 0x80, 0x81, 0x82, 0x83, 0x84, 0xff} {
			for _, l2 := range []int{0, 1, 0x7f, 0x80, 0x81, 0xff} {
				for _, l3 := range []int{0, 1, 0x7f, 0x80, 0xff} {
					copy(b[1:], []byte{byte(l1), byte(l2), byte(l3)}[:min(3, size-1)])
					hl, l, ok := tlv(b)
					var h Header
					err := parseHeader(&h, b, 0, false)
					name := fmt.Sprintf("% x (%d octets)", b[:min(4, size)], size)
					if ok {
						accepted++
						if err != nil || h.HeaderLen != hl || h.Length != l {
							t.Errorf("%s: tlv %d, %d; parseHeader %d, %d, %v", name, hl, l, h.HeaderLen, h.Length, err)
						}
					} else if err == nil && h.HeaderLen <= 4 && h.Length >= 0 {
						t.Errorf("%s: tlv refuses what parseHeader reads (%d, %d)", name, h.HeaderLen, h.Length)
					}
				}
			}
		}
	}
	if accepted == 0 {
		t.Fatal("tlv accepted no header")
	}
}

// TestASCIIPairs4 checks the word-at-a-time digits of every value 0 to 99
// in every lane against digitPairs.
func TestASCIIPairs4(t *testing.T) {
	for x := range uint64(100) {
		for lane := range 4 {
			u := x<<(16*lane) | 99<<(16*((lane+1)%4))
			got := asciiPairs4(u) >> (16 * lane) & 0xffff
			want := uint64(digitPairs[x]>>8 | digitPairs[x]<<8&0xff00) // tens in the low byte
			if got != want {
				t.Fatalf("asciiPairs4(%d in lane %d) = %#x, want %#x", x, lane, got, want)
			}
		}
	}
}
