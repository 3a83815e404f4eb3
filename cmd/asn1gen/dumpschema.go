package main

import (
	"fmt"
	"os"

	"github.com/asn1gen/asn1gen/codegen/manifest"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/internal/asn1dump"
	"github.com/asn1gen/asn1gen/internal/schemadump"
)

// schemaFlags are the flags of `asn1gen dump` that decode with a schema
// (internal/schemadump).
type schemaFlags struct {
	schema string // comma-separated module files and directories
	use    string // comma-separated import paths of generated packages
	typ    string // Module.Type or Type
	// contains are rules Type.path=Type (schemadump.Rule)
	contains string
}

func (f *schemaFlags) set() bool { return f.schema != "" || f.use != "" || f.typ != "" }

// schemaDump dumps data as a value of the -type of the schema of sf, one
// PEM block at a time, and returns the exit status.
func (d *dumper) schemaDump(sf *schemaFlags, data []byte) int {
	switch {
	case sf.typ == "":
		fmt.Fprintln(d.stderr, "asn1gen dump: -schema and -use need -type Module.Type")
		return 2
	case sf.schema == "" && sf.use == "":
		fmt.Fprintln(d.stderr, "asn1gen dump: -type needs the modules that define it: -schema FILE|DIR,... or -use IMPORTPATH,...")
		return 2
	}
	d.prog.set("reading the modules", 0, false)
	schema, a, err := loadSchema(sf)
	d.prog.pause()
	if err != nil {
		fmt.Fprintf(d.stderr, "asn1gen dump: %v\n", err)
		return 2
	}
	opts := &schemadump.Options{BER: d.ber, Full: d.opts.Full, NoEncapsulated: d.opts.NoEncapsulated, OIDName: d.opts.OIDName, Progress: d.opts.Progress,
		JER: d.jer}
	for _, item := range splitList(sf.contains) {
		rule, err := schema.ParseRule(item, "-contains")
		if err != nil {
			fmt.Fprintf(d.stderr, "asn1gen dump: %v\n", err)
			return 2
		}
		opts.Rules = append(opts.Rules, rule)
	}
	blocks, skipped := asn1dump.SplitPEM(data)
	if skipped > 0 {
		d.errorf("%d PEM block(s) could not be decoded and were skipped", skipped)
	}
	var out []schemadump.Block
	for i, b := range blocks {
		if b.Label != "" && !d.json && !d.jer {
			fmt.Fprintf(d.stdout, "== PEM block %d of %d: %s (%d bytes)\n", i+1, len(blocks), b.Label, len(b.Data))
		}
		if b.Encrypted {
			if !d.json {
				fmt.Fprintln(d.stdout, "encrypted (Proc-Type: 4,ENCRYPTED): not dumped")
			}
			out = append(out, schemadump.Block{PEM: b.Label, Encrypted: true})
			continue
		}
		d.prog.set("decoding", int64(len(b.Data)), true)
		res := schema.Decode(b.Data, a, opts)
		if d.jer {
			d.printJER(schemadump.JER(res))
		} else if !d.json {
			d.writing(len(b.Data))
			if err := schemadump.Text(d.stdout, res, opts); err != nil {
				d.errorf("%v", err)
			}
		}
		d.prog.pause() // the errors follow
		d.schemaIssues(b, res)
		out = append(out, schemadump.Block{PEM: b.Label, Type: res.Type, Elements: res.Elements, Errors: res.Issues})
	}
	if d.json {
		d.writing(0)
		err := schemadump.JSON(d.stdout, out)
		d.prog.pause()
		if err != nil {
			fmt.Fprintf(d.stderr, "asn1gen dump: %v\n", err)
			return 2
		}
	}
	return d.status
}

// schemaIssues reports the errors of one block on stderr, after its dump:
// each with its field path and offset, the first with the octets around it.
func (d *dumper) schemaIssues(b asn1dump.InputBlock, res *schemadump.Result) {
	where := ""
	if b.Label != "" {
		where = fmt.Sprintf("PEM block %d: ", b.Index+1)
	}
	nonDER := false
	for i, is := range res.Issues {
		nonDER = nonDER || is.NonDER
		if i == maxReported {
			d.errorf("%s%d more", where, len(res.Issues)-maxReported)
			break
		}
		d.errorf("%s%s at offset %d: %s", where, is.Path, is.Offset, is.Message)
		if i == 0 && !d.json {
			asn1dump.Context(d.stderr, b.Data, is.Offset)
		}
	}
	if nonDER && !d.ber {
		d.errorf("%snot DER: -ber accepts BER encodings", where)
	}
}

// loadSchema checks the modules of sf (those of the -use packages first,
// with the options their generations used, as gen -use does) and finds
// the type to decode.
func loadSchema(sf *schemaFlags) (*schemadump.Schema, *model.Assignment, error) {
	set, _, err := loadSet(sf, false)
	if err != nil {
		return nil, nil, err
	}
	s := schemadump.New(set)
	a, err := s.Type(sf.typ)
	if err != nil {
		return nil, nil, err
	}
	return s, a, nil
}

// loadSet checks the modules of sf and returns them with the manifests
// of the -use packages. With own, the modules of the -use packages are
// checked as the set's own, for a plan of their types (a generation's
// plan does not plan the types of the packages it uses).
func loadSet(sf *schemaFlags, own bool) (*model.Set, []*manifest.Manifest, error) {
	var opts model.Options
	mans, srcs, err := loadUses(splitList(sf.use), &opts)
	if err != nil {
		return nil, nil, err
	}
	if own {
		for i := range srcs {
			srcs[i].Package = ""
		}
	}
	files, err := model.Files(splitList(sf.schema)...)
	if err != nil {
		return nil, nil, fmt.Errorf("-schema: %v", err)
	}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, nil, fmt.Errorf("-schema: %v", err)
		}
		srcs = append(srcs, model.Source{Name: name, Src: src})
	}
	set := model.CheckWith(opts, srcs...)
	if n := set.Diags.Errors(); n > 0 {
		var errs model.Diagnostics
		for _, e := range set.Diags {
			if e.Severity == model.Error {
				errs = append(errs, e)
			}
		}
		return nil, nil, fmt.Errorf("the schema has %d error(s) ('asn1gen check' tells more):\n%s", n, errs.String())
	}
	return set, mans, nil
}
