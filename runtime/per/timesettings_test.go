package per

import "testing"

func TestTimeSettings(t *testing.T) {
	for _, c := range []struct {
		settings string
		fixed    bool
		err      bool
	}{
		{"Basic=Date Date=YMD Year=Basic", true, false},
		{"Basic=Date Date=YMD", false, false},
		{"Basic=Time Time=HMSF12 Local-or-UTC=LD", true, false},
		{"Basic=Time Time=HMS", false, false},
		{"Basic=Date-Time Date=C Year=L7 Time=H Local-or-UTC=Z", true, false},
		{"Basic=Interval Interval-type=D", true, false},
		{"Basic=Interval Interval-type=SD SE-point=Date Date=Y Year=Negative", true, false},
		{"Basic=Interval Interval-type=SD Date=Y Year=Negative", false, false},
		{"Basic=Rec-Interval Interval-type=D Recurrence=R12", true, false},
		{"Basic=Date Basic=Date Date=Y Year=Proleptic Midnight=End", true, false},
		{"", false, false},
		{"Basic=Date Basic=Time", false, true},
		{"Basic=Week", false, true},
		{"Time=HMSF", false, true},
		{"Time=HMSF0", false, true},
		{"Time=MS", false, true},
		{"Year=L", false, true},
		{"Recurrence=Rx", false, true},
		{"Midnight=Noon", false, true},
		{"Colour=Red", false, true},
		{"Basic", false, true},
	} {
		s, err := parseTimeSettings(c.settings)
		if (err != nil) != c.err {
			t.Errorf("%q: error %v, want error %v", c.settings, err, c.err)
			continue
		}
		if err == nil && s.fixed() != c.fixed {
			t.Errorf("%q: fixed %v, want %v", c.settings, s.fixed(), c.fixed)
		}
	}
}
