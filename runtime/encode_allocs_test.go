package runtime_test

import (
	"testing"
	"time"

	"github.com/asn1gen/asn1gen/runtime"
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
	date := must(runtime.ParseDate([]byte("20261201"))).(runtime.Date)
	tod := must(runtime.ParseTimeOfDay([]byte("173000"))).(runtime.TimeOfDay)
	dt := must(runtime.ParseDateTime([]byte("20261201173000"))).(runtime.DateTime)
	dur := must(runtime.ParseDuration([]byte("1Y2M"))).(runtime.Duration)
	iso := must(runtime.ParseISOTime([]byte("20261201"))).(runtime.ISOTime)
	oid := must(runtime.ParseOIDString("1.2.840.113549")).(runtime.OID)
	rel := must(runtime.ParseRelativeOIDString("8571.3.2")).(runtime.RelativeOID)
	when := time.Date(2026, 12, 1, 17, 30, 0, 0, time.UTC)
	buf := make([]byte, 0, 1024)
	u := runtime.Universal
	n := testing.AllocsPerRun(10, func() {
		b := runtime.NewBuilderWith(buf[:0], nil)
		m := b.Begin(u(runtime.TagSequence), true)
		b.AddBoolean(u(runtime.TagBoolean), true)
		b.AddInt64(u(runtime.TagInteger), 1<<40)
		b.AddInteger(u(runtime.TagInteger), runtime.Integer{0x01, 0x00})
		b.AddReal(u(runtime.TagReal), 1.5)
		b.AddBitString(u(runtime.TagBitString), runtime.BitString{Bytes: []byte{0x80}, BitLength: 1})
		b.AddNull(u(runtime.TagNull))
		b.AddOID(u(runtime.TagOID), oid)
		b.AddRelativeOID(u(runtime.TagRelativeOID), rel)
		b.AddUTCTime(u(runtime.TagUTCTime), when)
		b.AddGeneralizedTime(u(runtime.TagGeneralizedTime), when)
		b.AddString(u(runtime.TagUTF8String), runtime.TagUTF8String, "é")
		b.AddDate(u(runtime.TagDate), date)
		b.AddTimeOfDay(u(runtime.TagTimeOfDay), tod)
		b.AddDateTime(u(runtime.TagDateTime), dt)
		b.AddDuration(u(runtime.TagDuration), dur)
		b.AddISOTime(u(runtime.TagTime), iso)
		b.End(m)
		if _, err := b.Bytes(); err != nil {
			t.Fatal(err)
		}
	})
	if n != 0 {
		t.Errorf("encoding every primitive type: %v allocations, want 0", n)
	}
}
