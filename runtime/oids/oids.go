// Package oids names OBJECT IDENTIFIERs: it maps an OID to the ASN.1 value
// name that its defining module gives it, for messages, logs and dumps:
//
//	oids.Name(ext.ExtnID)   // "id-ce-subjectAltName", or "" if unknown
//	oids.String(ext.ExtnID) // "id-ce-subjectAltName", or "2.5.29.17" if unknown
//
// # Where the names come from
//
// The packages that define the OIDs register them. Each Go package made
// from ASN.1 modules registers, from its init function, a Table of every
// OBJECT IDENTIFIER value its modules define, under the names the modules
// use (id-pkix, id-ce-subjectAltName, id-PBES2, pkcs8ShroudedKeyBag): a
// program knows the names of the packages it links, and nothing else.
// There is no central list to keep up to date, a name is spelled once
// (in its module), and a program that links no generated package carries
// no names. A package may also register a table of its own (the common
// OIDs that its modules use but do not define, say).
//
// When several tables, or several modules of one table, name the same OID
// (rsaEncryption is defined by PKCS-1 and by PKIXAlgs-2009), the first
// name registered wins: tables in the order of Register (package
// initialization order: a package after the packages it imports), and
// within a table its Entries order.
//
// # Why not der.OID.String
//
// der.OID.String keeps printing the dotted form ("2.5.29.17"). That form
// is the one other tools print and parse (openssl, crypto/x509's
// OID.String, encoding/asn1), der.ParseOIDString reads it back, and it does
// not change with what a program happens to link: a name in its place would
// break code that compares, parses or stores the text, and make a
// program's output depend on an unrelated import. Names are asked for
// explicitly, with Name or String. (A hook in der would also cost the
// runtime lines it does not have to spare.)
//
// The package imports only the standard library and der; lookups do not
// allocate and may run concurrently with Register.
package oids

import (
	"cmp"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// Entry names one OBJECT IDENTIFIER.
type Entry struct {
	// OID is the contents octets of the OID (X.690 8.19) as a string:
	// string(o) for a der.OID o. A string keeps a table static data.
	OID string
	// Name is the ASN.1 value reference, e.g. "id-ce-subjectAltName".
	Name string
}

// Table is the set of names one package registers.
type Table struct {
	// Package is the import path of the package that registers the
	// table, for people reading a registry dump.
	Package string
	// Entries are sorted by OID (byte order of Entry.OID); an OID may have
	// several entries, the preferred name first. Register sorts a copy of
	// a table that is not sorted.
	Entries []Entry
}

var (
	mu     sync.Mutex               // serializes Register
	tables atomic.Pointer[[]*Table] // copy on write: lookups take no lock
)

// Register adds t to the registry, after the tables registered before it.
// Generated packages call it from init; t must not be changed afterwards.
func Register(t *Table) {
	if !slices.IsSortedFunc(t.Entries, compareEntries) {
		sorted := *t
		sorted.Entries = slices.Clone(t.Entries)
		slices.SortStableFunc(sorted.Entries, compareEntries)
		t = &sorted
	}
	mu.Lock()
	defer mu.Unlock()
	var next []*Table
	if old := tables.Load(); old != nil {
		next = append(next, *old...)
	}
	next = append(next, t)
	tables.Store(&next)
}

func compareEntries(a, b Entry) int { return cmp.Compare(a.OID, b.OID) }

// Tables returns the registered tables in registration order.
func Tables() []*Table {
	if p := tables.Load(); p != nil {
		return slices.Clone(*p)
	}
	return nil
}

// Name returns the name of o, "" when no registered table names it.
func Name(o der.OID) string {
	p := tables.Load()
	if p == nil || len(o) == 0 {
		return ""
	}
	for _, t := range *p {
		if name := t.lookup(o); name != "" {
			return name
		}
	}
	return ""
}

// String returns the name of o if one is registered, otherwise its dotted
// form (o.String()).
func String(o der.OID) string {
	if name := Name(o); name != "" {
		return name
	}
	return o.String()
}

// lookup returns the first name of o in t, or "". The comparisons with
// string(o) do not allocate.
func (t *Table) lookup(o der.OID) string {
	e := t.Entries
	lo, hi := 0, len(e)
	for lo < hi {
		h := int(uint(lo+hi) >> 1)
		if e[h].OID < string(o) {
			lo = h + 1
		} else {
			hi = h
		}
	}
	if lo < len(e) && e[lo].OID == string(o) {
		return e[lo].Name
	}
	return ""
}
