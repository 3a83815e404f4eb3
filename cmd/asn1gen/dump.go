package main

import (
	"bytes"
	"encoding/pem"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/asn1gen/asn1gen/internal/asn1dump"
	"github.com/asn1gen/asn1gen/runtime/der"
	"github.com/asn1gen/asn1gen/runtime/oids"
	"github.com/asn1gen/asn1gen/runtime/tree"

	// The generated packages register the names of their modules' OIDs
	// with runtime/oids: X.509 and OCSP, CMS, PKCS #12 with PKCS #5, #8
	// and #9 and the X.500 modules they import.
	_ "github.com/asn1gen/asn1gen/generated/rfc5280"
	_ "github.com/asn1gen/asn1gen/generated/rfc5652"
	_ "github.com/asn1gen/asn1gen/generated/rfc7292"
)

func init() {
	register(command{name: "dump", short: "print the tree of DER, BER or PEM data (like openssl asn1parse)", run: runDump})
}

const dumpUsage = `usage: asn1gen dump [-ber] [-json] [-full] [-noencap] FILE|-

Prints the ASN.1 tree of FILE ("-": standard input), which holds DER, BER or
PEM (one or more "-----BEGIN" blocks, each dumped after a heading line).
One line per element: offset, depth (d=), header length (hl=), content length
(l=, "inf" for the indefinite form), cons or prim, the tag and the value of
primitives: an OBJECT IDENTIFIER with its ASN.1 name in parentheses when a
module of the generated packages (X.509, CMS, PKCS #12 and the modules they
import) defines it, "(id-PBES2)". OCTET STRING and BIT STRING contents that
hold an encoding are shown nested, marked ", encapsulates:".

Without -ber the input must be DER: a non-DER encoding is reported with its
offset (and whether -ber would accept it) and the exit status is 1. With
-ber, BER is accepted and every non-DER spot is marked "!! not DER: why".
Invalid values are marked "!! invalid: why" and also give exit status 1.
Exit status: 0 valid, 1 not DER or invalid or unreadable data, 2 usage or I/O error.

-json prints {"blocks": [{"pem", "encrypted", "elements", "error"}]}: one block
per PEM block (or one for DER/BER input), "error" {"offset", "kind", "message"}
when parsing stopped. Each element has "offset", "depth", "headerLength",
"length", "indefinite", "class", "number", "tag", "constructed", and as they
apply "hex" (contents), "value" (decoded), "name" (of an OID), "unusedBits",
"nonDER", "invalid", "children" and "encapsulates" (see internal/asn1dump).

Flags:
`

func runDump(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("dump", flag.ContinueOnError)
	fs.SetOutput(stderr)
	ber := fs.Bool("ber", false, "accept BER and mark every non-DER encoding")
	asJSON := fs.Bool("json", false, "print the tree as JSON (field names: see internal/asn1dump.Element)")
	full := fs.Bool("full", false, "print long values whole instead of shortened")
	noEncap := fs.Bool("noencap", false, "do not look for encodings inside OCTET STRING and BIT STRING")
	fs.Usage = func() {
		fmt.Fprint(stderr, dumpUsage)
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	name, data, err := readInput(fs.Arg(0))
	if err != nil {
		fmt.Fprintf(stderr, "asn1gen dump: %v\n", err)
		return 2
	}

	d := dumper{
		name:   name,
		stdout: stdout,
		stderr: stderr,
		ber:    *ber,
		json:   *asJSON,
		opts:   asn1dump.Options{BER: *ber, Full: *full, NoEncapsulated: *noEncap, OIDName: oids.Name},
	}
	blocks, skipped := splitPEM(data)
	if skipped > 0 {
		d.errorf("%d PEM block(s) could not be decoded and were skipped", skipped)
	}
	var out []asn1dump.Block
	for i, b := range blocks {
		if b.label != "" && !d.json {
			fmt.Fprintf(stdout, "== PEM block %d of %d: %s (%d bytes)\n", i+1, len(blocks), b.label, len(b.data))
		}
		if b.encrypted {
			// RFC 1421 encryption: the octets are ciphertext
			if !d.json {
				fmt.Fprintln(stdout, "encrypted (Proc-Type: 4,ENCRYPTED): not dumped")
			}
			out = append(out, asn1dump.Block{PEM: b.label, Encrypted: true})
			continue
		}
		out = append(out, d.block(b))
	}
	if d.json {
		if err := asn1dump.JSON(stdout, out); err != nil {
			fmt.Fprintf(stderr, "asn1gen dump: %v\n", err)
			return 2
		}
	}
	return d.status
}

type dumper struct {
	name           string
	stdout, stderr io.Writer
	ber, json      bool
	opts           asn1dump.Options
	status         int
}

func (d *dumper) errorf(format string, args ...any) {
	fmt.Fprintf(d.stderr, "asn1gen dump: %s: %s\n", d.name, fmt.Sprintf(format, args...))
	d.status = 1
}

// maxReported caps the non-DER and invalid spots listed on stderr per block
// (all of them are marked in the dump).
const maxReported = 10

// block parses and prints one block of input.
func (d *dumper) block(b inputBlock) asn1dump.Block {
	out := asn1dump.Block{PEM: b.label}
	where := ""
	if b.label != "" {
		where = "PEM block " + strconv.Itoa(b.index+1) + ": "
	}
	if len(b.data) == 0 {
		// an encoding has at least an identifier and a length octet
		out.Error = &asn1dump.ErrorInfo{Offset: 0, Kind: der.KindTruncated.String(), Message: "empty input"}
		d.errorf("%sempty input", where)
		return out
	}
	// One top-level element at a time, so that the elements before a bad
	// one (or before trailing garbage) are still shown.
	dec := tree.NewDecoder(bytes.NewReader(b.data), &der.Options{BER: d.ber})
	var parseErr error
	for {
		n, err := dec.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			parseErr = err
			break
		}
		out.Elements = append(out.Elements, asn1dump.Annotate([]tree.Node{*n}, &d.opts)...)
	}
	if !d.json {
		if err := asn1dump.Text(d.stdout, out.Elements, &d.opts); err != nil {
			d.errorf("%v", err)
		}
	}
	if parseErr != nil {
		out.Error = asn1dump.NewErrorInfo(parseErr)
		d.parseError(where, b.data, parseErr)
	}
	reported, nonDER := 0, false
	for _, is := range asn1dump.Issues(out.Elements) {
		// Encodings found inside OCTET STRING and BIT STRING contents are
		// a guess and not governed by the DER of the outer encoding: they
		// are marked in the dump only. With -ber, non-DER forms are fine.
		if is.Encapsulated || (is.NonDER && d.ber) {
			continue
		}
		if reported++; reported > maxReported {
			continue
		}
		what := "invalid value"
		if is.NonDER {
			what, nonDER = "not DER", true
		}
		d.errorf("%s%s at offset %d: %s: %s", where, what, is.Offset, is.Tag, is.Msg)
	}
	if reported > maxReported {
		d.errorf("%s%d more", where, reported-maxReported)
	}
	if nonDER {
		d.errorf("%svalid BER: -ber accepts the non-DER values", where)
	}
	return out
}

// parseError reports err with where it happened: the enclosing elements
// and the octets around its offset. Without -ber a non-DER encoding is
// retried as BER to tell the user whether -ber helps.
func (d *dumper) parseError(where string, data []byte, err error) {
	d.errorf("%s%v", where, err)
	off := d.locate(data, err, -1)
	if d.ber || !errors.Is(err, der.ErrNonCanonical) {
		return
	}
	if _, berErr := tree.ParseAll(data, &der.Options{BER: true}); berErr != nil {
		d.errorf("%snot valid BER either: %v", where, berErr)
		d.locate(data, berErr, off)
	} else {
		d.errorf("%sthe input is valid BER: rerun with -ber to dump it", where)
	}
}

// locate prints the path and octets around the offset of err unless it is
// done (the offset shown already) or the output is JSON, and returns the
// offset.
func (d *dumper) locate(data []byte, err error, done int) int {
	var e *der.Error
	if !errors.As(err, &e) || e.Offset < 0 {
		return -1
	}
	if e.Offset != done && !d.json {
		if p := asn1dump.Path(data, e.Offset); p != "" {
			fmt.Fprintf(d.stderr, "  in %s\n", p)
		}
		asn1dump.Context(d.stderr, data, e.Offset)
	}
	return e.Offset
}

// inputBlock is the whole input, or one decoded PEM block.
type inputBlock struct {
	label     string // PEM type; empty for DER/BER input
	index     int
	data      []byte
	encrypted bool // PEM "Proc-Type: 4,ENCRYPTED"
}

// splitPEM returns the PEM blocks of data when it contains "-----BEGIN"
// lines, otherwise data itself as one block. skipped counts BEGIN lines
// whose block did not decode (bad base64, no END line).
func splitPEM(data []byte) (blocks []inputBlock, skipped int) {
	begins := bytes.Count(data, []byte("-----BEGIN "))
	if begins == 0 {
		return []inputBlock{{data: data}}, 0
	}
	rest := data
	for {
		var p *pem.Block
		p, rest = pem.Decode(rest)
		if p == nil {
			break
		}
		blocks = append(blocks, inputBlock{label: p.Type, index: len(blocks), data: p.Bytes,
			encrypted: strings.Contains(p.Headers["Proc-Type"], "ENCRYPTED")})
	}
	if len(blocks) == 0 {
		// "-----BEGIN " inside binary data, or a PEM file that is all broken:
		// dump the bytes as they are
		return []inputBlock{{data: data}}, 0
	}
	return blocks, begins - len(blocks)
}
