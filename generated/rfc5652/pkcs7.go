package rfc5652

import (
	"errors"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// decodePKCS7SignedData decodes ber, a ContentInfo holding a PKCS #7
// SignedData (RFC 2315 9.1) whose content is not an OCTET STRING: PKCS #7
// has content [0] EXPLICIT ANY DEFINED BY contentType, and Authenticode's
// SpcIndirectDataContent, Microsoft's certificate trust lists (authroot.stl)
// and Apple's MDM signatures put the content's SEQUENCE there, which CMS's
// eContent OCTET STRING cannot hold (RFC 5652 5.2.1 says so).
//
// RFC 2315 9.3 digests "the contents octets of the DER encoding of the
// content field" (not its identifier and length octets), so the
// SignedData returned holds those octets as its eContent, where CMS
// verification digests them; content is the content's DER. The rest of
// the SignedData (certificates, SignerInfos, the signed attributes the
// signature covers) is decoded from octets equal to the ones received.
func decodePKCS7SignedData(ber []byte) (sd *SignedData, content []byte, err error) {
	r := der.NewReader(ber, &der.Options{BER: true})
	ci, err := r.ReadConstructed(der.TagSequence, "ContentInfo")
	if err != nil {
		return nil, nil, err
	}
	if ct, err := ci.ReadOID(der.TagOID); err != nil || !ct.Equal(IDSignedData) {
		return nil, nil, errors.New("not signedData")
	}
	w, err := ci.ReadConstructed(der.Context(0), "[0] EXPLICIT")
	if err != nil {
		return nil, nil, err
	}
	s, err := w.ReadConstructed(der.TagSequence, "SignedData")
	if err != nil {
		return nil, nil, err
	}
	version, err := s.ReadRaw()
	if err != nil {
		return nil, nil, err
	}
	digestAlgorithms, err := s.ReadRaw()
	if err != nil {
		return nil, nil, err
	}
	eci, err := s.ReadConstructed(der.TagSequence, "ContentInfo")
	if err != nil {
		return nil, nil, err
	}
	contentType, err := eci.ReadRaw()
	if err != nil {
		return nil, nil, err
	}
	cw, err := eci.ReadConstructed(der.Context(0), "[0] EXPLICIT")
	if err != nil {
		return nil, nil, err
	}
	if cw.Peek(der.TagOctetString) {
		return nil, nil, errors.New("a CMS eContent")
	}
	if content, err = cw.ReadRawDER(); err != nil {
		return nil, nil, err
	}
	if err := cw.Finish("[0] EXPLICIT"); err != nil {
		return nil, nil, err
	}
	if err := eci.Finish("ContentInfo"); err != nil {
		return nil, nil, err
	}
	h, err := der.ParseHeader(content, 0, false)
	if err != nil {
		return nil, nil, err
	}
	// SignedData with the CMS eContent [0] EXPLICIT OCTET STRING, the
	// other components as received.
	b := der.NewBuilder(make([]byte, 0, len(ber)+8))
	m := b.Begin(der.TagSequence, true)
	b.AddRaw(version)
	b.AddRaw(digestAlgorithms)
	m1 := b.Begin(der.TagSequence, true)
	b.AddRaw(contentType)
	m2 := b.Begin(der.Context(0), true)
	b.AddPrimitive(der.TagOctetString, content[h.HeaderLen:])
	b.End(m2)
	b.End(m1)
	for !s.Empty() {
		raw, err := s.ReadRaw()
		if err != nil {
			return nil, nil, err
		}
		b.AddRaw(raw)
	}
	b.End(m)
	enc, err := b.Bytes()
	if err != nil {
		return nil, nil, err
	}
	// The eContent octets are not an encoding of the content type's
	// value (they lack its header): keep them raw if the type has a row
	// in ContentSet (DigestedData, say).
	sd = new(SignedData)
	if err := der.Unmarshal(enc, sd, &der.Options{BER: true, Tolerate: der.TolerateOpenTypeErrors}); err != nil {
		return nil, nil, err
	}
	return sd, content, nil
}
