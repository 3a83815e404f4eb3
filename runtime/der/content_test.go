package der_test

import (
	"math/big"
	"testing"
	"time"

	"github.com/asn1gen/asn1gen/runtime/der"
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

// Content-level views of the typed reads and adds, for the tables of
// contents octets: each reads or writes one element of the type's
// universal tag and takes or returns its contents; strict is DER.

func parseBoolean(c []byte, strict bool) (bool, error) {
	return rtest.ReadContents(c, der.TagBoolean, strict, (*der.Reader).ReadBoolean)
}

func parseInt64(c []byte, strict bool) (int64, error) {
	return rtest.ReadContents(c, der.TagInteger, strict, (*der.Reader).ReadInt64)
}

func parseEnumerated(c []byte, strict bool) (int64, error) {
	return rtest.ReadContents(c, der.TagEnumerated, strict, (*der.Reader).ReadEnumerated)
}

func parseInteger(c []byte, strict bool) (der.Integer, error) {
	return rtest.ReadContents(c, der.TagInteger, strict, (*der.Reader).ReadInteger)
}

func parseNull(c []byte) error {
	_, err := rtest.ReadContents(c, der.TagNull, true, func(r *der.Reader, t der.Tag) (struct{}, error) {
		return struct{}{}, r.ReadNull(t)
	})
	return err
}

func parseOID(c []byte) (der.OID, error) {
	return rtest.ReadContents(c, der.TagOID, true, (*der.Reader).ReadOID)
}

func parseRelativeOID(c []byte) (der.RelativeOID, error) {
	return rtest.ReadContents(c, der.TagRelativeOID, true, (*der.Reader).ReadRelativeOID)
}

func parseBitString(c []byte, strict bool) (der.BitString, error) {
	return rtest.ReadContents(c, der.TagBitString, strict, (*der.Reader).ReadBitString)
}

// parseUTCTime and parseGeneralizedTime return the time.Time of the
// der.Time read, so that the rows compare with time.Time's arithmetic.
func parseUTCTime(c []byte, strict bool) (time.Time, error) {
	v, err := rtest.ReadContents(c, der.TagUTCTime, strict, (*der.Reader).ReadUTCTime)
	return v.Time(), err
}

func parseGeneralizedTime(c []byte, strict bool) (time.Time, error) {
	v, err := rtest.ReadContents(c, der.TagGeneralizedTime, strict, (*der.Reader).ReadGeneralizedTime)
	return v.Time(), err
}

// decodeString reads c as the contents of the character string type kind.
func decodeString(kind der.Tag, c []byte) (string, error) {
	return rtest.ReadContents(c, kind, true, func(r *der.Reader, t der.Tag) (string, error) { return r.ReadText(t, kind) })
}

// contents appends the contents of the element add writes for v.
func contents[T any](dst []byte, t der.Tag, v T, add func(*der.Builder, der.Tag, T)) ([]byte, error) {
	enc, err := rtest.Encode(t, v, add)
	if err != nil {
		return dst, err
	}
	return append(dst, rtest.Contents(enc)...), nil
}

func appendBoolean(dst []byte, v bool) []byte {
	dst, _ = contents(dst, der.TagBoolean, v, (*der.Builder).AddBoolean)
	return dst
}

func appendInt64(dst []byte, v int64) []byte {
	dst, _ = contents(dst, der.TagInteger, v, (*der.Builder).AddInt64)
	return dst
}

func appendInteger(dst []byte, v der.Integer) []byte {
	dst, _ = contents(dst, der.TagInteger, v, (*der.Builder).AddInteger)
	return dst
}

func appendBigInt(dst []byte, z *big.Int) []byte {
	return appendInteger(dst, der.IntegerFromBig(z))
}

func appendBitString(dst []byte, v der.BitString) ([]byte, error) {
	return contents(dst, der.TagBitString, v, (*der.Builder).AddBitString)
}

func appendUTCTime(dst []byte, v time.Time) ([]byte, error) {
	return contents(dst, der.TagUTCTime, der.TimeOf(v), (*der.Builder).AddUTCTime)
}

func appendGeneralizedTime(dst []byte, v time.Time) ([]byte, error) {
	return contents(dst, der.TagGeneralizedTime, der.TimeOf(v), (*der.Builder).AddGeneralizedTime)
}

// appendString appends the contents of the character string type kind
// holding s.
func appendString(dst []byte, kind der.Tag, s string) ([]byte, error) {
	return contents(dst, kind, s, func(b *der.Builder, t der.Tag, s string) { b.AddText(t, kind, s) })
}

// checkString checks c as the contents of the character string type kind.
func checkString(kind der.Tag, c []byte) error {
	_, err := decodeString(kind, c)
	return err
}
