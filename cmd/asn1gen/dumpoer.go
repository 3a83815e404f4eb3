package main

import (
	"fmt"

	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/asn1gen/asn1gen/internal/oerdump"
)

// oerFlags are the flags of `asn1gen dump` that read OER
// (internal/oerdump).
type oerFlags struct {
	oer, coer bool
}

// oerVariant says whether the dump reads OER and whether CANONICAL-OER:
// as -oer or -coer say, else as the -use packages carry it (generated with
// -codecs oer and neither DER nor PER, as generated/ieee1609dot2 is):
// CANONICAL-OER then, the form V2X certificates and SPDUs take.
func oerVariant(of *oerFlags, pf *perFlags, sf *schemaFlags) (isOER, canonical bool, err error) {
	switch {
	case of.oer && of.coer:
		return false, false, fmt.Errorf("-oer and -coer: one variant at a time")
	case (of.oer || of.coer) && (pf.aper || pf.uper):
		return false, false, fmt.Errorf("-oer or -coer with -aper or -uper: one encoding at a time")
	case of.oer || of.coer:
		return true, of.coer, nil
	case pf.aper || pf.uper || sf.use == "" || sf.typ == "":
		return false, false, nil
	}
	n := 0
	for _, p := range splitList(sf.use) {
		c, ok := packageCodecs(p)
		if !ok || c.DER || c.APER || c.UPER || !c.OER {
			return false, false, nil
		}
		n++
	}
	return n > 0, true, nil
}

// oerDump dumps data, OER (BASIC-OER, or CANONICAL-OER with canonical),
// as a value of the -type of the schema of sf, and returns the exit
// status.
func (d *dumper) oerDump(sf *schemaFlags, data []byte, canonical bool) int {
	switch {
	case sf.typ == "":
		fmt.Fprintln(d.stderr, "asn1gen dump: -oer and -coer need -type Module.Type and its modules (-schema or -use)")
		return 2
	case sf.schema == "" && sf.use == "":
		fmt.Fprintln(d.stderr, "asn1gen dump: -type needs the modules that define it: -schema FILE|DIR,... or -use IMPORTPATH,...")
		return 2
	case d.ber:
		fmt.Fprintln(d.stderr, "asn1gen dump: -ber is for DER and BER input, not OER (-oer, -coer)")
		return 2
	case sf.contains != "":
		fmt.Fprintln(d.stderr, "asn1gen dump: -contains is for DER, BER and PER input, not OER (-oer, -coer)")
		return 2
	}
	b, isHex, err := perInput(data)
	if err != nil {
		fmt.Fprintf(d.stderr, "asn1gen dump: %s: %v\n", d.name, err)
		return 2
	}
	d.prog.set("reading the modules", 0, false)
	s, root, err := loadOER(sf)
	d.prog.pause()
	if err != nil {
		fmt.Fprintf(d.stderr, "asn1gen dump: %v\n", err)
		return 2
	}
	return d.oerPrint(s.Decode(b, root, &oerdump.Options{Canonical: canonical}), isHex)
}

// loadOER checks the modules of sf and plans the -type.
func loadOER(sf *schemaFlags) (*oerdump.Schema, *plan.Type, error) {
	set, _, err := loadSet(sf, true)
	if err != nil {
		return nil, nil, err
	}
	return oerdump.Load(set, sf.typ, nil)
}

// oerPrint prints the dump res (its input hex text when isHex), and its
// errors on stderr, and returns the exit status.
func (d *dumper) oerPrint(res *oerdump.Result, isHex bool) int {
	if d.jer {
		d.printJER(oerdump.JER(res))
	} else if d.json {
		res.AddJER()
		if err := oerdump.JSON(d.stdout, []*oerdump.Result{res}); err != nil {
			fmt.Fprintf(d.stderr, "asn1gen dump: %v\n", err)
			return 2
		}
	} else {
		fmt.Fprintf(d.stdout, "%s in %s: %d octets%s, %d read\n", res.Type, res.Variant, res.Octets, fromHex(isHex), res.Read)
		if err := oerdump.Text(d.stdout, res, &oerdump.TextOptions{Full: d.opts.Full}); err != nil {
			d.errorf("%v", err)
		}
	}
	d.reportIssues(len(res.Issues), func(i int) string {
		is := res.Issues[i]
		return fmt.Sprintf("%s at offset %d: %s", is.Path, is.Offset, is.Message)
	})
	return d.status
}
