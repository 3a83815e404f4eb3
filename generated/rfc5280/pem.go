package rfc5280

import (
	"encoding/pem"
	"fmt"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// PEMBlocks returns the contents of every PEM block of type typ (e.g.
// "CERTIFICATE", "X509 CRL") in data, in order. Text around and between the
// blocks, and blocks of other types, are skipped.
func PEMBlocks(data []byte, typ string) [][]byte {
	var out [][]byte
	for {
		var p *pem.Block
		p, data = pem.Decode(data)
		if p == nil {
			return out
		}
		if p.Type == typ {
			out = append(out, p.Bytes)
		}
	}
}

// ParsePEMCertificates decodes every "CERTIFICATE" block of data (a PEM
// file or bundle) as a Certificate, with opts (nil: strict DER;
// X509Options(): what crypto/x509 accepts). It fails if data holds no such
// block, or on the first block that does not decode; the error names the
// block (counting from 1) and wraps the *der.Error, whose offset is in
// the block's decoded contents. The certificates alias the decoded blocks,
// not data.
func ParsePEMCertificates(data []byte, opts *der.Options) ([]Certificate, error) {
	blocks := PEMBlocks(data, "CERTIFICATE")
	if len(blocks) == 0 {
		return nil, fmt.Errorf("rfc5280: no CERTIFICATE PEM block")
	}
	certs := make([]Certificate, len(blocks))
	for i, b := range blocks {
		if err := der.Unmarshal(b, &certs[i], opts); err != nil {
			return nil, fmt.Errorf("rfc5280: CERTIFICATE PEM block %d: %w", i+1, err)
		}
	}
	return certs, nil
}

// ParsePEMCertificateLists decodes every "X509 CRL" block of data as a
// CertificateList, as ParsePEMCertificates does for certificates.
func ParsePEMCertificateLists(data []byte, opts *der.Options) ([]CertificateList, error) {
	blocks := PEMBlocks(data, "X509 CRL")
	if len(blocks) == 0 {
		return nil, fmt.Errorf("rfc5280: no X509 CRL PEM block")
	}
	crls := make([]CertificateList, len(blocks))
	for i, b := range blocks {
		if err := der.Unmarshal(b, &crls[i], opts); err != nil {
			return nil, fmt.Errorf("rfc5280: X509 CRL PEM block %d: %w", i+1, err)
		}
	}
	return crls, nil
}
