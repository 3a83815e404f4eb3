package gen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ldapTest is the test of the LDAP package TestLDAPSetOfOrder generates:
// it reads testdata/ldap/ldap3-search-and.txt, an LDAPMessage that
// python3-ldap3 wrote with its `and` filter's SET OF in the client's order.
const ldapTest = `package ldap

import (
	"bytes"
	"encoding/hex"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
)

func TestSetOfOrder(t *testing.T) {
	data, err := os.ReadFile("ldap3-search-and.txt")
	if err != nil {
		t.Fatal(err)
	}
	var h string
	for _, line := range strings.Split(string(data), "\n") {
		if line != "" && !strings.HasPrefix(line, "#") {
			h += line
		}
	}
	in, err := hex.DecodeString(h)
	if err != nil {
		t.Fatal(err)
	}
	var msg LDAPMessage
	// X.690 11.6: DER's SET OF is sorted, the client's is not.
	if err := msg.UnmarshalDER(in); !errors.Is(err, der.ErrNonCanonical) {
		t.Fatalf("UnmarshalDER: %v, want a non-canonical SET OF", err)
	}
	if err := der.Unmarshal(in, &msg, &der.Options{BER: true}); err != nil {
		t.Fatal(err)
	}
	and := msg.ProtocolOp.SearchRequest.Filter.And
	if len(and) != 4 || string(and[0].EqualityMatch.AttributeDesc) != "uid" || string(and[3].Present) != "mail" {
		t.Fatalf("the and filter: %+v", and)
	}
	// DER sorts the SET OF: the present filter ([7]) first.
	sorted, err := der.Marshal(&msg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(sorted, in) || !bytes.Contains(sorted, []byte{0xa0, 0x35, 0x87}) {
		t.Errorf("DER encoding does not sort the SET OF: %x", sorted)
	}
	// With the tolerance, the SET OF keeps the order held: the bytes
	// the client sent.
	kept, err := der.Marshal(&msg, &der.Options{Tolerate: der.TolerateUnsortedSetOf})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(kept, in) {
		t.Errorf("re-encoding differs from the client's bytes:\n got %x\nwant %x", kept, in)
	}
}
`

// TestLDAPSetOfOrder generates RFC 4511's LDAP module (modules/rfc7292's
// copy) into a temporary module and runs ldapTest there: a message from
// python3-ldap3 whose `and` filter is not in DER order decodes in BER mode
// and, encoded with TolerateUnsortedSetOf, gives back the client's bytes.
func TestLDAPSetOfOrder(t *testing.T) {
	goTool(t)
	if testing.Short() {
		t.Skip("runs the go command; skipped with -short")
	}
	root := repoRoot(t)
	dir := t.TempDir()
	writeModule(t, dir, "example.com/ldaptest")
	pkg := filepath.Join(dir, "ldap")
	src, err := os.ReadFile(filepath.Join(root, "modules", "rfc7292", "Lightweight-Directory-Access-Protocol-V3.asn"))
	if err != nil {
		t.Fatal(err)
	}
	msg, err := os.ReadFile(filepath.Join(root, "testdata", "ldap", "ldap3-search-and.txt"))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(pkg, "ldap.asn"), src)
	writeFile(t, filepath.Join(pkg, "ldap3-search-and.txt"), msg)
	writeFile(t, filepath.Join(pkg, "doc.go"), []byte("// Package ldap is generated from ldap.asn.\npackage ldap\n\n//go:generate go run github.com/asn1gen/asn1gen/cmd/asn1gen gen -o . -package ldap -roots LDAPMessage ldap.asn\n"))
	writeFile(t, filepath.Join(pkg, "ldap_test.go"), []byte(ldapTest))
	for _, args := range [][]string{{"generate", "./..."}, {"test", "-count=1", "./..."}} {
		out, _, err := runGo(t, dir, args...)
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}
