package rfc5280_test

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	goruntime "runtime"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/generated/rfc5280"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/stream"
)

// errorOf returns err as a *der.Error, or nil.
func errorOf(err error) *der.Error {
	var e *der.Error
	if errors.As(err, &e) {
		return e
	}
	return nil
}

// sameError reports whether two errors are the same error of the runtime:
// kind, offset, path, type and message (the Hint that der.Unmarshal adds
// to a whole decode's errors is not compared).
func sameError(a, b error) bool {
	x, y := errorOf(a), errorOf(b)
	return x != nil && y != nil && x.Kind == y.Kind && x.Offset == y.Offset && x.Path() == y.Path() && x.Type == y.Type && x.Msg == y.Msg
}

// rootTruncated reports whether err is a whole decode's error for an input
// that ends before its outermost element: the case in which a stream may
// report an error it meets before the end of the input instead (see the
// package doc of runtime/stream).
func rootTruncated(err error) bool {
	e := errorOf(err)
	return e != nil && e.Kind == der.KindTruncated && e.Offset == 0
}

// checkStream streams in through a CertificateListStream and checks it
// against the whole decode with the same options: the same entries, the
// same rest and signed octets when the decode succeeds, the same error
// (kind, offset, path, type, message) when it fails, but for a truncated
// input, where the stream may report an error it meets before the end. It
// returns the number of entries the stream returned and its error.
func checkStream(t testing.TB, name string, in []byte, opts *der.Options) (int, error) {
	t.Helper()
	var want rfc5280.CertificateList
	werr := der.Unmarshal(in, &want, opts)
	var signed bytes.Buffer
	c := rfc5280.NewCertificateListStream(bytes.NewReader(in), &stream.Options{DER: opts})
	c.Signed = &signed
	n := 0
	var serr error
	for {
		e, err := c.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			serr = err
			break
		}
		if werr == nil {
			if list := want.ToBeSigned.RevokedCertificates; n >= len(list) {
				t.Fatalf("%s: more than the %d entries of the whole decode", name, len(list))
			} else if !reflect.DeepEqual(*e, list[n]) {
				t.Fatalf("%s: entry %d (-decode +stream):\n%s", name, n, cmp.Diff(list[n], *e))
			}
		}
		n++
	}
	var rest *rfc5280.CertificateList
	if serr == nil {
		rest, serr = c.Rest()
	}
	switch {
	case werr == nil && serr != nil:
		t.Fatalf("%s: stream: %v; the whole decode succeeds", name, serr)
	case werr != nil && serr == nil:
		t.Fatalf("%s: stream succeeds; the whole decode: %v", name, werr)
	case werr != nil && !sameError(werr, serr):
		if !rootTruncated(werr) || errorOf(serr) == nil {
			t.Fatalf("%s: stream error\n\t%v\nwant the whole decode's\n\t%v", name, serr, werr)
		}
	case werr == nil:
		if n != len(want.ToBeSigned.RevokedCertificates) {
			t.Fatalf("%s: %d entries, want %d", name, n, len(want.ToBeSigned.RevokedCertificates))
		}
		w := want
		w.ToBeSigned.RevokedCertificates, w.ToBeSignedRaw, w.ToBeSigned.Raw = nil, nil, nil
		if !reflect.DeepEqual(w, *rest) {
			t.Fatalf("%s: rest (-decode +stream):\n%s", name, cmp.Diff(w, *rest))
		}
		if !bytes.Equal(signed.Bytes(), want.ToBeSignedRaw) {
			t.Fatalf("%s: Signed received %d octets, want the %d of toBeSigned", name, signed.Len(), len(want.ToBeSignedRaw))
		}
	}
	return n, serr
}

// TestCertificateListStreamCorpus streams every CRL of the corpus, those
// that do not decode included, strict and with X509Options, and a
// generated one, and checks each against the whole decode.
func TestCertificateListStreamCorpus(t *testing.T) {
	inputs := map[string][]byte{"generated": makeCRL(t, 5000)}
	for _, b := range dedupe(corpusBlobs(t)) {
		if crlLike(b) {
			inputs[b.Name] = b.Data
		}
	}
	var ok, failed, entries, early int
	for name, in := range inputs {
		for _, opts := range []*der.Options{nil, rfc5280.X509Options()} {
			n, err := checkStream(t, name, in, opts)
			var l rfc5280.CertificateList
			werr := der.Unmarshal(in, &l, opts)
			switch {
			case err == nil:
				ok++
				entries += n
			case !sameError(err, werr):
				early++
				t.Logf("%s: truncated; the stream reports first %v", name, err)
			default:
				failed++
			}
		}
	}
	t.Logf("%d inputs: %d streams agree with a successful decode (%d entries), %d with a failing one, %d report an error met before the truncation",
		len(inputs), ok, entries, failed, early)
}

// TestCertificateListStreamMutations damages a generated CRL at every
// octet, three ways (cut there, the octet changed, an octet inserted), and
// checks each input against the whole decode.
func TestCertificateListStreamMutations(t *testing.T) {
	in := makeCRL(t, 40)
	for p := range in {
		checkStream(t, "cut", in[:p], nil)
		for _, d := range []byte{0x01, 0x80, 0xff} {
			m := bytes.Clone(in)
			m[p] ^= d
			checkStream(t, "changed", m, nil)
		}
		checkStream(t, "inserted", append(append(bytes.Clone(in[:p]), 0), in[p:]...), nil)
	}
}

// TestCertificateListStreamErrors checks the errors of damaged streams:
// located as the whole decode locates them, and where a stream reports
// another, the case the runtime/stream doc gives.
func TestCertificateListStreamErrors(t *testing.T) {
	encoded := makeCRL(t, 3000)
	var l rfc5280.CertificateList
	if err := l.UnmarshalDER(encoded); err != nil {
		t.Fatal(err)
	}
	entryAt := func(i int) (int, []byte) {
		e, err := l.ToBeSigned.RevokedCertificates[i].MarshalDER()
		if err != nil {
			t.Fatal(err)
		}
		return bytes.Index(encoded, e), e
	}
	// Entry 2500's revocation date: a UTCTime whose seconds are not digits.
	at, e := entryAt(2500)
	bad := bytes.Clone(encoded)
	bad[at+bytes.IndexByte(e, 0x17)+2+10] = 'x'
	n, err := checkStream(t, "bad date", bad, nil)
	if n != 2500 || !errors.Is(err, der.ErrInvalidValue) {
		t.Errorf("bad date: %d entries, then %v", n, err)
	}

	// Cut inside entry 2700: the entries before it, then the whole
	// decode's error, at offset 0.
	at, _ = entryAt(2700)
	n, err = checkStream(t, "cut", encoded[:at+3], nil)
	if n != 2700 || !rootTruncated(err) || errorOf(err).Path() != "CertificateList" {
		t.Errorf("cut: %d entries, then %v; want 2700, then the truncation at offset 0", n, err)
	}
	// Both: the stream reports the bad date, which it meets first; the
	// whole decode reports the truncation.
	n, err = checkStream(t, "bad date, then cut", bad[:at+3], nil)
	if n != 2500 || errorOf(err) == nil || errorOf(err).Offset <= 0 || errors.Is(err, der.ErrTruncated) {
		t.Errorf("bad date then cut: %d entries, then %v; want 2500 then the bad date", n, err)
	}

	for _, tt := range []struct {
		name string
		in   []byte
		kind error
	}{
		{"empty", nil, der.ErrTruncated},
		{"trailing octets", append(bytes.Clone(encoded), 0, 0), der.ErrTrailingData},
		{"not a SEQUENCE", append([]byte{0x31}, encoded[1:]...), der.ErrTagMismatch},
		{"indefinite length", append([]byte{0x30, 0x80}, encoded[4:]...), der.ErrNonCanonical},
		{"huge length", append([]byte{0x30, 0x88, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, encoded[4:]...), der.ErrTruncated},
	} {
		if _, err := checkStream(t, tt.name, tt.in, nil); !errors.Is(err, tt.kind) {
			t.Errorf("%s: %v, want %v", tt.name, err, tt.kind)
		}
	}
	c := rfc5280.NewCertificateListStream(bytes.NewReader(encoded), &stream.Options{DER: &der.Options{BER: true}})
	if _, err := c.Next(); !errors.Is(err, der.ErrUnsupported) {
		t.Errorf("BER: %v, want ErrUnsupported", err)
	}
}

// TestCertificateListStreamLimits checks the limits: an element larger
// than MaxElement is an error before it is read, and MaxDepth and
// MaxElements fail where they fail in the whole decode.
func TestCertificateListStreamLimits(t *testing.T) {
	encoded := makeCRL(t, 3)
	var l rfc5280.CertificateList
	if err := l.UnmarshalDER(encoded); err != nil {
		t.Fatal(err)
	}
	// An entry announcing 1 GiB in a list of 2 GiB, of a stream that
	// counts what is read.
	one, _ := hugeStream(t, 1)
	r, _ := hugeStream(t, (2<<30)/len(one.entry))
	head := r.head
	big := append(bytes.Clone(head), 0x30, 0x84, 0x40, 0, 0, 0)
	cr := &countingReader{r: io.MultiReader(bytes.NewReader(big), zeros{})}
	c := rfc5280.NewCertificateListStream(cr, &stream.Options{MaxElement: 4096})
	_, err := c.Next()
	if e := errorOf(err); e == nil || e.Kind != der.KindLimit || e.Offset != len(head) || e.Path() != "CertificateList.toBeSigned.revokedCertificates[0]" {
		t.Errorf("a 1 GiB entry: %v; want a limit error at offset %d, entry [0]", err, len(head))
	}
	if cr.n > 1<<20 {
		t.Errorf("read %d octets before the limit error", cr.n)
	}
	// MaxDepth: checkStream checks that each limit fails where the whole
	// decode does (the header, an entry's extensions, the signature
	// algorithm...).
	limited := 0
	for depth := 1; depth <= 10; depth++ {
		if _, err := checkStream(t, "depth", encoded, &der.Options{MaxDepth: depth}); errors.Is(err, der.ErrLimit) {
			limited++
		}
	}
	if limited == 0 || limited == 10 {
		t.Errorf("MaxDepth 1 to 10: %d limit errors", limited)
	}
	// MaxElements: the budget of the whole value, which runs out at the
	// same element in a stream as in the whole decode, whichever part of
	// the CRL that is.
	for n := 1; ; n++ {
		if _, err := checkStream(t, "elements", encoded, &der.Options{MaxElements: n}); !errors.Is(err, der.ErrLimit) {
			if n < 20 {
				t.Errorf("MaxElements %d: %v, want a limit error", n, err)
			}
			t.Logf("MaxElements 1 to %d fail as in the whole decode", n-1)
			break
		}
	}
}

// countingReader counts the octets read through it.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// zeros reads zero octets without end.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// repeatReader is a CRL stream of n copies of one entry, made as it is
// read: large inputs without holding them.
type repeatReader struct {
	head, entry, tail []byte
	n, sent           int
	rest              []byte
}

func (r *repeatReader) Read(p []byte) (int, error) {
	total := 0
	for len(p) > 0 {
		for len(r.rest) == 0 {
			switch {
			case r.head != nil:
				r.rest, r.head = r.head, nil
			case r.sent < r.n:
				r.rest, r.sent = r.entry, r.sent+1
			case r.tail != nil:
				r.rest, r.tail = r.tail, nil
			default:
				if total > 0 {
					return total, nil
				}
				return 0, io.EOF
			}
		}
		n := copy(p, r.rest)
		r.rest, p, total = r.rest[n:], p[n:], total+n
	}
	return total, nil
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

// TestCertificateListStreamMemory streams a CRL of 1 GiB (64 MB with
// -short), made as it is read, through the generated stream reader and
// checks that the Go heap stays under 64 MiB throughout: memory is bounded
// by a batch of entries, not by the size of the CRL.
func TestCertificateListStreamMemory(t *testing.T) {
	size := 1 << 30
	if testing.Short() {
		size = 64 << 20
	}
	r, one := hugeStream(t, 1)
	n := (size - (one - len(r.entry))) / len(r.entry)
	r, size = hugeStream(t, n)
	c := rfc5280.NewCertificateListStream(r, nil)
	var ms goruntime.MemStats
	goruntime.GC() // what earlier tests left
	var peakAlloc, peakInuse uint64
	sample := func() {
		goruntime.ReadMemStats(&ms)
		peakAlloc, peakInuse = max(peakAlloc, ms.HeapAlloc), max(peakInuse, ms.HeapInuse)
	}
	got := 0
	for {
		_, err := c.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("entry %d: %v", got, err)
		}
		if got++; got%250_000 == 0 {
			sample()
		}
	}
	if got != n {
		t.Fatalf("%d entries, want %d", got, n)
	}
	if _, err := c.Rest(); err != nil {
		t.Fatal(err)
	}
	sample()
	t.Logf("%d entries, %d MiB streamed; peak heap: %d KiB allocated, %d KiB in use", n, size>>20, peakAlloc>>10, peakInuse>>10)
	if peakAlloc > 64<<20 || peakInuse > 64<<20 {
		t.Errorf("peak heap %d MiB allocated, %d MiB in use while streaming %d MiB", peakAlloc>>20, peakInuse>>20, size>>20)
	}
}

// TestCRLReader checks that CRLReader, the stream under its earlier names,
// gives what the stream does.
func TestCRLReader(t *testing.T) {
	encoded := makeCRL(t, 500)
	var l rfc5280.CertificateList
	if err := l.UnmarshalDER(encoded); err != nil {
		t.Fatal(err)
	}
	var tbs bytes.Buffer
	c := rfc5280.NewCRLReader(bytes.NewReader(encoded), nil)
	c.TBS = &tbs
	h, err := c.Header()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(h.Issuer, l.ToBeSigned.Issuer) || h.HasCRLExtensions {
		t.Errorf("header: %+v", h)
	}
	n, err := countEntries(c)
	if err != io.EOF || n != 500 {
		t.Fatalf("%d entries, then %v", n, err)
	}
	rest, err := c.CertificateList()
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(l.ToBeSigned.CRLExtensions, rest.ToBeSigned.CRLExtensions); diff != "" {
		t.Errorf("CRL extensions (-decode +stream):\n%s", diff)
	}
	if !bytes.Equal(tbs.Bytes(), l.ToBeSignedRaw) {
		t.Errorf("TBS received %d octets, want %d", tbs.Len(), len(l.ToBeSignedRaw))
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
