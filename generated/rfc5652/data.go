package rfc5652

import "github.com/asn1gen/asn1gen/runtime/der"

// Data returns the octets of a content of type data (id-data). CMS 2010's
// ct-Data names no type (RFC 6268: the octets are the content itself), so
// a decoded ContentInfo_Content keeps the OCTET STRING element in Raw; Data
// reads it with opts (nil: BER with the default limits, since PKCS #12
// files and streamed messages are BER). It is an error when c does not
// hold data. The offsets of its errors are in c.Raw: der.Rebase moves
// them into the input c was decoded from.
func (c *ContentInfo_Content) Data(opts *der.Options) ([]byte, error) {
	if c.Kind != CtData {
		return nil, der.NewError(der.KindInvalidValue, 0, "ContentInfo", "the content is not of type data", "RFC 5652 4")
	}
	if opts == nil {
		opts = &der.Options{BER: true}
	}
	r := der.NewReader(c.Raw, opts)
	data, err := r.ReadOctetString(der.TagOctetString)
	if err != nil {
		return nil, der.WithField(err, "content")
	}
	return data, r.Finish("Data")
}

// SetData makes c a content of type data holding octets (Raw is their
// OCTET STRING, in DER).
func (c *ContentInfo_Content) SetData(octets []byte) {
	c.Kind, c.Raw = CtData, der.AppendHeader(make([]byte, 0, len(octets)+6), der.TagOctetString, false, len(octets))
	c.Raw = append(c.Raw, octets...)
}
