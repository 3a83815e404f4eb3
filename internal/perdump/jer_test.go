package perdump

import (
	"encoding/json"
	"io"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/asn1gen/asn1gen/generated/etsiits"
	"github.com/asn1gen/asn1gen/internal/permsg"
	"github.com/asn1gen/asn1gen/runtime/per"
)

// jerValue is a generated type with PER and JER codecs.
type jerValue interface {
	per.Value
	MarshalJSON() ([]byte, error)
}

// TestJER dumps the real CAMs and DENM of testdata/per and mutants of
// them, and checks the JER of each dump that reads against the generated
// MarshalJSON of generated/etsiits's decode (which reads the same ones:
// TestMessages' property, checked here again).
func TestJER(t *testing.T) {
	set := moduleSet(t, "etsi-its")
	msgs := permsg.MustRead(t, "../../testdata/per/etsi-its.txt")
	schemas, roots := map[string]*Schema{}, map[string]*plan.Type{}
	checked := 0
	for _, m := range msgs {
		s, root := schemas[m.Type], roots[m.Type]
		if s == nil {
			var err error
			if s, root, err = Load(set, m.Type, nil, nil); err != nil {
				t.Fatal(err)
			}
			schemas[m.Type], roots[m.Type] = s, root
		}
		inputs := append([][]byte{m.Bytes}, permsg.Mutants(m.Bytes, permsg.MutantCount(t, 200))...)
		for i, b := range inputs {
			where := m.Name + " input " + strconv.Itoa(i)
			var v jerValue = new(etsiits.CAM)
			if m.Type == "DENM" {
				v = new(etsiits.DENM)
			}
			r := per.NewReader(b, false, nil)
			decErr := v.DecodePER(&r)
			if decErr == nil {
				decErr = r.Finish()
			}
			res := s.Decode(b, root, nil)
			got, jerErr := JER(res)
			if decErr != nil {
				if jerErr == nil {
					t.Errorf("%s: the decoder fails (%v), the dump has a JER", where, decErr)
				}
				continue
			}
			want, err := v.MarshalJSON()
			if err != nil {
				t.Errorf("%s: MarshalJSON: %v", where, err)
				continue
			}
			if jerErr != nil {
				t.Errorf("%s: JER: %v", where, jerErr)
				continue
			}
			var w, g any
			if err := json.Unmarshal(want, &w); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(got, &g); err != nil {
				t.Fatalf("%s: JER is not JSON: %v\n%s", where, err, got)
			}
			if diff := cmp.Diff(w, g); diff != "" {
				t.Errorf("%s: JER (-MarshalJSON +dump):\n%s", where, diff)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no message checked")
	}
	t.Logf("%d CAMs and DENMs (real ones and mutants that decode): the dump's JER is MarshalJSON's", checked)
}

// BenchmarkJER measures what the JER adds to a dump as the playground
// writes it (Decode, then WriteJSON on one line), on the largest real NR
// RRC message of testdata/per: "tree" without the JER, "tree+jer" with
// AddJER; compare the two in one run.
func BenchmarkJER(b *testing.B) {
	msgs := permsg.MustRead(b, "../../testdata/per/nr-rrc.txt")
	var m *permsg.Message
	for i := range msgs {
		if m == nil || len(msgs[i].Bytes) > len(m.Bytes) {
			m = &msgs[i]
		}
	}
	s, root, err := Load(moduleSet(b, "nrrrc/NR-RRC-Definitions.asn"), m.Type, nil, nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, withJER := range []bool{false, true} {
		name := "tree"
		if withJER {
			name = "tree+jer"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(m.Bytes)))
			for b.Loop() {
				res := s.Decode(m.Bytes, root, &Options{Aligned: m.Aligned()})
				if withJER {
					res.AddJER()
					if res.JERError != "" {
						b.Fatal(res.JERError)
					}
				}
				if err := WriteJSON(io.Discard, []*Result{res}, ""); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
