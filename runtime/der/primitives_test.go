package der_test

import (
	"testing"

	"github.com/asn1gen/asn1gen/runtime/internal/rtest"
)

// pCase is a row of rtest.Run.
type pCase[T any] rtest.Case[T]

func TestBoolean(t *testing.T) {
	rtest.Run(t, []pCase[bool]{
		{"false", "00", false, nil, nil},
		{"true", "ff", true, nil, nil},
		{"true as 0x01 (X.690 8.2.2)", "01", true, rtest.NonDER("X.690 11.1"), nil},
		{"true as 0x80", "80", true, rtest.NonDER("X.690 11.1"), nil},
		{"empty", "", false, rtest.Bad("X.690 8.2.1"), rtest.Bad("X.690 8.2.1")},
		{"two octets", "ff ff", false, rtest.Bad("X.690 8.2.1"), rtest.Bad("X.690 8.2.1")},
	}, parseBoolean)
	if got := appendBoolean(appendBoolean(nil, true), false); string(got) != "\xff\x00" {
		t.Errorf("AppendBoolean: % x", got)
	}
}

func TestNull(t *testing.T) {
	rtest.Run(t, []pCase[struct{}]{
		{"empty (X.690 8.8.2)", "", struct{}{}, nil, nil},
		{"one octet", "00", struct{}{}, rtest.Bad("X.690 8.8.2"), rtest.Bad("X.690 8.8.2")},
	}, func(b []byte, _ bool) (struct{}, error) { return struct{}{}, parseNull(b) })
}
