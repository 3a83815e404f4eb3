package isotime

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestFields(t *testing.T) {
	ymd := Point{Date: YearMonthDay, Year: 1985, Month: 4, Day: 12}
	for _, c := range []struct {
		in, out string
		want    Fields
	}{
		{"19", "19", Fields{Start: Point{Date: Century, Year: 19}}},
		{"1985", "1985", Fields{Start: Point{Date: Year, Year: 1985}}},
		{"1985-04", "1985-04", Fields{Start: Point{Date: YearMonth, Year: 1985, Month: 4}}},
		{"19850412", "1985-04-12", Fields{Start: ymd}},
		{"1985-102", "1985-102", Fields{Start: Point{Date: YearDay, Year: 1985, YDay: 102}}},
		{"1985W15", "1985-W15", Fields{Start: Point{Date: YearWeek, Year: 1985, Week: 15}}},
		{"1985-W15-5", "1985-W15-5", Fields{Start: Point{Date: YearWeekDay, Year: 1985, Week: 15, Day: 5}}},
		{"-0002-04-12", "-0002-04-12", Fields{Start: Point{Date: YearMonthDay, Year: -2, Month: 4, Day: 12}}},
		{"+012345-04-12", "+12345-04-12", Fields{Start: Point{Date: YearMonthDay, Year: 12345, Month: 4, Day: 12}}},
		{"+2012", "2012", Fields{Start: Point{Date: Year, Year: 2012}}},
		{"0500", "0500", Fields{Start: Point{Date: Year, Year: 500}}},
		{"T1527", "15:27", Fields{Start: Point{Clock: Minutes, Hour: 15, Minute: 27}}},
		{"15:27:35,5", "15:27:35.5", Fields{Start: Point{Clock: Seconds, Hour: 15, Minute: 27, Second: 35, Frac: "5"}}},
		{"15:27:46+01:00", "15:27:46+01", Fields{Start: Point{Clock: Seconds, Hour: 15, Minute: 27, Second: 46, Zone: Offset, OffsetHours: 1}}},
		{"15:27-0530", "15:27-05:30", Fields{Start: Point{Clock: Minutes, Hour: 15, Minute: 27, Zone: Offset, OffsetHours: 5, OffsetMins: 30, OffsetNegative: true}}},
		{"1985-04-12T15Z", "1985-04-12T15Z", Fields{Start: Point{Date: YearMonthDay, Year: 1985, Month: 4, Day: 12, Clock: Hours, Hour: 15, Zone: UTC}}},
		{"P1Y2M10DT2H30M", "P1Y2M10DT2H30M", Fields{Interval: DurationOnly, Duration: Duration{Years: 1, Months: 2, Days: 10, Hours: 2, Minutes: 30}.WithComponents(0x3b)}},
		{"19850412/1985-05-12", "1985-04-12/1985-05-12", Fields{Interval: StartEnd, Start: ymd, End: Point{Date: YearMonthDay, Year: 1985, Month: 5, Day: 12}}},
		{"1985-04-12/P3W", "1985-04-12/P3W", Fields{Interval: StartDuration, Start: ymd, Duration: Duration{Weeks: 3}.WithComponents(4)}},
		{"P3W/1985-04-12", "P3W/1985-04-12", Fields{Interval: DurationEnd, End: ymd, Duration: Duration{Weeks: 3}.WithComponents(4)}},
		{"R5/P1D", "R5/P1D", Fields{Interval: DurationOnly, Recurring: true, Recurrences: 5, Duration: Duration{Days: 1}.WithComponents(8)}},
		{"R/1985-04-12/P1D", "R/1985-04-12/P1D", Fields{Interval: StartDuration, Recurring: true, Unlimited: true, Start: ymd, Duration: Duration{Days: 1}.WithComponents(8)}},
	} {
		f, err := Time(c.in).Fields()
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if diff := cmp.Diff(c.want, f, cmp.AllowUnexported(Duration{})); diff != "" {
			t.Errorf("%s: fields (-want +got):\n%s", c.in, diff)
		}
		if got := f.Time(); string(got) != c.out {
			t.Errorf("%s: Time() = %q, want %q", c.in, got, c.out)
		}
	}
	if _, err := Time("R99999999999999999999/P1D").Fields(); err == nil {
		t.Error("Fields accepted 20 digits of recurrences")
	}
	if _, err := parseTime([]byte("R99999999999999999999/P1D")); err != nil {
		t.Errorf("a TIME of 20 digits of recurrences: %v", err)
	}
}

// FuzzFields: what Time.Fields splits, Fields.Time writes back in a form
// that splits to the same fields.
func FuzzFields(f *testing.F) {
	for _, s := range []string{"1985-W15-5", "-0002-04-12", "15:27:35,5", "R5/2008-03-01T13:00:00Z/P1Y2M10DT2H30M", "P1Y/2008-05-11", "19", "+012345-04-12"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fs, err := Time(s).Fields()
		if err != nil {
			return
		}
		again, err := fs.Time().Fields()
		if err != nil {
			t.Fatalf("%q: %q does not split: %v", s, fs.Time(), err)
		}
		if diff := cmp.Diff(fs, again, cmp.AllowUnexported(Duration{})); diff != "" {
			t.Fatalf("%q: %q splits differently (-first +second):\n%s", s, fs.Time(), diff)
		}
	})
}
