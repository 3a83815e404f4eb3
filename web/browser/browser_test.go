// Package browser_test tests the playground in a real browser: Debian's
// chromium driven by chromedp. It is a module of its own, so that
// chromedp is no requirement of asn1gen's (make test needs no browser,
// and a module that requires asn1gen does not get chromedp in its graph);
// make test-browser runs it:
//
//	cd web/browser && go test -run TestBrowser -v .
//
// ASN1GEN_CHROMIUM names the browser (default /usr/bin/chromium; the test
// skips without it), ASN1GEN_WEB_DIR a directory make web filled (else
// the module is built here), ASN1GEN_SCREENSHOTS where the screenshots
// go (else a temporary directory). The timings it logs are measurements,
// not assertions.

package browser_test

import (
	"context"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io/fs"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/asn1gen/asn1gen/internal/playground"
	"github.com/asn1gen/asn1gen/modules"
	"github.com/asn1gen/asn1gen/web"
)

// The inputs, from the repository's test data.
const (
	certFile = "../../testdata/dump/IGC_A.pem"
	ngapFile = "../../testdata/dump-per/ngap-setup.hex"
	camFile  = "../../testdata/per/etsi-its.txt"
	// a CRL of 1.18 MB in the shared corpus
	crlFile = "der/asn1crypto/tests/fixtures/eid2011.crl"
)

func TestBrowser(t *testing.T) {
	chromium := os.Getenv("ASN1GEN_CHROMIUM")
	if chromium == "" {
		chromium = "/usr/bin/chromium"
	}
	if _, err := os.Stat(chromium); err != nil {
		t.Skipf("no browser: %v (set ASN1GEN_CHROMIUM)", err)
	}
	built := os.Getenv("ASN1GEN_WEB_DIR")
	if built == "" {
		built = t.TempDir()
		if err := web.Build(context.Background(), built); err != nil {
			t.Fatal(err)
		}
	}
	shots := os.Getenv("ASN1GEN_SCREENSHOTS")
	if shots == "" {
		shots = t.TempDir()
	}
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{web.WASMFile, web.GenWASMFile} {
		if info, err := os.Stat(filepath.Join(built, f)); err == nil {
			t.Logf("measure: %s: %d bytes", f, info.Size())
		}
	}
	srv := httptest.NewServer(web.Handler(built))
	defer srv.Close()

	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		// a new, empty profile: the cache is cold
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1500, 950),
	}
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	// no timeout on this context, which holds the browser: each wait has
	// its own, and go test's -timeout bounds the whole
	ctx, cancelCtx := chromedp.NewContext(allocCtx, chromedp.WithLogf(t.Logf))
	defer cancelCtx()
	b := &browser{t: t, ctx: ctx, shots: shots}

	// Start: the engine loads, the X.509 set compiles.
	b.run(chromedp.Navigate(srv.URL + "/"))
	b.waitCompiled(0)
	b.logTiming("the page interactive (DOM ready: the editor and input take text), from navigation start", "pageInteractive")
	b.logTiming("the engine loaded and answering, from navigation start", "interactive")
	b.logTiming("engine download and compile in the worker", "engineInstantiate")
	b.logTiming("engine download, compile and start (Go's init) in the worker", "engineLoad")
	b.expectStatus("0 error(s)")

	// A certificate, pasted as PEM: the tree names its fields.
	cert := readFile(t, certFile)
	seq := b.decoded()
	b.run(chromedp.SetValue(chromedp.CSS("#input"), string(cert)), chromedp.Click(chromedp.CSS("#decode")))
	b.waitDecoded(seq)
	fields := b.texts("#tree .field")
	// the names of PKIX1Explicit-2009, a CHOICE's alternative after a dot
	for _, want := range []string{"toBeSigned", "serialNumber", "issuer.rdnSequence", "validity", "subject.rdnSequence", "subjectPublicKeyInfo", "extensions", "algorithmIdentifier"} {
		if !contains(fields, want) {
			t.Errorf("the tree has no field %s; its fields: %v", want, fields)
		}
	}
	// the page shows the dump's tree: as many elements
	want := nativeDecode(t, "x509", "PKIX1Explicit-2009.Certificate", "der", cert)
	nodes := eval[int](b, `view.nodes.length`)
	if got := countNodes(want.Blocks[0].Elements); nodes != got {
		t.Errorf("the page has %d elements, the dump %d", nodes, got)
	}

	// Click validity: the octets of its header and contents are marked.
	validity := find(want.Blocks[0].Elements, "validity")
	if validity == nil {
		t.Fatal("the dump has no validity")
	}
	b.run(chromedp.Click(`//div[contains(@class,"node")][span[@class="field" and text()="validity"]]`))
	gotRange := b.hexSelection()
	wantRange := [2]int{validity.Offset, validity.Offset + validity.HeaderLength + validity.Length}
	if gotRange != wantRange {
		t.Errorf("validity marks octets %v, want [offset, offset+header+length) = %v", gotRange, wantRange)
	}
	marked := eval[[]string](b, `[...document.querySelectorAll('#hex .b.head, #hex .b.sel')].map(e => e.dataset.i)`)
	if len(marked) != wantRange[1]-wantRange[0] || len(marked) > 0 && marked[0] != fmt.Sprint(wantRange[0]) {
		t.Errorf("the hex view marks %d octets from %v, want %d from %d", len(marked), marked[:min(1, len(marked))], wantRange[1]-wantRange[0], wantRange[0])
	}
	// the ASCII column marks the same octets, and shows them
	certDER := pemOctets(t, cert)
	var wantASCII strings.Builder
	for _, c := range certDER[wantRange[0]:wantRange[1]] {
		if c < 0x20 || c >= 0x7f {
			c = '.'
		}
		wantASCII.WriteByte(c)
	}
	if got := strings.Join(b.texts("#hex .a.head, #hex .a.sel"), ""); got != wantASCII.String() {
		t.Errorf("the ASCII column marks %q, want %q", got, wantASCII.String())
	}
	b.shot("certificate")
	// and the reverse: an octet inside notBefore selects notBefore
	notBefore := validity.Children[0]
	if !strings.HasPrefix(notBefore.Field, "notBefore") {
		t.Fatalf("validity's first element is %s", notBefore.Field)
	}
	b.run(chromedp.Click(chromedp.CSS(fmt.Sprintf(`#hex span.b[data-i="%d"]`, notBefore.Offset+notBefore.HeaderLength+1))))
	// the engine finds the element (asn1gen.locate): wait for its answer
	b.poll(fmt.Sprintf(`selected !== null && selected.offset === %d && document.body.dataset.busy === 'false'`, notBefore.Offset))
	if sel := b.texts("#tree .node.selected .field"); !cmp.Equal(sel, []string{notBefore.Field}) {
		t.Errorf("clicking an octet of notBefore selected %v", sel)
	}
	if got := b.hexSelection(); got != [2]int{notBefore.Offset, notBefore.Offset + notBefore.HeaderLength + notBefore.Length} {
		t.Errorf("notBefore marks octets %v", got)
	}

	// Hostile input: 5,000 nested indefinite-length SEQUENCEs in BER. The
	// dump's depth limit stops it, as in the command, with the same error.
	deep := strings.Repeat("3080", 5000)
	seq = b.decoded()
	b.run(chromedp.SetValue(chromedp.CSS("#encoding"), "ber"), chromedp.SetValue(chromedp.CSS("#input"), deep),
		chromedp.Click(chromedp.CSS("#decode")))
	b.waitDecoded(seq)
	wantDeep := nativeDecode(t, "x509", "PKIX1Explicit-2009.Certificate", "ber", hexOctets(t, []byte(deep)))
	if len(wantDeep.Blocks[0].Errors) == 0 || !strings.Contains(wantDeep.Blocks[0].Errors[0].Message, "MaxDepth") {
		t.Errorf("the dump of the nested SEQUENCEs has the errors %v, want the depth limit's", wantDeep.Blocks[0].Errors)
	}
	b.expectErrors(wantDeep, "octet")
	b.run(chromedp.SetValue(chromedp.CSS("#encoding"), "der"))

	// A broken module, typed into a new file: the error is located in the
	// list and marked in the editor.
	x509 := set(t, "x509")
	name := fmt.Sprintf("module%d.asn", len(x509.Files)+1)
	seq = b.compiled()
	b.run(chromedp.Click(chromedp.CSS("#new-file")))
	eval[bool](b, `(document.querySelector('#editor').select(), true)`) // typing replaces the template
	b.run(chromedp.SendKeys(chromedp.CSS("#editor"), "Broken DEFINITIONS ::= BEGIN\nT ::= SEQUENCE {\n  a Missing }\nEND\n"),
		chromedp.Click(chromedp.CSS("#compile")))
	b.waitCompiled(seq)
	diags := b.texts("#diagnostics li.error")
	if wantDiag := name + ":3:5: undefined reference Missing"; !cmp.Equal(diags, []string{wantDiag}) {
		t.Errorf("diagnostics %q, want [%q]", diags, wantDiag)
	}
	mark := eval[string](b, `(document.querySelector('#editor-backdrop mark.error') || {textContent: ''}).textContent`)
	if mark != "Missing }" {
		t.Errorf("the editor marks %q, want the error's place to the end of its line, %q", mark, "Missing }")
	}
	// the tree of the last decode is marked as of the modules before
	if stale := eval[bool](b, `document.querySelector('#tree').classList.contains('stale') && !document.querySelector('#stale').hidden`); !stale {
		t.Errorf("after a compile with errors, the tree is not marked stale")
	}
	b.shot("module-error")

	// An NGAP message (ALIGNED PER), with the NGAP set.
	seq = b.compiled()
	b.run(chromedp.Click(chromedp.CSS(`button[data-set="ngap"]`)))
	b.waitCompiled(seq)
	b.logTiming("NGAP compiled in the page (engine time)", "compile")
	ngap := readFile(t, ngapFile)
	seq = b.decoded()
	b.run(chromedp.SetValue(chromedp.CSS("#input"), string(ngap)), chromedp.Click(chromedp.CSS("#decode")))
	b.waitDecoded(seq)
	if names := b.texts("#tree .name"); !contains(names, " (id-NGSetup)") {
		t.Errorf("the NGAP tree names no id-NGSetup: %v", names)
	}
	wantNGAP := nativeDecode(t, "ngap", "NGAP-PDU-Descriptions.NGAP-PDU", "aper", hexOctets(t, ngap))
	nodes = eval[int](b, `view.nodes.length`)
	if got := countNodes(wantNGAP.Blocks[0].Elements); nodes != got {
		t.Errorf("the page has %d NGAP elements, the dump %d", nodes, got)
	}
	if errs := b.texts("#decode-errors li"); len(errs) != 0 {
		t.Errorf("NGAP decode errors: %v", errs)
	}
	b.shot("ngap")

	// A message cut short: the error is located in the hex view.
	seq = b.decoded()
	b.run(chromedp.SetValue(chromedp.CSS("#input"), string(ngap[:60])), chromedp.Click(chromedp.CSS("#decode")))
	b.waitDecoded(seq)
	if errs := b.texts("#decode-errors li"); len(errs) == 0 || !strings.Contains(errs[0], " at bit ") {
		t.Errorf("the cut message shows the errors %q, want one located at a bit", errs)
	}
	b.expectErrors(nativeDecode(t, "ngap", "NGAP-PDU-Descriptions.NGAP-PDU", "aper", hexOctets(t, ngap[:60])), "bit")
	errOctets := eval[int](b, `document.querySelectorAll('#hex .b.err').length`)
	if errOctets == 0 {
		t.Errorf("the hex view marks no octet of the error")
	}
	b.shot("ngap-error")

	// An ETSI ITS CAM (UNALIGNED PER), and the Go of its modules.
	seq = b.compiled()
	b.run(chromedp.Click(chromedp.CSS(`button[data-set="etsiits"]`)))
	b.waitCompiled(seq)
	seq = b.decoded()
	b.run(chromedp.SetValue(chromedp.CSS("#input"), firstMessage(t, camFile)), chromedp.Click(chromedp.CSS("#decode")))
	b.waitDecoded(seq)
	if fields := b.texts("#tree .field"); !contains(fields, "header") || !contains(fields, "cam") {
		t.Errorf("the CAM tree has the fields %v, want header and cam", fields)
	}
	// its JER, from the schema (the JSON generated/etsiits's MarshalJSON writes: perdump's TestJER)
	b.run(chromedp.Click(chromedp.CSS("#tab-jer")))
	camHeader := eval[struct {
		ProtocolVersion, MessageID int
		StationID                  int64
	}](b, `JSON.parse(document.querySelector('#jer').textContent).header`)
	if camHeader.ProtocolVersion == 0 || camHeader.MessageID != 2 || camHeader.StationID == 0 {
		t.Errorf("the JER tab of the CAM has the header %+v, want a protocolVersion, messageID 2 (CAM) and a stationID", camHeader)
	}
	b.run(chromedp.Click(chromedp.CSS("#tab-tree")))
	start := time.Now()
	b.run(chromedp.Click(chromedp.CSS("#tab-go")))
	b.poll(`document.querySelector('#go-source').textContent.includes('type CAM struct')`)
	t.Logf("measure: the Go of ETSI ITS generated and shown in %v", time.Since(start).Round(time.Millisecond))
	b.logTiming("the generator's engine loaded (download, compile, Go's start)", "genLoad")
	source := eval[string](b, `document.querySelector('#go-source').textContent`)
	if !strings.HasPrefix(source, "// Code generated by asn1gen. DO NOT EDIT.") || !strings.Contains(source, "\npackage x\n") {
		t.Errorf("the Go tab shows:\n%.300s", source)
	}
	b.shot("go")
	b.run(chromedp.Click(chromedp.CSS("#tab-tree")))

	// The permalink: the state comes back from the fragment alone.
	b.run(chromedp.Click(chromedp.CSS("#permalink")))
	b.poll(`location.hash.startsWith('#s=')`)
	link := eval[string](b, `location.href`)
	t.Logf("measure: permalink of the CAM state: %d characters", len(link))
	b.run(chromedp.Navigate("about:blank"), chromedp.Navigate(link))
	b.waitCompiled(0)
	b.waitDecoded(0)
	restored := eval[struct {
		Type, Encoding string
		Active         []string
	}](b, `({type: document.querySelector('#type').value, encoding: document.querySelector('#encoding').value,
		active: [...document.querySelectorAll('#sets button.active')].map(e => e.dataset.set)})`)
	if restored.Type != "CAM-PDU-Descriptions.CAM" || restored.Encoding != "uper" || !cmp.Equal(restored.Active, []string{"etsiits"}) {
		t.Errorf("the permalink restored %+v", restored)
	}

	// An IEEE 1609.2 certificate in CANONICAL-OER: the set's sample (the
	// EU TLM's certificate, from testdata/oer) fills the empty input and
	// decodes with the set; the tree names its fields, the JER tab shows
	// the value as X.697 JSON, both as the dump has them.
	seq, seqDecoded := b.compiled(), b.decoded()
	eval[bool](b, `(document.querySelector('#input').value = '', true)`)
	b.run(chromedp.Click(chromedp.CSS(`button[data-set="v2x"]`)))
	b.waitCompiled(seq)
	b.waitDecoded(seqDecoded)
	v2x := set(t, "v2x")
	if enc := eval[string](b, `document.querySelector('#encoding').value`); enc != "coer" {
		t.Errorf("the IEEE 1609.2 set selects the encoding %q, want coer", enc)
	}
	if in := eval[string](b, `document.querySelector('#input').value`); in != v2x.Sample {
		t.Errorf("the input is %.40q..., want the set's sample", in)
	}
	for _, want := range []string{"version", "issuer.self", "toBeSigned", "id.name", "cracaId", "validityPeriod", "appPermissions", "verifyKeyIndicator.verificationKey.ecdsaBrainpoolP384r1.compressed-y-0", "signature.ecdsaBrainpoolP384r1Signature", "sSig"} {
		if fields := b.texts("#tree .field"); !contains(fields, want) {
			t.Errorf("the certificate's tree has no field %s; its fields: %v", want, fields)
		}
	}
	if values := b.texts("#tree .value"); !contains(values, ` = EU-TLM_L2`) {
		t.Errorf("the certificate's tree has no name EU-TLM_L2: %v", values)
	}
	sample := hexOctets(t, []byte(v2x.Sample))
	wantV2X := nativeDecode(t, "v2x", v2x.Type, "coer", sample)
	if got, want := eval[int](b, `view.nodes.length`), countNodes(wantV2X.Blocks[0].Elements); got != want {
		t.Errorf("the page has %d elements of the certificate, the dump %d", got, want)
	}
	b.expectErrors(wantV2X, "octet")
	vp := find(wantV2X.Blocks[0].Elements, "validityPeriod")
	if vp == nil {
		t.Fatal("the dump has no validityPeriod")
	}
	b.run(chromedp.Click(`//div[contains(@class,"node")][span[@class="field" and text()="validityPeriod"]]`))
	if got, want := b.hexSelection(), [2]int{vp.Offset, vp.Offset + vp.Length}; got != want {
		t.Errorf("validityPeriod marks octets %v, want [offset, offset+length) = %v", got, want)
	}
	b.shot("v2x-certificate")
	b.run(chromedp.Click(chromedp.CSS("#tab-jer")))
	var pageJER, dumpJER any
	if err := json.Unmarshal([]byte(eval[string](b, `document.querySelector('#jer').textContent`)), &pageJER); err != nil {
		t.Errorf("the JER tab holds no JSON: %v", err)
	}
	if err := json.Unmarshal(wantV2X.Blocks[0].JER, &dumpJER); err != nil {
		t.Fatalf("the dump has no JER: %v", err)
	}
	if diff := cmp.Diff(dumpJER, pageJER); diff != "" {
		t.Errorf("the JER tab (+) differs from the dump's JER (-):\n%s", diff)
	}
	tbs := eval[struct {
		ID             struct{ Name string }
		AppPermissions []struct {
			Psid int
			Ssp  struct{ BitmapSsp string }
		}
	}](b, `JSON.parse(document.querySelector('#jer').textContent).toBeSigned`)
	if tbs.ID.Name != "EU-TLM_L2" || len(tbs.AppPermissions) != 1 || tbs.AppPermissions[0].Psid != 624 || tbs.AppPermissions[0].Ssp.BitmapSsp != "01C8" {
		t.Errorf("the JER of the certificate has toBeSigned %+v, want the name EU-TLM_L2 and the permission 624 (CTL) with the SSP 01C8", tbs)
	}
	b.shot("v2x-jer")
	b.run(chromedp.Click(chromedp.CSS("#tab-tree")))
	// cut short: the error at its octet, with its path, as in the dump
	seq = b.decoded()
	b.run(chromedp.SetValue(chromedp.CSS("#input"), v2x.Sample[:200]), chromedp.Click(chromedp.CSS("#decode")))
	b.waitDecoded(seq)
	b.expectErrors(nativeDecode(t, "v2x", v2x.Type, "coer", sample[:100]), "octet")
	if errs := b.texts("#decode-errors li"); len(errs) == 0 || !strings.Contains(errs[0], " at octet ") {
		t.Errorf("the cut certificate shows the errors %q, want one located at an octet", errs)
	}

	// Stop: a long job ends on request, and a new engine answers.
	b.run(chromedp.Click(chromedp.CSS(`button[data-set="nrrrc"]`)))
	b.poll(`document.body.dataset.busy === 'true'`)
	b.run(chromedp.Click(chromedp.CSS("#stop")))
	b.poll(`document.body.dataset.busy === 'false'`)
	b.expectStatus("stopped: the engine was restarted")

	// NR RRC: the largest set, compiled in the page.
	seq = b.compiled()
	b.run(chromedp.Click(chromedp.CSS(`button[data-set="nrrrc"]`)))
	b.waitCompiled(seq)
	if errs := b.texts("#diagnostics li.error"); len(errs) != 0 {
		t.Errorf("NR RRC does not compile in the page: %q", errs)
	}
	b.logTiming("NR RRC compiled in the page (engine time)", "compile")
	b.logTiming("NR RRC compiled in the page (as the page waited)", "compileWall")

	// A CRL of 1.18 MB from the shared corpus, opened as a file.
	corpus := os.Getenv("ASN1GEN_CORPUS")
	if corpus == "" {
		t.Log("ASN1GEN_CORPUS is not set: the CRL is not measured")
		return
	}
	crl := filepath.Join(corpus, crlFile)
	if _, err := os.Stat(crl); err != nil {
		t.Logf("no %s: the CRL is not measured", crl)
		return
	}
	seq = b.compiled()
	b.run(chromedp.Click(chromedp.CSS(`button[data-set="x509"]`)))
	b.waitCompiled(seq)
	info, err := os.Stat(crl)
	if err != nil {
		t.Fatal(err)
	}
	b.run(chromedp.SetValue(chromedp.CSS("#type"), "PKIX1Explicit-2009.CertificateList"),
		chromedp.SetUploadFiles(chromedp.CSS("#input-file"), []string{crl}))
	// leaving the type field decodes the text input first: wait for the file's
	b.poll(fmt.Sprintf(`document.body.dataset.decodedOctets === '%d' && document.body.dataset.busy === 'false'`, info.Size()))
	if errs := b.texts("#decode-errors li"); len(errs) != 0 {
		t.Errorf("CRL decode errors: %q", errs)
	}
	b.logTiming("1.18 MB CRL decoded in the engine (with the top of its tree)", "decode")
	b.logTiming("1.18 MB CRL decoded and shown", "decodeWall")
	if stale := eval[bool](b, `document.querySelector('#tree').classList.contains('stale')`); stale {
		t.Errorf("the CRL's tree is marked stale")
	}
	// the tree shows, its top in the page and the rest in the engine
	for _, want := range []string{"toBeSigned", "issuer.rdnSequence", "thisUpdate.utcTime", "revokedCertificates", "crlExtensions"} {
		if !contains(b.texts("#tree .field"), want) {
			t.Errorf("the CRL's tree has no field %s", want)
		}
	}
	crlData, err := os.ReadFile(crl)
	if err != nil {
		t.Fatal(err)
	}
	wantCRL := nativeDecode(t, "x509", "PKIX1Explicit-2009.CertificateList", "der", crlData)
	inPage := eval[int](b, `view.nodes.length`)
	t.Logf("measure: the CRL's elements in the page: %d of %d", inPage, countNodes(wantCRL.Blocks[0].Elements))
	// An octet of the last entry's serial number: the engine finds its
	// element, the page fetches the entries down to it and selects it.
	revoked := find(wantCRL.Blocks[0].Elements, "revokedCertificates")
	if revoked == nil || len(revoked.Children) == 0 {
		t.Fatal("the dump has no revokedCertificates")
	}
	serial := find(revoked.Children[len(revoked.Children)-1:], "userCertificate")
	if serial == nil {
		t.Fatal("the last revoked entry has no userCertificate")
	}
	start = time.Now()
	eval[bool](b, fmt.Sprintf(`(selectAt(%d, false), true)`, serial.Offset+serial.HeaderLength))
	b.poll(fmt.Sprintf(`selected !== null && selected.offset === %d && document.body.dataset.busy === 'false'`, serial.Offset))
	t.Logf("measure: the CRL's last serial number found and shown in %v", time.Since(start).Round(time.Millisecond))
	row := eval[string](b, `document.querySelector('#tree .node.selected').textContent`)
	if !strings.HasPrefix(row, " userCertificate CertificateSerialNumber") || !strings.Contains(row, serial.Value) {
		t.Errorf("the selected row is %q, want the serial number %s", row, serial.Value)
	}
	if got := eval[string](b, `selected.parent.index + '/' + selected.parent.parent.childCount`); got != fmt.Sprintf("%d/%d", len(revoked.Children)-1, len(revoked.Children)) {
		t.Errorf("the selected entry is %s, want %d/%d", got, len(revoked.Children)-1, len(revoked.Children))
	}
	b.shot("crl")
}

// pemOctets returns the octets of the first PEM block of text.
func pemOctets(t *testing.T, text []byte) []byte {
	t.Helper()
	block, _ := pem.Decode(text)
	if block == nil {
		t.Fatal("no PEM block")
	}
	return block.Bytes
}

// browser runs the steps of the test in one tab.
type browser struct {
	t     *testing.T
	ctx   context.Context
	shots string
}

func (b *browser) run(steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, steps...); err != nil {
		b.t.Fatal(err)
	}
}

// eval returns the value of a JavaScript expression in the page.
func eval[T any](b *browser, expr string) T {
	b.t.Helper()
	var v T
	err := retryContext(func() (err error) {
		v, err = chromedp.Run(b.ctx, chromedp.Evaluate[T](expr))
		return err
	})
	if err != nil {
		b.t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// poll waits until the expression is true.
func (b *browser) poll(expr string) {
	b.t.Helper()
	err := retryContext(func() error {
		_, err := chromedp.Run(b.ctx, chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(4*time.Minute)))
		return err
	})
	if err != nil {
		// What the page showed, to tell a lost event from a stuck engine.
		state, _ := chromedp.Run(b.ctx, chromedp.Evaluate[string](`JSON.stringify({busy: document.body.dataset.busy, status: document.getElementById('status').textContent, selected: typeof selected === 'undefined' || selected === null ? null : {field: selected.field, offset: selected.offset}})`))
		b.t.Fatalf("waiting for %s: %v; the page: %s", expr, err, state)
	}
}

// compiled and decoded return the count of compiles and decodes shown.
func (b *browser) compiled() int { return b.counter("compiled") }
func (b *browser) decoded() int  { return b.counter("decoded") }

func (b *browser) counter(name string) int {
	b.t.Helper()
	return eval[int](b, fmt.Sprintf(`Number(document.body.dataset.%s || 0)`, name))
}

// waitCompiled waits for a compile after the seq-th, and for the work it
// starts (a decode) to end.
func (b *browser) waitCompiled(seq int) {
	b.t.Helper()
	b.poll(fmt.Sprintf(`Number(document.body.dataset.compiled || 0) > %d && document.body.dataset.busy === 'false'`, seq))
}

func (b *browser) waitDecoded(seq int) {
	b.t.Helper()
	b.poll(fmt.Sprintf(`Number(document.body.dataset.decoded || 0) > %d && document.body.dataset.busy === 'false'`, seq))
}

func (b *browser) texts(sel string) []string {
	b.t.Helper()
	return eval[[]string](b, fmt.Sprintf(`[...document.querySelectorAll(%q)].map(e => e.textContent)`, sel))
}

func (b *browser) expectStatus(want string) {
	b.t.Helper()
	s := eval[string](b, `document.querySelector('#status').textContent`)
	if !strings.Contains(s, want) {
		b.t.Errorf("status %q, want %q in it", s, want)
	}
}

func (b *browser) hexSelection() [2]int {
	b.t.Helper()
	return eval[[2]int](b, `[Number(document.querySelector('#hex').dataset.selStart), Number(document.querySelector('#hex').dataset.selEnd)]`)
}

func (b *browser) logTiming(what, key string) {
	b.t.Helper()
	ms := eval[float64](b, fmt.Sprintf(`window.asn1genTimings.%s || 0`, key))
	b.t.Logf("measure: %s: %.0f ms", what, ms)
}

// shot writes a screenshot of the page to NAME.png.
func (b *browser) shot(name string) {
	b.t.Helper()
	png, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		b.t.Fatal(err)
	}
	if err = os.WriteFile(filepath.Join(b.shots, name+".png"), png, 0o644); err != nil {
		b.t.Fatal(err)
	}
}

// dumpNode is what the test reads of the dump's elements.
type dumpNode struct {
	Offset       int         `json:"offset"`
	HeaderLength int         `json:"headerLength"`
	Length       int         `json:"length"`
	Field        string      `json:"field"`
	Value        string      `json:"value"`
	Children     []*dumpNode `json:"children"`
}

type dump struct {
	Blocks []struct {
		Elements []*dumpNode     `json:"elements"`
		JER      json.RawMessage `json:"jer"` // of an OER decode
		Errors   []struct {
			Offset        int
			Path, Message string
		} `json:"errors"`
	} `json:"blocks"`
}

// expectErrors checks that the page lists the errors of the dump, as
// "path at octet|bit offset: message".
func (b *browser) expectErrors(want dump, unit string) {
	b.t.Helper()
	var lines []string
	for _, e := range want.Blocks[0].Errors {
		lines = append(lines, fmt.Sprintf("%s at %s %d: %s", e.Path, unit, e.Offset, e.Message))
	}
	if got := b.texts("#decode-errors li"); !cmp.Equal(got, lines, cmpopts.EquateEmpty()) {
		b.t.Errorf("the page lists the errors\n%q\nthe dump has\n%q", got, lines)
	}
}

// nativeDecode decodes data as the page does, natively: the JSON that
// `asn1gen dump -json` prints (cmd/asn1gen's TestPlaygroundDecodeMatchesDump).
func nativeDecode(t *testing.T, setName, typ, encoding string, data []byte) dump {
	t.Helper()
	s := set(t, setName)
	var files []playground.File
	for _, f := range s.Files {
		text, err := fs.ReadFile(modules.FS, f)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, playground.File{Name: f, Text: string(text)})
	}
	var flags []string
	for _, f := range s.Flags {
		flags = append(flags, f.Name, f.Value)
	}
	c, err := playground.Compile(files, strings.Join(flags, " "))
	if err != nil {
		t.Fatal(err)
	}
	out, err := c.Decode(typ, encoding, data)
	if err != nil {
		t.Fatal(err)
	}
	var d dump
	if err := json.Unmarshal(out, &d); err != nil {
		t.Fatal(err)
	}
	return d
}

func set(t *testing.T, name string) modules.Set {
	t.Helper()
	for _, s := range modules.Sets {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("no set %s", name)
	return modules.Set{}
}

func countNodes(nodes []*dumpNode) int {
	n := len(nodes)
	for _, c := range nodes {
		n += countNodes(c.Children)
	}
	return n
}

// find returns the first element of the field name, depth first.
func find(nodes []*dumpNode, field string) *dumpNode {
	for _, n := range nodes {
		if n.Field == field {
			return n
		}
		if f := find(n.Children, field); f != nil {
			return f
		}
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func hexOctets(t *testing.T, text []byte) []byte {
	t.Helper()
	var out []byte
	clean := strings.Join(strings.Fields(string(text)), "")
	for i := 0; i+1 < len(clean); i += 2 {
		var b byte
		if _, err := fmt.Sscanf(clean[i:i+2], "%02x", &b); err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

// firstMessage returns the hex of the first message of a testdata/per
// file (one message per line, after "#" comment lines).
func firstMessage(t *testing.T, name string) string {
	t.Helper()
	for _, line := range strings.Split(string(readFile(t, name)), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			return line
		}
	}
	t.Fatalf("no message in %s", name)
	return ""
}

// retryContext runs f again while it fails because the page's JavaScript
// context it ran in went away: right after a navigation, the DevTools
// protocol can still name the old page's context, which Chromium has
// dropped ("Cannot find context with specified id"). Any other error, and
// the tenth of these, is returned.
func retryContext(f func() error) error {
	for i := 0; ; i++ {
		err := f()
		if err == nil || i == 9 || !strings.Contains(err.Error(), "Cannot find context with specified id") {
			return err
		}
		time.Sleep(100 * time.Millisecond)
	}
}
