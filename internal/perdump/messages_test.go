package perdump

import (
	"encoding/hex"
	"os"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/asn1gen/asn1gen/generated/ngap"
	"github.com/asn1gen/asn1gen/generated/nrrrc"
	"github.com/asn1gen/asn1gen/generated/s1ap"
	"github.com/asn1gen/asn1gen/internal/permsg"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/per"
)

// protocol is a set of real messages with the module set and the
// generated package they are read with.
type protocol struct {
	file    string   // of testdata/per
	modules []string // files or directories of modules/
	// value returns a new value of the generated type of a message type.
	value func(typ string) per.Value
}

var protocols = []protocol{
	{"ngap.txt", []string{"ngap"}, func(string) per.Value { return new(ngap.NGAPPDU) }},
	{"s1ap.txt", []string{"s1ap"}, func(string) per.Value { return new(s1ap.S1APPDU) }},
	{"nr-rrc.txt", []string{"nrrrc/NR-RRC-Definitions.asn"}, nrrrcValue},
}

// nrrrcValue is a new value of the NR RRC message type typ.
func nrrrcValue(typ string) per.Value {
	switch typ {
	case "BCCH-BCH-Message":
		return new(nrrrc.BCCHBCHMessage)
	case "BCCH-DL-SCH-Message":
		return new(nrrrc.BCCHDLSCHMessage)
	case "DL-CCCH-Message":
		return new(nrrrc.DLCCCHMessage)
	case "DL-DCCH-Message":
		return new(nrrrc.DLDCCHMessage)
	case "PCCH-Message":
		return new(nrrrc.PCCHMessage)
	case "UL-CCCH-Message":
		return new(nrrrc.ULCCCHMessage)
	case "UL-CCCH1-Message":
		return new(nrrrc.ULCCCH1Message)
	case "UL-DCCH-Message":
		return new(nrrrc.ULDCCHMessage)
	case "CellGroupConfig":
		return new(nrrrc.CellGroupConfig)
	case "RadioBearerConfig":
		return new(nrrrc.RadioBearerConfig)
	case "MeasConfig":
		return new(nrrrc.MeasConfig)
	case "MIB":
		return new(nrrrc.MIB)
	case "SIB1":
		return new(nrrrc.SIB1)
	case "RRCReconfiguration":
		return new(nrrrc.RRCReconfiguration)
	case "UE-MRDC-Capability":
		return new(nrrrc.UEMRDCCapability)
	case "UE-NR-Capability":
		return new(nrrrc.UENRCapability)
	}
	return nil
}

var (
	setsMu sync.Mutex
	sets   = map[string]*model.Set{}
)

// moduleSet checks the modules of modules/ that paths name, once.
func moduleSet(t testing.TB, paths ...string) *model.Set {
	t.Helper()
	key := strings.Join(paths, ",")
	setsMu.Lock()
	defer setsMu.Unlock()
	if s := sets[key]; s != nil {
		return s
	}
	var full []string
	for _, p := range paths {
		full = append(full, "../../modules/"+p)
	}
	files, err := model.Files(full...)
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
	set := model.CheckWith(model.Options{}, srcs...)
	if set.Diags.Errors() > 0 {
		t.Fatalf("modules %s: %s", key, set.Diags.String())
	}
	sets[key] = set
	return set
}

// TestMessages walks every real message of testdata/per and checks it
// against the generated decoder of its protocol: both read it or both
// fail at the same bit, the walk reads the bits the decoder reads, and
// the INTEGER, ENUMERATED, character string, OCTET STRING and BIT STRING
// values it shows are those the decoder puts in the value (as multisets of the non-zero ones: the
// decoded value holds zero values in what is absent).
func TestMessages(t *testing.T) {
	total, bits, failing, leaves := 0, 0, 0, 0
	for _, p := range protocols {
		msgs := permsg.MustRead(t, "../../testdata/per/"+p.file)
		set := moduleSet(t, p.modules...)
		schemas := map[string]*Schema{}
		roots := map[string]*plan.Type{}
		for _, m := range msgs {
			s, root := schemas[m.Type], roots[m.Type]
			if s == nil {
				var err error
				if s, root, err = Load(set, m.Type, nil, nil); err != nil {
					t.Fatalf("%s: %v", m.Type, err)
				}
				schemas[m.Type], roots[m.Type] = s, root
			}
			v := p.value(m.Type)
			if v == nil {
				t.Errorf("%s:%d: no generated type for %s", p.file, m.Line, m.Type)
				continue
			}
			r := per.NewReader(m.Bytes, m.Aligned(), nil)
			decErr := v.DecodePER(&r)
			if decErr == nil {
				decErr = r.Finish()
			}
			res := s.Decode(m.Bytes, root, &Options{Aligned: m.Aligned()})
			where := p.file + ":" + strconv.Itoa(m.Line) + " " + m.Name
			if decErr != nil {
				checkSameError(t, where, decErr, res)
				failing++
				continue
			}
			if len(res.Issues) > 0 {
				t.Errorf("%s: the walk fails where the decoder does not: %+v", where, res.Issues)
				continue
			}
			if res.Bits != r.Offset() {
				t.Errorf("%s: the walk reads %d bits, the decoder %d", where, res.Bits, r.Offset())
			}
			want := leavesOf(reflect.ValueOf(v), "")
			got := nodeLeaves(res.Elements[0], nil)
			sort.Strings(want)
			sort.Strings(got)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s: leaf values (-decoder +walk):\n%s", where, diff)
			}
			total++
			bits += res.Bits
			leaves += len(got)
		}
	}
	t.Logf("%d messages, %d bits and %d values read as the generated decoders read them; %d invalid ones fail where they fail", total, bits, leaves, failing)
}

// checkSameError checks that the walk fails with the error of the
// decoder: at the same bit, with the same path (after the root's name).
func checkSameError(t *testing.T, where string, decErr error, res *Result) {
	t.Helper()
	e, ok := decErr.(*der.Error)
	if !ok {
		t.Errorf("%s: decoder error %v not a *der.Error", where, decErr)
		return
	}
	if len(res.Issues) == 0 {
		t.Errorf("%s: the decoder fails (%v), the walk does not", where, decErr)
		return
	}
	is := res.Issues[0]
	root := res.Type[strings.LastIndex(res.Type, ".")+1:]
	if is.Offset != e.Offset || is.Path != strings.TrimSuffix(root+"."+e.Path(), ".") {
		t.Errorf("%s: walk error at bit %d in %s, decoder's at bit %d in %s (%v)", where, is.Offset, is.Path, e.Offset, e.Path(), decErr)
	}
}

// nodeLeaves lists the INTEGER, ENUMERATED, character string, OCTET
// STRING and BIT STRING values of the tree, as "kind:value", but for zero
// numbers and empty strings.
func nodeLeaves(n *Node, out []string) []string {
	switch {
	case n.Raw:
	case (n.Kind == "INTEGER" || n.Kind == "ENUMERATED") && n.Value != "0" && n.Value != "":
		out = append(out, "n:"+n.Value)
	case n.quoted && n.Value != "":
		out = append(out, "s:"+n.Value)
	case n.Kind == "OCTET STRING" && n.Value != "":
		out = append(out, "o:"+n.Value)
	case n.Kind == "BIT STRING" && n.bits != "" && n.bits != "/0":
		out = append(out, "b:"+n.bits)
	}
	for _, c := range n.Children {
		out = append(out, nodeLeaves(c, nil)...)
	}
	return out
}

var (
	integerType   = reflect.TypeFor[der.Integer]()
	bitStringType = reflect.TypeFor[der.BitString]()
)

// leavesOf lists the values of v as nodeLeaves does, walking the
// generated Go value with reflection: int64 kinds (INTEGER and
// ENUMERATED, but for CHOICE and open type discriminants), der.Integer,
// strings, octets (OCTET STRING) and der.BitString kinds.
func leavesOf(v reflect.Value, name string) []string {
	var out []string
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			out = leavesOf(v.Elem(), name)
		}
	case reflect.Struct:
		if v.Type().ConvertibleTo(bitStringType) {
			b := v.Convert(bitStringType).Interface().(der.BitString)
			if b.BitLength > 0 {
				out = append(out, "b:"+hex.EncodeToString(b.Bytes)+"/"+strconv.Itoa(b.BitLength))
			}
			return out
		}
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if !f.IsExported() || f.Name == "Raw" || f.Name == "Unknown" || f.Name == "Choice" || f.Name == "Kind" {
				continue
			}
			out = append(out, leavesOf(v.Field(i), f.Name)...)
		}
	case reflect.Slice:
		if v.Type() == integerType {
			if v.Len() > 0 {
				if s := der.Integer(v.Bytes()).String(); s != "0" {
					out = append(out, "n:"+s)
				}
			}
			return out
		}
		if v.Type().Elem().Kind() == reflect.Uint8 {
			if v.Len() > 0 {
				out = append(out, "o:"+hex.EncodeToString(v.Bytes()))
			}
			return out
		}
		for i := range v.Len() {
			out = append(out, leavesOf(v.Index(i), name)...)
		}
	case reflect.Int64:
		if v.Int() != 0 {
			out = append(out, "n:"+strconv.FormatInt(v.Int(), 10))
		}
	case reflect.String:
		if v.String() != "" {
			out = append(out, "s:"+v.String())
		}
	}
	return out
}
