package rfc5280_test

import "github.com/asn1gen/asn1gen/internal/corpustest"

// The corpus readers of internal/corpustest, under the names the tests use.
type blob = corpustest.Blob

var (
	corpusBlobs     = corpustest.Blobs
	dedupe          = corpustest.Dedupe
	decode          = corpustest.Decode
	located         = corpustest.Located
	systemCertBlobs = corpustest.SystemCertBlobs
)
