// Package gen is the driver of code generation: it turns a resolved module
// set (codegen/model) into the files of one Go package of reflection-free
// types with the codecs asked for, against asn1gen's runtime (runtime/der,
// runtime/per, and runtime/float and runtime/isotime for the types that
// need them).
//
// Generate reads top to bottom: the plan (codegen/plan: every Go type,
// field, tag, constraint and table, names settled) is built once from the
// model; each emitter under codegen/emit reads it and writes one part of
// the package, not knowing the others: the Go types (gotypes), the DER and
// BER codecs (dercodec), the PER codecs (percodec), the lazy views (views)
// and the stream readers (streams); the driver renders each type's part
// once and puts the parts into files (output.go): NAME.go with the types,
// NAME_der.go, NAME_per.go, NAME_view.go, NAME_stream.go, a large part in a
// file per module and in numbered parts, no file of 1 MB. Adding an
// encoding is adding an emitter package and its section here.
//
// Config.Codecs selects the codecs (asn1gen gen -codecs der,aper,uper): a
// package carries the methods, entry points and helpers of those only.
//
// # The generated API
//
// For every ASN.1 type assignment T (and every instance of a
// parameterized type, and every type written in place) the package has a
// Go type, named by identity as the codegen/names package documents:
// Certificate, TBSCertList_RevokedCertificates, Extensions_CertExtensions.
// Every Go type has
//
//	func (v *T) DecodeASN1(r *der.Reader, t der.Tag) error
//	func (v *T) EncodeASN1(b *der.Builder, t der.Tag)
//
// which read and write v with tag t: what generated code calls for the
// values it holds, in this package or in a package that imports it (an
// IMPLICIT tag on an imported type is passed as t). The zero tag is the
// type's own, at the root of an encoding: a decode then reads the whole
// input and names the type at the start of its errors' paths. Named types,
// instances and structures written in place also have
//
//	func (v *T) UnmarshalDER(b []byte) error // der.Unmarshal(b, v, nil), DecodeASN1 called directly
//	func (v *T) MarshalDER() ([]byte, error) // der.Marshal(v, nil)
//
// and der.Unmarshal, der.Marshal and der.Append take options (BER,
// limits, SkipConstraints, tolerated DER defects) for any of them. (All
// of this with the der codec; package dercodec documents it.)
//
// Decoding aliases b: byte slices, OIDs, INTEGERs and kept encodings point
// into it (zero-copy), so b must not be modified while the value is in use.
// Strings are copied. Errors are *der.Error values with offset, field
// path and tags.
//
// # Mapping
//
//   - SEQUENCE, SET: a struct, fields in declaration order. A SET decodes
//     its components in any order (in DER, the canonical order is checked).
//   - OPTIONAL components and extension additions have a presence field
//     HasX (no pointer, no allocation); DEFAULT components too: the field
//     holds the default when the component is absent, HasX tells whether
//     it was encoded, and DER encoding omits a value equal to its default.
//   - CHOICE: a struct with a discriminant Choice (type TChoice, constants
//     T_Alternative, with String) and one field per alternative: decoding allocates
//     nothing but for alternatives larger than 64 bytes, which are behind
//     pointers (GeneralName's ORAddress), and for those larger than 48
//     bytes in a CHOICE whose alternatives add up to more than 128
//     (GeneralName's EDIPartyName). When every alternative has the
//     same Go type (DirectoryString: string; Time: der.Time) one field,
//     Value, holds the value and Choice says which alternative it is.
//     Instances of one parameterized CHOICE whose alternatives differ only
//     in constraints (DirectoryString{ub-name}, DirectoryString{ub-title})
//     share one discriminant type, named after the template
//     (DirectoryStringChoice, DirectoryString_UTF8String), so that their Go
//     types have one underlying type and convert into one another.
//   - SEQUENCE OF, SET OF: a slice type; DER encoding sorts SET OF.
//   - INTEGER: int64 when a constraint keeps it within int64 or it has
//     named numbers (typed constants and String), otherwise der.Integer
//     (the exact two's-complement bytes, with Int64 and Big). ENUMERATED:
//     a named int64 type with constants and String.
//   - BIT STRING: der.BitString; with named bits, a named type with a
//     method per bit and String. OCTET STRING: []byte. The contained type for OCTET
//     STRING (CONTAINING T) and BIT STRING (CONTAINING T). NULL: struct{}. OBJECT IDENTIFIER:
//     der.OID (the contents octets; OID value assignments are package
//     variables, their dotted form in a trailing comment that go doc
//     shows). Character strings: string, checked against
//     the type's alphabet. UTCTime, GeneralizedTime: der.Time.
//   - Open types with a table (X.682 component relation constraints, and
//     1988 ANY DEFINED BY given a mapping): a union struct with the
//     received encoding (Raw), a discriminant Kind and a typed field per
//     row of the table, one per information object set, shared by every
//     open type over the set (CertExtensions for Extension{{CertExtensions}}'s
//     extnValue), named after the set. Kind has the discriminant type of the
//     class (ExtensionKind), one constant per information object of the
//     package's tables (ExtSubjectAltName), with String. Rows whose values
//     have one Go layout share a field
//     (the DirectoryString instances of a Name's attributes share
//     DirectoryString, its strings String), and each row keeps the
//     constraints of its own type on decode and encode. Rows larger than
//     48 bytes are behind pointers; in a package with DER or PER, every
//     row of a named type larger than a pointer is when the union's fields
//     add up to more than 128 bytes (CertExtensions: 160 bytes, not 376;
//     NGAP's InitiatingMessage 656, not 3,696). Decoding allocates the row
//     the key selects, charged to the decode's allocation budget
//     (MaxAlloc: der.New, per.Row), and resolves the key at once; an
//     unknown key of an extensible table keeps only Raw, which encoding
//     writes back unchanged. Open types without a table are the raw
//     element ([]byte).
//   - Types the model marks as signed (TBSCertificate, ...) keep their
//     received encoding in a Raw field; components it marks
//     (SignedAttributes) in a field named after the component plus Raw.
//   - Extensible types keep unknown extension additions (or an unknown
//     CHOICE alternative) in Unknown and encode them back.
//   - A module set becomes one Go package. The names are the rule of
//     codegen/names (names by identity, never by file order or first use):
//     a name defined by two modules stays with the module the other
//     imports (Version of PKIX1Explicit-2009; OCSP2009_Version), an
//     instance is Template_Actual (AlgorithmIdentifier_SignatureAlgorithms),
//     a constant Type_Item (GeneralName_DNSName, CRLReason_KeyCompromise).
//     codegen/plan's naming.go applies it.
//
// # Views, streams and PER
//
// With Config.Views (asn1gen gen -view T,...) the package also has lazy
// views (package views), with Config.Streams stream readers (package
// streams), and with a PER codec DecodePER and EncodePER on every Go type
// and the entry points of the variants asked for on the named structures
// (package percodec), and with the OER codec (-codecs oer) DecodeOER and
// EncodeOER, UnmarshalOER and MarshalOER likewise (package oercodec), and
// with the JER codec (-codecs jer) DecodeJER and EncodeJER, UnmarshalJSON
// and MarshalJSON (package jercodec). A construct the PER, OER or JER
// emitter does not handle fails the generation with an error that names
// the type and the construct.
package gen

import (
	"fmt"
	"go/token"

	"github.com/asn1gen/asn1gen/codegen/emit"
	"github.com/asn1gen/asn1gen/codegen/emit/dercodec"
	"github.com/asn1gen/asn1gen/codegen/emit/gotypes"
	"github.com/asn1gen/asn1gen/codegen/emit/jercodec"
	"github.com/asn1gen/asn1gen/codegen/emit/oercodec"
	"github.com/asn1gen/asn1gen/codegen/emit/percodec"
	"github.com/asn1gen/asn1gen/codegen/emit/streams"
	"github.com/asn1gen/asn1gen/codegen/emit/views"
	"github.com/asn1gen/asn1gen/codegen/manifest"
	"github.com/asn1gen/asn1gen/codegen/model"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/dave/jennifer/jen"
)

// Config controls a generation.
type Config struct {
	// Package is the Go package name.
	Package string
	// Roots, if set, restricts the output to these types ("Type" or
	// "Module.Type") and what they use.
	Roots []string
	// Command is the command line recorded in the header (optional).
	Command string
	// Fuzz adds a test file with a Fuzz function per root type (or per
	// named type when there are no roots).
	Fuzz bool
	// Views names the types ("Type" or "Module.Type") that get a lazy
	// view and a ParseTView function (asn1gen gen -view), written to
	// NAME_view.go with the views of what they reach (see package
	// runtime/view).
	Views []string
	// Used are the manifests of the generated packages whose modules the
	// set holds (asn1gen gen -use, and the packages those use), whose
	// types generated code refers to instead of declaring them; Uses are
	// the import paths the command line named, recorded in the manifest.
	Used []*manifest.Manifest
	Uses []string
	// Flags are the options the set was checked with, recorded in the
	// manifest; Extra holds the files they name (an -anymap table).
	Flags []manifest.Flag
	Extra map[string][]byte
	// SourcePaths maps module source files (as the set names them) that
	// lie in the Go module of the generated package to their paths
	// relative to its directory, slash-separated: the manifest refers to
	// them instead of copying them.
	SourcePaths map[string]string
	// Unread names the extensible SEQUENCEs ("Type" or "Module.Type")
	// whose decoders call the package's hand-written unreadAdditions and
	// unreadComponent (asn1gen gen -unread; see plan.Type.Unread).
	Unread []string
	// Streams are the stream readers to generate (asn1gen gen -stream),
	// each a path Type.component[.component...] (or Module.Type...) from
	// a named SEQUENCE through SEQUENCE components to a SEQUENCE OF or SET
	// OF: a TypeStream in the file package_stream.go (see stream.go).
	Streams []string
	// Codecs are the encodings the package carries (asn1gen gen -codecs;
	// the zero value is plan.DefaultCodecs, DER and BER). With a PER
	// variant every type has DecodePER and EncodePER, and the types with
	// entry points UnmarshalAPER and MarshalAPER, or UnmarshalUPER and
	// MarshalUPER (package percodec); with OER DecodeOER, EncodeOER,
	// UnmarshalOER and MarshalOER (package oercodec); with JER DecodeJER,
	// EncodeJER, UnmarshalJSON and MarshalJSON (package jercodec).
	// Generation fails on a construct the PER, OER or JER emitter does not
	// handle.
	Codecs plan.Codecs
}

// File is one generated file.
type File struct {
	Name    string
	Content []byte
}

// The runtime packages generated code imports: der always, float and
// isotime for the types that need them (REAL; the X.680 time types).

// Generate emits the Go package for set. It fails if the set has errors.
func Generate(set *model.Set, cfg Config) ([]File, error) {
	if err := set.Diags.Err(); err != nil {
		return nil, err
	}
	if !token.IsIdentifier(cfg.Package) || cfg.Package == "_" {
		return nil, fmt.Errorf("asn1gen: %q is not a Go package name", cfg.Package)
	}
	codecs := cfg.Codecs
	if codecs == (plan.Codecs{}) {
		codecs = plan.DefaultCodecs
	}
	if !codecs.DER && (len(cfg.Views) > 0 || len(cfg.Streams) > 0) {
		return nil, fmt.Errorf("asn1gen: views and streams read DER: -view and -stream need the der codec")
	}
	p, err := plan.New(set, cfg.Roots, cfg.Used)
	if err != nil {
		return nil, err
	}
	p.SetCodecs(codecs)
	if err := markUnread(p, cfg.Unread); err != nil {
		return nil, err
	}
	a := &assembler{pkg: cfg.Package, hints: map[string]string{
		plan.DERPath: "der", plan.FloatPath: "float", plan.IsotimePath: "isotime", percodec.RuntimePath: "per",
		oercodec.RuntimePath: "oer", jercodec.RuntimePath: "jer",
	}}
	for _, m := range cfg.Used {
		a.hints[m.ImportPath] = m.Package
	}

	types := &gotypes.Emitter{P: p}
	sections := []section{{suffix: "", what: "the Go types of package " + cfg.Package, decl: types.Type}}
	var derFor map[*plan.Type]bool
	if (codecs.OER || codecs.JER) && !codecs.DER {
		codec := "oer"
		if !codecs.OER {
			codec = "jer"
		}
		if derFor, err = derContained(p, codec); err != nil {
			return nil, err
		}
	}
	codecSecs, fuzzers, failing := codecSections(p, codecs, derFor)
	sections = append(sections, codecSecs...)
	sections[0].lead = packageHeader(cfg, p)
	sections[0].head = func(f *jen.File) {
		emit.Comment(f, "A generated package paired with a runtime that lacks its version fails to compile here.")
		f.Const().Id("_").Op("=").Qual(plan.DERPath, "Version1")
		types.Values(f)
	}
	sections[0].tail = types.IntegerDefaults

	var files []File
	for _, s := range sections {
		fs, err := a.sectionFiles(p, s)
		if err != nil {
			return nil, err
		}
		for _, e := range failing {
			if err := e.Err(); err != nil {
				return nil, err
			}
		}
		files = append(files, fs...)
	}
	files = append(files, File{Name: manifest.FileName, Content: manifestOf(cfg, p).Format()})
	if len(cfg.Views) > 0 {
		vf, err := (&views.Emitter{P: p, Package: cfg.Package, Views: cfg.Views}).File()
		if err != nil {
			return nil, err
		}
		files = append(files, File{Name: cfg.Package + "_view.go", Content: vf})
	}
	if len(cfg.Streams) > 0 {
		sf, err := (&streams.Emitter{P: p, Package: cfg.Package, Streams: cfg.Streams}).File()
		if err != nil {
			return nil, err
		}
		files = append(files, File{Name: cfg.Package + "_stream.go", Content: sf})
	}
	if cfg.Fuzz {
		ff, err := fuzzFile(cfg, p, fuzzers...)
		if err != nil {
			return nil, err
		}
		files = append(files, File{Name: cfg.Package + "_fuzz_test.go", Content: ff})
	}
	return files, nil
}

// failing is an emitter that refuses what it does not handle: Err says
// what, once its section has been emitted.
type failing interface{ Err() error }

// codecSections returns the sections of the codecs the package carries,
// the emitters of their fuzz targets, and those that may refuse a type.
// derFor, in a package without DER, are the types that get DER codecs
// all the same (derContained), with no fuzz targets.
func codecSections(p *plan.Plan, codecs plan.Codecs, derFor map[*plan.Type]bool) ([]section, []fuzzer, []failing) {
	var sections []section
	var fuzzers []fuzzer
	var refusing []failing
	switch {
	case codecs.DER:
		derc := dercodec.New(p)
		sections = append(sections, section{suffix: "_der", what: "the DER and BER codecs (X.690)", decl: derc.Type})
		fuzzers = append(fuzzers, derc)
	case len(derFor) > 0:
		derc := dercodec.New(p)
		what := "the DER and BER codecs (X.690) of the types whose DER the OER codecs read and write"
		if !codecs.OER {
			what = "the DER and BER codecs (X.690) of the types whose DER the JER codecs read and write"
		}
		sections = append(sections, section{suffix: "_der", what: what, decl: func(f *jen.File, gt *plan.Type) {
			if derFor[gt] {
				derc.Type(f, gt)
			}
		}})
	}
	if codecs.PER() {
		per := percodec.New(codecs)
		sections = append(sections, section{suffix: "_per", what: "the PER codecs (X.691)", decl: per.Type, tail: per.Alphabets})
		fuzzers, refusing = append(fuzzers, per), append(refusing, per)
	}
	if codecs.OER {
		oer := oercodec.New(p)
		sections = append(sections, section{suffix: "_oer", what: "the OER codecs (X.696)", decl: oer.Type, tail: oer.Tail})
		fuzzers, refusing = append(fuzzers, oer), append(refusing, oer)
	}
	if codecs.JER {
		jerc := jercodec.New(p)
		sections = append(sections, section{suffix: "_jer", what: "the JER codecs (X.697)", decl: jerc.Type, tail: jerc.Tail})
		fuzzers, refusing = append(fuzzers, jerc), append(refusing, jerc)
	}
	return sections, fuzzers, refusing
}

// packageHeader is the header of the package's first file: the command
// line and the source modules.
func packageHeader(cfg Config, p *plan.Plan) []string {
	var lines []string
	if cfg.Command != "" {
		lines = append(lines, "Command: "+cfg.Command, "")
	}
	lines = append(lines, "Source modules:")
	for _, m := range p.Set.Modules {
		line := "  " + m.Name
		if m.OID != nil {
			line += " {" + m.OID.String() + "}"
		}
		lines = append(lines, line)
	}
	return lines
}

// fuzzer is an emitter of fuzz targets.
type fuzzer interface {
	Fuzz(f *jen.File, gt *plan.Type)
}

// fuzzFile emits a test file with the fuzz targets of each codec for every
// root type (every named type without roots).
func fuzzFile(cfg Config, p *plan.Plan, codecs ...fuzzer) ([]byte, error) {
	f := jen.NewFile(cfg.Package)
	f.HeaderComment("Code generated by asn1gen. DO NOT EDIT.")
	chosen := p.Roots
	if chosen == nil {
		chosen = p.Ordered()
	}
	for _, gt := range chosen {
		if gt.Union != nil || gt.Alias != nil || gt.Top == nil || gt.Doc == "" {
			continue
		}
		for _, c := range codecs {
			c.Fuzz(f, gt)
		}
	}
	return emit.Render(f)
}

// markUnread sets plan.Type.Unread on the types that names names (-unread):
// extensible SEQUENCEs of this package whose extension additions end the
// type.
func markUnread(p *plan.Plan, names []string) error {
	if len(names) == 0 {
		return nil
	}
	asgs, err := plan.SelectRoots(p.Set, names)
	if err != nil {
		return fmt.Errorf("asn1gen: -unread: %v", err)
	}
	for i, a := range asgs {
		gt := p.ByAsg[a]
		if gt != nil {
			gt = plan.ResolveAlias(gt)
		}
		ok := gt != nil && p.Emits(gt) && gt.Kind == model.TypeSequence && gt.Unknown != "" && gt.Body.Root2 == 0
		if ok {
			ok = false
			for _, f := range gt.Fields {
				ok = ok || f.Comp != nil && f.Comp.Extension
			}
		}
		if !ok {
			return fmt.Errorf("asn1gen: -unread: %s is not an extensible SEQUENCE of this package that ends with extension additions", names[i])
		}
		gt.Unread = true
	}
	return nil
}
