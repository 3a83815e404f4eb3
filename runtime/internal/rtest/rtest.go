// Package rtest holds the table helpers that the tests of the runtime
// packages (der, float, isotime) share: one row per encoding of a value,
// read strictly and in BER through the typed reads that generated code
// calls.
package rtest

import (
	"encoding/hex"
	"encoding/pem"
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// Hex decodes hex with spaces.
func Hex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		t.Fatalf("bad hex %q: %v", s, err)
	}
	return b
}

// Err is the part of an *der.Error the tables check.
type Err struct {
	Kind der.Kind
	Rule string
}

var (
	// NonDER is a KindNonCanonical error citing rule.
	NonDER = func(rule string) *Err { return &Err{der.KindNonCanonical, rule} }
	// Bad is a KindInvalidValue error citing rule.
	Bad = func(rule string) *Err { return &Err{der.KindInvalidValue, rule} }
	// Unsup is a KindUnsupported error, whatever its rule.
	Unsup = &Err{Kind: der.KindUnsupported}
)

// ErrOf summarizes err; it fails t unless err is nil or a *der.Error that
// errors.Is recognizes as its Kind, with a Type and a message. Rules are
// compared only when want gives one.
func ErrOf(t *testing.T, err error, want *Err) *Err {
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
	got := &Err{e.Kind, e.Rule}
	if want != nil && want.Rule == "" {
		got.Rule = ""
	}
	return got
}

// Case is one row of a table: contents in hex, the value and the error
// expected in DER and in BER (nil: accepted). Tests define their rows as a
// local type over it (type pCase[T any] rtest.Case[T]), so that the
// tables can leave the field names out (go vet's composites check).
type Case[T any] struct {
	Name     string
	In       string
	Want     T
	DER, BER *Err
}

// Run checks parse on every row in both modes (strict: DER).
func Run[T any, C ~struct {
	Name     string
	In       string
	Want     T
	DER, BER *Err
}](t *testing.T, rows []C, parse func(contents []byte, strict bool) (T, error), opts ...cmp.Option) {
	t.Helper()
	for _, row := range rows {
		c := Case[T](row)
		for _, strict := range []bool{true, false} {
			wantErr := c.BER
			if strict {
				wantErr = c.DER
			}
			got, err := parse(Hex(t, c.In), strict)
			if diff := cmp.Diff(wantErr, ErrOf(t, err, wantErr)); diff != "" {
				t.Errorf("%s (DER %v): error %v, diff (-want +got):\n%s", c.Name, strict, err, diff)
				continue
			}
			if err == nil {
				if diff := cmp.Diff(c.Want, got, opts...); diff != "" {
					t.Errorf("%s (DER %v): value (-want +got):\n%s", c.Name, strict, diff)
				}
			}
		}
	}
}

// Via turns a typed read into a parser of contents for Run: it reads the
// element with tag t and the contents, strictly or in BER, and checks
// that the read took the whole element.
func Via[T any](t der.Tag, read func(*der.Reader, der.Tag) (T, error)) func([]byte, bool) (T, error) {
	return func(contents []byte, strict bool) (T, error) {
		return ReadContents(contents, t, strict, read)
	}
}

// ReadContents reads contents as the element with tag t, strictly or in
// BER, with read.
func ReadContents[T any](contents []byte, t der.Tag, strict bool, read func(*der.Reader, der.Tag) (T, error)) (T, error) {
	in := append(der.AppendHeader(nil, t, false, len(contents)), contents...)
	r := der.NewReader(in, &der.Options{BER: !strict})
	v, err := read(&r, t)
	if err == nil && !r.Empty() {
		panic("read left octets")
	}
	return v, err
}

// Encode returns the encoding add writes for v with tag t.
func Encode[T any](t der.Tag, v T, add func(*der.Builder, der.Tag, T)) ([]byte, error) {
	b := der.NewBuilder(nil)
	add(b, t, v)
	return b.Bytes()
}

// Contents returns the contents octets of the one element of enc, an
// encoding Encode returned.
func Contents(enc []byte) []byte {
	h, err := der.ParseHeader(enc, 0, false)
	if err != nil || h.HeaderLen+h.Length != len(enc) {
		panic("not one DER element")
	}
	return enc[h.HeaderLen:]
}

// Rand returns a random source whose seed the test logs.
func Rand(t *testing.T) *rand.Rand {
	seed := uint64(rand.Int64())
	t.Logf("random seed %d", seed)
	return rand.New(rand.NewPCG(seed, 1))
}

// AddSeeds adds Seeds to the seed corpus of a fuzz target of the tree
// readers. The shared corpus is not among them: thousands of seeds kept
// the fuzzer busy with them, not with mutations; the tests that check a
// target's property on every encoding of the corpus read CorpusInputs.
func AddSeeds(f *testing.F) {
	for _, b := range Seeds(f) {
		f.Add(b)
	}
}

// Seeds are inputs of each form a tree reader meets: inline encodings
// (definite and indefinite lengths, constructed strings, a high tag
// number, a SET, a long length form, primitives side by side), and a
// certificate, a CRL, a CMS message in BER and a PKCS #12 file from the
// testdata of the generated packages.
func Seeds(t testing.TB) [][]byte {
	t.Helper()
	var seeds [][]byte
	for _, s := range []string{
		"30 0a 16 05 53 6d 69 74 68 01 01 ff",
		"30 80 06 01 01 a0 80 24 80 04 01 aa 04 01 bb 00 00 00 00 00 00",
		"23 80 03 03 00 0a 3b 03 05 04 5f 29 1c d0 00 00",
		"bf 81 49 81 03 9f 1f 00",
		"31 06 02 01 02 02 01 01",
		"04 82 00 05 01 02 03 04 05",
		"01 01 01 03 02 07 ff",
	} {
		seeds = append(seeds, Hex(t, s))
	}
	root := moduleRoot(t)
	for _, name := range []string{"rfc5280/testdata/alt1-cert.pem", "rfc5280/testdata/CarlRSACRLForAll.crl",
		"rfc5652/testdata/nss.p7c", "rfc7292/testdata/no_encryption.p12"} {
		data, err := os.ReadFile(filepath.Join(root, "generated", name))
		if err != nil {
			t.Fatal(err)
		}
		if p, _ := pem.Decode(data); p != nil {
			data = p.Bytes
		}
		seeds = append(seeds, data)
	}
	return seeds
}

// moduleRoot returns the directory of go.mod, above the test's.
func moduleRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
}

// maxCorpusInput caps the size of an input from the corpus: the seeds of
// the fuzz targets had that cap, and the tests that took them over keep it.
const maxCorpusInput = 64 << 10

// Input is one encoding of the shared corpus.
type Input struct {
	Name string // path under der/, "#n" after it for the n-th block of a PEM file
	Data []byte
}

// CorpusInputs returns every file under $ASN1GEN_CORPUS/der (each block
// of a PEM file decoded) of at most maxCorpusInput octets, what the fuzz
// targets of the tree readers had as seeds before; it skips the test
// when ASN1GEN_CORPUS is not set.
func CorpusInputs(t testing.TB) []Input {
	t.Helper()
	root := os.Getenv("ASN1GEN_CORPUS")
	if root == "" {
		t.Skip("ASN1GEN_CORPUS is not set (e.g. /work/shared/corpus)")
	}
	dir := filepath.Join(root, "der")
	var inputs []Input
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		name, _ := filepath.Rel(dir, path)
		blocks := 0
		for rest := data; ; {
			var p *pem.Block
			if p, rest = pem.Decode(rest); p == nil {
				break
			}
			if blocks++; len(p.Bytes) <= maxCorpusInput {
				inputs = append(inputs, Input{name + "#" + strconv.Itoa(blocks), p.Bytes})
			}
		}
		if blocks == 0 && len(data) <= maxCorpusInput {
			inputs = append(inputs, Input{name, data})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return inputs
}

// CheckErr fails t unless err is nil or a *der.Error with a Kind, a Type
// and an offset (which a typed read always sets).
func CheckErr(t *testing.T, err error) {
	t.Helper()
	var e *der.Error
	if err != nil && (!errors.As(err, &e) || e.Offset < 0 || e.Type == "" || e.Kind == 0) {
		t.Fatalf("bad error %#v", err)
	}
}
