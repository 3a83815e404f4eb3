// Package corpustest reads the encoded objects of the shared corpus
// ($ASN1GEN_CORPUS/der, and the machine's /etc/ssl/certs) for the corpus
// tests of the generated packages, which skip cleanly without it.
package corpustest

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// Blob is one encoding to Decode: a whole file, or one block of a PEM file.
type Blob struct {
	Name    string // path under der/ (or under /etc/ssl/certs), "#n(TYPE)" for the n-th PEM block
	PEMType string // the PEM block type, "" for a file
	Guess   string // the type_guess column of FILES.tsv, "" for /etc/ssl/certs
	Data    []byte
	// Text: FILES.tsv says the file is text (notes, S/MIME, Go source),
	// not an encoding (only Walk returns such blobs).
	Text bool
}

// Dir returns $ASN1GEN_CORPUS/der, or skips the test.
func Dir(t testing.TB) string {
	t.Helper()
	root := os.Getenv("ASN1GEN_CORPUS")
	if root == "" {
		t.Skip("ASN1GEN_CORPUS is not set (e.g. /work/shared/corpus)")
	}
	return filepath.Join(root, "der")
}

// FilesTSV reads der/FILES.tsv: path -> [container, type_guess].
func FilesTSV(t testing.TB, dir string) map[string][2]string {
	t.Helper()
	tsv, err := os.ReadFile(filepath.Join(dir, "FILES.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	m := map[string][2]string{}
	for _, line := range strings.Split(string(tsv), "\n") {
		if f := strings.Split(line, "\t"); len(f) > 2 {
			m[f[0]] = [2]string{f[1], f[2]}
		}
	}
	return m
}

// Blobs walks $ASN1GEN_CORPUS/der: a PEM file gives one blob per
// block, a base64 file (per FILES.tsv) its decoded octets, a text file
// nothing, any other file itself.
func Blobs(t testing.TB) []Blob {
	t.Helper()
	var out []Blob
	for _, b := range Walk(t) {
		if !b.Text {
			out = append(out, b)
		}
	}
	return out
}

// Walk is Blobs with the text files too, marked Text: what decoders must
// not panic on.
func Walk(t testing.TB) []Blob {
	t.Helper()
	dir := Dir(t)
	files := FilesTSV(t, dir)
	var out []Blob
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		rel = filepath.ToSlash(rel)
		if !strings.Contains(rel, "/") {
			return nil // FILES.tsv
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		info := files[rel]
		if pb := PEMBlobs(rel, data); len(pb) > 0 {
			for i := range pb {
				pb[i].Guess = info[1]
			}
			out = append(out, pb...)
			return nil
		}
		switch info[0] {
		case "base64":
			dec, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(string(data)), ""))
			if err != nil {
				t.Errorf("%s: FILES.tsv says base64: %v", rel, err)
				return nil
			}
			data = dec
		case "text", "MIME", "base64?":
			out = append(out, Blob{Name: rel, Guess: info[1], Data: data, Text: true})
			return nil
		}
		out = append(out, Blob{Name: rel, Guess: info[1], Data: data})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatalf("no files under %s", dir)
	}
	return out
}

// PEMBlobs returns the PEM blocks of data.
func PEMBlobs(name string, data []byte) []Blob {
	if !bytes.Contains(data, []byte("-----BEGIN ")) {
		return nil
	}
	var out []Blob
	for rest := data; ; {
		var p *pem.Block
		p, rest = pem.Decode(rest)
		if p == nil {
			return out
		}
		out = append(out, Blob{Name: fmt.Sprintf("%s#%d(%s)", name, len(out)+1, p.Type), PEMType: p.Type, Data: p.Bytes})
	}
}

// SystemCertBlobs reads the PEM files of /etc/ssl/certs (symbolic links
// followed), if there are any.
func SystemCertBlobs(t testing.TB) []Blob {
	t.Helper()
	const dir = "/etc/ssl/certs"
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Logf("%s: %v", dir, err)
		return nil
	}
	var out []Blob
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			continue // a directory or a dangling link
		}
		out = append(out, PEMBlobs("/etc/ssl/certs/"+e.Name(), data)...)
	}
	return out
}

// Dedupe drops the blobs whose octets an earlier blob had (the same
// certificate is in several files of /etc/ssl/certs and of the corpus).
func Dedupe(in []Blob) []Blob {
	seen := map[[32]byte]bool{}
	var out []Blob
	for _, b := range in {
		h := sha256.Sum256(b.Data)
		if !seen[h] {
			seen[h] = true
			out = append(out, b)
		}
	}
	return out
}

// Decode calls unmarshal and turns a panic into an error that says so.
func Decode(unmarshal func([]byte, *der.Options) error, b []byte, opts *der.Options) (err error, panicked bool) {
	defer func() {
		if p := recover(); p != nil {
			err, panicked = fmt.Errorf("panic: %v", p), true
		}
	}()
	return unmarshal(b, opts), false
}

// Located reports whether err is a *der.Error with an offset.
func Located(err error) bool {
	var e *der.Error
	return errors.As(err, &e) && e.Offset >= 0
}
