package oerdump

import (
	"encoding/json"
	"errors"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/asn1gen/asn1gen/generated/ieee1609dot2"
	"github.com/asn1gen/asn1gen/internal/permsg"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/oer"
)

// value is a decodable and printable value of a generated type.
type value interface {
	oer.Value
	MarshalJSON() ([]byte, error)
}

// newValue returns a new value of the generated type of the 1609.2 type
// typ.
func newValue(typ string) value {
	switch typ {
	case "Ieee1609Dot2Data", "EtsiTs103097Data":
		return new(ieee1609dot2.Ieee1609Dot2Data)
	case "Certificate", "EtsiTs103097Certificate", "CertificateBase":
		return new(ieee1609dot2.CertificateBase)
	}
	return nil
}

var (
	once   sync.Once
	v2xSet *model.Set
)

// v2x checks the modules of modules/ieee1609dot2 with the options of its
// generated package, once.
func v2x(t testing.TB) *model.Set {
	t.Helper()
	once.Do(func() {
		files, err := model.Files("../../modules/ieee1609dot2")
		if err != nil {
			t.Fatal(err)
		}
		var srcs []model.Source
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			srcs = append(srcs, model.Source{Name: f, Src: b})
		}
		opts := model.Options{Accept: []string{"import-oid:Ieee1609Dot2", "import-oid:EtsiTs103097Module", "import-oid:EtsiTs103097ExtensionModule"}}
		v2xSet = model.CheckWith(opts, srcs...)
	})
	if n := v2xSet.Diags.Errors(); n > 0 {
		t.Fatalf("modules/ieee1609dot2: %d errors: %s", n, v2xSet.Diags.String())
	}
	return v2xSet
}

// walkAndDecode dumps b as typ and decodes it with the generated code, in
// the variant canonical says.
func walkAndDecode(t *testing.T, schemas map[string]*Schema, roots map[string]*plan.Type, typ string, b []byte, canonical bool) (*Result, value, error) {
	t.Helper()
	s, root := schemas[typ], roots[typ]
	if s == nil {
		var err error
		if s, root, err = Load(v2x(t), typ, nil); err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
		schemas[typ], roots[typ] = s, root
	}
	v := newValue(typ)
	if v == nil {
		t.Fatalf("no generated type for %s", typ)
	}
	r := oer.NewReader(b, &oer.Options{Canonical: canonical})
	err := r.Root(v.DecodeOER(&r), root.ASN1)
	return s.Decode(b, root, &Options{Canonical: canonical}), v, err
}

// TestVectors dumps every real certificate and SPDU of testdata/oer, and
// the invalid ones, in both variants, and checks the dump against the
// generated decoder: both read it or both fail at the same octet with
// the same path; the dump reads every octet; and the JER of the dump is
// the JSON the generated MarshalJSON writes of the value.
func TestVectors(t *testing.T) {
	schemas, roots := map[string]*Schema{}, map[string]*plan.Type{}
	good, bad := 0, 0
	for _, file := range []string{"ieee1609dot2.txt", "ieee1609dot2-invalid.txt"} {
		for _, m := range permsg.MustRead(t, "../../testdata/oer/"+file) {
			for _, canonical := range []bool{false, true} {
				where := file + ":" + strconv.Itoa(m.Line) + " " + m.Name + " canonical=" + strconv.FormatBool(canonical)
				res, v, decErr := walkAndDecode(t, schemas, roots, m.Type, m.Bytes, canonical)
				if decErr != nil {
					checkSameError(t, where, decErr, res)
					bad++
					continue
				}
				if len(res.Issues) > 0 {
					t.Errorf("%s: the dump fails where the decoder does not: %+v", where, res.Issues)
					continue
				}
				if res.Read != len(m.Bytes) {
					t.Errorf("%s: the dump reads %d octets of %d", where, res.Read, len(m.Bytes))
				}
				checkJER(t, where, res, v)
				good++
			}
		}
	}
	if good == 0 || bad == 0 {
		t.Errorf("%d valid and %d invalid decodes: the vectors are missing", good, bad)
	}
	t.Logf("%d decodes as the generated decoder's, with its JER; %d failing where it fails", good, bad)
}

// TestMutants checks the dump against the generated decoder on mutants
// of the real vectors (bits flipped, inserted, removed; octets cut): the
// same outcome, error offset and path.
func TestMutants(t *testing.T) {
	schemas, roots := map[string]*Schema{}, map[string]*plan.Type{}
	msgs := permsg.MustRead(t, "../../testdata/oer/ieee1609dot2.txt")
	n := permsg.MutantCount(t, 300)
	same, failing := 0, 0
	for _, m := range msgs {
		for i, b := range permsg.Mutants(m.Bytes, n) {
			canonical := i%2 == 0
			where := m.Name + " mutant " + strconv.Itoa(i)
			res, v, decErr := walkAndDecode(t, schemas, roots, m.Type, b, canonical)
			if decErr != nil {
				checkSameError(t, where, decErr, res)
				failing++
				continue
			}
			if len(res.Issues) > 0 {
				t.Errorf("%s: the dump fails where the decoder does not: %+v", where, res.Issues)
				continue
			}
			checkJER(t, where, res, v)
			same++
		}
	}
	t.Logf("%d mutants decode as the generated decoder decodes them, %d fail where it fails", same, failing)
}

// checkSameError checks that the dump fails with the error of the
// decoder: at the same octet, with the same path.
func checkSameError(t *testing.T, where string, decErr error, res *Result) {
	t.Helper()
	var e *der.Error
	if !errors.As(decErr, &e) {
		t.Errorf("%s: decoder error %v not a *der.Error", where, decErr)
		return
	}
	if len(res.Issues) == 0 {
		t.Errorf("%s: the decoder fails (%v), the dump does not", where, decErr)
		return
	}
	is := res.Issues[0]
	if e.Kind == der.KindLimit && strings.Contains(e.Msg, "allocate") {
		// The decoder's budget counts the bytes of its Go values, which
		// the dump has not: both fail, where may differ.
		return
	}
	if is.Offset != e.Offset || is.Path != e.Path() || is.Kind != e.Kind.String() {
		t.Errorf("%s: dump error %s at %d in %s (%s), decoder's %s at %d in %s (%v)", where, is.Kind, is.Offset, is.Path, is.Message, e.Kind, e.Offset, e.Path(), decErr)
	}
}

// checkJER checks that the JER of the dump is the JSON of the generated
// MarshalJSON, as JSON values.
func checkJER(t *testing.T, where string, res *Result, v value) {
	t.Helper()
	want, err := v.MarshalJSON()
	if err != nil {
		t.Errorf("%s: MarshalJSON: %v", where, err)
		return
	}
	got, err := JER(res)
	if err != nil {
		t.Errorf("%s: JER: %v", where, err)
		return
	}
	var w, g any
	if err := json.Unmarshal(want, &w); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(got, &g); err != nil {
		t.Errorf("%s: JER is not JSON: %v\n%s", where, err, got)
		return
	}
	if diff := cmp.Diff(w, g); diff != "" {
		t.Errorf("%s: JER (-MarshalJSON +dump):\n%s", where, diff)
	}
}
