package der_test

import (
	"encoding/hex"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// Helpers shared by the tests of the primitive codecs (prefixed "p" to stay
// clear of the other test files of the package).

// pHex decodes hex with spaces.
func pHex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		t.Fatalf("bad hex %q: %v", s, err)
	}
	return b
}

// pErr is the part of an *Error the tables check.
type pErr struct {
	Kind der.Kind
	Rule string
}

var (
	pNonDER = func(rule string) *pErr { return &pErr{der.KindNonCanonical, rule} }
	pBad    = func(rule string) *pErr { return &pErr{der.KindInvalidValue, rule} }
	pUnsup  = &pErr{Kind: der.KindUnsupported}
)

// pErrOf summarizes err; it fails t unless err is nil or an *Error that
// errors.Is recognizes as its Kind, with Offset -1 (content parsers) and a
// Type. Rules are compared only when the table gives one.
func pErrOf(t *testing.T, err error, want *pErr) *pErr {
	t.Helper()
	if err == nil {
		return nil
	}
	var e *der.Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v is %T, not *der.Error", err, err)
	}
	if e.Type == "" || e.Msg == "" {
		t.Errorf("error %q lacks a type or message", err)
	}
	for _, s := range []error{der.ErrInvalidValue, der.ErrNonCanonical, der.ErrUnsupported} {
		if errors.Is(err, s) != (s.Error() == "asn1: "+e.Kind.String()) {
			t.Errorf("errors.Is(%v, %v) is wrong", err, s)
		}
	}
	got := &pErr{e.Kind, e.Rule}
	if want != nil && want.Rule == "" {
		got.Rule = ""
	}
	return got
}

// pCase is one row of a content-parser table: contents in hex, the value
// and the error expected in DER and in BER (nil: accepted).
type pCase[T any] struct {
	name     string
	in       string
	want     T
	der, ber *pErr
}

// pRun checks parse on every row in both modes.
func pRun[T any](t *testing.T, rows []pCase[T], parse func([]byte, bool) (T, error), opts ...cmp.Option) {
	t.Helper()
	for _, c := range rows {
		for _, der := range []bool{true, false} {
			wantErr := c.ber
			if der {
				wantErr = c.der
			}
			got, err := parse(pHex(t, c.in), der)
			if diff := cmp.Diff(wantErr, pErrOf(t, err, wantErr)); diff != "" {
				t.Errorf("%s (der=%v): error %v, diff (-want +got):\n%s", c.name, der, err, diff)
				continue
			}
			if err == nil {
				if diff := cmp.Diff(c.want, got, opts...); diff != "" {
					t.Errorf("%s (der=%v): value (-want +got):\n%s", c.name, der, diff)
				}
			}
		}
	}
}

func pRand(t *testing.T) *rand.Rand {
	seed := uint64(rand.Int64())
	t.Logf("random seed %d", seed)
	return rand.New(rand.NewPCG(seed, 1))
}

func TestBoolean(t *testing.T) {
	pRun(t, []pCase[bool]{
		{"false", "00", false, nil, nil},
		{"true", "ff", true, nil, nil},
		{"true as 0x01 (X.690 8.2.2)", "01", true, pNonDER("X.690 11.1"), nil},
		{"true as 0x80", "80", true, pNonDER("X.690 11.1"), nil},
		{"empty", "", false, pBad("X.690 8.2.1"), pBad("X.690 8.2.1")},
		{"two octets", "ff ff", false, pBad("X.690 8.2.1"), pBad("X.690 8.2.1")},
	}, der.ParseBoolean)
	if got := der.AppendBoolean(der.AppendBoolean(nil, true), false); string(got) != "\xff\x00" {
		t.Errorf("AppendBoolean: % x", got)
	}
}

func TestNull(t *testing.T) {
	pRun(t, []pCase[struct{}]{
		{"empty (X.690 8.8.2)", "", struct{}{}, nil, nil},
		{"one octet", "00", struct{}{}, pBad("X.690 8.8.2"), pBad("X.690 8.8.2")},
	}, func(b []byte, _ bool) (struct{}, error) { return struct{}{}, der.ParseNull(b) })
}
