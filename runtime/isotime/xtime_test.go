package isotime

import (
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"

	"github.com/google/go-cmp/cmp"
)

// The OSS Nokalva ASN.1 quick reference gives BER examples of the time
// types: DATE "2012-12-21" is 1F1F 08 "20121221", TIME-OF-DAY "06:30:00" is
// 1F20 06 "063000", DATE-TIME "1951-10-14T15:30:00" is 1F21 0E
// "19511014153000", DURATION "P2Y10M15DT10H20M30S" is 1F22 12
// "2Y10M15DT10H20M30S".

func TestDate(t *testing.T) {
	d, err := parseDate([]byte("20121221"))
	if diff := cmp.Diff(Date{Year: 2012, Month: 12, Day: 21}, d); diff != "" || err != nil {
		t.Errorf("ParseDate: %v (-want +got):\n%s", err, diff)
	}
	if s := d.String(); s != "2012-12-21" {
		t.Errorf("String = %q", s)
	}
	if b, err := appendDate(nil, d); string(b) != "20121221" || err != nil {
		t.Errorf("AppendDate = %q, %v", b, err)
	}
	for _, in := range []string{"", "2012122", "201212210", "20120230", "20121301", "20121200", "15811231", "2012-12-", "+0121221", "19000229"} {
		if _, err := parseDate([]byte(in)); err == nil {
			t.Errorf("ParseDate(%q) accepted", in)
		}
	}
	if _, err := parseDate([]byte("20000229")); err != nil {
		t.Errorf("ParseDate of a leap day: %v", err)
	}
	if _, err := appendDate(nil, Date{Year: 2001, Month: 2, Day: 29}); err == nil {
		t.Error("AppendDate accepted 2001-02-29")
	}
}

func TestTimeOfDay(t *testing.T) {
	tod, err := parseTimeOfDay([]byte("063000"))
	if diff := cmp.Diff(TimeOfDay{Hour: 6, Minute: 30}, tod); diff != "" || err != nil {
		t.Errorf("ParseTimeOfDay: %v (-want +got):\n%s", err, diff)
	}
	if s := tod.String(); s != "06:30:00" {
		t.Errorf("String = %q", s)
	}
	if b, err := appendTimeOfDay(nil, tod); string(b) != "063000" || err != nil {
		t.Errorf("AppendTimeOfDay = %q, %v", b, err)
	}
	if _, err := parseTimeOfDay([]byte("235960")); err != nil {
		t.Errorf("leap second rejected: %v", err)
	}
	for _, in := range []string{"", "0630", "240000", "236000", "235961", "06300", "0630000", "06:30:"} {
		if _, err := parseTimeOfDay([]byte(in)); err == nil {
			t.Errorf("ParseTimeOfDay(%q) accepted", in)
		}
	}
}

func TestDateTime(t *testing.T) {
	dt, err := parseDateTime([]byte("19511014153000"))
	want := DateTime{Date: Date{Year: 1951, Month: 10, Day: 14}, TimeOfDay: TimeOfDay{Hour: 15, Minute: 30}}
	if diff := cmp.Diff(want, dt); diff != "" || err != nil {
		t.Errorf("ParseDateTime: %v (-want +got):\n%s", err, diff)
	}
	if s := dt.String(); s != "1951-10-14T15:30:00" {
		t.Errorf("String = %q", s)
	}
	if b, err := appendDateTime(nil, dt); string(b) != "19511014153000" || err != nil {
		t.Errorf("AppendDateTime = %q, %v", b, err)
	}
	for _, in := range []string{"19511014", "1951101415300", "19511014243000", "19511032153000", "19511014153000Z"} {
		if _, err := parseDateTime([]byte(in)); err == nil {
			t.Errorf("ParseDateTime(%q) accepted", in)
		}
	}
	if _, err := appendDateTime(nil, DateTime{Date: Date{Year: 1951, Month: 10, Day: 14}, TimeOfDay: TimeOfDay{Hour: 25}}); err == nil {
		t.Error("AppendDateTime accepted hour 25")
	}
}

func TestDuration(t *testing.T) {
	tests := []struct {
		in   string
		want Duration
		text string // String; the contents re-encode to in
	}{
		{"2Y10M15DT10H20M30S", Duration{Years: 2, Months: 10, Days: 15, Hours: 10, Minutes: 20, Seconds: 30}, "P2Y10M15DT10H20M30S"},
		{"0D", Duration{}, "P0D"},
		{"T0S", Duration{}, "PT0S"},
		{"3W", Duration{Weeks: 3}, "P3W"},
		{"T1.5S", Duration{Seconds: 1, Frac: "5"}, "PT1.5S"},
		{"1Y0.25M", Duration{Years: 1, Frac: "25"}, "P1Y0.25M"},
		{"T36H", Duration{Hours: 36}, "PT36H"},
		{"1MT1M", Duration{Months: 1, Minutes: 1}, "P1MT1M"},
		{"18446744073709551615D", Duration{Days: 1<<64 - 1}, "P18446744073709551615D"},
	}
	// Components written are remembered: compare the exported fields only.
	opt := cmp.Comparer(func(a, b Duration) bool {
		return a.Years == b.Years && a.Months == b.Months && a.Weeks == b.Weeks && a.Days == b.Days &&
			a.Hours == b.Hours && a.Minutes == b.Minutes && a.Seconds == b.Seconds && a.Frac == b.Frac
	})
	for _, tt := range tests {
		d, err := parseDuration([]byte(tt.in))
		if diff := cmp.Diff(tt.want, d, opt); diff != "" || err != nil {
			t.Errorf("ParseDuration(%q): %v (-want +got):\n%s", tt.in, err, diff)
		}
		if s := d.String(); s != tt.text {
			t.Errorf("ParseDuration(%q).String() = %q, want %q", tt.in, s, tt.text)
		}
		if b, err := appendDuration(nil, d); string(b) != tt.in || err != nil {
			t.Errorf("AppendDuration(ParseDuration(%q)) = %q, %v", tt.in, b, err)
		}
	}
	// A ',' is rewritten as '.'.
	if d, err := parseDuration([]byte("T0,5S")); err != nil || d.String() != "PT0.5S" {
		t.Errorf("ParseDuration(T0,5S) = %v, %v", d, err)
	}
	// Values built in Go write their non-zero components.
	built := []struct {
		d    Duration
		text string
	}{
		{Duration{}, "PT0S"},
		{Duration{Days: 1, Seconds: 2}, "P1DT2S"},
		{Duration{Minutes: 1, Frac: "5"}, "PT1.5M"},
		{Duration{Frac: "5"}, "PT0.5S"},
	}
	for _, tt := range built {
		if s := tt.d.String(); s != tt.text {
			t.Errorf("%#v.String() = %q, want %q", tt.d, s, tt.text)
		}
	}
	for _, in := range []string{"", "T", "1D T", "1DT", "1W2D", "2DT3HT", "1M2Y", "T1D", "1.5YT2H", "1", "D", "1.D", "T1.5S2", "1X", "P1D", "99999999999999999999D", "-1D"} {
		if d, err := parseDuration([]byte(in)); err == nil {
			t.Errorf("ParseDuration(%q) = %v, accepted", in, d)
		}
	}
	for _, d := range []Duration{{Weeks: 1, Days: 1}, {Seconds: 1, Frac: "x"}} {
		if b, err := appendDuration(nil, d); err == nil {
			t.Errorf("AppendDuration(%#v) = %q, accepted", d, b)
		}
	}
}

func TestISOTime(t *testing.T) {
	valid := []string{
		// OSS Nokalva examples of TIME.
		"1985-W15-5", "-0002-04-12", "15:27:35,5", "15:27:46+01:00", "15:27:46+01",
		"2012-12-21T06:30:00Z", "19851231", "1985-123", "2000-366", "1985", "19", "1985-04", "1985W155", "1985-W15",
		"+012345-04-12", "T15:27", "T1527", "152746Z", "15:27:46-0500", "24:00:00", "23:59:60",
		"R5/2008-03-01T13:00:00Z/P1Y2M10DT2H30M", "R/P1D", "P1Y/2008-05-11", "2008-05-11/P1Y", "2008-05-11/2009-05-11",
		"P1Y2M10DT2H30M", "PT36H", "P3W", "2008-05-11T15:30:00.5+01:00",
	}
	for _, s := range valid {
		v, err := parseTime([]byte(s))
		if err != nil || string(v) != s {
			t.Errorf("parseTime(%q) = %q, %v", s, v, err)
		}
		if b, err := encodeTime(v); string(b) != s || err != nil {
			t.Errorf("AddTime(%q) = %q, %v", s, b, err)
		}
	}
	invalid := []string{
		"", "1985-13", "1985-02-30", "1985-W54", "1985-W15-8", "1985-367", "1985-366", "25:00", "15:60", "15:59:61",
		"R5/2008-03-01", "P1Y/P2Y", "15:27:35,", "1985-1", "1985-04-1", "198504", "1985-0412", "12345-04-12",
		"15:27:46+24", "15:27:46+01:60", "15:2746", "15:27Z0", "T", "2008-05-11T", "P", "1985-04-12/", "R5", "R5/",
		"Z", "15:27:46+0", "1985-W15-", "1985--04", "+1985-04x", "1985-04-12T15:27:46+01:00:00", "24:30", "24:00:01",
	}
	for _, s := range invalid {
		if _, err := parseTime([]byte(s)); err == nil {
			t.Errorf("parseTime(%q) accepted", s)
		}
		if _, err := encodeTime(Time(s)); err == nil {
			t.Errorf("AddTime(%q) accepted", s)
		}
	}
}

// encodeTime returns the contents AddTime writes for v.
func encodeTime(v Time) ([]byte, error) {
	b := der.NewBuilder(nil)
	AddTime(b, der.TagTime, v)
	enc, err := b.Bytes()
	if err != nil {
		return nil, err
	}
	return enc[2:], nil
}
