package parser

import (
	"os"
	"path/filepath"
	"testing"
)

func benchmarkFiles(b *testing.B, paths ...string) {
	dir := corpusDir(b)
	var srcs [][]byte
	var total int64
	for _, p := range paths {
		src, err := os.ReadFile(filepath.Join(dir, p))
		if err != nil {
			b.Fatal(err)
		}
		srcs = append(srcs, src)
		total += int64(len(src))
	}
	b.SetBytes(total)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j, src := range srcs {
			if _, err := ParseFile(paths[j], src); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkParseNRRRC parses 3GPP TS 38.331 NR-RRC-Definitions (1.1 MB).
func BenchmarkParseNRRRC(b *testing.B) {
	benchmarkFiles(b, "telecom/3GPP_NR_RRC_38331/NR-RRC-Definitions.asn")
}

// BenchmarkParseRFC5912 parses the 18 modules of RFC 5912 (X.681-X.683
// heavy).
func BenchmarkParseRFC5912(b *testing.B) {
	dir := corpusDir(b)
	matches, err := filepath.Glob(filepath.Join(dir, "ietf", "IETF_PKI_RFC5912", "*.asn"))
	if err != nil || len(matches) == 0 {
		b.Fatalf("no RFC 5912 modules: %v", err)
	}
	var rel []string
	for _, m := range matches {
		r, _ := filepath.Rel(dir, m)
		rel = append(rel, r)
	}
	benchmarkFiles(b, rel...)
}
