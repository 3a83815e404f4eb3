package main

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/asn1gen/asn1gen/internal/perdump"
	"github.com/asn1gen/asn1gen/internal/schemadump"
)

// perFlags are the flags of `asn1gen dump` that read PER
// (internal/perdump).
type perFlags struct {
	aper, uper bool
}

// perVariant says whether the dump reads PER and in which variant: as
// -aper or -uper say, else as the -use packages carry it (a package
// generated with -codecs aper, or uper, and no DER codec: NGAP, NR RRC).
func perVariant(pf *perFlags, sf *schemaFlags) (per, aligned bool, err error) {
	switch {
	case pf.aper && pf.uper:
		return false, false, fmt.Errorf("-aper and -uper: one variant at a time")
	case pf.aper || pf.uper:
		return true, pf.aper, nil
	case sf.use == "" || sf.typ == "":
		return false, false, nil
	}
	var got []plan.Codecs
	for _, p := range splitList(sf.use) {
		if c, ok := packageCodecs(p); ok {
			got = append(got, c)
		}
	}
	if len(got) == 0 {
		return false, false, nil
	}
	for _, c := range got {
		if c.DER || c != got[0] {
			return false, false, nil // DER, or no one PER variant: the DER dump
		}
	}
	if !got[0].APER && !got[0].UPER {
		return false, false, nil // no PER codec (OER, JER): not PER
	}
	if got[0].APER && got[0].UPER {
		return false, false, fmt.Errorf("-use %s carries both PER variants: say -aper or -uper", sf.use)
	}
	return true, got[0].APER, nil
}

// packageCodecs reads the codecs a generated package carries from the
// command line its generated files record ("// Command: asn1gen gen ...
// -codecs aper ..."); false if it cannot tell.
func packageCodecs(importPath string) (plan.Codecs, bool) {
	l := newLocator([]string{importPath})
	dir, ok := l.dirs[importPath]
	for _, m := range l.mods {
		if !ok {
			dir, ok = packageDir(m, importPath)
		}
	}
	if !ok {
		return plan.Codecs{}, false
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, name := range files {
		line := commandLine(name)
		if line == "" {
			continue
		}
		f := strings.Fields(line)
		for i := 0; i+1 < len(f); i++ {
			if f[i] == "-codecs" {
				c, err := plan.ParseCodecs(f[i+1])
				return c, err == nil
			}
		}
		return plan.DefaultCodecs, true
	}
	return plan.Codecs{}, false
}

// commandLine returns the "// Command: asn1gen gen ..." line among the
// first lines of a generated file, "" if there is none.
func commandLine(name string) string {
	f, err := os.Open(name)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for i := 0; i < 5 && sc.Scan(); i++ {
		if rest, ok := strings.CutPrefix(sc.Text(), "// Command: asn1gen gen "); ok {
			return rest
		}
	}
	return ""
}

// perInput returns the octets of a PER input: a file that holds only hex
// digits and white space is hex (the form 3GPP tools and logs print),
// anything else the octets themselves.
func perInput(data []byte) ([]byte, bool, error) {
	digits := 0
	for _, c := range data {
		switch {
		case c >= '0' && c <= '9', c >= 'a' && c <= 'f', c >= 'A' && c <= 'F':
			digits++
		case c == ' ', c == '\t', c == '\n', c == '\r', c == '\f', c == '\v':
		default:
			return data, false, nil
		}
	}
	if digits == 0 {
		return data, false, nil
	}
	clean := bytes.Join(bytes.Fields(data), nil)
	if len(clean)%2 != 0 {
		return nil, true, fmt.Errorf("hex input of an odd number of digits (%d)", len(clean))
	}
	out := make([]byte, len(clean)/2)
	_, err := hex.Decode(out, clean)
	return out, true, err
}

// loadPER checks the modules of sf, reads its -contains rules and plans
// the -type.
func loadPER(sf *schemaFlags) (*perdump.Schema, *plan.Type, error) {
	set, _, err := loadSet(sf, true)
	if err != nil {
		return nil, nil, err
	}
	var rules []schemadump.Rule
	sd := schemadump.New(set)
	for _, item := range splitList(sf.contains) {
		rule, err := sd.ParseRule(item, "-contains")
		if err != nil {
			return nil, nil, err
		}
		rules = append(rules, rule)
	}
	return perdump.Load(set, sf.typ, rules, nil)
}

// perDump dumps data, PER in the variant aligned says, as a value of the
// -type of the schema of sf, and returns the exit status.
func (d *dumper) perDump(sf *schemaFlags, data []byte, aligned bool) int {
	switch {
	case sf.typ == "":
		fmt.Fprintln(d.stderr, "asn1gen dump: -aper and -uper need -type Module.Type and its modules (-schema or -use)")
		return 2
	case sf.schema == "" && sf.use == "":
		fmt.Fprintln(d.stderr, "asn1gen dump: -type needs the modules that define it: -schema FILE|DIR,... or -use IMPORTPATH,...")
		return 2
	case d.ber:
		fmt.Fprintln(d.stderr, "asn1gen dump: -ber is for DER and BER input, not PER (-aper, -uper)")
		return 2
	}
	b, isHex, err := perInput(data)
	if err != nil {
		fmt.Fprintf(d.stderr, "asn1gen dump: %s: %v\n", d.name, err)
		return 2
	}
	d.prog.set("reading the modules", 0, false)
	s, root, err := loadPER(sf)
	d.prog.pause()
	if err != nil {
		fmt.Fprintf(d.stderr, "asn1gen dump: %v\n", err)
		return 2
	}
	res := s.Decode(b, root, &perdump.Options{Aligned: aligned})
	if d.jer {
		d.printJER(perdump.JER(res))
	} else if d.json {
		res.AddJER()
		if err := perdump.JSON(d.stdout, []*perdump.Result{res}); err != nil {
			fmt.Fprintf(d.stderr, "asn1gen dump: %v\n", err)
			return 2
		}
	} else {
		fmt.Fprintf(d.stdout, "%s in %s PER: %d octets%s, %d bits read\n", res.Type, res.Variant, res.Octets, fromHex(isHex), res.Bits)
		if err := perdump.Text(d.stdout, res, &perdump.TextOptions{Full: d.opts.Full}); err != nil {
			d.errorf("%v", err)
		}
	}
	d.reportIssues(len(res.Issues), func(i int) string {
		is := res.Issues[i]
		return fmt.Sprintf("%s at bit %d: %s", is.Path, is.Offset, is.Message)
	})
	return d.status
}

// reportIssues writes the first maxReported of n errors on stderr, the
// line of each from line, and how many more there are.
func (d *dumper) reportIssues(n int, line func(i int) string) {
	for i := range min(n, maxReported) {
		d.errorf("%s", line(i))
	}
	if n > maxReported {
		d.errorf("%d more", n-maxReported)
	}
}

// fromHex is what the summary line adds for an input read as hex text.
func fromHex(isHex bool) string {
	if isHex {
		return " (from hex)"
	}
	return ""
}
