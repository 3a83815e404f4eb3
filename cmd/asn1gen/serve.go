package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"time"

	"github.com/asn1gen/asn1gen/web"
)

func init() {
	register(command{name: "serve", short: "serve the browser playground (compile modules, decode data, see the Go)", run: runServe})
}

const serveUsage = `usage: asn1gen serve [-addr localhost:8080] [-dir DIR]

Serves the browser playground (package web) at http://ADDR/: a page that
checks ASN.1 modules (X.509, CMS, PKCS #12, NGAP, S1AP, NR RRC and ETSI ITS
one click away, or your own), decodes DER, BER, APER or UPER data against
them as 'asn1gen dump -schema' does, with a tree of names and values beside
the octets, and shows the Go that 'asn1gen gen' emits. The work runs in the
browser, in WebAssembly: nothing is sent to the server.

The two WebAssembly modules (the one that decodes, and the one that
generates Go, which the page loads for its Go tab) are built at start with
the go command (GOOS=js GOARCH=wasm go build github.com/asn1gen/asn1gen/web/wasm,
and with -tags playgroundgen), run in the current directory: a checkout of
asn1gen, or a module that requires it. The first build takes a minute or
two; later ones come from Go's build cache. With -dir, DIR is served as it
is instead: the site that 'make web' puts in web/static (the page with
asn1gen.wasm, asn1gen-gen.wasm and wasm_exec.js), which any static host
can serve.

Flags:
`

func runServe(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "localhost:8080", "the `host:port` to listen on")
	dir := fs.String("dir", "", "serve the site in `DIR` (make web's web/static) instead of building the module")
	fs.Usage = func() {
		fmt.Fprint(stderr, serveUsage)
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() != 0 {
		fs.Usage()
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	var h http.Handler
	if *dir != "" {
		if _, err := os.Stat(*dir + "/" + web.WASMFile); err != nil {
			fmt.Fprintf(stderr, "asn1gen serve: %s holds no %s: run make web, or leave -dir out\n", *dir, web.WASMFile)
			return 2
		}
		files := http.FileServer(http.Dir(*dir))
		h = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Cache-Control", "no-cache")
			files.ServeHTTP(w, r)
		})
	} else {
		built, err := os.MkdirTemp("", "asn1gen-web-")
		if err != nil {
			fmt.Fprintf(stderr, "asn1gen serve: %v\n", err)
			return 2
		}
		defer os.RemoveAll(built)
		fmt.Fprintln(stderr, "asn1gen serve: building the WebAssembly modules (a minute or two the first time)")
		start := time.Now()
		if err := web.Build(ctx, built); err != nil {
			fmt.Fprintf(stderr, "asn1gen serve: %v\n(run it in a checkout of asn1gen or in a module that requires it, or serve make web's site with -dir)\n", err)
			return 2
		}
		fmt.Fprintf(stderr, "asn1gen serve: built in %.1f s\n", time.Since(start).Seconds())
		h = web.Handler(built)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "asn1gen serve: %v\n", err)
		return 2
	}
	fmt.Fprintf(stdout, "asn1gen serve: the playground is at http://%s/ (interrupt to stop)\n", ln.Addr())
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shutdown)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(stderr, "asn1gen serve: %v\n", err)
		return 1
	}
	return 0
}
