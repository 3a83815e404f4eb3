package der_test

import (
	"testing"
	"time"

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
	when := time.Date(2026, 12, 1, 17, 30, 0, 0, time.UTC)
	buf := make([]byte, 0, 1024)
	u := der.Universal
	n := testing.AllocsPerRun(10, func() {
		b := der.NewBuilderWith(buf[:0], nil)
		m := b.Begin(u(der.TagSequence), true)
		b.AddBoolean(u(der.TagBoolean), true)
		b.AddInt64(u(der.TagInteger), 1<<40)
		b.AddInteger(u(der.TagInteger), der.Integer{0x01, 0x00})
		float.Add(b, u(der.TagReal), 1.5)
		b.AddBitString(u(der.TagBitString), der.BitString{Bytes: []byte{0x80}, BitLength: 1})
		b.AddNull(u(der.TagNull))
		b.AddOID(u(der.TagOID), oid)
		b.AddRelativeOID(u(der.TagRelativeOID), rel)
		b.AddUTCTime(u(der.TagUTCTime), when)
		b.AddGeneralizedTime(u(der.TagGeneralizedTime), when)
		b.AddString(u(der.TagUTF8String), der.TagUTF8String, "é")
		isotime.AddDate(b, u(der.TagDate), date)
		isotime.AddTimeOfDay(b, u(der.TagTimeOfDay), tod)
		isotime.AddDateTime(b, u(der.TagDateTime), dt)
		isotime.AddDuration(b, u(der.TagDuration), dur)
		isotime.AddTime(b, u(der.TagTime), iso)
		b.End(m)
		if _, err := b.Bytes(); err != nil {
			t.Fatal(err)
		}
	})
	if n != 0 {
		t.Errorf("encoding every primitive type: %v allocations, want 0", n)
	}
}
