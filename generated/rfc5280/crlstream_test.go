package rfc5280_test

import (
	"bytes"
	"errors"
	"io"
	goruntime "runtime"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/generated/rfc5280"
	"github.com/asn1gen/asn1gen/runtime/der"
)

// streamCRL reads der with a CRLReader and returns the DER of its entries,
// the header, the CertificateList and what TBS received.
func streamCRL(t *testing.T, encoded []byte, opts *der.Options) ([][]byte, *rfc5280.TBSCertList, *rfc5280.CertificateList, []byte, error) {
	t.Helper()
	var tbs bytes.Buffer
	c := rfc5280.NewCRLReader(bytes.NewReader(encoded), opts)
	c.TBS = &tbs
	h, err := c.Header()
	if err != nil {
		return nil, nil, nil, nil, err
	}
	var entries [][]byte
	for {
		e, err := c.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return entries, h, nil, nil, err
		}
		b, err := e.MarshalDER() // the entry aliases the reader's buffer
		if err != nil {
			t.Fatal(err)
		}
		entries = append(entries, b)
	}
	l, err := c.CertificateList()
	return entries, h, l, tbs.Bytes(), err
}

// TestCRLReaderAgrees streams every CRL of the corpus that decodes in DER,
// and a generated one, and compares what it gives with the whole decode:
// the entries, the header fields, the extensions, the signature, and the
// to-be-signed octets TBS receives.
func TestCRLReaderAgrees(t *testing.T) {
	inputs := map[string][]byte{"generated": makeCRL(t, 5000)}
	for _, b := range dedupe(corpusBlobs(t)) {
		var l rfc5280.CertificateList
		if crlLike(b) && l.UnmarshalDER(b.Data) == nil {
			inputs[b.Name] = b.Data
		}
	}
	if len(inputs) < 2 {
		t.Log("no corpus CRLs (ASN1GEN_CORPUS unset): the generated CRL only")
	}
	for name, encoded := range inputs {
		var want rfc5280.CertificateList
		if err := want.UnmarshalDER(encoded); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		entries, h, l, tbs, err := streamCRL(t, encoded, nil)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if len(entries) != len(want.ToBeSigned.RevokedCertificates) {
			t.Errorf("%s: %d entries, want %d", name, len(entries), len(want.ToBeSigned.RevokedCertificates))
			continue
		}
		for i, e := range want.ToBeSigned.RevokedCertificates {
			if b, err := e.MarshalDER(); err != nil || !bytes.Equal(b, entries[i]) {
				t.Errorf("%s: entry %d: %x, want %x (%v)", name, i, entries[i], b, err)
				break
			}
		}
		// The header: the fields before the entries.
		w := want.ToBeSigned
		w.RevokedCertificates, w.HasRevokedCertificates = nil, false
		w.CRLExtensions, w.HasCRLExtensions, w.Raw, w.Unknown = nil, false, nil, nil // what follows the entries
		got := *h
		got.Raw = nil
		if diff := cmp.Diff(w, got); diff != "" {
			t.Errorf("%s: header (-decode +stream):\n%s", name, diff)
		}
		if !bytes.Equal(tbs, want.ToBeSignedRaw) {
			t.Errorf("%s: TBS received %d octets, want the %d signed", name, len(tbs), len(want.ToBeSignedRaw))
		}
		if diff := cmp.Diff(want.ToBeSigned.CRLExtensions, l.ToBeSigned.CRLExtensions); diff != "" {
			t.Errorf("%s: CRL extensions (-decode +stream):\n%s", name, diff)
		}
		if !bytes.Equal(want.ToBeSigned.Unknown, l.ToBeSigned.Unknown) {
			t.Errorf("%s: unknown additions %x, want %x", name, l.ToBeSigned.Unknown, want.ToBeSigned.Unknown)
		}
		if !bytes.Equal(l.Signature.Bytes, want.Signature.Bytes) || l.AlgorithmIdentifier.Algorithm.String() != want.AlgorithmIdentifier.Algorithm.String() {
			t.Errorf("%s: signature differs", name)
		}
	}
}

// TestCRLReaderErrors checks that a damaged stream fails as the whole
// decode does, at the same offset and field path, and that truncation and
// trailing octets are reported.
func TestCRLReaderErrors(t *testing.T) {
	encoded := makeCRL(t, 50)
	var l rfc5280.CertificateList
	if err := l.UnmarshalDER(encoded); err != nil {
		t.Fatal(err)
	}
	// Entry 7's revocation date: a UTCTime whose seconds are not digits.
	entry := l.ToBeSigned.RevokedCertificates[7]
	enc, err := entry.MarshalDER()
	if err != nil {
		t.Fatal(err)
	}
	at := bytes.Index(encoded, enc)
	bad := bytes.Clone(encoded)
	ti := at + bytes.IndexByte(enc, 0x17) // the UTCTime
	bad[ti+2+10] = 'x'
	wantErr := l.UnmarshalDER(bad)
	_, _, _, _, gotErr := streamCRL(t, bad, nil)
	var we, ge *der.Error
	if !errors.As(wantErr, &we) || !errors.As(gotErr, &ge) {
		t.Fatalf("errors: decode %v, stream %v", wantErr, gotErr)
	}
	if we.Offset != ge.Offset || we.Path() != ge.Path() || we.Kind != ge.Kind {
		t.Errorf("stream error %q (offset %d, path %s), want %q (offset %d, path %s)", ge, ge.Offset, ge.Path(), we, we.Offset, we.Path())
	}

	for _, tt := range []struct {
		name string
		in   []byte
		kind error
	}{
		{"truncated in an entry", encoded[:at+5], der.ErrTruncated},
		{"truncated in the signature", encoded[:len(encoded)-3], der.ErrTruncated},
		{"trailing octets", append(bytes.Clone(encoded), 0), der.ErrTrailingData},
		{"not a SEQUENCE", append([]byte{0x31}, encoded[1:]...), der.ErrTagMismatch},
		{"empty", nil, der.ErrTruncated},
	} {
		if _, _, _, _, err := streamCRL(t, tt.in, nil); !errors.Is(err, tt.kind) {
			t.Errorf("%s: %v, want %v", tt.name, err, tt.kind)
		}
	}
	if _, _, _, _, err := streamCRL(t, encoded, &der.Options{BER: true}); !errors.Is(err, der.ErrUnsupported) {
		t.Errorf("BER: %v, want ErrUnsupported", err)
	}
}

// repeatReader is a CRL stream of n copies of one entry, made as it is
// read: large inputs without holding them.
type repeatReader struct {
	head, entry, tail []byte
	n, sent           int
	rest              []byte
}

func (r *repeatReader) Read(p []byte) (int, error) {
	for len(r.rest) == 0 {
		switch {
		case r.head != nil:
			r.rest, r.head = r.head, nil
		case r.sent < r.n:
			r.rest, r.sent = r.entry, r.sent+1
		case r.tail != nil:
			r.rest, r.tail = r.tail, nil
		default:
			return 0, io.EOF
		}
	}
	n := copy(p, r.rest)
	r.rest = r.rest[n:]
	return n, nil
}

// hugeStream returns a reader of a CRL of n entries, each a copy of the
// first entry of a generated CRL (which has an extension), and its size.
func hugeStream(t testing.TB, n int) (*repeatReader, int) {
	encoded := makeCRL(t, 1)
	var l rfc5280.CertificateList
	if err := l.UnmarshalDER(encoded); err != nil {
		t.Fatal(err)
	}
	entry, err := l.ToBeSigned.RevokedCertificates[0].MarshalDER()
	if err != nil {
		t.Fatal(err)
	}
	tbs := l.ToBeSigned
	tbs.RevokedCertificates, tbs.HasRevokedCertificates, tbs.Raw = nil, false, nil
	pre, err := tbs.MarshalDER() // without entries: rebuilt around them below
	if err != nil {
		t.Fatal(err)
	}
	fields := pre[len(der.AppendHeader(nil, der.TagSequence, true, len(pre)-2)):]
	// The fields before the entries end with nextUpdate; crlExtensions follow.
	ext, err := l.ToBeSigned.CRLExtensions.MarshalDER()
	if err != nil {
		t.Fatal(err)
	}
	ext = append(der.AppendHeader(nil, der.Context(0), true, len(ext)), ext...)
	before := fields[:len(fields)-len(ext)]
	list := der.AppendHeader(nil, der.TagSequence, true, n*len(entry))
	tbsLen := len(before) + len(list) + n*len(entry) + len(ext)
	sigAlg, err := l.AlgorithmIdentifier.MarshalDER()
	if err != nil {
		t.Fatal(err)
	}
	var sig der.Builder
	sig.AddBitString(der.TagBitString, l.Signature)
	sigDER, _ := sig.Bytes()
	tbsHead := der.AppendHeader(nil, der.TagSequence, true, tbsLen)
	outerLen := len(tbsHead) + tbsLen + len(sigAlg) + len(sigDER)
	head := der.AppendHeader(nil, der.TagSequence, true, outerLen)
	head = append(append(append(head, tbsHead...), before...), list...)
	tail := append(append(append([]byte(nil), ext...), sigAlg...), sigDER...)
	return &repeatReader{head: head, entry: entry, tail: tail, n: n}, len(head) + n*len(entry) + len(tail)
}

// TestCRLReaderMemory streams a CRL of 64 MB, made as it is read, and
// checks that the heap stays small: memory is bounded by one entry and the
// reader's buffer, not by the size of the CRL.
func TestCRLReaderMemory(t *testing.T) {
	n := 2_000_000
	if testing.Short() {
		n = 100_000
	}
	r, size := hugeStream(t, n)
	c := rfc5280.NewCRLReader(r, nil)
	var peak uint64
	var ms goruntime.MemStats
	goruntime.GC() // what earlier tests left
	goruntime.ReadMemStats(&ms)
	base := ms.HeapInuse
	got := 0
	for {
		_, err := c.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("entry %d: %v", got, err)
		}
		if got++; got%200_000 == 0 {
			goruntime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapInuse-min(ms.HeapInuse, base))
		}
	}
	if got != n {
		t.Fatalf("%d entries, want %d", got, n)
	}
	if _, err := c.CertificateList(); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d entries, %d MB streamed, peak heap in use %d KB above the start", n, size>>20, peak>>10)
	if peak > 16<<20 {
		t.Errorf("peak heap in use %d MB while streaming %d MB", peak>>20, size>>20)
	}
}

// TestCRLReaderTruncatedEntries checks that the entries before a
// truncation are returned before its error, whatever the batching.
func TestCRLReaderTruncatedEntries(t *testing.T) {
	encoded := makeCRL(t, 3000)
	var l rfc5280.CertificateList
	if err := l.UnmarshalDER(encoded); err != nil {
		t.Fatal(err)
	}
	// Cut inside entry 2500.
	e, _ := l.ToBeSigned.RevokedCertificates[2500].MarshalDER()
	cut := bytes.Index(encoded, e) + 3
	n, err := countEntries(rfc5280.NewCRLReader(bytes.NewReader(encoded[:cut]), nil))
	if n != 2500 || !errors.Is(err, der.ErrTruncated) {
		t.Errorf("%d entries then %v, want 2500 then a truncation", n, err)
	}
	var re *der.Error
	if errors.As(err, &re) && re.Offset != bytes.Index(encoded, e) {
		t.Errorf("error at offset %d, want %d (the cut entry)", re.Offset, bytes.Index(encoded, e))
	}
}

// countEntries reads entries from c until Next fails, and returns how many
// it read and the error (io.EOF at the end of the list).
func countEntries(c *rfc5280.CRLReader) (int, error) {
	for n := 0; ; n++ {
		if _, err := c.Next(); err != nil {
			return n, err
		}
	}
}
