package web

import (
	"io"
	"io/fs"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHandler checks what a server of the playground serves: the page
// from the embedded files, the built files from their directory, with
// the type a browser needs to compile the module as it downloads it.
func TestHandler(t *testing.T) {
	built := t.TempDir()
	// the first octets of every WebAssembly module, and a loader
	wasm := []byte("\x00asm\x01\x00\x00\x00")
	if err := os.WriteFile(filepath.Join(built, WASMFile), wasm, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(built, GenWASMFile), wasm, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(built, LoaderFile), []byte("class Go {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(Handler(built))
	defer srv.Close()
	for _, tt := range []struct {
		path, contentType, body string
	}{
		{"/", "text/html; charset=utf-8", "<title>asn1gen playground</title>"},
		{"/app.js", "text/javascript; charset=utf-8", "new Engine("},
		{"/worker.js", "text/javascript; charset=utf-8", "importScripts('wasm_exec.js')"},
		{"/style.css", "text/css; charset=utf-8", "#hex"},
		{"/" + WASMFile, "application/wasm", string(wasm)},
		{"/" + GenWASMFile, "application/wasm", string(wasm)},
		{"/" + LoaderFile, "text/javascript; charset=utf-8", "class Go"},
	} {
		resp, err := srv.Client().Get(srv.URL + tt.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != tt.contentType || !strings.Contains(string(body), tt.body) {
			t.Errorf("GET %s: %d %q, body %.60q; want 200 %q with %q", tt.path, resp.StatusCode, resp.Header.Get("Content-Type"), body, tt.contentType, tt.body)
		}
		if cc := resp.Header.Get("Cache-Control"); cc != "no-cache" {
			t.Errorf("GET %s: Cache-Control %q, want no-cache", tt.path, cc)
		}
	}
}

// TestPageHoldsNoBuiltFiles checks that the embedded page leaves out the
// files make web builds into static/, which Handler serves from the
// directory Build filled.
func TestPageHoldsNoBuiltFiles(t *testing.T) {
	names, err := fs.Glob(Page(), "*")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		if n == WASMFile || n == GenWASMFile || n == LoaderFile {
			t.Errorf("the embedded page holds %s", n)
		}
	}
	if len(names) != 4 {
		t.Errorf("the embedded page holds %v, want index.html, app.js, worker.js, style.css", names)
	}
}
