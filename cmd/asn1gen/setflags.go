package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/asn1gen/asn1gen/codegen/manifest"
	"github.com/asn1gen/asn1gen/codegen/model"
)

// setFlags are the flags that say which modules make a set and how it is
// checked. gen and check both take them, and read the set with load, so
// that check accepts exactly the sets that gen accepts.
type setFlags struct {
	anyMap, keepRaw, importFrom, extend, extensible, containing, use, accept string
	noKeepRaw, lenient, verbose                                              bool
}

// register adds the flags to fs.
func (f *setFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.anyMap, "anymap", "", "open-type `table` file for ANY DEFINED BY components")
	fs.StringVar(&f.keepRaw, "keep-raw", "", "comma-separated `types` whose received encoding is kept")
	fs.BoolVar(&f.noKeepRaw, "no-keep-raw", false, "do not derive keep-raw types from the schema")
	fs.StringVar(&f.importFrom, "import-from", "", "comma-separated `bindings` [In:]M.Sym=Module|ANY of imported symbols")
	fs.StringVar(&f.extend, "extend", "", "comma-separated `extensions` Module.Set=Module.Set2 of object sets")
	fs.StringVar(&f.extensible, "extensible", "", "comma-separated object `sets` Module.Set to declare extensible")
	fs.StringVar(&f.containing, "containing", "", "comma-separated `bindings` Module.object=Module.Type: the object's OCTET STRING holds that type")
	fs.StringVar(&f.use, "use", "", "comma-separated Go `import paths` of generated packages whose modules to use, not generate")
	fs.BoolVar(&f.lenient, "lenient", false, "accept four published defects, each with a warning")
	fs.StringVar(&f.accept, "accept", "", "comma-separated `keys` kind:Module of the warnings to accept")
	fs.BoolVar(&f.verbose, "v", false, "also print the warnings that flags accept")
}

// loaded is a module set read by setFlags.load.
type loaded struct {
	set *model.Set
	// used are the manifests of the -use packages and of the packages
	// they use, in dependency order.
	used []*manifest.Manifest
	// anyMap is the content of the -anymap file (nil without one).
	anyMap []byte
	// files are the module files read, as the set names them.
	files []string
}

// load reads the modules of paths (files, and directories of *.asn and
// *.asn1 files) and of the -use packages, and checks them as one set with
// the options of the flags and of the used packages' manifests. The error
// is a usage or I/O error; the errors of the modules are in the set's
// Diags.
func (f *setFlags) load(paths []string) (*loaded, error) {
	files, err := model.Files(paths...)
	if err != nil {
		return nil, err
	}
	opts := model.Options{NoDeriveKeepRaw: f.noKeepRaw, KeepRaw: splitList(f.keepRaw), Lenient: f.lenient, Accept: splitList(f.accept)}
	if err := bindFlags(&opts, f.importFrom, f.extend, f.extensible, f.containing); err != nil {
		return nil, err
	}
	var out loaded
	if f.anyMap != "" {
		data, err := os.ReadFile(f.anyMap)
		if err != nil {
			return nil, err
		}
		m, err := model.ParseAnyMap(f.anyMap, data)
		if err != nil {
			return nil, err
		}
		opts.AnyMap, out.anyMap = m, data
	}
	localExtend, localExtensible := opts.Extend, opts.Extensible
	used, srcs, err := loadUses(splitList(f.use), &opts)
	if err == nil {
		err = checkUsedSets(used, localExtend, localExtensible)
	}
	if err != nil {
		return nil, err
	}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		srcs = append(srcs, model.Source{Name: name, Src: src})
	}
	out.set, out.used, out.files = model.CheckWith(opts, srcs...), used, files
	return &out, nil
}

// shown returns the diagnostics of the set to print: all of them with -v,
// otherwise those that no flag asked for or accepted.
func (f *setFlags) shown(d model.Diagnostics) model.Diagnostics {
	if f.verbose {
		return d
	}
	return d.Shown()
}

// manifestFlags returns the options that shape the model, as the manifest
// of a generated package records them for the packages that will use it,
// and the files they name (an -anymap table, by the name the manifest
// gives it).
func (f *setFlags) manifestFlags(l *loaded) ([]manifest.Flag, map[string][]byte) {
	flags := manifest.ModelFlags(f.importFrom, f.extend, f.extensible, f.containing, f.keepRaw, f.lenient)
	var extra map[string][]byte
	if f.anyMap != "" {
		base := "anymap:" + filepath.Base(f.anyMap)
		flags = append(flags, manifest.Flag{Name: "-anymap", Value: base})
		extra = map[string][]byte{base: l.anyMap}
	}
	return flags, extra
}

// usageError is the message of a usage or I/O error of cmd.
func usageError(cmd string, err error) string { return fmt.Sprintf("asn1gen %s: %v\n", cmd, err) }
