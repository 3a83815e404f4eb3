package playground

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/internal/corpustest"
	"github.com/asn1gen/asn1gen/internal/schemadump"
	"github.com/asn1gen/asn1gen/modules"
	"github.com/asn1gen/asn1gen/runtime/oids"
)

// crlFile is the CRL of 1.18 MB of the shared corpus that the browser
// test decodes (web/browser).
const crlFile = "asn1crypto/tests/fixtures/eid2011.crl"

// compileSet compiles the built-in set name, as the page does.
func compileSet(tb testing.TB, name string) *Compiled {
	tb.Helper()
	for _, s := range modules.Sets {
		if s.Name != name {
			continue
		}
		var files []File
		for _, f := range s.Files {
			text, err := fs.ReadFile(modules.FS, f)
			if err != nil {
				tb.Fatal(err)
			}
			files = append(files, File{Name: f, Text: string(text)})
		}
		var flags []string
		for _, f := range s.Flags {
			flags = append(flags, f.Name, f.Value)
		}
		c, err := Compile(files, strings.Join(flags, " "))
		if err != nil {
			tb.Fatal(err)
		}
		if c.Errors > 0 {
			tb.Fatalf("the set %s has errors: %v", name, c.Diagnostics)
		}
		return c
	}
	tb.Fatalf("no built-in set %s", name)
	return nil
}

// readCRL reads the CRL of the browser test, or skips.
func readCRL(tb testing.TB) []byte {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join(corpustest.Dir(tb), crlFile))
	if err != nil {
		tb.Skipf("no CRL: %v", err)
	}
	return data
}

// BenchmarkDecodeCRL measures what the page's engine does with the CRL:
// the schema dump alone (decode), with the JSON of the top of its tree
// (DecodeTree, what the page receives), and with the JSON of the whole
// tree on one line (DecodeCompact, what the page received before).
func BenchmarkDecodeCRL(b *testing.B) {
	data := readCRL(b)
	c := compileSet(b, "x509")
	const typ = "PKIX1Explicit-2009.CertificateList"
	b.Run("decode", func(b *testing.B) {
		s := schemadump.New(c.set)
		a, err := s.Type(typ)
		if err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			if res := s.Decode(data, a, &schemadump.Options{OIDName: oids.Name}); len(res.Issues) > 0 {
				b.Fatalf("errors: %v", res.Issues)
			}
		}
	})
	b.Run("DecodeTree", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			t, err := c.DecodeTree(typ, DER, data)
			if err != nil {
				b.Fatal(err)
			}
			t.JSON(TreeBudget, TreeChunk)
		}
	})
	b.Run("DecodeCompact", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			if _, err := c.DecodeCompact(typ, DER, data); err != nil {
				b.Fatal(err)
			}
		}
	})
}
