package rfc5280_test

import (
	"encoding/asn1"
	"testing"

	"github.com/asn1gen/asn1gen/generated/rfc5280"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// atv is one attribute of a test name: its type and the encoding of its
// value.
type atv struct {
	typ asn1.ObjectIdentifier
	val []byte
}

// str returns the encoding of a string of type tag holding b.
func str(tag int, b string) []byte {
	enc, err := asn1.Marshal(asn1.RawValue{Tag: tag, Bytes: []byte(b)})
	if err != nil {
		panic(err)
	}
	return enc
}

// nameDER returns the encoding of an RDNSequence with the given RDNs, in
// the order given (a test gives a multi-valued RDN's attributes in DER
// order).
func nameDER(t *testing.T, rdns ...[]atv) []byte {
	t.Helper()
	b := der.NewBuilder(nil)
	seq := b.Begin(der.TagSequence, true)
	for _, rdn := range rdns {
		set := b.Begin(der.TagSet, true)
		for _, a := range rdn {
			typ, err := der.ParseOIDString(a.typ.String())
			if err != nil {
				t.Fatal(err)
			}
			m := b.Begin(der.TagSequence, true)
			b.AddOID(der.TagOID, typ)
			b.AddRaw(a.val)
			b.End(m)
		}
		b.End(set)
	}
	b.End(seq)
	enc, err := b.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return enc
}

var (
	oidCN     = asn1.ObjectIdentifier{2, 5, 4, 3}
	oidC      = asn1.ObjectIdentifier{2, 5, 4, 6}
	oidO      = asn1.ObjectIdentifier{2, 5, 4, 10}
	oidStreet = asn1.ObjectIdentifier{2, 5, 4, 9}
	oidDC     = asn1.ObjectIdentifier{0, 9, 2342, 19200300, 100, 1, 25}
	oidUID    = asn1.ObjectIdentifier{0, 9, 2342, 19200300, 100, 1, 1}
	oidEmail  = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 9, 1}
	oidSerial = asn1.ObjectIdentifier{2, 5, 4, 5}
)

func TestNameString(t *testing.T) {
	utf8 := func(s string) []byte { return str(asn1.TagUTF8String, s) }
	tests := []struct {
		name string
		rdns [][]atv
		want string
		cn   string
	}{
		{"empty", nil, "", ""},
		{"last RDN first", [][]atv{{{oidC, str(asn1.TagPrintableString, "US")}}, {{oidO, utf8("Example")}}, {{oidCN, utf8("www.example.com")}}},
			"CN=www.example.com,O=Example,C=US", "www.example.com"},
		{"specials escaped", [][]atv{{{oidCN, utf8(`a,b+c;d<e>f"g\h=i`)}}}, `CN=a\,b\+c\;d\<e\>f\"g\\h=i`, `a,b+c;d<e>f"g\h=i`},
		{"leading and trailing space, leading #", [][]atv{{{oidO, utf8(" #x# ")}}, {{oidCN, utf8("#y")}}}, `CN=\#y,O=\ #x#\ `, "#y"},
		{"NUL as \\00", [][]atv{{{oidCN, utf8("a\x00b")}}}, `CN=a\00b`, "a\x00b"},
		{"non-ASCII as it is", [][]atv{{{oidCN, utf8("Zürich 東京")}}}, "CN=Zürich 東京", "Zürich 東京"},
		{"multi-valued RDN joined by +", [][]atv{{{oidCN, utf8("a")}, {oidUID, utf8("b")}}}, "CN=a+UID=b", "a"},
		{"DC and UID by name", [][]atv{{{oidDC, str(asn1.TagIA5String, "com")}}, {{oidDC, str(asn1.TagIA5String, "example")}}, {{oidUID, utf8("jdoe")}}},
			"UID=jdoe,DC=example,DC=com", ""},
		{"SERIALNUMBER and STREET", [][]atv{{{oidStreet, utf8("1 Main St")}}, {{oidSerial, str(asn1.TagPrintableString, "42")}}}, "SERIALNUMBER=42,STREET=1 Main St", ""},
		{"unnamed type: dotted, hex of the received encoding", [][]atv{{{oidEmail, str(asn1.TagIA5String, "a@b")}}}, "1.2.840.113549.1.9.1=#1603614062", ""},
		{"named type, value not a string: hex", [][]atv{{{oidStreet, []byte{2, 1, 5}}}}, "STREET=#020105", ""},
		{"BMPString", [][]atv{{{oidCN, str(asn1.TagBMPString, "\x00\xe9\x00t\x00\xe9")}}}, "CN=été", "été"},
		{"UniversalString", [][]atv{{{oidCN, str(28, "\x00\x01\xf6\x00")}}}, "CN=\U0001f600", "\U0001f600"},
		{"TeletexString as Latin-1", [][]atv{{{oidCN, str(asn1.TagT61String, "caf\xe9")}}}, "CN=café", "café"},
		{"octets not UTF-8 as hex pairs", [][]atv{{{oidStreet, str(asn1.TagGeneralString, "a\xffb")}}}, `STREET=a\ffb`, ""},
		{"the last CN is the CommonName", [][]atv{{{oidCN, utf8("first")}}, {{oidCN, utf8("last")}}}, "CN=last,CN=first", "last"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			enc := nameDER(t, tt.rdns...)
			var n rfc5280.Name
			if err := der.Unmarshal(enc, &n, nil); err != nil {
				t.Fatalf("decode %x: %v", enc, err)
			}
			if got := n.String(); got != tt.want {
				t.Errorf("String() = %q, want %q", got, tt.want)
			}
			if got := n.CommonName(); got != tt.cn {
				t.Errorf("CommonName() = %q, want %q", got, tt.cn)
			}
		})
	}
}

// A Name built in code, not decoded, prints from its typed values.
func TestNameStringBuilt(t *testing.T) {
	n := rfc5280.Name{Choice: rfc5280.Name_RdnSequence, RdnSequence: rfc5280.RDNSequence{
		{{Type: rfc5280.IDAtCountryName, Value: rfc5280.SupportedAttributes{Kind: rfc5280.AtX520countryName, String: "FR"}}},
		{{Type: rfc5280.IDAtCommonName, Value: rfc5280.SupportedAttributes{Kind: rfc5280.AtX520CommonName,
			DirectoryString: rfc5280.X520CommonName{Choice: rfc5280.DirectoryString_UTF8String, Value: "Dupont, Jean"}}}},
	}}
	if got, want := n.String(), `CN=Dupont\, Jean,C=FR`; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	// Encoded and decoded, the same string.
	enc, err := n.MarshalDER()
	if err != nil {
		t.Fatal(err)
	}
	var back rfc5280.Name
	if err := back.UnmarshalDER(enc); err != nil {
		t.Fatal(err)
	}
	if back.String() != n.String() {
		t.Errorf("decoded: %q, built: %q", back.String(), n.String())
	}
}
