module github.com/asn1gen/asn1gen/bench/compare

go 1.26

require (
	github.com/asn1gen/asn1gen v0.0.0
	go.mozilla.org/pkcs7 v0.10.0
	software.sslmate.com/src/go-pkcs12 v0.7.4
)

require golang.org/x/crypto v0.11.0 // indirect

replace github.com/asn1gen/asn1gen => ../..
