package rfc5652_test

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

	"github.com/asn1gen/asn1gen/runtime"
)

// blob is one encoding to decode: a whole file, or one block of a PEM file.
type blob struct {
	name    string // path under der/ (or under /etc/ssl/certs), "#n(TYPE)" for the n-th PEM block
	pemType string // the PEM block type, "" for a file
	guess   string // the type_guess column of FILES.tsv, "" for /etc/ssl/certs
	data    []byte
}

// corpusDir returns $ASN1GEN_CORPUS/der, or skips the test.
func corpusDir(t testing.TB) string {
	t.Helper()
	root := os.Getenv("ASN1GEN_CORPUS")
	if root == "" {
		t.Skip("ASN1GEN_CORPUS is not set (e.g. /work/shared/corpus)")
	}
	return filepath.Join(root, "der")
}

// filesTSV reads der/FILES.tsv: path -> [container, type_guess].
func filesTSV(t testing.TB, dir string) map[string][2]string {
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

// corpusBlobs walks $ASN1GEN_CORPUS/der: a PEM file gives one blob per
// block, a base64 file (per FILES.tsv) its decoded octets, a text file
// nothing, any other file itself.
func corpusBlobs(t testing.TB) []blob {
	t.Helper()
	dir := corpusDir(t)
	files := filesTSV(t, dir)
	var out []blob
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
		if pb := pemBlobs(rel, data); len(pb) > 0 {
			for i := range pb {
				pb[i].guess = info[1]
			}
			out = append(out, pb...)
			return nil
		}
		switch info[0] {
		case "base64":
			dec, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(string(data)), ""))
			if err != nil {
				return nil
			}
			data = dec
		case "text", "MIME", "base64?":
			return nil
		}
		out = append(out, blob{name: rel, guess: info[1], data: data})
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

// pemBlobs returns the PEM blocks of data.
func pemBlobs(name string, data []byte) []blob {
	if !bytes.Contains(data, []byte("-----BEGIN ")) {
		return nil
	}
	var out []blob
	for rest := data; ; {
		var p *pem.Block
		p, rest = pem.Decode(rest)
		if p == nil {
			return out
		}
		out = append(out, blob{name: fmt.Sprintf("%s#%d(%s)", name, len(out)+1, p.Type), pemType: p.Type, data: p.Bytes})
	}
}

// dedupe drops the blobs whose octets an earlier blob had (the same
// certificate is in several files of /etc/ssl/certs and of the corpus).
func dedupe(in []blob) []blob {
	seen := map[[32]byte]bool{}
	var out []blob
	for _, b := range in {
		h := sha256.Sum256(b.data)
		if !seen[h] {
			seen[h] = true
			out = append(out, b)
		}
	}
	return out
}

// decode calls unmarshal and turns a panic into an error that says so.
func decode(unmarshal func([]byte, *runtime.Options) error, b []byte, opts *runtime.Options) (err error, panicked bool) {
	defer func() {
		if p := recover(); p != nil {
			err, panicked = fmt.Errorf("panic: %v", p), true
		}
	}()
	return unmarshal(b, opts), false
}

// located reports whether err is a *runtime.Error with an offset.
func located(err error) bool {
	var e *runtime.Error
	return errors.As(err, &e) && e.Offset >= 0
}
