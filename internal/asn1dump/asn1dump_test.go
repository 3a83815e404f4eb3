package asn1dump

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/tree"
)

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func parse(t *testing.T, b []byte, ber bool) []tree.Node {
	t.Helper()
	nodes, err := tree.ParseAll(b, &der.Options{BER: ber})
	if err != nil {
		t.Fatalf("ParseTrees(%x): %v", b, err)
	}
	return nodes
}

func textOf(t *testing.T, b []byte, opts *Options) string {
	t.Helper()
	var sb strings.Builder
	if err := Text(&sb, Annotate(parse(t, b, opts.BER), opts), opts); err != nil {
		t.Fatal(err)
	}
	return sb.String()
}

var long40 = strings.Repeat("00112233445566778899", 4) // 40 octets

// commonName names one OID, as Options.OIDName (oids.Name in asn1gen dump).
func commonName(o der.OID) string {
	if o.String() == "2.5.4.3" {
		return "id-at-commonName"
	}
	return ""
}

// TestText checks the text form of one value of each kind.
func TestDumpText(t *testing.T) {
	der := &Options{}
	ber := &Options{BER: true}
	named := &Options{OIDName: commonName}
	tests := []struct {
		name string
		in   string // hex
		opts *Options
		want string
	}{
		{"boolean", "0101ff", der, "0 d=0 hl=2 l=1 prim: BOOLEAN TRUE\n"},
		{"boolean false", "010100", der, "0 d=0 hl=2 l=1 prim: BOOLEAN FALSE\n"},
		{"boolean BER true", "010101", ber,
			"0 d=0 hl=2 l=1 prim: BOOLEAN TRUE  !! not DER: TRUE not encoded as 0xFF (X.690 11.1)\n"},
		{"boolean two octets", "0102ffff", der,
			"0 d=0 hl=2 l=2 prim: BOOLEAN ffff  !! invalid: contents are not one octet (X.690 8.2.1)\n"},
		{"integer", "020180", der, "0 d=0 hl=2 l=1 prim: INTEGER -128\n"},
		{"integer int64", "02087fffffffffffffff", der, "0 d=0 hl=2 l=8 prim: INTEGER 9223372036854775807\n"},
		{"integer long", "0209008000000000000000", der, "0 d=0 hl=2 l=9 prim: INTEGER 0x008000000000000000\n"},
		{"integer long negative", "0209ff7fffffffffffffff", der, "0 d=0 hl=2 l=9 prim: INTEGER -0x8000000000000001\n"},
		{"integer empty", "0200", der, "0 d=0 hl=2 l=0 prim: INTEGER  !! invalid: empty contents (X.690 8.3.1)\n"},
		{"enumerated", "0a0103", der, "0 d=0 hl=2 l=1 prim: ENUMERATED 3\n"},
		{"null", "0500", der, "0 d=0 hl=2 l=0 prim: NULL\n"},
		{"null with contents", "050100", der, "0 d=0 hl=2 l=1 prim: NULL 00  !! invalid: contents are not empty (X.690 8.8.2)\n"},
		{"oid named", "0603550403", named, "0 d=0 hl=2 l=3 prim: OBJECT IDENTIFIER 2.5.4.3 (id-at-commonName)\n"},
		{"oid without OIDName", "0603550403", der, "0 d=0 hl=2 l=3 prim: OBJECT IDENTIFIER 2.5.4.3\n"},
		{"oid unnamed big arc", "060a2b0601040182e02e0101", named,
			"0 d=0 hl=2 l=10 prim: OBJECT IDENTIFIER 1.3.6.1.4.1.45102.1.1\n"},
		{"oid non-minimal", "0603558004", der,
			"0 d=0 hl=2 l=3 prim: OBJECT IDENTIFIER 558004  !! invalid: subidentifier with a leading 0x80 octet (X.690 8.19.2)\n"},
		{"relative oid", "0d0481800101", der, "0 d=0 hl=2 l=4 prim: RELATIVE-OID 16385.1\n"},
		{"bit string", "030205a0", der, "0 d=0 hl=2 l=2 prim: BIT STRING unused=5 a0 '101'B\n"},
		{"bit string padding", "030205a1", ber,
			"0 d=0 hl=2 l=2 prim: BIT STRING unused=5 a1 '101'B  !! not DER: padding bits not zero (X.690 11.2.1)\n"},
		{"bit string 8 unused", "030208ff", der,
			"0 d=0 hl=2 l=2 prim: BIT STRING 08ff  !! invalid: more than 7 unused bits (X.690 8.6.2.2)\n"},
		{"octet string", "0403010203", der, "0 d=0 hl=2 l=3 prim: OCTET STRING 010203\n"},
		{"octet string text", "040454686973", der, "0 d=0 hl=2 l=4 prim: OCTET STRING 54686973 \"This\"\n"},
		{"octet string long", "0428" + long40, der,
			"0 d=0 hl=2 l=40 prim: OCTET STRING 00112233445566778899001122334455... (40 bytes)\n"},
		{"octet string long full", "0428" + long40, &Options{Full: true},
			"0 d=0 hl=2 l=40 prim: OCTET STRING (40 bytes)\n" +
				"                        0011223344556677889900112233445566778899001122334455667788990011\n" +
				"                        2233445566778899\n"},
		{"real", "090380fb05", der, "0 d=0 hl=2 l=3 prim: REAL 0.15625\n"},
		{"real infinity", "090140", der, "0 d=0 hl=2 l=1 prim: REAL PLUS-INFINITY\n"},
		{"utf8", "0c0663616678c3a9", der, "0 d=0 hl=2 l=6 prim: UTF8String \"cafx\u00e9\"\n"},
		{"utf8 invalid", "0c02c328", der, "0 d=0 hl=2 l=2 prim: UTF8String c328  !! invalid: not valid UTF-8 (X.690 8.23)\n"},
		{"printable bad", "1302612a", der, "0 d=0 hl=2 l=2 prim: PrintableString 612a  !! invalid: octet 0x2a at index 1 not in the character set (X.680 41.4)\n"},
		{"bmp", "1e0400e90041", der, "0 d=0 hl=2 l=4 prim: BMPString \"\u00e9A\"\n"},
		{"control characters", "160309410a", der, "0 d=0 hl=2 l=3 prim: IA5String \"\\tA\\n\"\n"},
		{"long string", "0c46" + hex.EncodeToString([]byte(strings.Repeat("abcdefghij", 7))), der,
			"0 d=0 hl=2 l=70 prim: UTF8String \"" + strings.Repeat("abcdefghij", 6) + "abcd\"... (70 chars)\n"},
		{"utctime", "170d3136303331373136343034365a", der,
			"0 d=0 hl=2 l=13 prim: UTCTime 160317164046Z (2016-03-17T16:40:46Z)\n"},
		{"utctime offset", "17113136303331373136343034362b30313030", ber,
			"0 d=0 hl=2 l=17 prim: UTCTime 160317164046+0100 (2016-03-17T15:40:46Z)  !! not DER: not terminated by Z (X.690 11.8.1)\n"},
		{"generalizedtime fraction", "1811" + hex.EncodeToString([]byte("20160317164046.5Z")), der,
			"0 d=0 hl=2 l=17 prim: GeneralizedTime 20160317164046.5Z (2016-03-17T16:40:46.5Z)\n"},
		{"date", "1f1f08" + hex.EncodeToString([]byte("20240229")), der,
			"0 d=0 hl=3 l=8 prim: DATE 20240229 (2024-02-29)\n"},
		{"date invalid", "1f1f08" + hex.EncodeToString([]byte("20230229")), der,
			"0 d=0 hl=3 l=8 prim: DATE 3230323330323239  !! invalid: not a date YYYYMMDD of 1582..9999 (X.690 8.26)\n"},
		{"duration", "1f2204" + hex.EncodeToString([]byte("1Y2M")), der,
			"0 d=0 hl=3 l=4 prim: DURATION 1Y2M (P1Y2M)\n"},
		{"time", "0e0a" + hex.EncodeToString([]byte("2024-02-29")), der,
			"0 d=0 hl=2 l=10 prim: TIME \"2024-02-29\"\n"},
		{"context text", "820b6578616d706c652e636f6d", der, "0 d=0 hl=2 l=11 prim: [2] \"example.com\"\n"},
		{"context binary", "8704c0000201", der, "0 d=0 hl=2 l=4 prim: [7] c0000201\n"},
		{"application", "5f2102abcd", der, "0 d=0 hl=3 l=2 prim: [APPLICATION 33] abcd\n"},
		{"sequence primitive", "1000", der, "0 d=0 hl=2 l=0 prim: SEQUENCE  !! invalid: the encoding shall be constructed (X.690 8.9.1)\n"},
		{"set primitive", "110105", der, "0 d=0 hl=2 l=1 prim: SET 05  !! invalid: the encoding shall be constructed (X.690 8.11.1)\n"},
		{"integer constructed", "2203020101", ber,
			"0 d=0 hl=2 l=3 cons: INTEGER  !! invalid: the encoding shall be primitive (X.690 8.3.1)\n" +
				"2 d=1 hl=2 l=1 prim:   INTEGER 1\n"},
		{"nested", "3006020101020102", der,
			"0 d=0 hl=2 l=6 cons: SEQUENCE\n" +
				"2 d=1 hl=2 l=1 prim:   INTEGER 1\n" +
				"5 d=1 hl=2 l=1 prim:   INTEGER 2\n"},
		{"indefinite", "30800201010000", ber,
			"0 d=0 hl=2 l=inf cons: SEQUENCE  !! not DER: indefinite length (X.690 10.1)\n" +
				"2 d=1 hl=2 l=  1 prim:   INTEGER 1\n" +
				"5 d=1 hl=2 l=  0 prim:   EOC\n"},
		{"long form length", "308103020101", ber,
			"0 d=0 hl=3 l=3 cons: SEQUENCE  !! not DER: length not in the minimal form (X.690 10.1)\n" +
				"3 d=1 hl=2 l=1 prim:   INTEGER 1\n"},
		{"constructed string", "24080402010204020304", ber,
			"0 d=0 hl=2 l=8 cons: OCTET STRING  !! not DER: constructed string (X.690 10.2)\n" +
				"2 d=1 hl=2 l=2 prim:   OCTET STRING 0102\n" +
				"6 d=1 hl=2 l=2 prim:   OCTET STRING 0304\n"},
		{"two top-level", "05000500", der, "0 d=0 hl=2 l=0 prim: NULL\n2 d=0 hl=2 l=0 prim: NULL\n"},
		{"columns align", "300c" + "0403" + "010203" + "0405" + "0102030405", der,
			"0 d=0 hl=2 l=12 cons: SEQUENCE\n" +
				"2 d=1 hl=2 l= 3 prim:   OCTET STRING 010203\n" +
				"7 d=1 hl=2 l= 5 prim:   OCTET STRING 0102030405\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := textOf(t, mustHex(t, tt.in), tt.opts)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Text(%s) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestEncapsulated checks which OCTET STRING and BIT STRING contents are
// shown as nested encodings.
func TestDumpEncapsulated(t *testing.T) {
	tests := []struct {
		name string
		in   string
		opts Options
		want string
	}{
		{"sequence in octet string", "04053003020105", Options{},
			"0 d=0 hl=2 l=5 prim: OCTET STRING, encapsulates:\n" +
				"2 d=1 hl=2 l=3 cons:   SEQUENCE\n" +
				"4 d=2 hl=2 l=1 prim:     INTEGER 5\n"},
		{"bit string without unused bits", "0306003003020105", Options{},
			"0 d=0 hl=2 l=6 prim: BIT STRING, encapsulates:\n" +
				"3 d=1 hl=2 l=3 cons:   SEQUENCE\n" +
				"5 d=2 hl=2 l=1 prim:     INTEGER 5\n"},
		{"primitive of a known type", "0403020105", Options{},
			"0 d=0 hl=2 l=3 prim: OCTET STRING, encapsulates:\n" +
				"2 d=1 hl=2 l=1 prim:   INTEGER 5\n"},
		{"turned off", "04053003020105", Options{NoEncapsulated: true},
			"0 d=0 hl=2 l=5 prim: OCTET STRING 3003020105\n"},
		{"bit string with unused bits", "0306013003020104", Options{},
			"0 d=0 hl=2 l=6 prim: BIT STRING unused=1 3003020104\n"},
		{"two elements", "04050500020105", Options{},
			"0 d=0 hl=2 l=5 prim: OCTET STRING 0500020105\n"},
		{"trailing octet", "0404020105ff", Options{},
			"0 d=0 hl=2 l=4 prim: OCTET STRING 020105ff\n"},
		{"invalid value inside", "040630040102ffff", Options{BER: true},
			"0 d=0 hl=2 l=6 prim: OCTET STRING 30040102ffff\n"},
		{"non-DER value inside, strict", "04053003010105", Options{},
			"0 d=0 hl=2 l=5 prim: OCTET STRING 3003010105\n"},
		{"non-DER value inside, BER allowed", "04053003010105", Options{BER: true},
			"0 d=0 hl=2 l=5 prim: OCTET STRING, encapsulates:\n" +
				"2 d=1 hl=2 l=3 cons:   SEQUENCE\n" +
				"4 d=2 hl=2 l=1 prim:     BOOLEAN TRUE  !! not DER: TRUE not encoded as 0xFF (X.690 11.1)\n"},
		{"context-specific primitive", "0403800105", Options{},
			"0 d=0 hl=2 l=3 prim: OCTET STRING 800105\n"},
		{"BER inside, strict", "040730800201050000", Options{},
			"0 d=0 hl=2 l=7 prim: OCTET STRING 30800201050000\n"},
		{"BER inside, BER allowed", "040730800201050000", Options{BER: true},
			"0 d=0 hl=2 l=  7 prim: OCTET STRING, encapsulates:\n" +
				"2 d=1 hl=2 l=inf cons:   SEQUENCE  !! not DER: indefinite length (X.690 10.1)\n" +
				"4 d=2 hl=2 l=  1 prim:     INTEGER 5\n" +
				"7 d=2 hl=2 l=  0 prim:     EOC\n"},
		{"nested twice", "0405040302010" + "5", Options{},
			"0 d=0 hl=2 l=5 prim: OCTET STRING, encapsulates:\n" +
				"2 d=1 hl=2 l=3 prim:   OCTET STRING, encapsulates:\n" +
				"4 d=2 hl=2 l=1 prim:     INTEGER 5\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := textOf(t, mustHex(t, tt.in), &tt.opts)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Text(%s) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestAnnotate checks the fields of Element, which the JSON form shows.
func TestDumpAnnotate(t *testing.T) {
	three := 3
	in := mustHex(t, "3080"+"0603550403"+"030303000c"+"0404"+"0302"+"0780"+"0000")
	got := Annotate(parse(t, in, true), &Options{BER: true, OIDName: commonName})
	want := []Element{{
		Offset: 0, HeaderLen: 2, Length: 16, Indefinite: true,
		Class: "UNIVERSAL", Number: 16, Tag: "SEQUENCE", Constructed: true,
		NonDER: "indefinite length (X.690 10.1)",
		Children: []Element{
			{Offset: 2, Depth: 1, HeaderLen: 2, Length: 3, Class: "UNIVERSAL", Number: 6, Tag: "OBJECT IDENTIFIER",
				Hex: "550403", Value: "2.5.4.3", Name: "id-at-commonName"},
			{Offset: 7, Depth: 1, HeaderLen: 2, Length: 3, Class: "UNIVERSAL", Number: 3, Tag: "BIT STRING",
				Hex: "03000c", UnusedBits: &three, NonDER: "padding bits not zero (X.690 11.2.1)"},
			{Offset: 12, Depth: 1, HeaderLen: 2, Length: 4, Class: "UNIVERSAL", Number: 4, Tag: "OCTET STRING",
				Hex: "03020780",
				Encapsulates: []Element{{Offset: 14, Depth: 2, HeaderLen: 2, Length: 2, Class: "UNIVERSAL", Number: 3,
					Tag: "BIT STRING", Hex: "0780", UnusedBits: new(int)}}},
		},
	}}
	*want[0].Children[2].Encapsulates[0].UnusedBits = 7
	if diff := cmp.Diff(want, got, cmpopts.IgnoreUnexported(Element{})); diff != "" {
		t.Errorf("Annotate mismatch (-want +got):\n%s", diff)
	}

	issues := Issues(got)
	wantIssues := []Issue{
		{Offset: 0, Tag: "SEQUENCE", NonDER: true, Msg: "indefinite length (X.690 10.1)"},
		{Offset: 7, Tag: "BIT STRING", NonDER: true, Msg: "padding bits not zero (X.690 11.2.1)"},
	}
	if diff := cmp.Diff(wantIssues, issues); diff != "" {
		t.Errorf("Issues mismatch (-want +got):\n%s", diff)
	}
}

// TestJSON checks the JSON form: field names, omitted fields, an empty
// element list for a failed block.
func TestDumpJSON(t *testing.T) {
	elems := Annotate(parse(t, mustHex(t, "30030101ff"), false), nil)
	var buf bytes.Buffer
	err := JSON(&buf, []Block{
		{PEM: "X", Elements: elems},
		{Error: NewErrorInfo(der.NewError(der.KindTruncated, 7, "INTEGER", "input ends", "X.690 8.1.1"))},
	})
	if err != nil {
		t.Fatal(err)
	}
	var got any
	if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, buf.String())
	}
	want := map[string]any{"blocks": []any{
		map[string]any{"pem": "X", "elements": []any{map[string]any{
			"offset": 0.0, "depth": 0.0, "headerLength": 2.0, "length": 3.0,
			"class": "UNIVERSAL", "number": 16.0, "tag": "SEQUENCE", "constructed": true,
			"children": []any{map[string]any{
				"offset": 2.0, "depth": 1.0, "headerLength": 2.0, "length": 1.0,
				"class": "UNIVERSAL", "number": 1.0, "tag": "BOOLEAN", "constructed": false,
				"hex": "ff", "value": "TRUE",
			}},
		}}},
		map[string]any{"elements": []any{}, "error": map[string]any{
			"offset": 7.0, "kind": "truncated", "message": "asn1: at offset 7: INTEGER: input ends (X.690 8.1.1)",
		}},
	}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("JSON mismatch (-want +got):\n%s", diff)
	}
}

func TestDumpContext(t *testing.T) {
	data := make([]byte, 40)
	for i := range data {
		data[i] = byte(i)
	}
	tests := []struct {
		name string
		data []byte
		off  int
		want string
	}{
		{"first row", data, 2,
			"  00000000: 00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f\n" +
				"                  ^^\n" +
				"  00000010: 10 11 12 13 14 15 16 17 18 19 1a 1b 1c 1d 1e 1f\n"},
		{"row before and after", data, 17,
			"  00000000: 00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f\n" +
				"  00000010: 10 11 12 13 14 15 16 17 18 19 1a 1b 1c 1d 1e 1f\n" +
				"               ^^\n" +
				"  00000020: 20 21 22 23 24 25 26 27\n"},
		{"end of input", data, 40,
			"  00000010: 10 11 12 13 14 15 16 17 18 19 1a 1b 1c 1d 1e 1f\n" +
				"  00000020: 20 21 22 23 24 25 26 27\n" +
				"                                    ^^ (end of input)\n"},
		{"end of input at a row boundary", data[:32], 32,
			"  00000010: 10 11 12 13 14 15 16 17 18 19 1a 1b 1c 1d 1e 1f\n" +
				"                                                            ^^ (end of input)\n"},
		{"outside", data, 41, ""},
		{"unknown", data, -1, ""},
		{"empty", nil, 0, "  (empty input)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var sb strings.Builder
			if err := Context(&sb, tt.data, tt.off); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, sb.String()); diff != "" {
				t.Errorf("Context(%d) mismatch (-want +got):\n%s", tt.off, diff)
			}
		})
	}
}

func TestDumpPath(t *testing.T) {
	// SEQUENCE { INTEGER 1, [0] { SEQUENCE (indefinite) { BOOLEAN TRUE, <bad> } } }
	data := mustHex(t, "300e 020101 a009 3080 0101ff 0205 0000")
	tests := []struct {
		off  int
		want string
	}{
		{0, ""},
		{2, "SEQUENCE at 0"},
		{4, "SEQUENCE at 0 > INTEGER at 2"},
		{7, "SEQUENCE at 0 > [0] at 5"},
		{11, "SEQUENCE at 0 > [0] at 5 > SEQUENCE at 7 > BOOLEAN at 9"},
		{12, "SEQUENCE at 0 > [0] at 5 > SEQUENCE at 7"},
		{14, "SEQUENCE at 0 > [0] at 5 > SEQUENCE at 7"},
		{99, ""},
	}
	for _, tt := range tests {
		if got := Path(data, tt.off); got != tt.want {
			t.Errorf("Path(%d) = %q, want %q", tt.off, got, tt.want)
		}
	}

	deep := bytes.Repeat([]byte{0x30, 0x80}, 20)
	want := "SEQUENCE at 0 > SEQUENCE at 2 > (13 more) > SEQUENCE at 30 > SEQUENCE at 32 > SEQUENCE at 34 > SEQUENCE at 36 > SEQUENCE at 38"
	if got := Path(deep, 40); got != want {
		t.Errorf("Path(deep) = %q, want %q", got, want)
	}
}

// FuzzAnnotate checks that any input the tree parser accepts can be
// annotated and printed in both forms without panicking, deterministically.
func FuzzDumpAnnotate(f *testing.F) {
	for _, s := range []string{"30030101ff", "30800201010000", "04053003020105", "24080402010204020304", "0306003003020105"} {
		b, _ := hex.DecodeString(s)
		f.Add(b, true)
	}
	f.Fuzz(func(t *testing.T, b []byte, ber bool) {
		opts := &Options{BER: ber}
		nodes, err := tree.ParseAll(b, &der.Options{BER: ber})
		if err != nil {
			Path(b, len(b)/2)
			Context(&bytes.Buffer{}, b, len(b)/2)
			return
		}
		var t1, t2, j bytes.Buffer
		if err := Text(&t1, Annotate(nodes, opts), opts); err != nil {
			t.Fatal(err)
		}
		if err := Text(&t2, Annotate(nodes, opts), opts); err != nil {
			t.Fatal(err)
		}
		if t1.String() != t2.String() {
			t.Fatal("two runs differ")
		}
		if err := JSON(&j, []Block{{Elements: Annotate(nodes, opts)}}); err != nil {
			t.Fatal(err)
		}
		if !json.Valid(j.Bytes()) {
			t.Fatal("invalid JSON")
		}
	})
}

func TestDataEnd(t *testing.T) {
	tests := []struct {
		name      string
		in        []byte
		ber       bool
		msg, path string
		ok        bool
	}{
		{"empty", nil, false,
			"the data ends at offset 0, inside the identifier and length octets of the element at offset 0 (X.690 8.1.2, 8.1.3)", "", true},
		{"inside the first header", []byte{0x30, 0x82, 0x04}, false,
			"the data ends at offset 3, inside the identifier and length octets of the element at offset 0 (X.690 8.1.2, 8.1.3)", "", true},
		{"inside the contents of a nested primitive", []byte{0x30, 0x08, 0x02, 0x01, 0x05, 0x04, 0x04, 0x61, 0x62}, false,
			"the data ends at offset 9, inside the contents of OCTET STRING at 5: 4 octets announced, 2 present (X.690 8.1.3)",
			"SEQUENCE at 0 > OCTET STRING at 5", true},
		{"between two components", []byte{0x30, 0x06, 0x02, 0x01, 0x05}, false,
			"the data ends at offset 5, inside the contents of SEQUENCE at 0: 6 octets announced, 3 present (X.690 8.1.3)",
			"SEQUENCE at 0", true},
		{"inside the header of a component", []byte{0x30, 0x06, 0x02, 0x01, 0x05, 0x04, 0x81}, false,
			"the data ends at offset 7, inside the identifier and length octets of the element at offset 5 (X.690 8.1.2, 8.1.3)",
			"SEQUENCE at 0", true},
		{"after a whole element, inside the next one's header", []byte{0x05, 0x00, 0x02}, false,
			"the data ends at offset 3, inside the identifier and length octets of the element at offset 2 (X.690 8.1.2, 8.1.3)", "", true},
		{"before the end-of-contents octets", []byte{0x30, 0x80, 0x02, 0x01, 0x05, 0x31, 0x80, 0x05, 0x00}, true,
			"the data ends at offset 9, before the end-of-contents octets of SET at 5 (indefinite length) (X.690 8.1.5)",
			"SEQUENCE at 0 > SET at 5", true},
		{"a header wrong before the end", []byte{0x30, 0x08, 0x02, 0x01, 0x05, 0x04, 0x81, 0x01}, false,
			"asn1: at offset 5: length not in the minimal form (X.690 10.1)", "SEQUENCE at 0", true},
		// an element longer than the one holding it: an error at its
		// offset, not the end of the data
		{"an inner element overruns its parent", []byte{0x30, 0x03, 0x04, 0x05, 0x00, 0x05, 0x00}, false, "", "", false},
		{"whole", []byte{0x05, 0x00}, false, "", "", false},
		{"a wrong header, not cut", []byte{0x30, 0x06, 0x02, 0x01, 0x05, 0x04, 0x81, 0x01}, false, "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			nodes, _ := tree.ParsePrefix(tt.in, &der.Options{BER: tt.ber})
			msg, path, ok := DataEnd(tt.in, nodes, tt.ber)
			if diff := cmp.Diff([]any{tt.msg, tt.path, tt.ok}, []any{msg, path, ok}); diff != "" {
				t.Errorf("DataEnd (-want +got):\n%s", diff)
			}
		})
	}
}
