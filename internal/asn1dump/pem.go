package asn1dump

import (
	"bytes"
	"encoding/pem"
	"strings"
)

// InputBlock is the whole input of a dump, or one decoded PEM block of it.
type InputBlock struct {
	// Label is the PEM type ("CERTIFICATE"), "" for DER or BER input.
	Label string
	// Index counts the PEM blocks from 0.
	Index int
	Data  []byte
	// Encrypted marks a PEM block with "Proc-Type: 4,ENCRYPTED" (RFC
	// 1421), whose octets are ciphertext.
	Encrypted bool
}

// SplitPEM returns the PEM blocks of data when it contains "-----BEGIN"
// lines, otherwise data itself as one block. skipped counts BEGIN lines
// whose block did not decode (bad base64, no END line). `asn1gen dump`
// and the browser playground split their input with it.
func SplitPEM(data []byte) (blocks []InputBlock, skipped int) {
	begins := bytes.Count(data, []byte("-----BEGIN "))
	if begins == 0 {
		return []InputBlock{{Data: data}}, 0
	}
	rest := data
	for {
		var p *pem.Block
		p, rest = pem.Decode(rest)
		if p == nil {
			break
		}
		blocks = append(blocks, InputBlock{Label: p.Type, Index: len(blocks), Data: p.Bytes,
			Encrypted: strings.Contains(p.Headers["Proc-Type"], "ENCRYPTED")})
	}
	if len(blocks) == 0 {
		// "-----BEGIN " inside binary data, or a PEM file that is all broken:
		// dump the bytes as they are
		return []InputBlock{{Data: data}}, 0
	}
	return blocks, begins - len(blocks)
}
