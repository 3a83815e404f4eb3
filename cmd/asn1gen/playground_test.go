package main

import (
	"bytes"
	"encoding/hex"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/internal/corpustest"
	"github.com/asn1gen/asn1gen/internal/playground"
	"github.com/asn1gen/asn1gen/internal/playground/gogen"
	"github.com/asn1gen/asn1gen/modules"
)

// builtinSet returns the files and options of the playground's set name.
func builtinSet(t *testing.T, name string) ([]playground.File, string) {
	t.Helper()
	for _, s := range modules.Sets {
		if s.Name != name {
			continue
		}
		var files []playground.File
		for _, f := range s.Files {
			text, err := fs.ReadFile(modules.FS, f)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, playground.File{Name: f, Text: string(text)})
		}
		var flags []string
		for _, f := range s.Flags {
			flags = append(flags, f.Name, f.Value)
		}
		return files, strings.Join(flags, " ")
	}
	t.Fatalf("no built-in set %s", name)
	return nil, ""
}

// playgroundCase is one input decoded by `asn1gen dump ... -json` and by
// the playground: set is a built-in set ("x509") compared with -use of
// its package, or "" for the module files of schema compared with
// -schema.
type playgroundCase struct {
	name     string
	set      string
	schema   []string // module files, for -schema
	typ      string
	encoding string // der, ber, aper, uper, oer, coer
	input    string
}

// dumpFlags returns the command line of `asn1gen dump` for c.
func (c playgroundCase) dumpFlags() []string {
	args := []string{"-json", "-type", c.typ}
	switch c.encoding {
	case playground.BER:
		args = append(args, "-ber")
	case playground.APER:
		args = append(args, "-aper")
	case playground.UPER:
		args = append(args, "-uper")
	case playground.OER:
		args = append(args, "-oer")
	case playground.COER:
		args = append(args, "-coer")
	}
	if c.set != "" {
		for _, s := range modules.Sets {
			if s.Name == c.set {
				return append(args, "-use", "github.com/asn1gen/asn1gen/generated/"+s.Package)
			}
		}
	}
	return append(args, "-schema", strings.Join(c.schema, ","))
}

// playgroundDecode decodes input as the page does, compiling the modules
// of c (the files the page holds: PER and OER input as the octets its
// hex panel gives).
func (c playgroundCase) playgroundDecode(t *testing.T, comp *playground.Compiled, input []byte) []byte {
	t.Helper()
	switch c.encoding {
	case playground.APER, playground.UPER, playground.OER, playground.COER:
		if b, isHex, err := perInput(input); isHex && err == nil {
			input = b
		}
	}
	got, err := comp.Decode(c.typ, c.encoding, input)
	if err != nil {
		t.Fatalf("Decode: %v", err)
	}
	return got
}

func (c playgroundCase) compile(t *testing.T) *playground.Compiled {
	t.Helper()
	var files []playground.File
	var flags string
	if c.set != "" {
		files, flags = builtinSet(t, c.set)
	} else {
		for _, name := range c.schema {
			text, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, playground.File{Name: name, Text: string(text)})
		}
	}
	comp, err := playground.Compile(files, flags)
	if err != nil {
		t.Fatal(err)
	}
	if comp.Errors > 0 {
		t.Fatalf("the modules have errors: %v", comp.Diagnostics)
	}
	return comp
}

// x509Files are the module files of the X.509 set, for -schema.
func x509Files() []string {
	for _, s := range modules.Sets {
		if s.Name == "x509" {
			var out []string
			for _, f := range s.Files {
				out = append(out, filepath.Join("..", "..", "modules", f))
			}
			return out
		}
	}
	return nil
}

// TestPlaygroundDecodeMatchesDump checks that the playground's decode
// gives, byte for byte, the JSON that `asn1gen dump -json` prints for the
// same input: with -schema for the module files the page holds, and with
// -use for a built-in set (whose files and options are those of the
// generated package: modules.TestSetsMatchGenerate).
func TestPlaygroundDecodeMatchesDump(t *testing.T) {
	x509 := x509Files()
	ngap := []string{"../../modules/ngap"}
	ngapFiles, _ := modelFiles(t, ngap)
	cases := []playgroundCase{
		{name: "certificate PEM -schema", schema: x509, typ: "PKIX1Explicit-2009.Certificate", encoding: "der", input: "../../testdata/dump/IGC_A.pem"},
		{name: "bad certificate -schema", schema: x509, typ: "PKIX1Explicit-2009.Certificate", encoding: "der", input: "../../testdata/dump/openssl-bad_cert.der"},
		{name: "certificate BER -schema", schema: x509, typ: "Certificate", encoding: "ber", input: "../../testdata/dump/lets-encrypt-x3-cross-signed.der"},
		{name: "certificate -use", set: "x509", typ: "PKIX1Explicit-2009.Certificate", encoding: "der", input: "../../testdata/dump-schema/alt1-cert.pem"},
		{name: "CMS BER -use", set: "cms", typ: "CryptographicMessageSyntax-2010.ContentInfo", encoding: "ber", input: "../../testdata/dump/rfc4134-4.5.ber"},
		{name: "CMS DER -use", set: "cms", typ: "CryptographicMessageSyntax-2010.ContentInfo", encoding: "der", input: "../../testdata/dump-schema/rfc4134-4.4.der"},
		{name: "PKCS #12 -use", set: "pkcs12", typ: "PKCS-12.PFX", encoding: "ber", input: "../../testdata/dump-schema/no_encryption.p12"},
		{name: "NGAP -schema", schema: ngapFiles, typ: "NGAP-PDU", encoding: "aper", input: "../../testdata/dump-per/ngap-setup.hex"},
		{name: "NGAP -use", set: "ngap", typ: "NGAP-PDU-Descriptions.NGAP-PDU", encoding: "aper", input: "../../testdata/dump-per/ngap-release-complete.hex"},
		{name: "NGAP cut short -use", set: "ngap", typ: "NGAP-PDU", encoding: "aper", input: "../../testdata/dump-per/ngap-setup-cut.hex"},
		{name: "ETSI ITS CAM -use", set: "etsiits", typ: "CAM", encoding: "uper", input: "per:etsi-its.txt"},
		{name: "S1AP -use", set: "s1ap", typ: "S1AP-PDU", encoding: "aper", input: "per:s1ap.txt"},
		{name: "NR RRC SIB1 -use", set: "nrrrc", typ: "SIB1", encoding: "uper", input: "../../testdata/dump-per/nr-sib1.hex"},
		{name: "V2X certificate COER -use", set: "v2x", typ: "EtsiTs103097Certificate", encoding: "coer", input: "../../testdata/dump-per/v2x-golf8-cert.hex"},
		{name: "V2X certificate cut short OER -use", set: "v2x", typ: "Ieee1609Dot2.Certificate", encoding: "oer", input: "../../testdata/dump-per/v2x-golf8-cert-cut.hex"},
		{name: "V2X signed SPDU COER -use", set: "v2x", typ: "Ieee1609Dot2Data", encoding: "coer", input: "oer:ieee1609dot2.txt"},
		{name: "V2X trust list (ECTL) BASIC-OER -use", set: "v2x", typ: "EtsiTs103097Module.EtsiTs103097Data", encoding: "oer", input: "oer:ieee1609dot2.txt#4"},
		{name: "V2X nested too deep COER -use", set: "v2x", typ: "Ieee1609Dot2Data", encoding: "coer", input: "oer:ieee1609dot2-invalid.txt"},
		{name: "NR RRC binary -schema", schema: []string{"../../modules/nrrrc/NR-RRC-Definitions.asn"}, typ: "UL-CCCH-Message", encoding: "uper", input: "../../testdata/dump-per/nr-resume-request.bin"},
	}
	compiled := map[string]*playground.Compiled{}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			input := caseInput(t, c.input)
			key := c.set + strings.Join(c.schema, ",")
			comp := compiled[key]
			if comp == nil {
				comp = c.compile(t)
				compiled[key] = comp
			}
			file := filepath.Join(t.TempDir(), "input")
			if err := os.WriteFile(file, input, 0o644); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			runDump(append(c.dumpFlags(), file), &stdout, &stderr)
			if stdout.Len() == 0 {
				t.Fatalf("asn1gen dump printed nothing; stderr:\n%s", stderr.String())
			}
			got := c.playgroundDecode(t, comp, input)
			if diff := cmp.Diff(stdout.String(), string(got)); diff != "" {
				t.Errorf("playground (+) differs from asn1gen dump %s (-):\n%s", strings.Join(c.dumpFlags(), " "), diff)
			}
		})
	}
}

// caseInput reads a test input: a file, or "per:FILE" ("oer:FILE"), the
// first message of testdata/per/FILE (testdata/oer/FILE) as octets, or
// with "#n" the nth.
func caseInput(t *testing.T, name string) []byte {
	t.Helper()
	dir, file, ok := strings.Cut(name, ":")
	if ok && (dir == "per" || dir == "oer") {
		nth := 1
		if f, n, ok := strings.Cut(file, "#"); ok {
			file = f
			var err error
			if nth, err = strconv.Atoi(n); err != nil {
				t.Fatal(err)
			}
		}
		data, err := os.ReadFile("../../testdata/" + dir + "/" + file)
		if err != nil {
			t.Fatal(err)
		}
		var msgs [][]byte
		for _, line := range strings.Split(string(data), "\n") {
			if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			b, err := hex.DecodeString(line)
			if err != nil {
				t.Fatal(err)
			}
			msgs = append(msgs, b)
		}
		if len(msgs) < nth {
			t.Fatalf("no message %d in %s", nth, file)
		}
		return msgs[nth-1]
	}
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func modelFiles(t *testing.T, paths []string) ([]string, error) {
	t.Helper()
	var out []string
	for _, p := range paths {
		entries, err := os.ReadDir(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".asn") {
				out = append(out, filepath.Join(p, e.Name()))
			}
		}
	}
	return out, nil
}

// TestPlaygroundDecodeCorpus compares the playground's decode with
// `asn1gen dump -use ... -json -ber` on certificates, CMS messages and
// PKCS #12 files of the shared corpus: a sample of each kind, spread over
// the corpus (each dump re-reads the schema: all of them would take
// minutes).
func TestPlaygroundDecodeCorpus(t *testing.T) {
	blobs := corpustest.Blobs(t)
	const perKind = 8
	kinds := []struct {
		set, typ string
		match    func(b corpustest.Blob) bool
	}{
		{"x509", "PKIX1Explicit-2009.Certificate", func(b corpustest.Blob) bool {
			return b.PEMType == "CERTIFICATE" || strings.HasPrefix(b.Guess, "X509-Certificate") && b.PEMType == ""
		}},
		{"x509", "PKIX1Explicit-2009.CertificateList", func(b corpustest.Blob) bool {
			return b.PEMType == "X509 CRL" || strings.HasPrefix(b.Guess, "X509-CRL") && b.PEMType == ""
		}},
		{"cms", "CryptographicMessageSyntax-2010.ContentInfo", func(b corpustest.Blob) bool {
			return b.PEMType == "CMS" || b.PEMType == "PKCS7" || strings.HasPrefix(b.Guess, "CMS-") && b.PEMType == ""
		}},
		{"pkcs12", "PKCS-12.PFX", func(b corpustest.Blob) bool { return strings.HasPrefix(b.Guess, "PKCS12-PFX") && b.PEMType == "" }},
	}
	for _, k := range kinds {
		t.Run(k.set+" "+k.typ, func(t *testing.T) {
			var match []corpustest.Blob
			for _, b := range blobs {
				if k.match(b) {
					match = append(match, b)
				}
			}
			if len(match) == 0 {
				t.Skip("no such input in the corpus")
			}
			c := playgroundCase{set: k.set, typ: k.typ, encoding: playground.BER}
			comp := c.compile(t)
			step := max(1, len(match)/perKind)
			for i := 0; i < len(match); i += step {
				b := match[i]
				file := filepath.Join(t.TempDir(), "input")
				if err := os.WriteFile(file, b.Data, 0o644); err != nil {
					t.Fatal(err)
				}
				var stdout, stderr bytes.Buffer
				runDump(append(c.dumpFlags(), file), &stdout, &stderr)
				got := c.playgroundDecode(t, comp, b.Data)
				if diff := cmp.Diff(stdout.String(), string(got)); diff != "" {
					t.Errorf("%s: playground (+) differs from asn1gen dump (-):\n%s", b.Name, diff)
				}
			}
		})
	}
}

// TestPlaygroundGenMatchesGen checks that the playground's Go tab holds
// the files `asn1gen gen` writes for the same module and options.
func TestPlaygroundGenMatchesGen(t *testing.T) {
	const module = "../../internal/schemadump/testdata/test.asn"
	out := t.TempDir()
	args := []string{"-o", out, "-package", "test", "-q", module}
	var stdout, stderr bytes.Buffer
	if code := runGen(args, &stdout, &stderr); code != 0 {
		t.Fatalf("asn1gen gen: exit status %d\n%s", code, stderr.String())
	}
	text, err := os.ReadFile(module)
	if err != nil {
		t.Fatal(err)
	}
	comp, err := playground.Compile([]playground.File{{Name: module, Text: string(text)}}, "")
	if err != nil {
		t.Fatal(err)
	}
	files, err := gogen.Gen(comp, "test", "", "asn1gen gen "+strings.Join(args, " "))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	entries, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(out, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		want[e.Name()] = string(b)
	}
	got := map[string]string{}
	for _, f := range files {
		got[f.Name] = f.Content
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("playground (+) differs from asn1gen gen (-):\n%s", diff)
	}
}
