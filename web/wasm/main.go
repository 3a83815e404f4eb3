//go:build js && wasm

// Command wasm is the WebAssembly engine of the browser playground: it
// gives JavaScript the functions of internal/playground and the built-in
// module sets (package modules), as the global object asn1gen. The page
// calls it from Web Workers (web/static/worker.js), so that a long
// compile or decode never freezes the page.
//
// It builds into two modules: asn1gen.wasm, which decodes, and with the
// build tag playgroundgen asn1gen-gen.wasm, which generates Go (the
// generator is two thirds of the code: the page loads it only when its
// Go tab is opened, and starts three times faster without it).
//
// Every function takes and returns strings and Uint8Arrays, never Go
// values: a result is JSON, {"error": "..."} when the request failed.
//
//	asn1gen.sets()                          -> [{name, title, type, encoding, files: [name], flags, sample}]
//	asn1gen.setFiles(name)                  -> [{name, text}]
//	asn1gen.compile(filesJSON, flags)       -> {diagnostics, errors, types}
//	asn1gen.decode(type, encoding, octets)  -> the JSON of asn1gen dump -json, on one line (asn1gen.wasm);
//	                                           encoding der, ber, aper, uper, oer or coer (OER adds "jer")
//	                                           for DER and BER the top of its tree, with {"tree": id}
//	asn1gen.children(id, block, path, from, n) -> [node]: children [from, from+n) of the node at path
//	asn1gen.locate(id, block, offset)       -> path of the innermost node that holds the octet
//	asn1gen.gen(pkg, codecs)                -> {files: [{name, content}]} (asn1gen-gen.wasm)
//
// make web builds both into web/static:
//
//	GOOS=js GOARCH=wasm go build -o web/static/asn1gen.wasm ./web/wasm
//	GOOS=js GOARCH=wasm go build -tags playgroundgen -o web/static/asn1gen-gen.wasm ./web/wasm
package main

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"runtime/debug"
	"strings"
	"syscall/js"

	"github.com/asn1gen/asn1gen/internal/playground"
	"github.com/asn1gen/asn1gen/modules"
)

// compiled is the set of the last compile, which decode and gen use.
var compiled *playground.Compiled

func main() {
	// The collector runs on the only thread, between the allocations of
	// a decode, and each cycle marks the tree built so far: collecting
	// when the heap has grown by 4 times what was live, not once, took
	// the 1.18 MB CRL's decode from about 4 s to 2 s under node (its
	// allocations, 157 MB, bound the heap a decode adds).
	debug.SetGCPercent(400)
	api := js.Global().Get("Object").New()
	api.Set("sets", js.FuncOf(func(js.Value, []js.Value) any { return sets() }))
	api.Set("setFiles", js.FuncOf(func(_ js.Value, args []js.Value) any { return setFiles(args[0].String()) }))
	api.Set("compile", js.FuncOf(func(_ js.Value, args []js.Value) any { return compile(args[0].String(), args[1].String()) }))
	register(api) // decode or gen, as the build tag says
	js.Global().Set("asn1gen", api)
	select {} // the functions stay callable
}

// call runs f, turning an error or a panic (a bug: the packages it calls
// never panic on input) into {"error": ...}.
func call(f func() (any, error)) (out string) {
	defer func() {
		if r := recover(); r != nil {
			out = errorJSON(fmt.Errorf("internal error: %v", r))
		}
	}()
	v, err := f()
	if err != nil {
		return errorJSON(err)
	}
	if b, ok := v.([]byte); ok {
		return string(b)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return errorJSON(err)
	}
	return string(b)
}

func errorJSON(err error) string {
	b, _ := json.Marshal(map[string]string{"error": err.Error()})
	return string(b)
}

type setInfo struct {
	Name     string   `json:"name"`
	Title    string   `json:"title"`
	Type     string   `json:"type"`
	Encoding string   `json:"encoding"`
	Files    []string `json:"files"`
	Flags    string   `json:"flags"`
	Sample   string   `json:"sample,omitempty"` // hex
}

func sets() string {
	return call(func() (any, error) {
		var out []setInfo
		for _, s := range modules.Sets {
			out = append(out, setInfo{s.Name, s.Title, s.Type, s.Encoding, s.Files, flagText(s.Flags), s.Sample})
		}
		return out, nil
	})
}

// flagText is the command-line form of flags, which compile reads.
func flagText(flags []modules.Flag) string {
	var parts []string
	for _, f := range flags {
		parts = append(parts, f.Name+" "+f.Value)
	}
	return strings.Join(parts, " ")
}

func setFiles(name string) string {
	return call(func() (any, error) {
		for _, s := range modules.Sets {
			if s.Name != name {
				continue
			}
			var out []playground.File
			for _, f := range s.Files {
				b, err := fs.ReadFile(modules.FS, f)
				if err != nil {
					return nil, err
				}
				out = append(out, playground.File{Name: f, Text: string(b)})
			}
			return out, nil
		}
		return nil, fmt.Errorf("no built-in set %q", name)
	})
}

func compile(filesJSON, flags string) string {
	return call(func() (any, error) {
		var files []playground.File
		if err := json.Unmarshal([]byte(filesJSON), &files); err != nil {
			return nil, err
		}
		compiled = nil
		c, err := playground.Compile(files, flags)
		if err != nil {
			return nil, err
		}
		compiled = c
		return c, nil
	})
}
