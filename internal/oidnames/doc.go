// Package oidnames registers with runtime/oids the names of the OBJECT
// IDENTIFIERs that the pre-generated packages' modules define (X.509 and
// OCSP, CMS, PKCS #12 with PKCS #5, #8 and #9 and the X.500 modules they
// import), for the command line's dump, which imports it for its side
// effect:
//
//	import _ "github.com/asn1gen/asn1gen/internal/oidnames"
//
// The tables are copies of the generated packages' own (their
// oidnames.go), which internal/oidtable writes from the same go:generate
// line, so that make check-generated keeps them equal. The command line
// imports these copies, not the generated packages: it then compiles in
// seconds on a fresh machine, and `make generate` still builds the
// generator when a generated package does not compile.
package oidnames
