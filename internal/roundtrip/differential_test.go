package roundtrip_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/asn1gen/asn1gen/generated/rfc5280"
	"github.com/asn1gen/asn1gen/generated/rfc5652"
	"github.com/asn1gen/asn1gen/generated/rfc7292"
	"github.com/asn1gen/asn1gen/internal/corpustest"
	"github.com/asn1gen/asn1gen/internal/roundtrip"
)

// differentialTypes are the types the differential property is checked
// for: the roots of the corpus, and the types of the kept-raw cases.
var differentialTypes = []struct {
	name  string
	check func(b []byte) (roundtrip.Result, error)
}{
	{"Certificate", roundtrip.DifferentialResult[rfc5280.Certificate]},
	{"CertificateList", roundtrip.DifferentialResult[rfc5280.CertificateList]},
	{"ContentInfo", roundtrip.DifferentialResult[rfc5652.ContentInfo]},
	{"PFX", roundtrip.DifferentialResult[rfc7292.PFX]},
	{"Name", roundtrip.DifferentialResult[rfc5280.Name]},
	{"GeneralNames", roundtrip.DifferentialResult[rfc5280.GeneralNames]},
	{"OtherRecipientInfo", roundtrip.DifferentialResult[rfc5652.OtherRecipientInfo]},
	{"Attribute", roundtrip.DifferentialResult[rfc5652.Attribute_UnsignedAttributes]},
}

// TestDifferentialCorpus checks roundtrip.Differential on every blob of
// the corpus, decoded as each of the root types, and logs how many each
// decoder accepts.
func TestDifferentialCorpus(t *testing.T) {
	blobs := corpustest.Dedupe(append(corpustest.Blobs(t), corpustest.SystemCertBlobs(t)...))
	for _, typ := range differentialTypes[:4] {
		var der, ber, norm, failures int
		for _, b := range blobs {
			res, err := typ.check(b.Data)
			if err != nil {
				if failures++; failures <= 10 {
					t.Errorf("%s as %s: %v", b.Name, typ.name, err)
				}
			}
			der, ber, norm = der+count(res.DER), ber+count(res.BER), norm+count(res.Normalized)
		}
		t.Logf("%s: %d blobs, %d strict DER, %d BER, %d whose NormalizeBER output decodes strictly; %d disagreements",
			typ.name, len(blobs), der, ber, norm, failures)
	}
}

func count(b bool) int {
	if b {
		return 1
	}
	return 0
}

// mutations returns b with each octet of [from, to) in turn replaced by a
// few values (the neighbours of length and tag octets: lengths one too
// long or short, the short form turned long, the constructed bit
// flipped), and b cut after each octet.
func mutations(b []byte, from, to int) [][]byte {
	var out [][]byte
	for i := from; i < to; i++ {
		for _, v := range []byte{b[i] + 1, b[i] - 1, b[i] ^ 0x20, b[i] ^ 0x80, 0x00, 0xff, 0x80, 0x81} {
			if v != b[i] {
				m := bytes.Clone(b)
				m[i] = v
				out = append(out, m)
			}
		}
	}
	for i := range b {
		out = append(out, b[:i])
	}
	return out
}

// keptRawSeeds returns the inputs of TestKeptRaw (each kept-raw part
// with each element) with the type they decode as (an index of
// differentialTypes) and where the element is.
func keptRawSeeds(t testing.TB) (seeds []seed) {
	for _, part := range keptRawParts {
		for _, raw := range []string{"30 02 04 05", "30 04 01 02 01 01", "30 80 01 01 ff 00 00", "30 03 01 01 ff"} {
			el := hx(t, raw)
			in := part.wrap(t, el)
			at := bytes.Index(in, el)
			seeds = append(seeds, seed{in, part.typ, max(at-8, 0), min(at+len(el)+8, len(in))})
		}
	}
	return seeds
}

// seed is an input of TestDifferentialMutations: it decodes as
// differentialTypes[typ], and [from, to) is where to change it.
type seed struct {
	in       []byte
	typ      int
	from, to int
}

// TestDifferentialMutations checks roundtrip.Differential on every
// one-octet change around the element kept raw, and every truncation, of
// the kept-raw cases and of the examples: the changes that make a
// strict decode accept what BER rejects, or the reverse, are the ones the
// campaign of the issue found.
func TestDifferentialMutations(t *testing.T) {
	seeds := keptRawSeeds(t)
	for _, ex := range []string{"300b06032a0304a00430020405", "300d06032a0304a006300401020101"} {
		b := hx(t, ex)
		seeds = append(seeds, seed{b, 2, 0, len(b)})
	}
	n, failures := 0, 0
	for _, s := range seeds {
		typ := differentialTypes[s.typ]
		for _, m := range mutations(s.in, s.from, s.to) {
			n++
			if _, err := typ.check(m); err != nil {
				if failures++; failures <= 10 {
					t.Errorf("%s: %v", typ.name, err)
				}
			}
		}
	}
	t.Logf("%d decodes of mutations of %d inputs, %d disagreements", n, len(seeds), failures)
}

// FuzzKeptRaw checks roundtrip.Differential for every type of the
// kept-raw cases, seeded with them and the examples.
func FuzzKeptRaw(f *testing.F) {
	for _, s := range keptRawSeeds(f) {
		f.Add(s.in)
	}
	f.Add(hx(f, "300b06032a0304a00430020405"))
	f.Add(hx(f, "300d06032a0304a006300401020101"))
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, typ := range differentialTypes {
			if _, err := typ.check(b); err != nil {
				t.Fatal(fmt.Errorf("%s: %w", typ.name, err))
			}
		}
	})
}
