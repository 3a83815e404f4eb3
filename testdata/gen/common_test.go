package gentest

// Helpers of the round-trip tests, copied into every generated package of
// testdata/gen by TestGoldenBuild (codegen/gen/golden_test.go), with the
// package clause replaced.

import (
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// codec is the API every named generated type has.
type codec interface {
	UnmarshalDER(b []byte) error
	MarshalDER() ([]byte, error)
	der.Value
}

type ptrCodec[T any] interface {
	*T
	codec
}

// cmpOpts compare decoded values with built ones: nil and empty slices are
// equal, NaN equals NaN, and the received encodings (Raw, xxxRaw), which only decoding
// sets, are left out.
var cmpOpts = []cmp.Option{
	cmpopts.EquateEmpty(),
	cmpopts.EquateNaNs(),
	cmp.FilterPath(func(p cmp.Path) bool {
		sf, ok := p.Last().(cmp.StructField)
		return ok && strings.HasSuffix(sf.Name(), "Raw")
	}, cmp.Ignore()),
}

// unhex decodes hex written with spaces.
func unhex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.Join(strings.Fields(s), ""))
	if err != nil {
		t.Fatalf("bad hex %q: %v", s, err)
	}
	return b
}

// roundTrip encodes v, checks the encoding against wantHex (unless
// empty), decodes it strictly and with BER and compares with v, and
// checks that re-encoding the decoded value reproduces the bytes and
// that der.Append appends them. It returns the decoded value.
func roundTrip[T any, P ptrCodec[T]](t *testing.T, v T, wantHex string) T {
	t.Helper()
	enc, err := P(&v).MarshalDER()
	if err != nil {
		t.Fatalf("MarshalDER(%+v): %v", v, err)
	}
	mutate[T, P](t, enc)
	if wantHex != "" {
		if want := unhex(t, wantHex); string(want) != string(enc) {
			t.Errorf("MarshalDER(%+v) = %x, want %x", v, enc, want)
		}
	}
	var got T
	if err := P(&got).UnmarshalDER(enc); err != nil {
		t.Fatalf("UnmarshalDER(%x): %v", enc, err)
	}
	if diff := cmp.Diff(v, got, cmpOpts...); diff != "" {
		t.Errorf("UnmarshalDER(MarshalDER(v)) != v (-v +got):\n%s", diff)
	}
	var ber T
	if err := der.Unmarshal(enc, P(&ber), &der.Options{BER: true}); err != nil {
		t.Fatalf("BER decode of %x: %v", enc, err)
	}
	if diff := cmp.Diff(v, ber, cmpOpts...); diff != "" {
		t.Errorf("BER decode of MarshalDER(v) != v (-v +got):\n%s", diff)
	}
	again, err := P(&got).MarshalDER()
	if err != nil {
		t.Fatalf("MarshalDER(decoded): %v", err)
	}
	if string(again) != string(enc) {
		t.Errorf("re-encoding the decoded value: %x, want %x", again, enc)
	}
	prefix := []byte{0xde, 0xad}
	app, err := der.Append(prefix, P(&v), nil)
	if err != nil || string(app) != string(prefix)+string(enc) {
		t.Errorf("der.Append(dead) = %x, %v; want dead%x", app, err, enc)
	}
	return got
}

// mutate decodes every truncation of in and in with each octet changed
// (0x00, 0xff, high bit flipped, incremented), strictly and with BER:
// decoding must not panic, and an input that strict decoding accepts must
// encode back to itself (DER has one encoding per value).
func mutate[T any, P ptrCodec[T]](t *testing.T, in []byte) {
	t.Helper()
	try := func(m []byte) {
		var v T
		if err := P(&v).UnmarshalDER(m); err == nil {
			if out, err := P(&v).MarshalDER(); err != nil || string(out) != string(m) {
				t.Errorf("UnmarshalDER(%x) accepts it, MarshalDER gives %x, %v", m, out, err)
			}
		}
		var b T
		_ = der.Unmarshal(m, P(&b), &der.Options{BER: true})
	}
	for i := 0; i < len(in); i++ {
		try(in[:i:i])
		for _, c := range []byte{0, 0xff, in[i] ^ 0x80, in[i] + 1} {
			m := append([]byte(nil), in...)
			m[i] = c
			try(m)
		}
	}
}

// derStable decodes DER strictly, checks that encoding the value gives
// the input back, and returns the value. It also decodes mutations of the
// input (see mutate).
func derStable[T any, P ptrCodec[T]](t *testing.T, h string) T {
	t.Helper()
	in := unhex(t, h)
	mutate[T, P](t, in)
	var v T
	if err := P(&v).UnmarshalDER(in); err != nil {
		t.Fatalf("UnmarshalDER(%x): %v", in, err)
	}
	out, err := P(&v).MarshalDER()
	if err != nil {
		t.Fatalf("MarshalDER(UnmarshalDER(%x)): %v", in, err)
	}
	if string(out) != string(in) {
		t.Errorf("MarshalDER(UnmarshalDER(%x)) = %x", in, out)
	}
	return v
}

// rejectDER checks that strict decoding of h fails with an error of kind
// (a runtime sentinel) whose text holds each of the substrings in (the
// field path, "at offset N"), and returns the error.
func rejectDER[T any, P ptrCodec[T]](t *testing.T, h string, kind error, in ...string) error {
	t.Helper()
	var v T
	err := P(&v).UnmarshalDER(unhex(t, h))
	if err == nil {
		t.Fatalf("UnmarshalDER(%s) succeeded: %+v", h, v)
	}
	if !errors.Is(err, kind) {
		t.Errorf("UnmarshalDER(%s) = %v, want an error of kind %v", h, err, kind)
	}
	var re *der.Error
	if !errors.As(err, &re) {
		t.Errorf("UnmarshalDER(%s) = %T, want *der.Error", h, err)
	}
	for _, s := range in {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("UnmarshalDER(%s) = %q, want it to mention %q", h, err, s)
		}
	}
	return err
}

// acceptBER decodes h as BER and returns the value. The value
// must encode to DER that strict decoding accepts and that encodes the
// same again: MarshalDER normalizes what BER allowed.
func acceptBER[T any, P ptrCodec[T]](t *testing.T, h string) T {
	t.Helper()
	var v T
	if err := der.Unmarshal(unhex(t, h), P(&v), &der.Options{BER: true}); err != nil {
		t.Fatalf("BER decode of %s: %v", h, err)
	}
	enc, err := P(&v).MarshalDER()
	if err != nil {
		t.Errorf("MarshalDER(BER decode of %s): %v", h, err)
		return v
	}
	var w T
	if err := P(&w).UnmarshalDER(enc); err != nil {
		t.Errorf("MarshalDER(BER decode of %s) = %x, which UnmarshalDER rejects: %v", h, enc, err)
		return v
	}
	if again, err := P(&w).MarshalDER(); err != nil || string(again) != string(enc) {
		t.Errorf("DER of the BER decode of %s = %x, re-encoded %x, %v", h, enc, again, err)
	}
	return v
}

// marshalFails checks that encoding v fails with an error of kind.
func marshalFails[T any, P ptrCodec[T]](t *testing.T, v T, kind error) {
	t.Helper()
	b, err := P(&v).MarshalDER()
	if err == nil {
		t.Fatalf("MarshalDER(%+v) = %x, want an error", v, b)
	}
	if !errors.Is(err, kind) {
		t.Errorf("MarshalDER(%+v) = %v, want an error of kind %v", v, err, kind)
	}
}

// noAllocs checks that decoding h allocates nothing.
func noAllocs[T any, P ptrCodec[T]](t *testing.T, h string) {
	t.Helper()
	in := unhex(t, h)
	var v T
	n := testing.AllocsPerRun(100, func() {
		if err := P(&v).UnmarshalDER(in); err != nil {
			t.Fatal(err)
		}
	})
	if n != 0 {
		t.Errorf("UnmarshalDER(%x) allocates %v times, want 0", in, n)
	}
}

var _ = cmp.Diff
