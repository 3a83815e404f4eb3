package ieee1609dot2_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/generated/ieee1609dot2"
	"github.com/asn1gen/asn1gen/internal/permsg"
	"github.com/asn1gen/asn1gen/runtime/jer"
	"github.com/asn1gen/asn1gen/runtime/oer"
)

// atsFile holds the 105 certificates of ETSI's TTCN-3 test suite for ITS
// (TS.ITS), one block each, named after its file; atsXER holds the XER
// text each was made from (sources and licence in atsFile's header).
const (
	atsFile = "../../testdata/oer/etsi-ts-its.txt"
	atsXER  = "../../testdata/oer/etsi-ts-its-xer/"
)

// TestATSCertificates decodes each certificate of ETSI's test suite
// strictly (CANONICAL-OER) and re-encodes it to the same octets, directly
// and through JER (roundTrip).
func TestATSCertificates(t *testing.T) {
	vs := permsg.MustRead(t, atsFile)
	if len(vs) != 105 {
		t.Fatalf("%s: %d certificates, want 105", atsFile, len(vs))
	}
	for _, m := range vs {
		if m.Type != "EtsiTs103097Certificate" || m.Variant != "coer" {
			t.Fatalf("line %d: %s %s, want coer EtsiTs103097Certificate", m.Line, m.Variant, m.Type)
		}
		if o, err := roundTrip[ieee1609dot2.EtsiTs103097Certificate](m.Bytes); err != nil || o != permsg.Identical {
			t.Errorf("%s: %v, %v", m.Name, o, err)
		}
	}
}

// TestATSMutantRoundTrip checks roundTrip on 2,000 deterministic mutants
// of the test suite's certificates.
func TestATSMutantRoundTrip(t *testing.T) {
	permsg.TestMutants(t, permsg.MustRead(t, atsFile), permsg.MutantCount(t, 2000), func(_ *permsg.Message, b []byte) (permsg.Outcome, error) {
		return roundTrip[ieee1609dot2.EtsiTs103097Certificate](b)
	})
}

// TestATSValues compares the decode of each certificate, written in JER,
// with the XER text (X.693) the test suite made it from: the same
// components, alternatives, numbers, strings and octets, but where the
// generator fills in what the text leaves empty: the points of the keys
// and of rSig (any alternative of the curve point), sSig and the digest
// of the issuer, which TestATSChain checks.
func TestATSValues(t *testing.T) {
	for _, m := range permsg.MustRead(t, atsFile) {
		t.Run(m.Name, func(t *testing.T) {
			text, err := os.ReadFile(atsXER + m.Name + ".xer")
			if err != nil {
				t.Fatal(err)
			}
			x, err := parseXER(text)
			if err != nil {
				t.Fatal(err)
			}
			var c ieee1609dot2.EtsiTs103097Certificate
			if err := oer.Unmarshal(m.Bytes, &c, &oer.Options{Canonical: true}); err != nil {
				t.Fatal(err)
			}
			j, err := jer.Marshal(&c)
			if err != nil {
				t.Fatal(err)
			}
			d := json.NewDecoder(bytes.NewReader(j))
			d.UseNumber()
			var v any
			if err := d.Decode(&v); err != nil {
				t.Fatal(err)
			}
			if x.name != "EtsiTs103097Certificate" {
				t.Fatalf("the XER text is of %s", x.name)
			}
			if err := sameValue(x, v, x.name); err != nil {
				t.Errorf("%v\nJER of the decode: %s", err, j)
			}
		})
	}
}

// xerNode is an element of an XER text: its name, attributes, child
// elements and character data (comments left out).
type xerNode struct {
	name     string
	attrs    []xml.Attr
	children []*xerNode
	text     string
}

// parseXER returns the root element of an XER text.
func parseXER(b []byte) (*xerNode, error) {
	d := xml.NewDecoder(bytes.NewReader(b))
	var stack []*xerNode
	var root *xerNode
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			n := &xerNode{name: tok.Name.Local, attrs: tok.Attr}
			if len(stack) == 0 {
				root = n
			} else {
				top := stack[len(stack)-1]
				top.children = append(top.children, n)
			}
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].text += strings.TrimSpace(string(tok))
			}
		}
	}
	if root == nil {
		return nil, errors.New("no element")
	}
	return root, nil
}

// pointAlternatives are the alternatives of EccP256CurvePoint and
// EccP384CurvePoint.
var pointAlternatives = []string{"x-only", "fill", "compressed-y-0", "compressed-y-1", "uncompressedP256", "uncompressedP384"}

// blank reports whether x and its children hold no text.
func blank(x *xerNode) bool {
	for _, c := range x.children {
		if !blank(c) {
			return false
		}
	}
	return x.text == ""
}

// defaults are the DEFAULT values of the components that the XER texts
// give (PsidGroupPermissions' minChainLength and chainLengthRange).
var defaults = map[string]string{"minChainLength": "1", "chainLengthRange": "0"}

// bitsHex returns the XER text of a BIT STRING of a multiple of 8 bits
// ("11000000") in JER's hex for a fixed size ("C0"), or "" for another
// text.
func bitsHex(s string) string {
	if s == "" || len(s)%8 != 0 || strings.Trim(s, "01") != "" {
		return ""
	}
	var out strings.Builder
	for i := 0; i < len(s); i += 8 {
		n, _ := strconv.ParseUint(s[i:i+8], 2, 8)
		fmt.Fprintf(&out, "%02X", n)
	}
	return out.String()
}

// generated reports whether the empty element x at path stands for what
// the generator fills in: a point (an empty alternative of a curve point,
// matched by any alternative), sSig, or the issuer's digest.
func generated(x *xerNode, v any, path string) bool {
	if len(x.children) != 0 || x.text != "" {
		return false
	}
	switch x.name {
	case "sSig":
		_, ok := v.(string)
		return ok
	case "sha256AndDigest", "sha384AndDigest":
		_, ok := v.(string)
		return ok && strings.Contains(path, ".issuer.")
	}
	return false
}

// sameValue compares the XER element x with v, the JSON (JER) value of the
// same component at path.
func sameValue(x *xerNode, v any, path string) error {
	if len(x.children) == 1 && blank(x.children[0]) && slices.Contains(pointAlternatives, x.children[0].name) {
		if o, ok := v.(map[string]any); ok && len(o) == 1 {
			for k := range o {
				if slices.Contains(pointAlternatives, k) {
					return nil
				}
			}
		}
	}
	if generated(x, v, path) {
		return nil
	}
	switch v := v.(type) {
	case map[string]any: // SEQUENCE or CHOICE
		var names []string
		for _, c := range x.children {
			cv, ok := v[c.name]
			if !ok {
				if c.text == defaults[c.name] && len(c.children) == 0 {
					continue // a DEFAULT value, which CANONICAL-OER leaves out
				}
				return fmt.Errorf("%s: JER has no %s", path, c.name)
			}
			names = append(names, c.name)
			if err := sameValue(c, cv, path+"."+c.name); err != nil {
				return err
			}
		}
		if len(names) != len(v) {
			keys := slices.Sorted(maps.Keys(v))
			return fmt.Errorf("%s: XER has %v, JER %v", path, names, keys)
		}
		return nil
	case []any: // SEQUENCE OF
		if len(x.children) != len(v) {
			return fmt.Errorf("%s: %d items in XER, %d in JER", path, len(x.children), len(v))
		}
		for i, c := range x.children {
			item := v[i]
			if o, ok := item.(map[string]any); ok && len(o) == 1 && o[c.name] != nil {
				item = o[c.name] // an item of a list of CHOICE values: its alternative
			}
			if err := sameValue(c, item, fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
		return nil
	case string: // ENUMERATED, OCTET STRING (hex) or a character string
		if len(x.children) == 1 && x.children[0].text == "" && len(x.children[0].children) == 0 && x.children[0].name == v {
			return nil
		}
		if len(x.children) == 0 && (x.text == v || strings.EqualFold(strings.ReplaceAll(x.text, " ", ""), v) || bitsHex(x.text) == v) {
			return nil
		}
	case json.Number: // CERT_IUT_E_AT writes Belgium's countryOnly 056
		if len(x.children) == 0 && (x.text == v.String() || strings.TrimLeft(x.text, "0") == v.String()) {
			return nil
		}
	case bool:
		if len(x.children) == 1 && x.children[0].name == fmt.Sprint(v) {
			return nil
		}
	case nil: // NULL
		if len(x.children) == 0 && x.text == "" {
			return nil
		}
	}
	return fmt.Errorf("%s: XER <%s> (%d children, text %q), JER %v", path, x.name, len(x.children), x.text, v)
}

// TestATSChain verifies the signature of each of the test suite's
// certificates by its issuer, the certificate its XER text names (the
// issuer element's name attribute; self-signed where it has none), whose
// HashedId8 is the digest the certificate holds: 98 signatures by NIST
// P-256 keys (two of them the roots' own), 6 by brainpoolP256r1 keys and,
// on CERT_IUT_A_B33_AT, one by CERT_IUT_A_B3_AA's brainpoolP384r1 key,
// which names that CA by its SHA-384 HashedId8 (its whole-certificate
// hash, IEEE 1609.2 6.4.3) although the CA's own issuer field names
// SHA-256. The issuer's issuer, the wrong issuer, fails.
func TestATSChain(t *testing.T) {
	certs := map[string]*ieee1609dot2.EtsiTs103097Certificate{}
	vs := permsg.MustRead(t, atsFile)
	for _, m := range vs {
		var c ieee1609dot2.EtsiTs103097Certificate
		if err := oer.Unmarshal(m.Bytes, &c, &oer.Options{Canonical: true}); err != nil {
			t.Fatalf("%s: %v", m.Name, err)
		}
		certs[m.Name] = &c
	}
	type outcome struct {
		Self, Verified, WrongIssuerFails int
		Signatures                       map[string]int // verified, by kind
	}
	got := outcome{Signatures: map[string]int{}}
	for _, m := range vs {
		text, err := os.ReadFile(atsXER + m.Name + ".xer")
		if err != nil {
			t.Fatal(err)
		}
		x, err := parseXER(text)
		if err != nil {
			t.Fatal(err)
		}
		issuerName := ""
		for _, c := range x.children {
			for _, a := range c.attrs {
				if c.name == "issuer" && a.Name.Local == "name" {
					issuerName = a.Value
				}
			}
		}
		c := certs[m.Name]
		var issuer *ieee1609dot2.CertificateBase
		if issuerName == "" {
			got.Self++
		} else if issuer = certs[issuerName]; issuer == nil {
			t.Fatalf("%s: issuer %s not in %s", m.Name, issuerName, atsFile)
		}
		if err := c.VerifyIssuerSignature(issuer); err != nil {
			t.Errorf("%s, issued by %q: %v", m.Name, issuerName, err)
			continue
		}
		got.Verified++
		got.Signatures[c.Signature.Choice.String()]++
		if issuer != nil {
			digest, _, _, err := issuer.IssuerDigest()
			if err != nil {
				t.Fatal(err)
			}
			for name, up := range certs {
				if id, err := up.HashedID8(); err == nil && bytes.Equal(id, digest) && up != issuer {
					if err := c.VerifyIssuerSignature(up); err == nil {
						t.Errorf("%s verifies with %s, its issuer's issuer", m.Name, name)
					} else {
						got.WrongIssuerFails++
					}
				}
			}
		}
	}
	// Two roots (CERT_IUT_A_RCA, CERT_IUT_C_RCA) sign themselves; the
	// issuers of 85 of the other 103 are not roots (the roots issued 18).
	want := outcome{Self: 2, Verified: 105, WrongIssuerFails: 85, Signatures: map[string]int{
		"ecdsaNistP256Signature":        98,
		"ecdsaBrainpoolP256r1Signature": 6,
		"ecdsaBrainpoolP384r1Signature": 1,
	}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
