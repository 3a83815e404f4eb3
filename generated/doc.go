// Package generated holds the Go packages that asn1gen makes from the ASN.1
// modules in ../modules. Each package carries the //go:generate line that
// rebuilds it; `make generate` runs them all and `make check-generated` fails
// when one is stale.
package generated
