// Package gogen gives the browser playground the Go that `asn1gen gen`
// writes for a module set that package playground compiled.
package gogen

import (
	"fmt"

	"github.com/asn1gen/asn1gen/codegen/gen"
	"github.com/asn1gen/asn1gen/codegen/plan"
	"github.com/asn1gen/asn1gen/internal/playground"
)

// File is one file of a generated package.
type File struct {
	Name    string `json:"name"`
	Content string `json:"content"`
}

// Gen returns the files `asn1gen gen -package pkg -codecs codecs` writes
// for the set of c ("" codecs: der, the command's default), their header
// recording command as the command line. The sources are copied into
// the manifest, as for modules outside the package's Go module.
func Gen(c *playground.Compiled, pkg, codecs, command string) ([]File, error) {
	if c.Errors > 0 {
		return nil, fmt.Errorf("the modules have %d error(s)", c.Errors)
	}
	cfg := gen.Config{Package: pkg, Codecs: plan.DefaultCodecs, Command: command, Flags: c.ManifestFlags()}
	if codecs != "" {
		var err error
		if cfg.Codecs, err = plan.ParseCodecs(codecs); err != nil {
			return nil, err
		}
	}
	files, err := gen.Generate(c.Set(), cfg)
	if err != nil {
		return nil, err
	}
	out := make([]File, len(files))
	for i, f := range files {
		out[i] = File{f.Name, string(f.Content)}
	}
	return out, nil
}
