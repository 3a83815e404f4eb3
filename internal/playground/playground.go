// Package playground is the engine of asn1gen's browser playground (web/):
// it checks module texts and decodes octets against them with the
// packages the command line runs (codegen/model, the schema dumps
// internal/schemadump, internal/perdump and internal/oerdump), so that the page shows what
// `asn1gen check` and `asn1gen dump -schema -json` print; package gogen
// adds what `asn1gen gen` writes. It has no file system and no
// syscall/js: web/wasm wraps it for JavaScript, and its tests run
// natively. The generator is a package apart because it is two thirds of
// the WebAssembly module: the page loads it only for its Go tab.
package playground

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/asn1gen/asn1gen/codegen/manifest"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/asn1gen/asn1gen/internal/oerdump"
	"github.com/asn1gen/asn1gen/internal/perdump"
	"github.com/asn1gen/asn1gen/internal/schemadump"

	// The names of the OIDs of the generated packages' modules, which
	// `asn1gen dump` registers with runtime/oids the same way.
	_ "github.com/asn1gen/asn1gen/internal/oidnames"
)

// File is one module file: its name (used in positions) and its text.
type File struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// Diagnostic is one error, warning or note of a check, located.
type Diagnostic struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Col      int    `json:"col"`
	Severity string `json:"severity"` // "error", "warning" or "note"
	Message  string `json:"message"`
	// Text is the line `asn1gen check` prints: "file:line:col: message".
	Text string `json:"text"`
}

// Compiled is a checked module set, ready to decode and generate from.
type Compiled struct {
	// Diagnostics are those `asn1gen check` prints (not those an option
	// accepted), in position order; Errors counts the errors among them.
	Diagnostics []Diagnostic `json:"diagnostics"`
	Errors      int          `json:"errors"`
	// Types are the types a value can be decoded as, "Module.Type", in
	// module and source order: the type assignments that take no
	// parameters.
	Types []string `json:"types"`

	set     *model.Set
	flags   []manifest.Flag       // recorded by gogen.Gen
	schema  *schemadump.Schema    // built on the first DER or BER decode
	perRoot map[string]*perSchema // by type, built on the first PER decode
	oerRoot map[string]*oerSchema // by type, built on the first OER decode
}

type perSchema struct {
	s    *perdump.Schema
	root *plan.Type
}

type oerSchema struct {
	s    *oerdump.Schema
	root *plan.Type
}

// Compile checks files as one set, with the options of flags: the model
// options of `asn1gen check` and `gen` as on their command line
// ("-accept kind:Module -extend M.Set=M.Set2"; see ParseFlags). The error
// is one of flags; the errors of the modules are in the Diagnostics.
func Compile(files []File, flags string) (*Compiled, error) {
	opts, mflags, err := ParseFlags(flags)
	if err != nil {
		return nil, err
	}
	srcs := make([]model.Source, len(files))
	for i, f := range files {
		srcs[i] = model.Source{Name: f.Name, Src: []byte(f.Text)}
	}
	set := model.CheckWith(opts, srcs...)
	c := &Compiled{set: set, flags: mflags, Errors: set.Diags.Errors(), Diagnostics: []Diagnostic{}, Types: []string{}, perRoot: map[string]*perSchema{}, oerRoot: map[string]*oerSchema{}}
	for _, d := range set.Diags.Shown() {
		c.Diagnostics = append(c.Diagnostics, Diagnostic{File: d.Pos.Filename, Line: d.Pos.Line, Col: d.Pos.Column,
			Severity: severity(d.Severity), Message: d.Msg, Text: d.Error()})
	}
	for _, m := range set.Modules {
		for _, a := range m.Assignments {
			if a.Kind == model.KindType && len(a.Params) == 0 && a.Type != nil {
				c.Types = append(c.Types, m.Name+"."+a.Name)
			}
		}
	}
	return c, nil
}

func severity(s model.Severity) string {
	switch s {
	case model.Error:
		return "error"
	case model.Warning:
		return "warning"
	}
	return "note"
}

// ParseFlags reads the model options of `asn1gen check` and `gen` from
// their command-line form, separated by white space: -import-from,
// -extend, -extensible, -containing, -accept, -keep-raw (each with a
// comma-separated list), -no-keep-raw and -lenient. It returns them as
// model options, and as the manifest of a generated package records
// them.
func ParseFlags(text string) (model.Options, []manifest.Flag, error) {
	var opts model.Options
	fs := flag.NewFlagSet("options", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	importFrom := fs.String("import-from", "", "")
	extend := fs.String("extend", "", "")
	extensible := fs.String("extensible", "", "")
	containing := fs.String("containing", "", "")
	accept := fs.String("accept", "", "")
	keepRaw := fs.String("keep-raw", "", "")
	fs.BoolVar(&opts.NoDeriveKeepRaw, "no-keep-raw", false, "")
	fs.BoolVar(&opts.Lenient, "lenient", false, "")
	if err := fs.Parse(strings.Fields(text)); err != nil {
		return opts, nil, fmt.Errorf("options: %v", err)
	}
	if fs.NArg() > 0 {
		return opts, nil, fmt.Errorf("options: %q is not an option (the modules go in files)", fs.Arg(0))
	}
	opts.Accept, opts.KeepRaw = splitList(*accept), splitList(*keepRaw)
	if err := opts.AddBindings(*importFrom, *extend, *extensible, *containing); err != nil {
		return opts, nil, fmt.Errorf("options: %v", err)
	}
	return opts, manifest.ModelFlags(*importFrom, *extend, *extensible, *containing, *keepRaw, opts.Lenient), nil
}

func splitList(s string) []string {
	var out []string
	for _, item := range strings.Split(s, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}

// The encodings Decode reads.
const (
	DER  = "der"
	BER  = "ber"
	APER = "aper"
	UPER = "uper"
	OER  = "oer"
	COER = "coer"
)

// Decode reads data as a value of typ ("Module.Type", or "Type" when one
// module defines it) in encoding (DER, BER, APER, UPER, OER or COER) and
// returns what `asn1gen dump -schema DIR -type typ -json` prints for the
// same octets, with -ber for BER, -aper or -uper for PER and -oer or
// -coer for OER: the tree with offsets (octets for DER, BER and OER, bits
// for PER), names and values, and the errors with their field paths; a
// PER or OER decode adds the value as JER (X.697). DER and BER input may be PEM, each
// block read as the command reads it. The limits of the dumps apply as
// in the command. The error is one of the request (an unknown type, a
// set with errors), not of the data.
func (c *Compiled) Decode(typ, encoding string, data []byte) ([]byte, error) {
	return c.decode(typ, encoding, data, true)
}

// DecodeCompact is Decode with the JSON on one line: the same document
// without the indentation, which the page parses in half the time.
func (c *Compiled) DecodeCompact(typ, encoding string, data []byte) ([]byte, error) {
	return c.decode(typ, encoding, data, false)
}

func (c *Compiled) decode(typ, encoding string, data []byte, indent bool) ([]byte, error) {
	if c.Errors > 0 {
		return nil, fmt.Errorf("the modules have %d error(s)", c.Errors)
	}
	var buf bytes.Buffer
	switch encoding {
	case DER, BER:
		out, err := c.decodeBlocks(typ, encoding, data)
		if err != nil {
			return nil, err
		}
		if !indent {
			return schemadump.AppendJSON(nil, out), nil // no copy through buf
		}
		if err := schemadump.JSON(&buf, out); err != nil {
			return nil, err
		}
	case APER, UPER:
		p, err := c.per(typ)
		if err != nil {
			return nil, err
		}
		res := p.s.Decode(data, p.root, &perdump.Options{Aligned: encoding == APER})
		res.AddJER()
		ind := ""
		if indent {
			ind = "  " // as perdump.JSON
		}
		if err := perdump.WriteJSON(&buf, []*perdump.Result{res}, ind); err != nil {
			return nil, err
		}
	case OER, COER:
		o, err := c.oer(typ)
		if err != nil {
			return nil, err
		}
		res := o.s.Decode(data, o.root, &oerdump.Options{Canonical: encoding == COER})
		res.AddJER()
		ind := ""
		if indent {
			ind = "  " // as oerdump.JSON
		}
		if err := oerdump.WriteJSON(&buf, []*oerdump.Result{res}, ind); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("encoding %q: want der, ber, aper, uper, oer or coer", encoding)
	}
	return buf.Bytes(), nil
}

// per returns the PER plan of typ, made once per type.
func (c *Compiled) per(typ string) (*perSchema, error) {
	if p, ok := c.perRoot[typ]; ok {
		return p, nil
	}
	s, root, err := perdump.Load(c.set, typ, nil, nil)
	if err != nil {
		return nil, err
	}
	p := &perSchema{s, root}
	c.perRoot[typ] = p
	return p, nil
}

// oer returns the OER plan of typ, made once per type.
func (c *Compiled) oer(typ string) (*oerSchema, error) {
	if o, ok := c.oerRoot[typ]; ok {
		return o, nil
	}
	s, root, err := oerdump.Load(c.set, typ, nil)
	if err != nil {
		return nil, err
	}
	o := &oerSchema{s, root}
	c.oerRoot[typ] = o
	return o, nil
}

// Set returns the checked module set.
func (c *Compiled) Set() *model.Set { return c.set }

// ManifestFlags returns the options of the set as the manifest of a
// package generated from it records them (see ParseFlags).
func (c *Compiled) ManifestFlags() []manifest.Flag { return c.flags }
