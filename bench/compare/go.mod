module github.com/asn1gen/asn1gen/bench/compare

go 1.26

require (
	github.com/asn1gen/asn1gen v0.0.0
	github.com/free5gc/ngap v1.1.1
	github.com/google/go-cmp v0.7.0
	go.mozilla.org/pkcs7 v0.10.0
	software.sslmate.com/src/go-pkcs12 v0.7.4
)

require (
	github.com/free5gc/aper v1.1.0 // indirect
	github.com/sirupsen/logrus v1.9.3 // indirect
	github.com/tim-ywliu/nested-logrus-formatter v1.3.2 // indirect
	golang.org/x/crypto v0.11.0 // indirect
	golang.org/x/sys v0.31.0 // indirect
)

replace github.com/asn1gen/asn1gen => ../..
