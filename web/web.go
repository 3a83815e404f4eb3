// Package web is asn1gen's browser playground: a static page (static/:
// plain HTML, CSS and JavaScript, no build step) whose engine is the Go
// WebAssembly module of web/wasm, run in a Web Worker. The page checks
// modules, decodes octets against them and shows the Go that asn1gen gen
// emits, with internal/playground, as the command line does.
//
// The page needs three files beside it that are built, not committed:
// asn1gen.wasm and asn1gen-gen.wasm (GOOS=js GOARCH=wasm go build
// ./web/wasm, the second with -tags playgroundgen: the engine that
// decodes, and the one that generates Go, which the page loads for its
// Go tab only) and Go's loader wasm_exec.js (from the Go installation).
// make web puts them in web/static, which is then the whole site, for
// any static host; `asn1gen serve` builds them into a temporary
// directory with Build and serves them with the page embedded here
// (Handler).
package web

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// static holds the page. The built files are left out on purpose, even
// when make web has put them in static/: the command stays small, and a
// stale module is never served.
//
//go:embed static/index.html static/app.js static/worker.js static/style.css
var static embed.FS

// Page returns the files of the page, without the built ones.
func Page() fs.FS {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // the embedded tree has static/
	}
	return sub
}

// The files Build makes.
const (
	WASMFile    = "asn1gen.wasm"
	GenWASMFile = "asn1gen-gen.wasm"
	LoaderFile  = "wasm_exec.js"
)

// GenTag is the build tag that makes web/wasm the engine that generates
// Go (GenWASMFile).
const GenTag = "playgroundgen"

// WASMPackage is the import path of the WebAssembly module.
const WASMPackage = "github.com/asn1gen/asn1gen/web/wasm"

// Build writes asn1gen.wasm, asn1gen-gen.wasm and wasm_exec.js into dir
// with the go command, run in the current directory: a checkout of
// asn1gen, or a module that requires it (go get -tool
// github.com/asn1gen/asn1gen/cmd/asn1gen).
func Build(ctx context.Context, dir string) error {
	for _, b := range []struct{ file, tags string }{{WASMFile, ""}, {GenWASMFile, GenTag}} {
		cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-ldflags=-s -w", "-tags="+b.tags, "-o", filepath.Join(dir, b.file), WASMPackage)
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("building %s: %v\n%s", WASMPackage, err, out)
		}
	}
	out, err := exec.CommandContext(ctx, "go", "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("go env GOROOT: %v", err)
	}
	root := strings.TrimSpace(string(out))
	// lib/wasm since Go 1.24, misc/wasm before
	for _, p := range []string{"lib/wasm", "misc/wasm"} {
		data, err := os.ReadFile(filepath.Join(root, p, LoaderFile))
		if err == nil {
			return os.WriteFile(filepath.Join(dir, LoaderFile), data, 0o644)
		}
	}
	return fmt.Errorf("no %s in %s/lib/wasm or misc/wasm", LoaderFile, root)
}

// Handler serves the page and, from built (a directory Build filled),
// the two modules and wasm_exec.js. Nothing is cached by the browser
// without asking: a rebuilt module is never mixed with an old page.
func Handler(built string) http.Handler {
	page := http.FileServerFS(Page())
	files := http.FileServer(http.Dir(built))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		switch strings.TrimPrefix(r.URL.Path, "/") {
		case WASMFile, GenWASMFile, LoaderFile:
			files.ServeHTTP(w, r)
		default:
			page.ServeHTTP(w, r)
		}
	})
}
