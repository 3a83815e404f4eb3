//go:build js && wasm && playgroundgen

package main

import (
	"fmt"
	"syscall/js"

	"github.com/asn1gen/asn1gen/internal/playground/gogen"
)

// register adds gen, the function of asn1gen-gen.wasm.
func register(api js.Value) {
	api.Set("gen", js.FuncOf(func(_ js.Value, args []js.Value) any { return gen(args[0].String(), args[1].String()) }))
}

func gen(pkg, codecs string) string {
	return call(func() (any, error) {
		if compiled == nil {
			return nil, fmt.Errorf("no modules compiled")
		}
		command := "asn1gen gen -package " + pkg
		if codecs != "" {
			command += " -codecs " + codecs
		}
		files, err := gogen.Gen(compiled, pkg, codecs, command)
		if err != nil {
			return nil, err
		}
		return map[string]any{"files": files}, nil
	})
}
