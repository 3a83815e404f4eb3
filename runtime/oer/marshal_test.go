package oer_test

import (
	"errors"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/oer"
	"github.com/google/go-cmp/cmp"
)

// msg and inner are written by hand as the generator is to write them,
// for
//
//	Msg ::= SEQUENCE {
//		urgent BOOLEAN OPTIONAL,
//		id     INTEGER (0..65535),
//		inner  Inner,
//		...,
//		note   UTF8String OPTIONAL
//	}
//	Inner ::= SEQUENCE { tags SEQUENCE OF INTEGER (0..100) }
type msg struct {
	HasUrgent, Urgent bool
	ID                int64
	Inner             inner
	HasNote           bool
	Note              string
}

type inner struct{ Tags []int64 }

func (v *msg) DecodeOER(r *oer.Reader) error {
	*v = msg{}
	var ext bool
	r.Preamble(&ext, &v.HasUrgent)
	if v.HasUrgent {
		v.Urgent = r.Bool("urgent")
	}
	v.ID = r.IntRange(0, 65535, "id")
	r.Decode(&v.Inner, "inner")
	x := r.Extensions(ext)
	if v.HasNote = x.At(0) == 1; v.HasNote {
		if f, ok := r.Open("note"); ok {
			v.Note = f.String(oer.UTF8String, oer.Unsized, "")
			r.EndOpen(&f, "note")
		}
	}
	for i := 1; i < x.BitLength; i++ {
		if x.At(i) == 1 { // an addition of a later version: skipped
			r.Open("")
		}
	}
	return r.Err()
}

func (v *msg) EncodeOER(w *oer.Writer) error {
	w.WritePreamble(v.HasNote, v.HasUrgent)
	if v.HasUrgent {
		w.WriteBool(v.Urgent)
	}
	w.Fail(w.WriteIntRange(v.ID, 0, 65535), "id")
	w.Encode(&v.Inner, "inner")
	if v.HasNote {
		w.Fail(w.WriteExtensions(der.BitString{Bytes: []byte{0x80}, BitLength: 1}), "")
		m := w.BeginOpen()
		w.Fail(w.WriteString(oer.UTF8String, v.Note, oer.Unsized), "note")
		w.EndOpen(m)
	}
	return w.Err()
}

func (v *inner) DecodeOER(r *oer.Reader) error {
	n := r.Quantity("tags")
	if r.Err() != nil {
		return r.Err()
	}
	tags, err := oer.MakeSlice[int64](r, n)
	r.Fail(err, "tags")
	for i := 0; i < len(tags) && r.Err() == nil; i++ {
		tags[i] = r.IntRange(0, 100, "")
		if r.Err() != nil {
			r.Fail(der.WithField(der.WithIndex(r.Err(), i), "tags"), "")
		}
	}
	v.Tags = tags
	return r.Err()
}

func (v *inner) EncodeOER(w *oer.Writer) error {
	w.WriteQuantity(len(v.Tags))
	for i, t := range v.Tags {
		if err := w.WriteIntRange(t, 0, 100); err != nil {
			w.Fail(der.WithField(der.WithIndex(err, i), "tags"), "")
		}
	}
	return w.Err()
}

func TestMarshal(t *testing.T) {
	v := msg{HasUrgent: true, ID: 7, Inner: inner{Tags: []int64{1, 2}}, HasNote: true, Note: "hi"}
	// C0: the extension bit and urgent's bit; 00: FALSE; 00 07: id in 2
	// octets; 01 02 01 02: the quantity 2, then 1 and 2 in one octet
	// each; 02 07 80: the bitmap of one addition, present; 03 02 68 69:
	// its open type field holding UTF8String "hi".
	want := unhex(t, "c0 00 00 07 01 02 01 02 02 07 80 03 02 68 69")
	got, err := oer.Marshal(&v)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Fatalf("-want +got\n%s", d)
	}
	var back msg
	if err := oer.Unmarshal(got, &back, &oer.Options{Canonical: true}); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(v, back); d != "" {
		t.Errorf("-wrote +read\n%s", d)
	}

	// tags[1] = 101 is outside 0..100: the error has the path from the
	// root and the offset of the element.
	bad := append([]byte(nil), want...)
	bad[7] = 101
	r := oer.NewReader(bad, nil)
	err = r.Root(back.DecodeOER(&r), "Msg")
	errorAt(t, "tags[1]", err, der.KindConstraint, 7)
	var e *der.Error
	if errors.As(err, &e) && e.Path() != "Msg.inner.tags[1]" {
		t.Errorf("path %q, want Msg.inner.tags[1]", e.Path())
	}
	v.Inner.Tags[0] = 200
	_, err = oer.Marshal(&v)
	if !errors.As(err, &e) || e.Path() != "inner.tags[0]" || e.Kind != der.KindConstraint {
		t.Errorf("encode error %v, want a constraint error at inner.tags[0]", err)
	}

	// One octet more: trailing data after the value.
	err = oer.Unmarshal(append(want, 0), &back, nil)
	errorAt(t, "trailing", err, der.KindTrailingData, len(want))
}
