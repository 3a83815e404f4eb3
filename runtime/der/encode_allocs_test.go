package der_test

import (
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/float"
	"github.com/asn1gen/asn1gen/runtime/isotime"
)

// TestBuilderEncodersAllocs checks that every primitive encoder, called
// from another package as generated code calls it, leaves a Builder on
// the caller's stack: encoding into a buffer large enough allocates
// nothing. (An encoder whose inlined body calls generic code hides from
// escape analysis that the Builder does not escape.)
func TestBuilderEncodersAllocs(t *testing.T) {
	must := func(v any, err error) any {
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	date := isotime.Date{Year: 2026, Month: 12, Day: 1}
	tod := isotime.TimeOfDay{Hour: 17, Minute: 30}
	dt := isotime.DateTime{Date: date, TimeOfDay: tod}
	dur := isotime.Duration{Years: 1, Months: 2}
	iso := isotime.Time("20261201")
	oid := must(der.ParseOIDString("1.2.840.113549")).(der.OID)
	rel := must(der.ParseRelativeOIDString("8571.3.2")).(der.RelativeOID)
	when := der.Date(2026, 12, 1, 17, 30, 0, 0)
	buf := make([]byte, 0, 1024)
	n := testing.AllocsPerRun(10, func() {
		b := der.NewBuilder(buf[:0])
		m := b.Begin(der.TagSequence, true)
		b.AddBoolean(der.TagBoolean, true)
		b.AddInt64(der.TagInteger, 1<<40)
		b.AddInteger(der.TagInteger, der.Integer{0x01, 0x00})
		float.Add(b, der.TagReal, 1.5)
		b.AddBitString(der.TagBitString, der.BitString{Bytes: []byte{0x80}, BitLength: 1})
		b.AddNull(der.TagNull)
		b.AddOID(der.TagOID, oid)
		b.AddRelativeOID(der.TagRelativeOID, rel)
		b.AddUTCTime(der.TagUTCTime, when)
		b.AddGeneralizedTime(der.TagGeneralizedTime, when)
		b.AddText(der.TagUTF8String, der.TagUTF8String, "é")
		isotime.AddDate(b, der.TagDate, date)
		isotime.AddTimeOfDay(b, der.TagTimeOfDay, tod)
		isotime.AddDateTime(b, der.TagDateTime, dt)
		isotime.AddDuration(b, der.TagDuration, dur)
		isotime.AddTime(b, der.TagTime, iso)
		b.End(m)
		if _, err := b.Bytes(); err != nil {
			t.Fatal(err)
		}
	})
	if n != 0 {
		t.Errorf("encoding every primitive type: %v allocations, want 0", n)
	}
}
