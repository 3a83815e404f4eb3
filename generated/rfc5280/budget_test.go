package rfc5280_test

import (
	"errors"
	"testing"
	"unsafe"

	"github.com/asn1gen/asn1gen/generated/rfc5280"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// TestRowBudget decodes an Extension whose value CertExtensions holds
// behind a pointer (*BasicConstraints) under allocation budgets
// (der.Options.MaxAlloc): one a byte short of the row's size fails with
// the MaxAlloc error at the start of the extnValue's contents, with its
// path, and leaves the row nil; one of the row's size decodes it.
func TestRowBudget(t *testing.T) {
	// Extension { basicConstraints, critical TRUE, extnValue OCTET STRING
	// { SEQUENCE { cA TRUE } } }: the contents of extnValue at offset 12.
	ext := []byte{0x30, 0x0f, 0x06, 0x03, 0x55, 0x1d, 0x13, 0x01, 0x01, 0xff, 0x04, 0x05, 0x30, 0x03, 0x01, 0x01, 0xff}
	size := int(unsafe.Sizeof(rfc5280.BasicConstraints{}))

	var v rfc5280.Extension_CertExtensions
	err := der.Unmarshal(ext, &v, &der.Options{MaxAlloc: size - 1})
	var e *der.Error
	if !errors.As(err, &e) || e.Kind != der.KindLimit || e.Rule != "Options.MaxAlloc" || e.Offset != 12 || e.Path() != "Extension.extnValue" {
		t.Errorf("MaxAlloc %d: %v; want the MaxAlloc limit error at offset 12 of Extension.extnValue", size-1, err)
	}
	if v.ExtnValue.BasicConstraints != nil {
		t.Errorf("MaxAlloc %d: BasicConstraints %+v allocated, want nil", size-1, *v.ExtnValue.BasicConstraints)
	}

	if err := der.Unmarshal(ext, &v, &der.Options{MaxAlloc: size}); err != nil {
		t.Fatalf("MaxAlloc %d: %v", size, err)
	}
	if bc := v.ExtnValue.BasicConstraints; v.ExtnValue.Kind != rfc5280.ExtBasicConstraints || bc == nil || !bc.CA {
		t.Errorf("MaxAlloc %d: extnValue %+v, want BasicConstraints with cA", size, v.ExtnValue)
	}
}
