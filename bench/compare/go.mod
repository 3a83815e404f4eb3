module github.com/asn1gen/asn1gen/bench/compare

go 1.26

require (
	github.com/asn1gen/asn1gen v0.0.0
	go.mozilla.org/pkcs7 v0.10.0
)

replace github.com/asn1gen/asn1gen => ../..
