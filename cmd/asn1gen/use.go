package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"

	"github.com/asn1gen/asn1gen/codegen/manifest"
	"github.com/asn1gen/asn1gen/codegen/model"
)

// loadUses locates the packages of -use (and the packages they use), adds
// the options their generations used to opts, and returns their manifests
// in dependency order with the sources of their modules, each marked with
// its package.
func loadUses(importPaths []string, opts *model.Options) ([]*manifest.Manifest, []model.Source, error) {
	if len(importPaths) == 0 {
		return nil, nil, nil
	}
	l := newLocator(importPaths)
	mans, err := manifest.LoadAll(importPaths, l.locate)
	if err != nil {
		return nil, nil, err
	}
	var srcs []model.Source
	for _, m := range mans {
		for _, f := range m.Flags {
			if err := applyFlag(opts, f, m.Sources); err != nil {
				return nil, nil, fmt.Errorf("-use %s: its manifest's flag %s: %v", m.ImportPath, f.Name, err)
			}
		}
		seen := map[string]bool{}
		for _, mod := range m.Modules {
			if seen[mod.File] {
				continue
			}
			seen[mod.File] = true
			// Positions in the used modules read as import path and file.
			srcs = append(srcs, model.Source{Name: path.Join(m.ImportPath, mod.File), Src: m.Sources[mod.File], Package: m.ImportPath})
		}
	}
	return mans, srcs, nil
}

// applyFlag adds one recorded generation option to opts. Files the option
// names (an -anymap table) are read from files.
func applyFlag(opts *model.Options, f manifest.Flag, files map[string][]byte) error {
	switch f.Name {
	case "-import-from":
		return bindFlags(opts, f.Value, "", "", "")
	case "-extend":
		return bindFlags(opts, "", f.Value, "", "")
	case "-extensible":
		return bindFlags(opts, "", "", f.Value, "")
	case "-containing":
		return bindFlags(opts, "", "", "", f.Value)
	case "-lenient":
		// The used modules check only with the leniencies they were
		// generated with (which then apply to the whole set).
		opts.Lenient = true
	case "-keep-raw":
		opts.KeepRaw = append(opts.KeepRaw, splitList(f.Value)...)
	case "-anymap":
		data, ok := files[f.Value]
		if !ok {
			return fmt.Errorf("no table %s", f.Value)
		}
		m, err := model.ParseAnyMap(f.Value, data)
		if err != nil {
			return err
		}
		opts.AnyMap = append(opts.AnyMap, m...)
	default:
		return fmt.Errorf("unknown option (a newer asn1gen wrote it?)")
	}
	return nil
}

// checkUsedSets rejects an -extend or -extensible of this generation whose
// object set is a used package's: that package's tables are generated
// already, so a set of its modules cannot change here.
func checkUsedSets(used []*manifest.Manifest, extends []model.SetExtension, extensible []model.SetRef) error {
	owner := map[string]string{}
	for _, m := range used {
		for _, mod := range m.Modules {
			owner[mod.Name] = m.ImportPath
		}
	}
	for _, e := range extends {
		if p := owner[e.Module]; p != "" {
			return fmt.Errorf("-extend %s: %s is a module of the package %s (-use), whose tables are generated already; objects of your own for it decode from the Raw bytes of an unknown key", e, e.Module, p)
		}
	}
	for _, r := range extensible {
		if p := owner[r.Module]; p != "" {
			return fmt.Errorf("-extensible %s: %s is a module of the package %s (-use), whose tables are generated already", r, r.Module, p)
		}
	}
	return nil
}

// locator finds generated packages as the go command does from the
// current directory, with as few runs of it as it can: one for the
// packages named on the command line, which also says which module
// provides each, and none for the packages their manifests use that are
// in one of those modules (generated/rfc7292 uses generated/rfc5280 and
// generated/rfc5652). Each run of the go command loads the module graph,
// which takes most of the time of a `dump -use` (tens of milliseconds).
type locator struct {
	dirs map[string]string // package directories by import path
	mods []module          // the modules that provide them
}

type module struct{ path, dir string }

// newLocator lists the packages importPaths with the go command, but for
// those of the main module (asn1gen run in its own checkout, or in the
// module that generated the packages), which it finds without it; a
// package it cannot list is located alone later (by manifest.Locate,
// whose error names it).
func newLocator(importPaths []string) *locator {
	l := &locator{dirs: map[string]string{}}
	var rest []string
	if m, ok := mainModule(); ok {
		l.mods = append(l.mods, m)
		for _, p := range importPaths {
			if dir, ok := packageDir(m, p); ok {
				l.dirs[p] = dir
				continue
			}
			rest = append(rest, p)
		}
	} else {
		rest = importPaths
	}
	if len(rest) == 0 {
		return l
	}
	cmd := exec.Command("go", append([]string{"list", "-find", "-f", "{{.ImportPath}}\t{{.Dir}}\t{{with .Module}}{{.Path}}\t{{.Dir}}{{end}}", "--"}, rest...)...)
	out, err := cmd.Output()
	if err != nil {
		return l
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "\t")
		if len(f) < 2 || f[1] == "" {
			continue
		}
		l.dirs[f[0]] = f[1]
		if len(f) == 4 && f[2] != "" && f[3] != "" {
			l.mods = append(l.mods, module{f[2], f[3]})
		}
	}
	return l
}

// locate reads the manifest of the package importPath.
func (l *locator) locate(importPath string) (*manifest.Manifest, error) {
	if dir, ok := l.dirs[importPath]; ok {
		return manifest.ReadDir(importPath, dir)
	}
	for _, m := range l.mods {
		if dir, ok := packageDir(m, importPath); ok {
			return manifest.ReadDir(importPath, dir)
		}
	}
	return manifest.Locate(importPath, "")
}

// packageDir returns the directory of the package importPath in the module
// m, if m provides it: the directory is in m's tree, not in a nested module
// (a directory with a go.mod between them), and holds a manifest. The go
// command would find it there too: a package path that two modules of the
// build provide does not build (an ambiguous import).
func packageDir(m module, importPath string) (string, bool) {
	rel, ok := strings.CutPrefix(importPath, m.path+"/")
	if !ok || rel == "" {
		return "", false
	}
	dir := filepath.Join(m.dir, filepath.FromSlash(rel))
	if _, err := os.Stat(filepath.Join(dir, manifest.FileName)); err != nil {
		return "", false
	}
	for d := dir; d != m.dir && strings.HasPrefix(d, m.dir); d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); !errors.Is(err, os.ErrNotExist) {
			return "", false
		}
	}
	return dir, true
}

// mainModule returns the main module of the go command run in the current
// directory, when it can tell it without running the command: module mode,
// a go.mod found from the current directory up, no workspace (go.work) and
// no other go.mod file (-modfile). A package whose path is in the main
// module's tree is then the directory of the tree, as the go command would
// find it (a package that another module of the build also provides does
// not build: an ambiguous import).
func mainModule() (module, bool) {
	if goEnv("GO111MODULE") == "off" || strings.Contains(goEnv("GOFLAGS"), "-modfile") {
		return module{}, false
	}
	work := goEnv("GOWORK")
	if work != "" && work != "off" {
		return module{}, false
	}
	dir, err := os.Getwd()
	if err != nil {
		return module{}, false
	}
	for {
		if work == "" {
			if _, err := os.Stat(filepath.Join(dir, "go.work")); err == nil {
				return module{}, false
			}
		}
		if data, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil {
			if p := modulePathOf(data); p != "" {
				return module{p, dir}, true
			}
			return module{}, false
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return module{}, false
		}
		dir = parent
	}
}

// modulePathOf returns the module path of a go.mod file, "" if it has
// none that reads plainly.
func modulePathOf(gomod []byte) string {
	for _, line := range strings.Split(string(gomod), "\n") {
		line, _, _ = strings.Cut(line, "//")
		if p, ok := strings.CutPrefix(strings.TrimSpace(line), "module"); ok && strings.TrimSpace(p) != "" && (p[0] == ' ' || p[0] == '\t') {
			p = strings.TrimSpace(p)
			if strings.ContainsAny(p, "\"` ") {
				return "" // quoted or odd: leave it to the go command
			}
			return p
		}
	}
	return ""
}

// goEnv returns the go command's setting of key: the environment's, else
// that of its configuration file (go env -w), else "".
func goEnv(key string) string {
	if v, ok := os.LookupEnv(key); ok {
		return v
	}
	file := os.Getenv("GOENV")
	if file == "" {
		dir, err := os.UserConfigDir()
		if err != nil {
			return ""
		}
		file = filepath.Join(dir, "go", "env")
	}
	if file == "off" {
		return ""
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), key+"="); ok {
			return v
		}
	}
	return ""
}
