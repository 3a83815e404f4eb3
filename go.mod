module github.com/asn1gen/asn1gen

go 1.26

require (
	github.com/alecthomas/participle/v2 v2.1.4
	github.com/dave/jennifer v1.7.1
	github.com/google/go-cmp v0.7.0
)
