package der_test

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/float"
	"github.com/asn1gen/asn1gen/runtime/internal/rtest"
	"github.com/asn1gen/asn1gen/runtime/isotime"
)

// rErr is the part of an *Error the Reader tests check.
type rErr struct {
	Kind   der.Kind
	Offset int
	Type   string
	Rule   string
}

func rErrOf(t *testing.T, err error) *rErr {
	t.Helper()
	var e *der.Error
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
	ber := &der.Options{BER: true}
	tests := []struct {
		name string
		in   string // one element, read after a NULL "05 00" so that offsets are absolute
		opts *der.Options
		read func(r *der.Reader) (any, error)
		want any
		err  *rErr
	}{
		{"BOOLEAN 0x01 in DER", "01 01 01", nil, func(r *der.Reader) (any, error) { return r.ReadBoolean(der.TagBoolean) },
			nil, &rErr{der.KindNonCanonical, 4, "BOOLEAN", "X.690 11.1"}},
		{"BOOLEAN 0x01 in BER", "01 01 01", ber, func(r *der.Reader) (any, error) { return r.ReadBoolean(der.TagBoolean) }, true, nil},
		{"IMPLICIT [0] BOOLEAN", "80 01 ff", nil, func(r *der.Reader) (any, error) { return r.ReadBoolean(der.Context(0)) }, true, nil},
		{"INTEGER non-minimal", "02 02 00 05", nil, func(r *der.Reader) (any, error) { return r.ReadInt64(der.TagInteger) },
			nil, &rErr{der.KindNonCanonical, 4, "INTEGER", "X.690 8.3.2"}},
		{"INTEGER tag mismatch", "04 01 05", nil, func(r *der.Reader) (any, error) { return r.ReadInt64(der.TagInteger) },
			nil, &rErr{der.KindTagMismatch, 2, "INTEGER", ""}},
		{"Integer aliases", "02 09 00 ff ff ff ff ff ff ff ff", nil, func(r *der.Reader) (any, error) {
			i, err := r.ReadInteger(der.TagInteger)
			return i.String(), err
		}, "18446744073709551615", nil},
		{"big INTEGER", "02 09 ff 00 00 00 00 00 00 00 00", nil, func(r *der.Reader) (any, error) {
			i, err := r.ReadInteger(der.TagInteger)
			return i.Big().String(), err
		}, "-18446744073709551616", nil},
		{"ENUMERATED", "0a 01 03", nil, func(r *der.Reader) (any, error) { return r.ReadEnumerated(der.TagEnumerated) }, int64(3), nil},
		{"REAL", "09 03 80 ff 01", nil, func(r *der.Reader) (any, error) { return float.Read(r, der.TagReal) }, 0.5, nil},
		{"REAL too precise", "09 09 80 00 20 00 00 00 00 00 01", nil, func(r *der.Reader) (any, error) { return float.Read(r, der.TagReal) },
			nil, &rErr{der.KindUnsupported, 4, "REAL", ""}},
		{"NULL with contents", "05 01 00", nil, func(r *der.Reader) (any, error) { return nil, r.ReadNull(der.TagNull) },
			nil, &rErr{der.KindInvalidValue, 4, "NULL", "X.690 8.8.2"}},
		{"OID", "06 03 81 34 03", nil, func(r *der.Reader) (any, error) {
			o, err := r.ReadOID(der.TagOID)
			return o.String(), err
		}, "2.100.3", nil},
		{"OID with 0x80", "06 02 80 01", nil, func(r *der.Reader) (any, error) { return r.ReadOID(der.TagOID) },
			nil, &rErr{der.KindInvalidValue, 4, "OBJECT IDENTIFIER", "X.690 8.19.2"}},
		{"RELATIVE-OID", "0d 04 c2 7b 03 02", nil, func(r *der.Reader) (any, error) {
			o, err := r.ReadRelativeOID(der.TagRelativeOID)
			return o.String(), err
		}, "8571.3.2", nil},
		{"BIT STRING padding", "03 02 07 81", nil, func(r *der.Reader) (any, error) { return r.ReadBitString(der.TagBitString) },
			nil, &rErr{der.KindNonCanonical, 4, "BIT STRING", "X.690 11.2.1"}},
		{"BER constructed BIT STRING", "23 80 03 02 00 0a 03 02 04 b0 00 00", ber, func(r *der.Reader) (any, error) {
			s, err := r.ReadBitString(der.TagBitString)
			return s.RightAlign(), err
		}, []byte{0x00, 0xab}, nil},
		{"OCTET STRING", "04 02 61 62", nil, func(r *der.Reader) (any, error) { return r.ReadOctetString(der.TagOctetString) }, []byte("ab"), nil},
		{"UTCTime without seconds in DER", "17 0b 39 39 31 32 33 31 32 33 35 39 5a", nil, func(r *der.Reader) (any, error) { return r.ReadUTCTime(der.TagUTCTime) },
			nil, &rErr{der.KindNonCanonical, 4, "UTCTime", "X.690 11.8.2"}},
		{"UTCTime without seconds in BER", "17 0b 39 39 31 32 33 31 32 33 35 39 5a", ber, func(r *der.Reader) (any, error) { return r.ReadUTCTime(der.TagUTCTime) },
			der.Date(1999, 12, 31, 23, 59, 0, 0), nil},
		{"GeneralizedTime", "18 0f 32 30 32 30 30 31 30 32 30 33 30 34 30 35 5a", nil, func(r *der.Reader) (any, error) {
			return r.ReadGeneralizedTime(der.TagGeneralizedTime)
		}, der.Date(2020, 1, 2, 3, 4, 5, 0), nil},
		{"BER constructed PrintableString", "33 80 04 02 41 42 04 01 43 00 00", ber, func(r *der.Reader) (any, error) {
			return r.ReadText(der.TagPrintableString, der.TagPrintableString)
		}, "ABC", nil},
		{"BER constructed PrintableString with '*'", "33 09 04 02 41 42 04 03 43 2a 45", ber, func(r *der.Reader) (any, error) {
			return r.ReadText(der.TagPrintableString, der.TagPrintableString)
		}, nil, &rErr{der.KindInvalidValue, 4, "PrintableString", "X.680 41.4"}},
		{"constructed string in DER", "33 04 04 02 41 42", nil, func(r *der.Reader) (any, error) {
			return r.ReadText(der.TagPrintableString, der.TagPrintableString)
		}, nil, &rErr{der.KindNonCanonical, 2, "PrintableString", "X.690 10.2"}},
		{"BMPString", "1e 04 00 48 00 e9", nil, func(r *der.Reader) (any, error) { return r.ReadText(der.TagBMPString, der.TagBMPString) }, "Hé", nil},
		{"BMPString odd", "1e 03 00 48 00", nil, func(r *der.Reader) (any, error) { return r.ReadText(der.TagBMPString, der.TagBMPString) },
			nil, &rErr{der.KindInvalidValue, 4, "BMPString", "X.690 8.23"}},
		{"UTF8String header error named by the kind", "0c 05 41", nil, func(r *der.Reader) (any, error) { return r.ReadText(der.TagUTF8String, der.TagUTF8String) },
			nil, &rErr{der.KindTruncated, 2, "UTF8String", "X.690 8.1.3"}},
		{"IMPLICIT IA5String header error named by the kind", "82 81 01 41", nil, func(r *der.Reader) (any, error) { return r.ReadText(der.Context(2), der.TagIA5String) },
			nil, &rErr{der.KindNonCanonical, 2, "IA5String", "X.690 10.1"}},
		{"TeletexString", "14 01 e9", nil, func(r *der.Reader) (any, error) { return r.ReadText(der.TagTeletexString, der.TagTeletexString) }, "é", nil},
		{"DATE", "1f 1f 08 32 30 31 32 31 32 32 31", nil, func(r *der.Reader) (any, error) { return isotime.ReadDate(r, der.TagDate) },
			isotime.Date{Year: 2012, Month: 12, Day: 21}, nil},
		{"DATE invalid", "1f 1f 08 32 30 31 32 31 33 32 31", nil, func(r *der.Reader) (any, error) { return isotime.ReadDate(r, der.TagDate) },
			nil, &rErr{der.KindInvalidValue, 5, "DATE", "X.690 8.26"}},
		{"DURATION", "1f 22 03 54 31 53", nil, func(r *der.Reader) (any, error) {
			d, err := isotime.ReadDuration(r, der.TagDuration)
			return d.String(), err
		}, "PT1S", nil},
		{"TIME", "0e 0a 31 35 3a 32 37 3a 33 35 2c 35", nil, func(r *der.Reader) (any, error) { return isotime.ReadTime(r, der.TagTime) },
			isotime.Time("15:27:35,5"), nil},
	}
	for _, tt := range tests {
		r := der.NewReader(append([]byte{0x05, 0x00}, rtest.Hex(t, tt.in)...), tt.opts)
		if err := r.ReadNull(der.TagNull); err != nil {
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
	when := der.Date(2024, 2, 29, 12, 34, 56, 789000000)
	oid, _ := der.ParseOIDString("1.2.840.113549.1.1.11")
	rel, _ := der.ParseRelativeOIDString("8571.3.2")
	huge, _ := new(big.Int).SetString("-123456789012345678901234567890", 10)
	dur := isotime.Duration{Years: 1, Months: 2, Seconds: 3, Frac: "5"}
	long := string(make([]byte, 300)) // a long-form length
	b := der.NewBuilder(nil)
	m1 := b.Begin(der.TagSequence, true)
	b.AddBoolean(der.TagBoolean, true)
	b.AddInt64(der.TagInteger, -129)
	b.AddInteger(der.TagInteger, der.Integer{0x00, 0x00, 0x80}) // BER form, written minimal
	b.AddInteger(der.TagInteger, der.IntegerFromBig(huge))
	b.AddInt64(der.TagEnumerated, 7)
	float.Add(b, der.TagReal, -0.15625)
	float.Add(b, der.Context(1), math.Inf(-1))
	b.AddBitString(der.TagBitString, der.BitString{Bytes: []byte{0xff, 0xff}, BitLength: 10})
	b.AddNull(der.TagNull)
	b.AddOID(der.TagOID, oid)
	b.AddRelativeOID(der.TagRelativeOID, rel)
	b.AddUTCTime(der.TagUTCTime, when)
	b.AddGeneralizedTime(der.Context(2), when)
	b.AddText(der.TagUTF8String, der.TagUTF8String, "héllo")
	b.AddText(der.TagBMPString, der.TagBMPString, "héllo")
	b.AddText(der.TagIA5String, der.TagIA5String, long)
	isotime.AddDate(b, der.TagDate, isotime.Date{Year: 2024, Month: 2, Day: 29})
	isotime.AddTimeOfDay(b, der.TagTimeOfDay, isotime.TimeOfDay{Hour: 23, Minute: 59, Second: 60})
	isotime.AddDateTime(b, der.TagDateTime, isotime.DateTime{Date: isotime.Date{Year: 2024, Month: 2, Day: 29}})
	isotime.AddDuration(b, der.TagDuration, dur)
	isotime.AddTime(b, der.TagTime, "2024-W09-4")
	b.End(m1)
	enc, err := b.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	r := der.NewReader(enc, nil)
	s, err := r.ReadConstructed(der.TagSequence, "S")
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
	add(s.ReadBoolean(der.TagBoolean))
	add(s.ReadInt64(der.TagInteger))
	add(s.ReadInt64(der.TagInteger))
	z, err := s.ReadInteger(der.TagInteger)
	add(z.Big().String(), err)
	add(s.ReadEnumerated(der.TagEnumerated))
	add(float.Read(&s, der.TagReal))
	add(float.Read(&s, der.Context(1)))
	bs, err := s.ReadBitString(der.TagBitString)
	add(bs.RightAlign(), err)
	add(nil, s.ReadNull(der.TagNull))
	o, err := s.ReadOID(der.TagOID)
	add(o.String(), err)
	ro, err := s.ReadRelativeOID(der.TagRelativeOID)
	add(ro.String(), err)
	add(s.ReadUTCTime(der.TagUTCTime))
	add(s.ReadGeneralizedTime(der.Context(2)))
	add(s.ReadText(der.TagUTF8String, der.TagUTF8String))
	add(s.ReadText(der.TagBMPString, der.TagBMPString))
	add(s.ReadText(der.TagIA5String, der.TagIA5String))
	add(isotime.ReadDate(&s, der.TagDate))
	add(isotime.ReadTimeOfDay(&s, der.TagTimeOfDay))
	add(isotime.ReadDateTime(&s, der.TagDateTime))
	d, err := isotime.ReadDuration(&s, der.TagDuration)
	add(d.String(), err)
	add(isotime.ReadTime(&s, der.TagTime))
	if err := s.Finish("S"); err != nil {
		t.Fatal(err)
	}
	want := []any{true, int64(-129), int64(128), huge.String(), int64(7), -0.15625, math.Inf(-1), []byte{0x03, 0xff}, nil,
		"1.2.840.113549.1.1.11", "8571.3.2", der.Date(2024, 2, 29, 12, 34, 56, 0), when, "héllo", "héllo", long,
		isotime.Date{Year: 2024, Month: 2, Day: 29}, isotime.TimeOfDay{Hour: 23, Minute: 59, Second: 60},
		isotime.DateTime{Date: isotime.Date{Year: 2024, Month: 2, Day: 29}}, "P1Y2MT3.5S", isotime.Time("2024-W09-4")}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
}

// TestBuilderPrimErrors checks that values without an encoding record the
// Builder's error.
func TestBuilderPrimErrors(t *testing.T) {
	for name, add := range map[string]func(b *der.Builder){
		"UTCTime 2050":  func(b *der.Builder) { b.AddUTCTime(der.TagUTCTime, der.Date(2050, 1, 1, 0, 0, 0, 0)) },
		"Printable '*'": func(b *der.Builder) { b.AddText(der.TagPrintableString, der.TagPrintableString, "*") },
		"BitLength":     func(b *der.Builder) { b.AddBitString(der.TagBitString, der.BitString{BitLength: 1}) },
		"OID":           func(b *der.Builder) { b.AddOID(der.TagOID, der.OID{0x80}) },
		"OID empty":     func(b *der.Builder) { b.AddOID(der.TagOID, der.OID{}) },
		"OID 0x80 lead": func(b *der.Builder) { b.AddOID(der.TagOID, der.OID{0x2a, 0x80, 0x01}) },
		"RELATIVE-OID":  func(b *der.Builder) { b.AddRelativeOID(der.TagRelativeOID, der.RelativeOID{0x01, 0x81}) },
		"Time in 10000": func(b *der.Builder) { b.AddGeneralizedTime(der.TagGeneralizedTime, der.Date(10000, 1, 1, 0, 0, 0, 0)) },
		"UTCTime 1949":  func(b *der.Builder) { b.AddUTCTime(der.TagUTCTime, der.Date(1949, 12, 31, 23, 59, 59, 0)) },
		"DATE":          func(b *der.Builder) { isotime.AddDate(b, der.TagDate, isotime.Date{}) },
		"DURATION":      func(b *der.Builder) { isotime.AddDuration(b, der.TagDuration, isotime.Duration{Weeks: 1, Days: 1}) },
		"TIME":          func(b *der.Builder) { isotime.AddTime(b, der.TagTime, "x") },
	} {
		b := der.NewBuilder(nil)
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
		r := der.NewReader(in, nil)
		if _, err := r.ReadInt64(der.TagInteger); err != nil {
			b.Fatal(err)
		}
	}
}

// TestTypedReadsDoNotAllocate decodes a SEQUENCE of primitives with the
// typed reads: no allocation, not even for the Reader's state.
func TestTypedReadsDoNotAllocate(t *testing.T) {
	in := rtest.Hex(t, "30 16 02 02 01 00 06 03 81 34 03 01 01 ff 05 00 09 03 80 ff 01 0a 01 02")
	allocs := testing.AllocsPerRun(100, func() {
		r := der.NewReader(in, nil)
		s, err := r.ReadConstructed(der.TagSequence, "S")
		if err != nil {
			t.Fatal(err)
		}
		_, err1 := s.ReadInt64(der.TagInteger)
		_, err2 := s.ReadOID(der.TagOID)
		_, err3 := s.ReadBoolean(der.TagBoolean)
		err4 := s.ReadNull(der.TagNull)
		_, err5 := float.Read(&s, der.TagReal)
		_, err6 := s.ReadEnumerated(der.TagEnumerated)
		if err := errors.Join(err1, err2, err3, err4, err5, err6, s.Finish("S"), r.Finish("")); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per decode", allocs)
	}
}

func ExampleReader_ReadUTCTime() {
	// Validity ::= SEQUENCE { notBefore UTCTime, notAfter [0] IMPLICIT GeneralizedTime }
	b := der.NewBuilder(nil)
	m2 := b.Begin(der.TagSequence, true)
	b.AddUTCTime(der.TagUTCTime, der.Date(2024, 2, 29, 12, 0, 0, 0))
	b.AddGeneralizedTime(der.Context(0), der.Date(2050, 1, 1, 0, 0, 0, 0))
	b.End(m2)
	enc, _ := b.Bytes()
	fmt.Printf("% x\n", enc)

	r := der.NewReader(enc, nil)
	s, _ := r.ReadConstructed(der.TagSequence, "Validity")
	notBefore, err := s.ReadUTCTime(der.TagUTCTime)
	fmt.Println(notBefore, err)
	notAfter, err := s.ReadGeneralizedTime(der.Context(0))
	fmt.Println(notAfter, err)

	// A UTCTime without seconds is BER, not DER: the error says where and why.
	r = der.NewReader([]byte("\x17\x0b2402291200Z"), nil)
	_, err = r.ReadUTCTime(der.TagUTCTime)
	fmt.Println(err)
	// Output:
	// 30 20 17 0d 32 34 30 32 32 39 31 32 30 30 30 30 5a 80 0f 32 30 35 30 30 31 30 31 30 30 30 30 30 30 5a
	// 2024-02-29 12:00:00 +0000 UTC <nil>
	// 2050-01-01 00:00:00 +0000 UTC <nil>
	// asn1: at offset 2: UTCTime: seconds missing (X.690 11.8.2)
}

// TestStringReadsDoNotAllocate decodes a SEQUENCE holding UTCTime, BIT
// STRING, PrintableString (aliased, AliasStrings), OID and INTEGER: reads that go
// through ReadString must not make the Reader's state escape either.
func TestStringReadsDoNotAllocate(t *testing.T) {
	in := rtest.Hex(t, "30 24 17 0d 32 34 30 32 32 39 31 32 30 30 30 30 5a 03 02 07 80 13 02 41 42 06 03 2a 03 04 02 02 01 00 04 02 01 02")
	allocs := testing.AllocsPerRun(100, func() {
		r := der.NewReader(in, &der.Options{AliasStrings: true})
		s, err := r.ReadConstructed(der.TagSequence, "S")
		if err != nil {
			t.Fatal(err)
		}
		_, err1 := s.ReadUTCTime(der.TagUTCTime)
		_, err2 := s.ReadBitString(der.TagBitString)
		_, err3 := s.ReadText(der.TagPrintableString, der.TagPrintableString)
		_, err4 := s.ReadOID(der.TagOID)
		_, err5 := s.ReadInt64(der.TagInteger)
		_, err6 := s.ReadOctetString(der.TagOctetString)
		if err := errors.Join(err1, err2, err3, err4, err5, err6, s.Finish("S"), r.Finish("")); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per decode", allocs)
	}
}
