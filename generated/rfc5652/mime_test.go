package rfc5652_test

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/mail"
	"net/textproto"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// mimeBlobs returns the CMS parts of the S/MIME messages of the corpus
// (FILES.tsv container MIME): the base64 bodies of their
// application/pkcs7-mime and application/pkcs7-signature parts, top-level
// or inside a multipart.
func mimeBlobs(t testing.TB) []blob {
	t.Helper()
	dir := corpusDir(t)
	var names []string
	for name, info := range filesTSV(t, dir) {
		if info[0] == "MIME" {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	var out []blob
	for _, name := range names {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		msg, err := mail.ReadMessage(bytes.NewReader(data))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		parts := smimeParts(textproto.MIMEHeader(msg.Header), msg.Body)
		for i, p := range parts {
			out = append(out, blob{Name: fmt.Sprintf("%s#part%d", name, i+1), Guess: "S/MIME", Data: p})
		}
	}
	return out
}

// smimeParts returns the decoded PKCS #7 parts of one MIME entity.
func smimeParts(h textproto.MIMEHeader, body io.Reader) [][]byte {
	mt, params, err := mime.ParseMediaType(h.Get("Content-Type"))
	if err != nil {
		return nil
	}
	switch {
	case strings.HasPrefix(mt, "multipart/"):
		var out [][]byte
		r := multipart.NewReader(body, params["boundary"])
		for {
			p, err := r.NextRawPart()
			if err != nil {
				return out
			}
			out = append(out, smimeParts(p.Header, p)...)
		}
	case strings.Contains(mt, "pkcs7-mime") || strings.Contains(mt, "pkcs7-signature"):
		if !strings.EqualFold(h.Get("Content-Transfer-Encoding"), "base64") {
			return nil
		}
		text, err := io.ReadAll(body)
		if err != nil {
			return nil
		}
		der, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(string(text)), ""))
		if err != nil {
			return nil
		}
		return [][]byte{der}
	}
	return nil
}
