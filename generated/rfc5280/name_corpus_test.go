package rfc5280_test

import (
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/asn1"
	"encoding/hex"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/generated/rfc5280"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// The reasons why Name.String and crypto/x509's pkix.Name.String disagree,
// each a deviation of crypto/x509 from RFC 4514 (or from the encoding) that
// TestCorpusNameString recognizes in the two outputs.
const (
	reasonReencoded = "crypto/x509 prints the hex of its own re-encoding of the value " +
		"(encoding/asn1 picks PrintableString or UTF8String), not the encoding received (RFC 4514 2.4)"
	reasonDCUID = "RFC 4514 section 3 names DC and UID; crypto/x509 prints their dotted OID and hex"
	reasonOrder = "pkix.Name.String prints its own order (other types, then SERIALNUMBER, CN, OU, O, " +
		"POSTALCODE, STREET, L, ST, C) and groups one type's values into one RDN, not the encoding's RDNs"
	reasonDropped = "pkix.Name keeps one CommonName and one SerialNumber: the other values are not printed"
)

// TestCorpusNameString compares Name.String with crypto/x509's
// pkix.Name.String on the subject and issuer of every certificate of the
// corpus and /etc/ssl/certs that both decode. Where they disagree, each
// difference must be one of the reasons above, recognized from the two
// outputs: first attribute by attribute against pkix.RDNSequence.String,
// crypto/x509's formatter for a name in encoding order (the same AVAs, the
// same RDNs), then the RDNSequence's string against pkix.Name.String. Any
// other difference fails the test.
func TestCorpusNameString(t *testing.T) {
	var certs, names, agree, inOrder int
	reasons := map[string]int{}
	for _, b := range dedupe(append(corpusBlobs(t), systemCertBlobs(t)...)) {
		xc, err := x509.ParseCertificate(b.Data)
		if err != nil {
			continue
		}
		var c rfc5280.Certificate
		if err := der.Unmarshal(b.Data, &c, rfc5280.X509Options()); err != nil {
			continue
		}
		certs++
		for _, n := range []struct {
			what string
			name rfc5280.Name
			x    pkix.Name
			raw  []byte
		}{
			{"subject", c.ToBeSigned.Subject, xc.Subject, xc.RawSubject},
			{"issuer", c.ToBeSigned.Issuer, xc.Issuer, xc.RawIssuer},
		} {
			names++
			got, want := n.name.String(), n.x.String()
			var rdns pkix.RDNSequence
			if _, err := asn1.Unmarshal(n.raw, &rdns); err == nil && rdns.String() == got {
				inOrder++
			}
			if got == want {
				agree++
				continue
			}
			why, err := explainName(n.name, n.x, n.raw)
			if err != "" {
				t.Errorf("%s: %s:\n Name.String      %q\n pkix.Name.String %q\n %s", b.Name, n.what, got, want, err)
				continue
			}
			for _, r := range why {
				reasons[r]++
			}
			t.Logf("%s: %s: %q; crypto/x509 %q: %s", b.Name, n.what, got, want, strings.Join(why, "; "))
		}
	}
	if certs == 0 {
		t.Fatal("no certificate")
	}
	t.Logf("%d certificates both decode: %d of %d names (subject and issuer) agree with pkix.Name.String, %d with pkix.RDNSequence.String (encoding order)", certs, agree, names, inOrder)
	for _, r := range slices.Sorted(maps.Keys(reasons)) {
		t.Logf("%d names: %s", reasons[r], r)
	}
}

// explainName returns the reasons why n.String() and x.String() differ,
// or what it cannot explain.
func explainName(n rfc5280.Name, x pkix.Name, raw []byte) (why []string, unexplained string) {
	var rdns pkix.RDNSequence
	if rest, err := asn1.Unmarshal(raw, &rdns); err != nil || len(rest) > 0 || len(rdns) != len(n.RdnSequence) {
		return nil, "encoding/asn1 reads another RDNSequence"
	}
	seen := map[string]bool{}
	add := func(r string) {
		if !seen[r] {
			seen[r] = true
			why = append(why, r)
		}
	}
	// Attribute by attribute, in encoding order: our string with each
	// explained AVA replaced by crypto/x509's must be the RDNSequence's.
	var patched []string
	for i := len(rdns) - 1; i >= 0; i-- {
		if len(rdns[i]) != len(n.RdnSequence[i]) {
			return nil, "encoding/asn1 reads other RDNs"
		}
		var avas []string
		for j, atv := range rdns[i] {
			ours := n.RdnSequence[i][j]
			theirs := pkix.RDNSequence{{atv}}.String()
			if s := ours.String(); s != theirs {
				r := explainAVA(ours, theirs)
				if r == "" {
					return nil, "attribute " + s + " against " + theirs
				}
				add(r)
			}
			avas = append(avas, theirs)
		}
		patched = append(patched, strings.Join(avas, "+"))
	}
	inOrder := rdns.String()
	if strings.Join(patched, ",") != inOrder {
		return nil, "the attributes agree, the names do not: " + inOrder
	}
	// The whole name: pkix.Name.String must print the same attributes
	// (less the CommonNames and SerialNumbers it drops), perhaps in
	// another order or grouping.
	if got := x.String(); got != inOrder {
		have, printed := splitAVAs(inOrder), splitAVAs(got)
		left := count(printed)
		var kept []ava // have, less what pkix.Name.String does not print
		for _, a := range have {
			if left[a.text] == 0 {
				if !strings.HasPrefix(a.text, "CN=") && !strings.HasPrefix(a.text, "SERIALNUMBER=") {
					return nil, "pkix.Name.String leaves out " + a.text
				}
				add(reasonDropped)
				continue
			}
			left[a.text]--
			kept = append(kept, a)
		}
		if len(kept) != len(printed) {
			return nil, "pkix.Name.String prints attributes that are not in the RDNSequence"
		}
		if len(kept) > 0 {
			kept[0].plus = false
		}
		if !slices.Equal(kept, printed) {
			add(reasonOrder)
		}
	}
	return why, ""
}

// explainAVA returns the reason why our string of one attribute differs
// from crypto/x509's, "" if none applies.
func explainAVA(ours rfc5280.SingleAttribute_SupportedAttributes, theirs string) string {
	typ, hexValue, ok := strings.Cut(theirs, "=#")
	if !ok || typ != ours.Type.String() {
		return ""
	}
	// crypto/x509 wrote the hex of encoding/asn1's encoding of the string
	// it decoded: the same text in (perhaps) another string type.
	enc, err := hex.DecodeString(hexValue)
	if err != nil {
		return ""
	}
	r := der.NewReader(enc, nil)
	tag, _ := r.PeekTag()
	text, err := r.ReadText(tag, tag)
	if err != nil || !r.Empty() {
		return ""
	}
	if s, ok := ours.Text(); !ok || s != text {
		return ""
	}
	if name, _, _ := strings.Cut(ours.String(), "="); name == "DC" || name == "UID" {
		return reasonDCUID
	}
	if !strings.HasPrefix(ours.String(), typ+"=#") {
		return ""
	}
	return reasonReencoded
}

// ava is one attribute of an RFC 4514 string, and whether "+" (not ",")
// comes before it.
type ava struct {
	text string
	plus bool
}

// splitAVAs splits an RFC 4514 string at its unescaped "," and "+".
func splitAVAs(s string) []ava {
	var out []ava
	start, plus := 0, false
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case ',', '+':
			out = append(out, ava{s[start:i], plus})
			start, plus = i+1, s[i] == '+'
		}
	}
	return append(out, ava{s[start:], plus})
}

func count(list []ava) map[string]int {
	m := map[string]int{}
	for _, a := range list {
		m[a.text]++
	}
	return m
}
