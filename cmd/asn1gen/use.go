package main

import (
	"fmt"
	"path"

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
	mans, err := manifest.LoadAll(importPaths, func(p string) (*manifest.Manifest, error) { return manifest.Locate(p, "") })
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
