package rfc5280

import (
	"strconv"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// ctPoison is the OID of the precertificate poison extension of
// Certificate Transparency, 1.3.6.1.4.1.11129.2.4.3 (RFC 6962 3.1).
var ctPoison = der.OID("+\x06\x01\x04\x01\xd6y\x02\x04\x03")

// Lint lists, in a tolerant decode (der.Options.Deviations), what c
// decoded from b breaks of the rules that the schema does not state: a
// serial number that is not positive (RFC 5280 4.1.2.2; crypto/x509
// rejects a negative one, OpenSSL reads it), and the poison extension
// that makes c a CT precertificate (RFC 6962 3.1), which a tolerant
// decode records instead of rejecting. der.Unmarshal calls it.
func (c *Certificate) Lint(b []byte, devs *[]der.Deviation) {
	const root = "Certificate.toBeSigned."
	if serial := der.Integer(c.ToBeSigned.SerialNumber); serial.Sign() <= 0 {
		*devs = append(*devs, der.Deviation{Kind: der.KindInvalidValue, Offset: offsetIn(b, serial),
			Path: root + "serialNumber", Type: "CertificateSerialNumber",
			Msg: "serial number " + serial.String() + " is not positive", Rule: "RFC 5280 4.1.2.2"})
	}
	for i, ext := range c.ToBeSigned.Extensions {
		if ext.ExtnID.Equal(ctPoison) {
			*devs = append(*devs, der.Deviation{Kind: der.KindInvalidValue, Offset: offsetIn(b, ext.ExtnValue.Raw),
				Path: root + "extensions[" + strconv.Itoa(i) + "].extnValue", Type: "Extension",
				Msg: "precertificate poison: a CT precertificate, which is no certificate to rely on", Rule: "RFC 6962 3.1"})
		}
	}
}

// offsetIn returns the offset of part, which a value decoded from b
// aliases, in b; -1 if it is not there.
func offsetIn(b, part []byte) int {
	if off, ok := der.OffsetIn(b, part); ok {
		return off
	}
	return -1
}
