package main

import (
	"bytes"
	"encoding/json"
	"encoding/pem"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/internal/asn1dump"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/dump")

const dumpDir = "../../testdata/dump"

// runCmd runs asn1gen with args (and stdin) in dir and returns the exit
// status and outputs.
func runCmd(t *testing.T, dir string, input []byte, args ...string) (int, string, string) {
	t.Helper()
	if dir != "" {
		t.Chdir(dir)
	}
	if input != nil {
		old := stdin
		stdin = bytes.NewReader(input)
		defer func() { stdin = old }()
	}
	var stdout, stderr bytes.Buffer
	code := run(args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// TestDumpGolden runs `asn1gen dump` on the files of testdata/dump and
// compares command line, exit status, stdout and stderr with the golden
// files (go test ./cmd/asn1gen -run Dump -update rewrites them).
func TestDumpGolden(t *testing.T) {
	tests := []struct {
		golden string
		args   []string
		code   int
	}{
		// a real certificate: extnValue and subjectPublicKey encapsulate
		{"cert.golden", []string{"dump", "lets-encrypt-x3-cross-signed.der"}, 0},
		// PEM input, long values printed whole
		{"cert-pem-full.golden", []string{"dump", "-full", "IGC_A.pem"}, 0},
		// BER CMS: indefinite lengths and constructed OCTET STRINGs marked
		{"cms-ber.golden", []string{"dump", "-ber", "rfc4134-4.5.ber"}, 0},
		// the same without -ber: refused, with the offset and a hint
		{"cms-strict.golden", []string{"dump", "rfc4134-4.5.ber"}, 1},
		// malformed: not DER at 190, not BER either further on
		{"malformed.golden", []string{"dump", "openssl-bad_cert.der"}, 1},
		{"malformed-ber.golden", []string{"dump", "-ber", "openssl-bad_cert.der"}, 1},
		// a value that is not DER: dumped, marked, exit 1 without -ber
		{"bad-int.golden", []string{"dump", "openssl-bad-int-pad0.der"}, 1},
		// the JSON form
		{"cms-ber-json.golden", []string{"dump", "-ber", "-json", "rfc4134-3.1.ber"}, 0},
		// PKCS #12 as OpenSSL 3 writes it, its algorithms named from the
		// generated packages' modules: id-PBES2, id-PBKDF2,
		// id-hmacWithSHA256, aes256-CBC-PAD, pkcs8ShroudedKeyBag
		{"p12-aes.golden", []string{"dump", "p12-openssl3-default-pbes2-aes256.p12"}, 0},
		// and with -legacy: the PKCS #12 PBE schemes
		{"p12-legacy.golden", []string{"dump", "p12-openssl3-legacy-rc2-3des.p12"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.golden, func(t *testing.T) {
			code, stdout, stderr := runCmd(t, dumpDir, nil, tt.args...)
			if code != tt.code {
				t.Errorf("exit status %d, want %d; stderr:\n%s", code, tt.code, stderr)
			}
			got := "$ asn1gen " + strings.Join(tt.args, " ") + "\n" +
				"exit status " + strconv.Itoa(code) + "\n" +
				"-- stdout --\n" + stdout +
				"-- stderr --\n" + stderr
			// t.Chdir moved us into dumpDir
			path := tt.golden
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("%s mismatch (-want +got):\n%s", path, diff)
			}
		})
	}
}

// TestDumpDeterministic checks that two runs print the same bytes.
func TestDumpDeterministic(t *testing.T) {
	for _, args := range [][]string{
		{"dump", "-ber", "rfc4134-4.5.ber"},
		{"dump", "-ber", "-json", "rfc4134-4.5.ber"},
	} {
		_, a, _ := runCmd(t, dumpDir, nil, args...)
		_, b, _ := runCmd(t, "", nil, args...)
		if a != b || a == "" {
			t.Errorf("%v: two runs differ or print nothing", args)
		}
	}
}

// TestDumpPEMBlocks dumps a PEM file of two blocks read from standard
// input: each block gets a heading and its own tree with offsets from 0.
func TestDumpPEMBlocks(t *testing.T) {
	cert, err := os.ReadFile(filepath.Join(dumpDir, "lets-encrypt-x3-cross-signed.der"))
	if err != nil {
		t.Fatal(err)
	}
	cms, err := os.ReadFile(filepath.Join(dumpDir, "rfc4134-3.1.ber"))
	if err != nil {
		t.Fatal(err)
	}
	var in bytes.Buffer
	in.WriteString("junk before the first block is ignored\n")
	pem.Encode(&in, &pem.Block{Type: "CERTIFICATE", Bytes: cert})
	pem.Encode(&in, &pem.Block{Type: "CMS", Bytes: cms})

	code, stdout, stderr := runCmd(t, "", in.Bytes(), "dump", "-ber", "-")
	if code != 0 {
		t.Fatalf("exit status %d; stderr:\n%s", code, stderr)
	}
	var headings []string
	var zeroLines int
	for _, line := range strings.Split(stdout, "\n") {
		if strings.HasPrefix(line, "==") {
			headings = append(headings, line)
		}
		if strings.HasPrefix(strings.TrimSpace(line), "0 d=0 ") {
			zeroLines++
		}
	}
	want := []string{
		"== PEM block 1 of 2: CERTIFICATE (1174 bytes)",
		"== PEM block 2 of 2: CMS (55 bytes)",
	}
	if diff := cmp.Diff(want, headings); diff != "" {
		t.Errorf("headings (-want +got):\n%s", diff)
	}
	if zeroLines != 2 {
		t.Errorf("%d lines for an element at offset 0, want one per block:\n%s", zeroLines, stdout)
	}

	// JSON: one block per PEM block, with its type
	code, stdout, stderr = runCmd(t, "", in.Bytes(), "dump", "-ber", "-json", "-")
	if code != 0 {
		t.Fatalf("-json: exit status %d; stderr:\n%s", code, stderr)
	}
	var doc struct {
		Blocks []struct {
			PEM      string `json:"pem"`
			Elements []struct {
				Offset int    `json:"offset"`
				Tag    string `json:"tag"`
			} `json:"elements"`
		} `json:"blocks"`
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("-json output does not parse: %v\n%s", err, stdout)
	}
	var got []string
	for _, b := range doc.Blocks {
		for _, e := range b.Elements {
			got = append(got, b.PEM+" "+strconv.Itoa(e.Offset)+" "+e.Tag)
		}
	}
	if diff := cmp.Diff([]string{"CERTIFICATE 0 SEQUENCE", "CMS 0 SEQUENCE"}, got); diff != "" {
		t.Errorf("-json blocks (-want +got):\n%s", diff)
	}
}

// TestDumpUsage covers the command line errors.
func TestDumpUsage(t *testing.T) {
	tests := []struct {
		args   []string
		code   int
		stderr string // a substring of stderr
	}{
		{[]string{"dump"}, 2, "usage: asn1gen dump"},
		{[]string{"dump", "a", "b"}, 2, "usage: asn1gen dump"},
		{[]string{"dump", "-nosuchflag", "x"}, 2, "flag provided but not defined"},
		{[]string{"dump", "does-not-exist.der"}, 2, "does-not-exist.der"},
		{[]string{"dump", "-h"}, 0, "-ber"},
	}
	for _, tt := range tests {
		code, _, stderr := runCmd(t, "", nil, tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.stderr) {
			t.Errorf("%v: exit status %d, stderr %q; want %d and %q", tt.args, code, stderr, tt.code, tt.stderr)
		}
	}
}

// TestDumpEmptyAndTruncated covers inputs too short to hold an element.
func TestDumpEmptyAndTruncated(t *testing.T) {
	tests := []struct {
		name   string
		in     []byte
		code   int
		stderr string
	}{
		{"empty", []byte{}, 1, "empty input"},
		{"truncated", []byte{0x30, 0x03, 0x02, 0x01}, 1, "offset"},
		{"trailing", []byte{0x05, 0x00, 0x00}, 1, "offset 2"},
	}
	for _, tt := range tests {
		code, _, stderr := runCmd(t, "", tt.in, "dump", "-")
		if code != tt.code || !strings.Contains(stderr, tt.stderr) {
			t.Errorf("%s: exit status %d, stderr %q; want %d and %q", tt.name, code, stderr, tt.code, tt.stderr)
		}
	}
}

// TestDumpPEMOddities covers encrypted and undecodable PEM blocks.
func TestDumpPEMOddities(t *testing.T) {
	var enc bytes.Buffer
	pem.Encode(&enc, &pem.Block{Type: "RSA PRIVATE KEY", Headers: map[string]string{
		"Proc-Type": "4,ENCRYPTED", "DEK-Info": "AES-128-CBC,00112233445566778899AABBCCDDEEFF"}, Bytes: []byte{0xde, 0xad}})
	code, stdout, stderr := runCmd(t, "", enc.Bytes(), "dump", "-")
	want := "== PEM block 1 of 1: RSA PRIVATE KEY (2 bytes)\nencrypted (Proc-Type: 4,ENCRYPTED): not dumped\n"
	if code != 0 || stdout != want || stderr != "" {
		t.Errorf("encrypted: exit status %d, stdout %q, stderr %q; want 0, %q, nothing", code, stdout, stderr, want)
	}

	broken := "-----BEGIN CERTIFICATE-----\n!!! not base64 !!!\n-----END CERTIFICATE-----\n" +
		"-----BEGIN NULL-----\nBQA=\n-----END NULL-----\n"
	code, stdout, stderr = runCmd(t, "", []byte(broken), "dump", "-")
	if code != 1 || !strings.Contains(stdout, "prim: NULL") || !strings.Contains(stderr, "1 PEM block(s) could not be decoded") {
		t.Errorf("broken block: exit status %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

// TestDumpPartial checks that the elements before a bad one are printed,
// and the element at fault with what the input has of it, before the
// error.
func TestDumpPartial(t *testing.T) {
	tests := []struct {
		name      string
		in        []byte
		args      []string
		stdout    string
		stderr    string
		inContext bool // the error names the elements enclosing it
	}{
		{"after two elements, a truncated SEQUENCE", []byte{0x05, 0x00, 0x02, 0x01, 0x05, 0x30, 0x05, 0x02}, nil,
			"0 d=0 hl=2 l=0 prim: NULL\n2 d=0 hl=2 l=1 prim: INTEGER 5\n5 d=0 hl=2 l=5 cons: SEQUENCE  !! truncated\n",
			"the data ends at offset 8, inside the identifier and length octets of the element at offset 7 (X.690 8.1.2, 8.1.3)\n  in SEQUENCE at 5\n", true},
		{"a SEQUENCE cut inside its second element", []byte{0x30, 0x08, 0x02, 0x01, 0x05, 0x04, 0x04, 0x61, 0x62}, nil,
			"0 d=0 hl=2 l=8 cons: SEQUENCE  !! truncated\n2 d=1 hl=2 l=1 prim:   INTEGER 5\n" +
				"5 d=1 hl=2 l=4 prim:   OCTET STRING 6162  !! truncated\n",
			"the data ends at offset 9, inside the contents of OCTET STRING at 5: 4 octets announced, 2 present (X.690 8.1.3)\n" +
				"  in SEQUENCE at 0 > OCTET STRING at 5\n", true},
		{"a length octet gone bad inside", []byte{0x30, 0x06, 0x02, 0x01, 0x05, 0x04, 0x81, 0x01}, nil,
			"0 d=0 hl=2 l=6 cons: SEQUENCE\n2 d=1 hl=2 l=1 prim:   INTEGER 5\n",
			"at offset 5: length not in the minimal form", true},
		{"indefinite length without its end (BER)", []byte{0x30, 0x80, 0x02, 0x01, 0x05, 0x31, 0x80, 0x05, 0x00}, []string{"-ber"},
			"0 d=0 hl=2 l=inf cons: SEQUENCE  !! truncated\n2 d=1 hl=2 l=  1 prim:   INTEGER 5\n" +
				"5 d=1 hl=2 l=inf cons:   SET  !! truncated\n7 d=2 hl=2 l=  0 prim:     NULL\n",
			"the data ends at offset 9, before the end-of-contents octets of SET at 5 (indefinite length) (X.690 8.1.5)\n" +
				"  in SEQUENCE at 0 > SET at 5\n", true},
	}
	for _, tt := range tests {
		code, stdout, stderr := runCmd(t, "", tt.in, append(append([]string{"dump"}, tt.args...), "-")...)
		if code != 1 || stdout != tt.stdout || !strings.Contains(stderr, tt.stderr) || strings.Contains(stderr, "  in ") != tt.inContext {
			t.Errorf("%s: exit status %d, stdout %q, stderr %q; want 1, %q and %q", tt.name, code, stdout, stderr, tt.stdout, tt.stderr)
		}
	}
}

// TestDumpTruncatedFile dumps a certificate cut short and one with a
// corrupt length inside: the tree up to the fault, then the located error.
func TestDumpTruncatedFile(t *testing.T) {
	cert, err := os.ReadFile(filepath.Join(dumpDir, "lets-encrypt-x3-cross-signed.der"))
	if err != nil {
		t.Fatal(err)
	}
	_, whole, _ := runCmd(t, "", cert, "dump", "-")
	lines := strings.Split(whole, "\n")
	code, stdout, stderr := runCmd(t, "", cert[:400], "dump", "-")
	got := strings.Split(stdout, "\n")
	if code != 1 || len(got) < 30 || !strings.Contains(stderr, "the data ends at offset 400, inside the contents of BIT STRING at 238: 271 octets announced, 158 present") {
		t.Fatalf("truncated: exit status %d, %d lines, stderr %q", code, len(got), stderr)
	}
	// Every line but the last (an element the cut shortens) is the
	// line of the whole dump.
	for i, l := range got[:len(got)-2] {
		if !same(strings.TrimSuffix(l, "  !! truncated"), lines[i]) {
			t.Errorf("truncated: line %d is %q, want %q", i, l, lines[i])
		}
	}

	// -json gives the same place
	_, stdout, _ = runCmd(t, "", cert[:400], "dump", "-json", "-")
	var doc struct {
		Blocks []struct{ Error asn1dump.ErrorInfo }
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Blocks) != 1 || doc.Blocks[0].Error.Offset != 400 || doc.Blocks[0].Error.Kind != "truncated" {
		t.Errorf("truncated, -json: blocks %+v, want one with an error of kind truncated at offset 400", doc.Blocks)
	}

	bad := bytes.Clone(cert)
	bad[4+4+1] = 0x7f // the length of the version's [0]: beyond its TBSCertificate
	code, stdout, stderr = runCmd(t, "", bad, "dump", "-")
	got = strings.Split(stdout, "\n")
	if code != 1 || len(got) < 20 || !same(got[0], lines[0]) || !strings.Contains(stderr, "  in SEQUENCE at 0 > SEQUENCE at 4 > [0] at 8") {
		t.Errorf("corrupt: exit status %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

// same reports whether two lines of dumps are the same but for the width
// of their columns.
func same(a, b string) bool {
	return strings.Join(strings.Fields(a), " ") == strings.Join(strings.Fields(b), " ")
}
