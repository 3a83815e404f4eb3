package main

import (
	"encoding/pem"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const dumpSchemaDir = "../../testdata/dump-schema"

// rfc5280Modules are the module files of generated/rfc5280, for -schema.
var rfc5280Modules = func() string {
	var files []string
	for _, f := range []string{"PKIX1Explicit-2009", "PKIX1Implicit-2009", "PKIX-CommonTypes-2009", "AlgorithmInformation-2009",
		"PKIXAlgs-2009", "PKIX1-PSS-OAEP-Algorithms-2009", "PKIX-X400Address-2009", "OCSP-2009", "PKCS-10",
		"X509-ML-DSA-2025", "X509-ML-KEM-2025", "KEMAlgorithmInformation-2023"} {
		files = append(files, "../../modules/rfc5280/"+f+".asn")
	}
	return strings.Join(files, ",")
}()

// TestDumpSchemaGolden runs `asn1gen dump` with a schema on the files of
// testdata/dump-schema and compares command line, exit status, stdout and
// stderr with the golden files (go test ./cmd/asn1gen -run DumpSchema
// -update rewrites them).
func TestDumpSchemaGolden(t *testing.T) {
	const (
		cms    = "github.com/asn1gen/asn1gen/generated/rfc5652"
		pkcs12 = "github.com/asn1gen/asn1gen/generated/rfc7292"
	)
	tests := []struct {
		golden string
		args   []string
		code   int
	}{
		// a certificate in PEM, with the module files: extensions read
		// through the table of their extnID
		{"cert.golden", []string{"dump", "-schema", rfc5280Modules, "-type", "PKIX1Explicit-2009.Certificate", "alt1-cert.pem"}, 0},
		// CMS SignedData with a generated package's modules: the content
		// by its type, attributes by theirs, a countersignature
		{"cms-signed.golden", []string{"dump", "-use", cms, "-type", "CryptographicMessageSyntax-2010.ContentInfo", "rfc4134-4.4.der"}, 0},
		// PKCS #12: the authSafe's data by RFC 7292's rule, the bags by
		// their bag id, a certificate in its OCTET STRING (-containing)
		{"pkcs12.golden", []string{"dump", "-use", pkcs12, "-type", "PFX", "no_encryption.p12"}, 0},
		// the same from BER: values in OCTET STRINGs in segments, offsets
		// of the input
		{"pkcs12-ber.golden", []string{"dump", "-ber", "-use", pkcs12, "-type", "PFX", "nss.p12"}, 0},
		// ... which is not DER
		{"pkcs12-strict.golden", []string{"dump", "-use", pkcs12, "-type", "PFX", "nss.p12"}, 1},
		// malformed: what reads is shown, the errors are located
		{"malformed.golden", []string{"dump", "-ber", "-use", "github.com/asn1gen/asn1gen/generated/rfc5280", "-type", "Certificate", "openssl-bad_cert.der"}, 1},
		// the JSON form
		{"cms-data-json.golden", []string{"dump", "-json", "-use", cms, "-type", "ContentInfo", "rfc4134-3.2.der"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.golden, func(t *testing.T) {
			code, stdout, stderr := runCmd(t, dumpSchemaDir, nil, tt.args...)
			if code != tt.code {
				t.Errorf("exit status %d, want %d; stderr:\n%s", code, tt.code, stderr)
			}
			args := strings.Join(tt.args, " ")
			args = strings.ReplaceAll(args, rfc5280Modules, "(the module files of generated/rfc5280)")
			got := "$ asn1gen " + args + "\n" +
				"exit status " + strconv.Itoa(code) + "\n" +
				"-- stdout --\n" + stdout +
				"-- stderr --\n" + stderr
			if *update {
				if err := os.WriteFile(tt.golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(tt.golden)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("output differs from %s (-want +got):\n%s", tt.golden, diff)
			}
		})
	}
}

// TestDumpSchemaUsage checks the refusals of the schema flags: exit status
// 2 and a message that says what to do.
func TestDumpSchemaUsage(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"dump", "-type", "Certificate", "alt1-cert.pem"}, "-type needs the modules that define it"},
		{[]string{"dump", "-use", "github.com/asn1gen/asn1gen/generated/rfc5280", "alt1-cert.pem"}, "need -type Module.Type"},
		{[]string{"dump", "-use", "github.com/asn1gen/asn1gen/generated/rfc5280", "-type", "Nope", "alt1-cert.pem"}, "no module of the schema defines Nope"},
		{[]string{"dump", "-use", "github.com/asn1gen/asn1gen/generated/rfc5280", "-type", "Nope.Certificate", "alt1-cert.pem"}, "no module Nope in the schema"},
		{[]string{"dump", "-use", "github.com/asn1gen/asn1gen/no/such/package", "-type", "Certificate", "alt1-cert.pem"}, "-use github.com/asn1gen/asn1gen/no/such/package"},
		{[]string{"dump", "-use", "github.com/asn1gen/asn1gen/generated/rfc5280", "-type", "Certificate", "-contains", "Certificate.nope", "alt1-cert.pem"}, "not Type.path=Type"},
		{[]string{"dump", "-schema", "no-such-dir", "-type", "X", "alt1-cert.pem"}, "-schema: stat no-such-dir"},
		{[]string{"dump", "-schema", "README.md", "-type", "X", "alt1-cert.pem"}, "the schema has"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args[1:], " "), func(t *testing.T) {
			code, stdout, stderr := runCmd(t, dumpSchemaDir, nil, tt.args...)
			if code != 2 || stdout != "" || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit status %d, stdout %q, stderr %q; want 2, nothing, and %q", code, stdout, stderr, tt.want)
			}
		})
	}
}

// TestDumpSchemaTruncated dumps a certificate cut short with -use: the
// tree it could decode, each element the cut shortens marked, then the
// error at the offset where the data end.
func TestDumpSchemaTruncated(t *testing.T) {
	b, err := os.ReadFile(dumpSchemaDir + "/alt1-cert.pem")
	if err != nil {
		t.Fatal(err)
	}
	p, _ := pem.Decode(b)
	args := []string{"dump", "-use", "github.com/asn1gen/asn1gen/generated/rfc5280", "-type", "Certificate", "-"}
	_, whole, _ := runCmd(t, "", p.Bytes, args...)
	code, stdout, stderr := runCmd(t, "", p.Bytes[:600], args...)
	const want = "asn1gen dump: <stdin>: Certificate.toBeSigned.extensions[3].extnValue at offset 600: " +
		"the data ends inside the contents of OCTET STRING at 558: 65 octets announced, 40 present (X.690 8.1.3)\n"
	if code != 1 || !strings.HasPrefix(stderr, want) || !strings.Contains(stderr, "^^ (end of input)") {
		t.Errorf("exit status %d, stderr:\n%s\nwant 1 and:\n%s", code, stderr, want)
	}
	got, lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n"), strings.Split(whole, "\n")
	if len(got) < 40 {
		t.Fatalf("%d lines:\n%s", len(got), stdout)
	}
	for i, l := range got {
		if cut, ok := strings.CutSuffix(l, "  !! truncated"); ok {
			if !strings.HasPrefix(lines[i], cut[:strings.Index(cut, ":")]) {
				t.Errorf("line %d is %q, the whole dump's %q", i, l, lines[i])
			}
			continue
		}
		if !same(l, lines[i]) {
			t.Errorf("line %d is %q, the whole dump's %q", i, l, lines[i])
		}
	}
}
