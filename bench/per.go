package bench

import (
	"os"
	"strconv"
	"strings"

	"github.com/asn1gen/asn1gen/internal/permsg"
	"github.com/asn1gen/asn1gen/runtime/per"
)

// The PER messages of the benchmarks are those of testdata/per: real NGAP
// messages in ALIGNED PER (ngap.txt) and NR RRC ones in UNALIGNED PER
// (nr-rrc.txt), collected from open-source test suites (SOURCES.md there).

// PERMessage is one message of a testdata/per file (package permsg).
type PERMessage = permsg.Message

// ReadPERMessages reads a file of testdata/per (permsg.Read).
func ReadPERMessages(path string) ([]PERMessage, error) { return permsg.Read(path) }

// PERSelected reports whether the PER benchmarks time message i (counted
// from 0 in its file): every message, unless the environment variable
// ASN1GEN_PER_MESSAGES lists indices, comma-separated ("16" or "3,16"), to
// time one message or count its instructions alone (callgrind's
// --toggle-collect counts every call of a function, whichever the message).
func PERSelected(i int) bool {
	only := os.Getenv("ASN1GEN_PER_MESSAGES")
	if only == "" {
		return true
	}
	for f := range strings.SplitSeq(only, ",") {
		if strings.TrimSpace(f) == strconv.Itoa(i) {
			return true
		}
	}
	return false
}

// PERFloor is the floor of a PER decode of b: per.Reader reads all of b's
// bits once, eight at a time, and does nothing else. It returns a checksum
// of what it read (so that the reads cannot be optimized away) and the
// reader's error, which there is none of on any input.
//
// The floor of a DER decode (Floor) follows the tags and lengths, which a
// DER decoder must read whatever the schema. A PER encoding has no tags,
// and its lengths and field widths are known only from the schema, so no
// walk that does not know the schema can follow its fields. What any PER
// decoder must do at least is to read every bit of the input with its bit
// reader once: this walk does that with the runtime's Reader in the widest
// reads that keep to octets (ReadBits(8), each with the bounds check a
// decoder makes). A generated decoder reads the same bits in the widths
// of the fields, most narrower than an octet, and checks and stores each
// value, so its ratio to PERFloor is the cost of all the schema-driven
// work on top of reading the bits.
//
// It is kept out of line (one call per message) so that callgrind's
// --toggle-collect can count its instructions; so is PEREncodeFloor.
//
//go:noinline
func PERFloor(b []byte, aligned bool) (uint64, error) {
	r := per.NewReader(b, aligned, nil)
	var sum uint64
	for range len(b) {
		v, err := r.ReadBits(8)
		if err != nil {
			return sum, err
		}
		sum = sum*31 + v
	}
	return sum, r.Finish()
}

// PEREncodeFloor is the floor of a PER encode of a value whose encoding is
// b: w (Reset first, so that its buffer is reused) writes the same number
// of bits, b's, eight at a time with WriteBits, and the result is w.Bytes(),
// which is b. A generated encoder writes the same bits in the widths of the
// fields from a typed value and allocates the slice it returns.
//
//go:noinline
func PEREncodeFloor(w *per.Writer, b []byte) []byte {
	w.Reset()
	for _, c := range b {
		w.WriteBits(uint64(c), 8)
	}
	return w.Bytes()
}
