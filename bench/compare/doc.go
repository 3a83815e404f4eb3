// Package compare benchmarks asn1gen's generated packages against other Go
// libraries that do the same job (go.mozilla.org/pkcs7,
// software.sslmate.com/src/go-pkcs12, and for NGAP in ALIGNED PER
// github.com/free5gc/ngap over github.com/free5gc/aper). It is a module of
// its own so that those libraries are not dependencies of asn1gen; `make
// bench` runs it.
package compare
