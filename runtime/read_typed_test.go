package runtime_test

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/runtime"
)

// rErr is the part of an *Error the Reader tests check.
type rErr struct {
	Kind   runtime.Kind
	Offset int
	Type   string
	Rule   string
}

func rErrOf(t *testing.T, err error) *rErr {
	t.Helper()
	var e *runtime.Error
	if err == nil {
		return nil
	}
	if !errors.As(err, &e) {
		t.Fatalf("%v is %T", err, err)
	}
	return &rErr{e.Kind, e.Offset, e.Type, e.Rule}
}

// TestTypedReadErrors checks that the typed reads locate content errors at
// the absolute offset of the contents, name the type, and leave the Reader
// where it was.
func TestTypedReadErrors(t *testing.T) {
	u := runtime.Universal
	ber := &runtime.Options{BER: true}
	tests := []struct {
		name string
		in   string // one element, read after a NULL "05 00" so that offsets are absolute
		opts *runtime.Options
		read func(r *runtime.Reader) (any, error)
		want any
		err  *rErr
	}{
		{"BOOLEAN 0x01 in DER", "01 01 01", nil, func(r *runtime.Reader) (any, error) { return r.ReadBoolean(u(runtime.TagBoolean)) },
			nil, &rErr{runtime.KindNonCanonical, 4, "BOOLEAN", "X.690 11.1"}},
		{"BOOLEAN 0x01 in BER", "01 01 01", ber, func(r *runtime.Reader) (any, error) { return r.ReadBoolean(u(runtime.TagBoolean)) }, true, nil},
		{"IMPLICIT [0] BOOLEAN", "80 01 ff", nil, func(r *runtime.Reader) (any, error) { return r.ReadBoolean(runtime.Context(0)) }, true, nil},
		{"INTEGER non-minimal", "02 02 00 05", nil, func(r *runtime.Reader) (any, error) { return r.ReadInt64(u(runtime.TagInteger)) },
			nil, &rErr{runtime.KindNonCanonical, 4, "INTEGER", "X.690 8.3.2"}},
		{"INTEGER tag mismatch", "04 01 05", nil, func(r *runtime.Reader) (any, error) { return r.ReadInt64(u(runtime.TagInteger)) },
			nil, &rErr{runtime.KindTagMismatch, 2, "INTEGER", ""}},
		{"Integer aliases", "02 09 00 ff ff ff ff ff ff ff ff", nil, func(r *runtime.Reader) (any, error) {
			i, err := r.ReadInteger(u(runtime.TagInteger))
			return i.String(), err
		}, "18446744073709551615", nil},
		{"big INTEGER", "02 09 ff 00 00 00 00 00 00 00 00", nil, func(r *runtime.Reader) (any, error) {
			i, err := r.ReadInteger(u(runtime.TagInteger))
			return i.Big().String(), err
		}, "-18446744073709551616", nil},
		{"ENUMERATED", "0a 01 03", nil, func(r *runtime.Reader) (any, error) { return r.ReadEnumerated(u(runtime.TagEnumerated)) }, int64(3), nil},
		{"REAL", "09 03 80 ff 01", nil, func(r *runtime.Reader) (any, error) { return r.ReadReal(u(runtime.TagReal)) }, 0.5, nil},
		{"REAL too precise", "09 09 80 00 20 00 00 00 00 00 01", nil, func(r *runtime.Reader) (any, error) { return r.ReadReal(u(runtime.TagReal)) },
			nil, &rErr{runtime.KindUnsupported, 4, "REAL", ""}},
		{"NULL with contents", "05 01 00", nil, func(r *runtime.Reader) (any, error) { return nil, r.ReadNull(u(runtime.TagNull)) },
			nil, &rErr{runtime.KindInvalidValue, 4, "NULL", "X.690 8.8.2"}},
		{"OID", "06 03 81 34 03", nil, func(r *runtime.Reader) (any, error) {
			o, err := r.ReadOID(u(runtime.TagOID))
			return o.String(), err
		}, "2.100.3", nil},
		{"OID with 0x80", "06 02 80 01", nil, func(r *runtime.Reader) (any, error) { return r.ReadOID(u(runtime.TagOID)) },
			nil, &rErr{runtime.KindInvalidValue, 4, "OBJECT IDENTIFIER", "X.690 8.19.2"}},
		{"RELATIVE-OID", "0d 04 c2 7b 03 02", nil, func(r *runtime.Reader) (any, error) {
			o, err := r.ReadRelativeOID(u(runtime.TagRelativeOID))
			return o.String(), err
		}, "8571.3.2", nil},
		{"BIT STRING padding", "03 02 07 81", nil, func(r *runtime.Reader) (any, error) { return r.ReadBitString(u(runtime.TagBitString)) },
			nil, &rErr{runtime.KindNonCanonical, 4, "BIT STRING", "X.690 11.2.1"}},
		{"BER constructed BIT STRING", "23 80 03 02 00 0a 03 02 04 b0 00 00", ber, func(r *runtime.Reader) (any, error) {
			s, err := r.ReadBitString(u(runtime.TagBitString))
			return s.RightAlign(), err
		}, []byte{0x00, 0xab}, nil},
		{"OCTET STRING", "04 02 61 62", nil, func(r *runtime.Reader) (any, error) { return r.ReadOctetString(u(runtime.TagOctetString)) }, []byte("ab"), nil},
		{"UTCTime without seconds in DER", "17 0b 39 39 31 32 33 31 32 33 35 39 5a", nil, func(r *runtime.Reader) (any, error) { return r.ReadUTCTime(u(runtime.TagUTCTime)) },
			nil, &rErr{runtime.KindNonCanonical, 4, "UTCTime", "X.690 11.8.2"}},
		{"UTCTime without seconds in BER", "17 0b 39 39 31 32 33 31 32 33 35 39 5a", ber, func(r *runtime.Reader) (any, error) { return r.ReadUTCTime(u(runtime.TagUTCTime)) },
			utc(1999, 12, 31, 23, 59, 0, 0), nil},
		{"GeneralizedTime", "18 0f 32 30 32 30 30 31 30 32 30 33 30 34 30 35 5a", nil, func(r *runtime.Reader) (any, error) {
			return r.ReadGeneralizedTime(u(runtime.TagGeneralizedTime))
		}, utc(2020, 1, 2, 3, 4, 5, 0), nil},
		{"BER constructed PrintableString", "33 80 04 02 41 42 04 01 43 00 00", ber, func(r *runtime.Reader) (any, error) {
			return r.ReadPrintableString(u(runtime.TagPrintableString))
		}, "ABC", nil},
		{"BER constructed PrintableString with '*'", "33 09 04 02 41 42 04 03 43 2a 45", ber, func(r *runtime.Reader) (any, error) {
			return r.ReadPrintableString(u(runtime.TagPrintableString))
		}, nil, &rErr{runtime.KindInvalidValue, 4, "PrintableString", "X.680 41.4"}},
		{"constructed string in DER", "33 04 04 02 41 42", nil, func(r *runtime.Reader) (any, error) {
			return r.ReadPrintableString(u(runtime.TagPrintableString))
		}, nil, &rErr{runtime.KindNonCanonical, 2, "PrintableString", "X.690 10.2"}},
		{"BMPString", "1e 04 00 48 00 e9", nil, func(r *runtime.Reader) (any, error) { return r.ReadBMPString(u(runtime.TagBMPString)) }, "Hé", nil},
		{"BMPString odd", "1e 03 00 48 00", nil, func(r *runtime.Reader) (any, error) { return r.ReadBMPString(u(runtime.TagBMPString)) },
			nil, &rErr{runtime.KindInvalidValue, 4, "BMPString", "X.690 8.23"}},
		{"TeletexString", "14 01 e9", nil, func(r *runtime.Reader) (any, error) { return r.ReadTeletexString(u(runtime.TagTeletexString)) }, "é", nil},
		{"DATE", "1f 1f 08 32 30 31 32 31 32 32 31", nil, func(r *runtime.Reader) (any, error) { return r.ReadDate(u(runtime.TagDate)) },
			runtime.Date{Year: 2012, Month: 12, Day: 21}, nil},
		{"DATE invalid", "1f 1f 08 32 30 31 32 31 33 32 31", nil, func(r *runtime.Reader) (any, error) { return r.ReadDate(u(runtime.TagDate)) },
			nil, &rErr{runtime.KindInvalidValue, 5, "DATE", "X.690 8.26"}},
		{"DURATION", "1f 22 03 54 31 53", nil, func(r *runtime.Reader) (any, error) {
			d, err := r.ReadDuration(u(runtime.TagDuration))
			return d.String(), err
		}, "PT1S", nil},
		{"TIME", "0e 0a 31 35 3a 32 37 3a 33 35 2c 35", nil, func(r *runtime.Reader) (any, error) { return r.ReadISOTime(u(runtime.TagTime)) },
			runtime.ISOTime("15:27:35,5"), nil},
	}
	for _, tt := range tests {
		r := runtime.NewReader(append([]byte{0x05, 0x00}, pHex(t, tt.in)...), tt.opts)
		if err := r.ReadNull(runtime.Universal(runtime.TagNull)); err != nil {
			t.Fatal(err)
		}
		before := r.Offset()
		got, err := tt.read(&r)
		if diff := cmp.Diff(tt.err, rErrOf(t, err)); diff != "" {
			t.Errorf("%s: error %v (-want +got):\n%s", tt.name, err, diff)
			continue
		}
		if err != nil {
			// A header error leaves the reader where it was; a content
			// error has consumed the element.
			if header := tt.err.Offset == before; header && r.Offset() != before || !header && !r.Empty() {
				t.Errorf("%s: failed read left the reader at %d (element at %d)", tt.name, r.Offset(), before)
			}
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: value (-want +got):\n%s", tt.name, diff)
		}
		if err := r.Finish(""); err != nil {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
}

// TestBuilderRoundTripPrims writes one value of every type with the Builder
// and reads them back with the typed reads.
func TestBuilderRoundTripPrims(t *testing.T) {
	u := runtime.Universal
	when := utc(2024, 2, 29, 12, 34, 56, 789000000)
	oid, _ := runtime.ParseOIDString("1.2.840.113549.1.1.11")
	rel, _ := runtime.ParseRelativeOIDString("8571.3.2")
	huge, _ := new(big.Int).SetString("-123456789012345678901234567890", 10)
	dur, _ := runtime.ParseDuration([]byte("1Y2MT3.5S"))
	long := string(make([]byte, 300)) // a long-form length
	b := runtime.NewBuilder(nil)
	b.AddConstructed(u(runtime.TagSequence), func(b *runtime.Builder) {
		b.AddBoolean(u(runtime.TagBoolean), true)
		b.AddInt64(u(runtime.TagInteger), -129)
		b.AddInteger(u(runtime.TagInteger), runtime.Integer{0x00, 0x00, 0x80}) // BER form, written minimal
		b.AddInteger(u(runtime.TagInteger), runtime.IntegerFromBig(huge))
		b.AddInt64(u(runtime.TagEnumerated), 7)
		b.AddReal(u(runtime.TagReal), -0.15625)
		b.AddReal(runtime.Context(1), math.Inf(-1))
		b.AddBitString(u(runtime.TagBitString), runtime.BitString{Bytes: []byte{0xff, 0xff}, BitLength: 10})
		b.AddNull(u(runtime.TagNull))
		b.AddOID(u(runtime.TagOID), oid)
		b.AddRelativeOID(u(runtime.TagRelativeOID), rel)
		b.AddUTCTime(u(runtime.TagUTCTime), when)
		b.AddGeneralizedTime(runtime.Context(2), when)
		b.AddString(u(runtime.TagUTF8String), runtime.TagUTF8String, "héllo")
		b.AddString(u(runtime.TagBMPString), runtime.TagBMPString, "héllo")
		b.AddString(u(runtime.TagIA5String), runtime.TagIA5String, long)
		b.AddDate(u(runtime.TagDate), runtime.Date{Year: 2024, Month: 2, Day: 29})
		b.AddTimeOfDay(u(runtime.TagTimeOfDay), runtime.TimeOfDay{Hour: 23, Minute: 59, Second: 60})
		b.AddDateTime(u(runtime.TagDateTime), runtime.DateTime{Date: runtime.Date{Year: 2024, Month: 2, Day: 29}})
		b.AddDuration(u(runtime.TagDuration), dur)
		b.AddISOTime(u(runtime.TagTime), "2024-W09-4")
	})
	enc, err := b.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	r := runtime.NewReader(enc, nil)
	s, err := r.ReadConstructed(u(runtime.TagSequence), "S")
	if err != nil {
		t.Fatal(err)
	}
	var got []any
	add := func(v any, err error) {
		if err != nil {
			t.Fatalf("reading item %d: %v", len(got), err)
		}
		got = append(got, v)
	}
	add(s.ReadBoolean(u(runtime.TagBoolean)))
	add(s.ReadInt64(u(runtime.TagInteger)))
	add(s.ReadInt64(u(runtime.TagInteger)))
	z, err := s.ReadInteger(u(runtime.TagInteger))
	add(z.Big().String(), err)
	add(s.ReadEnumerated(u(runtime.TagEnumerated)))
	add(s.ReadReal(u(runtime.TagReal)))
	add(s.ReadReal(runtime.Context(1)))
	bs, err := s.ReadBitString(u(runtime.TagBitString))
	add(bs.RightAlign(), err)
	add(nil, s.ReadNull(u(runtime.TagNull)))
	o, err := s.ReadOID(u(runtime.TagOID))
	add(o.String(), err)
	ro, err := s.ReadRelativeOID(u(runtime.TagRelativeOID))
	add(ro.String(), err)
	add(s.ReadUTCTime(u(runtime.TagUTCTime)))
	add(s.ReadGeneralizedTime(runtime.Context(2)))
	add(s.ReadUTF8String(u(runtime.TagUTF8String)))
	add(s.ReadBMPString(u(runtime.TagBMPString)))
	add(s.ReadIA5String(u(runtime.TagIA5String)))
	add(s.ReadDate(u(runtime.TagDate)))
	add(s.ReadTimeOfDay(u(runtime.TagTimeOfDay)))
	add(s.ReadDateTime(u(runtime.TagDateTime)))
	d, err := s.ReadDuration(u(runtime.TagDuration))
	add(d.String(), err)
	add(s.ReadISOTime(u(runtime.TagTime)))
	if err := s.Finish("S"); err != nil {
		t.Fatal(err)
	}
	want := []any{true, int64(-129), int64(128), huge.String(), int64(7), -0.15625, math.Inf(-1), []byte{0x03, 0xff}, nil,
		"1.2.840.113549.1.1.11", "8571.3.2", when.Truncate(time.Second), when, "héllo", "héllo", long,
		runtime.Date{Year: 2024, Month: 2, Day: 29}, runtime.TimeOfDay{Hour: 23, Minute: 59, Second: 60},
		runtime.DateTime{Date: runtime.Date{Year: 2024, Month: 2, Day: 29}}, "P1Y2MT3.5S", runtime.ISOTime("2024-W09-4")}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
}

// TestBuilderPrimErrors checks that values without an encoding record the
// Builder's error.
func TestBuilderPrimErrors(t *testing.T) {
	u := runtime.Universal
	for name, add := range map[string]func(b *runtime.Builder){
		"UTCTime 2050":  func(b *runtime.Builder) { b.AddUTCTime(u(runtime.TagUTCTime), utc(2050, 1, 1, 0, 0, 0, 0)) },
		"Printable '*'": func(b *runtime.Builder) { b.AddString(u(runtime.TagPrintableString), runtime.TagPrintableString, "*") },
		"BitLength":     func(b *runtime.Builder) { b.AddBitString(u(runtime.TagBitString), runtime.BitString{BitLength: 1}) },
		"OID":           func(b *runtime.Builder) { b.AddOID(u(runtime.TagOID), runtime.OID{0x80}) },
		"DATE":          func(b *runtime.Builder) { b.AddDate(u(runtime.TagDate), runtime.Date{}) },
		"DURATION":      func(b *runtime.Builder) { b.AddDuration(u(runtime.TagDuration), runtime.Duration{Weeks: 1, Days: 1}) },
		"TIME":          func(b *runtime.Builder) { b.AddISOTime(u(runtime.TagTime), "x") },
	} {
		b := runtime.NewBuilder(nil)
		add(b)
		if _, err := b.Bytes(); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func BenchmarkReadInt64(b *testing.B) {
	in := []byte{0x02, 0x03, 0x01, 0x00, 0x01}
	b.ReportAllocs()
	for b.Loop() {
		r := runtime.NewReader(in, nil)
		if _, err := r.ReadInt64(runtime.Universal(runtime.TagInteger)); err != nil {
			b.Fatal(err)
		}
	}
}

// TestTypedReadsDoNotAllocate decodes a SEQUENCE of primitives with the
// typed reads: no allocation, not even for the Reader's state.
func TestTypedReadsDoNotAllocate(t *testing.T) {
	u := runtime.Universal
	in := pHex(t, "30 16 02 02 01 00 06 03 81 34 03 01 01 ff 05 00 09 03 80 ff 01 0a 01 02")
	allocs := testing.AllocsPerRun(100, func() {
		r := runtime.NewReader(in, nil)
		s, err := r.ReadConstructed(u(runtime.TagSequence), "S")
		if err != nil {
			t.Fatal(err)
		}
		_, err1 := s.ReadInt64(u(runtime.TagInteger))
		_, err2 := s.ReadOID(u(runtime.TagOID))
		_, err3 := s.ReadBoolean(u(runtime.TagBoolean))
		err4 := s.ReadNull(u(runtime.TagNull))
		_, err5 := s.ReadReal(u(runtime.TagReal))
		_, err6 := s.ReadEnumerated(u(runtime.TagEnumerated))
		if err := errors.Join(err1, err2, err3, err4, err5, err6, s.Finish("S"), r.Finish("")); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per decode", allocs)
	}
}

func ExampleReader_ReadUTCTime() {
	u := runtime.Universal
	// Validity ::= SEQUENCE { notBefore UTCTime, notAfter [0] IMPLICIT GeneralizedTime }
	b := runtime.NewBuilder(nil)
	b.AddConstructed(u(runtime.TagSequence), func(b *runtime.Builder) {
		b.AddUTCTime(u(runtime.TagUTCTime), time.Date(2024, 2, 29, 12, 0, 0, 0, time.UTC))
		b.AddGeneralizedTime(runtime.Context(0), time.Date(2050, 1, 1, 0, 0, 0, 0, time.UTC))
	})
	der, _ := b.Bytes()
	fmt.Printf("% x\n", der)

	r := runtime.NewReader(der, nil)
	s, _ := r.ReadConstructed(u(runtime.TagSequence), "Validity")
	notBefore, err := s.ReadUTCTime(u(runtime.TagUTCTime))
	fmt.Println(notBefore, err)
	notAfter, err := s.ReadGeneralizedTime(runtime.Context(0))
	fmt.Println(notAfter, err)

	// A UTCTime without seconds is BER, not DER: the error says where and why.
	r = runtime.NewReader([]byte("\x17\x0b2402291200Z"), nil)
	_, err = r.ReadUTCTime(u(runtime.TagUTCTime))
	fmt.Println(err)
	// Output:
	// 30 20 17 0d 32 34 30 32 32 39 31 32 30 30 30 30 5a 80 0f 32 30 35 30 30 31 30 31 30 30 30 30 30 30 5a
	// 2024-02-29 12:00:00 +0000 UTC <nil>
	// 2050-01-01 00:00:00 +0000 UTC <nil>
	// asn1: at offset 2: UTCTime: seconds missing (X.690 11.8.2)
}

// TestStringReadsDoNotAllocate decodes a SEQUENCE holding UTCTime, BIT
// STRING, PrintableString (read as octets), OID and INTEGER: reads that go
// through ReadString must not make the Reader's state escape either.
func TestStringReadsDoNotAllocate(t *testing.T) {
	u := runtime.Universal
	in := pHex(t, "30 24 17 0d 32 34 30 32 32 39 31 32 30 30 30 30 5a 03 02 07 80 13 02 41 42 06 03 2a 03 04 02 02 01 00 04 02 01 02")
	allocs := testing.AllocsPerRun(100, func() {
		r := runtime.NewReader(in, nil)
		s, err := r.ReadConstructed(u(runtime.TagSequence), "S")
		if err != nil {
			t.Fatal(err)
		}
		_, err1 := s.ReadUTCTime(u(runtime.TagUTCTime))
		_, err2 := s.ReadBitString(u(runtime.TagBitString))
		c, _, err3 := s.ReadString(u(runtime.TagPrintableString), "PrintableString")
		if err3 == nil {
			err3 = runtime.CheckString(runtime.TagPrintableString, c)
		}
		_, err4 := s.ReadOID(u(runtime.TagOID))
		_, err5 := s.ReadInt64(u(runtime.TagInteger))
		_, err6 := s.ReadOctetString(u(runtime.TagOctetString))
		if err := errors.Join(err1, err2, err3, err4, err5, err6, s.Finish("S"), r.Finish("")); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per decode", allocs)
	}
}
