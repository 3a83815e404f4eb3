module github.com/asn1gen/asn1gen/web/browser

go 1.26

replace github.com/asn1gen/asn1gen => ../..

require (
	github.com/asn1gen/asn1gen v0.0.0
	github.com/chromedp/chromedp v0.23.1
	github.com/google/go-cmp v0.7.0
)

require (
	github.com/alecthomas/participle/v2 v2.1.4 // indirect
	github.com/chromedp/cdproto v0.160.1 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
)
