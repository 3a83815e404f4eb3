package main

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const dumpPERDir = "../../testdata/dump-per"

// TestDumpPERGolden runs `asn1gen dump -aper` and `-uper` on the files of
// testdata/dump-per and compares command line, exit status, stdout and
// stderr with the golden files (go test ./cmd/asn1gen -run DumpPER
// -update rewrites them).
func TestDumpPERGolden(t *testing.T) {
	const (
		ngap    = "github.com/asn1gen/asn1gen/generated/ngap"
		nrrrc   = "github.com/asn1gen/asn1gen/generated/nrrrc"
		etsiits = "github.com/asn1gen/asn1gen/generated/etsiits"
		v2x     = "github.com/asn1gen/asn1gen/generated/ieee1609dot2"
	)
	tests := []struct {
		golden string
		args   []string
		code   int
	}{
		// NGAP in hex, APER chosen by the package (-codecs aper): the IEs
		// read through the table of their id
		{"ngap-setup.golden", []string{"dump", "-use", ngap, "-type", "NGAP-PDU", "ngap-setup.hex"}, 0},
		// the same message cut short: the tree as far as the data go, the
		// error at the field they end in
		{"ngap-setup-cut.golden", []string{"dump", "-aper", "-use", ngap, "-type", "NGAP-PDU", "ngap-setup-cut.hex"}, 1},
		// NR RRC in binary, UPER
		{"nr-resume-request.golden", []string{"dump", "-uper", "-use", nrrrc, "-type", "UL-CCCH-Message", "nr-resume-request.bin"}, 0},
		// a SIB1 with the module file
		{"nr-sib1.golden", []string{"dump", "-uper", "-schema", "../../modules/nrrrc/NR-RRC-Definitions.asn", "-type", "NR-RRC-Definitions.SIB1", "nr-sib1.hex"}, 0},
		// the JSON form
		{"ngap-release-complete-json.golden", []string{"dump", "-json", "-aper", "-use", ngap, "-type", "NGAP-PDU", "ngap-release-complete.hex"}, 0},
		// a CAM as JER (X.697), decoded by generated/etsiits's own code
		// (UPER, the codec it carries)
		{"cam-golf8-jer.golden", []string{"dump", "-jer", "-use", etsiits, "-type", "CAM", "cam-golf8.hex"}, 0},
		// the same cut short: the generated decoder's located error
		{"cam-golf8-cut-jer.golden", []string{"dump", "-jer", "-use", etsiits, "-type", "CAM-PDU-Descriptions.CAM", "cam-golf8-cut.hex"}, 1},
		// a V2X certificate (IEEE 1609.2) as JER, decoded from COER by
		// generated/ieee1609dot2's own code (OER, the codec it carries
		// beside JER)
		{"v2x-golf8-cert-jer.golden", []string{"dump", "-jer", "-use", v2x, "-type", "Certificate", "v2x-golf8-cert.hex"}, 0},
		// the same cut short: the OER decoder's error, at its octet
		// offset and field
		{"v2x-golf8-cert-cut-jer.golden", []string{"dump", "-jer", "-use", v2x, "-type", "Ieee1609Dot2.Certificate", "v2x-golf8-cert-cut.hex"}, 1},
		// the same certificate dumped with the schema: CANONICAL-OER, as
		// the package carries OER alone (internal/oerdump)
		{"v2x-golf8-cert-coer.golden", []string{"dump", "-use", v2x, "-type", "EtsiTs103097Certificate", "v2x-golf8-cert.hex"}, 0},
		// cut short, in BASIC-OER: the generated decoder's error, with
		// the tree up to it
		{"v2x-golf8-cert-cut-oer.golden", []string{"dump", "-oer", "-use", v2x, "-type", "Ieee1609Dot2.Certificate", "v2x-golf8-cert-cut.hex"}, 1},
		// one encoding at a time
		{"v2x-oer-aper.golden", []string{"dump", "-oer", "-aper", "-use", v2x, "-type", "Certificate", "v2x-golf8-cert.hex"}, 2},
		// a package without JER: the JER written from the schema dump (APER)
		{"ngap-jer.golden", []string{"dump", "-jer", "-use", ngap, "-type", "NGAP-PDU", "ngap-setup.hex"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.golden, func(t *testing.T) {
			code, stdout, stderr := runCmd(t, dumpPERDir, nil, tt.args...)
			if code != tt.code {
				t.Errorf("exit status %d, want %d; stderr:\n%s", code, tt.code, stderr)
			}
			got := "$ asn1gen " + strings.Join(tt.args, " ") + "\n" +
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

// TestDumpPERInput reads the same message as hex with white space, as
// binary and from standard input: one dump.
func TestDumpPERInput(t *testing.T) {
	hexText, err := os.ReadFile(dumpPERDir + "/ngap-release-complete.hex")
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"dump", "-aper", "-use", "github.com/asn1gen/asn1gen/generated/ngap", "-type", "NGAP-PDU", "-"}
	code, want, stderr := runCmd(t, "", hexText, args...)
	if code != 0 || stderr != "" {
		t.Fatalf("exit status %d, stderr %s", code, stderr)
	}
	spaced := strings.ToUpper(string(hexText[:10])) + "\n\t " + string(hexText[10:])
	bin, _, err := perInput(hexText)
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range [][]byte{[]byte(spaced), bin} {
		code, got, stderr := runCmd(t, "", in, args...)
		got = strings.Replace(got, " octets, ", " octets (from hex), ", 1)
		if code != 0 || got != want {
			t.Errorf("input %q: exit status %d, stderr %s, dump:\n%s\nwant:\n%s", in, code, stderr, got, want)
		}
	}
}

// TestDumpJEROERInput: dump -jer reads COER as binary too, here from
// standard input, and prints what it prints of the hex text.
func TestDumpJEROERInput(t *testing.T) {
	golden, err := os.ReadFile(dumpPERDir + "/v2x-golf8-cert-jer.golden")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, _ := strings.Cut(string(golden), "-- stdout --\n")
	want, _, _ := strings.Cut(rest, "-- stderr --\n")
	hexText, err := os.ReadFile(dumpPERDir + "/v2x-golf8-cert.hex")
	if err != nil {
		t.Fatal(err)
	}
	bin, isHex, err := perInput(hexText)
	if err != nil || !isHex {
		t.Fatalf("v2x-golf8-cert.hex: hex %v, %v", isHex, err)
	}
	code, got, stderr := runCmd(t, "", bin, "dump", "-jer", "-use", "github.com/asn1gen/asn1gen/generated/ieee1609dot2", "-type", "Certificate", "-")
	if code != 0 || got != want || want == "" {
		t.Errorf("binary input: exit status %d, stderr %s, output:\n%s\nwant:\n%s", code, stderr, got, want)
	}
}

// TestDumpPERUsage checks the refusals of the PER flags: exit status 2
// and a message that says what to do.
func TestDumpPERUsage(t *testing.T) {
	const ngap = "github.com/asn1gen/asn1gen/generated/ngap"
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"dump", "-aper", "-uper", "-use", ngap, "-type", "NGAP-PDU", "ngap-setup.hex"}, "one variant at a time"},
		{[]string{"dump", "-aper", "-use", ngap, "ngap-setup.hex"}, "need -type Module.Type"},
		{[]string{"dump", "-aper", "-type", "NGAP-PDU", "ngap-setup.hex"}, "-type needs the modules"},
		{[]string{"dump", "-aper", "-ber", "-use", ngap, "-type", "NGAP-PDU", "ngap-setup.hex"}, "-ber is for DER and BER input"},
		{[]string{"dump", "-aper", "-use", ngap, "-type", "Nope", "ngap-setup.hex"}, "no type Nope"},
		{[]string{"dump", "-aper", "-use", ngap, "-type", "NGAP-PDU", "-contains", "NGAP-PDU.nope", "ngap-setup.hex"}, "not Type.path=Type"},
		{[]string{"dump", "-aper", "-use", ngap, "-type", "NGAP-PDU", "-"}, "odd number of digits"},
		{[]string{"dump", "-jer", "-json", "-use", ngap, "-type", "NGAP-PDU", "ngap-setup.hex"}, "not with -json"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args[1:], " "), func(t *testing.T) {
			code, stdout, stderr := runCmd(t, dumpPERDir, []byte("abc\n"), tt.args...)
			if code != 2 || stdout != "" || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit status %d, stdout %q, stderr %q; want 2, nothing, and %q", code, stdout, stderr, tt.want)
			}
		})
	}
}

// TestPackageCodecs reads the codecs of the generated packages from their
// headers: a dump -use of ngap or nrrrc is PER without a flag, of rfc5280
// DER.
func TestPackageCodecs(t *testing.T) {
	for _, tt := range []struct {
		pkg          string
		per, aligned bool
	}{
		{"ngap", true, true},
		{"s1ap", true, true},
		{"nrrrc", true, false},
		{"rfc5280", false, false},
	} {
		sf := schemaFlags{use: "github.com/asn1gen/asn1gen/generated/" + tt.pkg, typ: "T"}
		per, aligned, err := perVariant(&perFlags{}, &sf)
		if err != nil || per != tt.per || aligned != tt.aligned {
			t.Errorf("%s: PER %v, aligned %v, %v; want %v, %v", tt.pkg, per, aligned, err, tt.per, tt.aligned)
		}
	}
}

// TestDumpPERContains reads a UE capability's container, an OCTET STRING
// that NR RRC fills by its rat-Type (prose), as the -contains rule says.
func TestDumpPERContains(t *testing.T) {
	b, err := os.ReadFile("../../testdata/per/nr-rrc.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	if len(lines) < 80 || !strings.HasPrefix(lines[78], "# erlang") {
		t.Fatal("testdata/per/nr-rrc.txt: line 80 is not the UECapabilityInformation")
	}
	args := []string{"dump", "-use", "github.com/asn1gen/asn1gen/generated/nrrrc", "-type", "UL-DCCH-Message",
		"-contains", "UE-CapabilityRAT-Container.ue-CapabilityRAT-Container=UE-NR-Capability", "-"}
	code, stdout, stderr := runCmd(t, "", []byte(lines[79]), args...)
	for _, want := range []string{"ue-CapabilityRAT-Container OCTET STRING  -- containing, by -contains", "      UE-NR-Capability\n", "accessStratumRelease AccessStratumRelease 0 (rel15)"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("no %q in the dump", want)
		}
	}
	if code != 0 || stderr != "" {
		t.Errorf("exit status %d, stderr %s", code, stderr)
	}
}

// TestManifestType: dump -jer finds the Go name of -type in a manifest,
// by Module.Type or by a Type one module defines.
func TestManifestType(t *testing.T) {
	types := map[string]string{"M.T": "T", "M.U": "M_U", "N.U": "N_U"}
	for _, c := range []struct{ typ, want, err string }{
		{"T", "T", ""},
		{"M.T", "T", ""},
		{"N.U", "N_U", ""},
		{"U", "", "U names 2 types (M_U, N_U): say Module.Type"},
		{"V", "", "no type V"},
	} {
		got, err := manifestType(types, c.typ)
		if got != c.want || (err == nil) != (c.err == "") || err != nil && err.Error() != c.err {
			t.Errorf("manifestType(%s) = %q, %v; want %q, %q", c.typ, got, err, c.want, c.err)
		}
	}
}
