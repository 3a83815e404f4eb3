package rfc5280

import (
	"errors"
	"fmt"
	"net/netip"
	"net/url"
	"strconv"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// Extension returns the first extension of t whose extnID is id (e.g.
// IDCeSubjectAltName, or an OID the table of CertExtensions does not know),
// nil if t has none. Its ExtnValue.Kind tells whether the value was
// decoded: 0 for an extension the table does not know, and for a known one
// whose value did not decode under der.TolerateOpenTypeErrors (X509Options),
// which keeps the value in ExtnValue.Raw.
func (t *TBSCertificate) Extension(id der.OID) *Extension_CertExtensions {
	for i := range t.Extensions {
		if t.Extensions[i].ExtnID.Equal(id) {
			return &t.Extensions[i]
		}
	}
	return nil
}

// SubjectAltNames returns the names of t's subjectAltName extension, nil
// (and no error) if t has none. It fails, as crypto/x509.ParseCertificate
// does, when t has two such extensions (RFC 5280 4.2), when the value did
// not decode (kept raw by X509Options; the error is the decoding's), or
// when an iPAddress is not of 4 or 16 octets or a uniformResourceIdentifier
// does not parse as a URL (RFC 5280 4.2.1.6): the names returned give
// every IPAddresses and URIs entry.
func (t *TBSCertificate) SubjectAltNames() (GeneralNames, error) {
	var ext *Extension_CertExtensions
	for i := range t.Extensions {
		if e := &t.Extensions[i]; e.ExtnID.Equal(IDCeSubjectAltName) {
			if ext != nil {
				return nil, errors.New("rfc5280: two subjectAltName extensions (RFC 5280 4.2)")
			}
			ext = e
		}
	}
	if ext == nil {
		return nil, nil
	}
	var names GeneralNames
	if ext.ExtnValue.Kind == ExtSubjectAltName && ext.ExtnValue.GeneralNames != nil {
		names = *ext.ExtnValue.GeneralNames
	} else {
		if err := der.Unmarshal(ext.ExtnValue.Raw, &names, X509Options()); err != nil {
			return nil, fmt.Errorf("rfc5280: subjectAltName: %w", err)
		}
	}
	for i := range names {
		if err := names[i].check(); err != nil {
			return nil, fmt.Errorf("rfc5280: subjectAltName: name %d: %w", i, err)
		}
	}
	return names, nil
}

// KeyUsage returns the bits of t's keyUsage extension and true, or false
// when t has none (or its value did not decode and was kept raw: see
// Extension).
func (t *TBSCertificate) KeyUsage() (KeyUsage, bool) {
	if e := t.Extension(IDCeKeyUsage); e != nil && e.ExtnValue.Kind == ExtKeyUsage && e.ExtnValue.KeyUsage != nil {
		return *e.ExtnValue.KeyUsage, true
	}
	return KeyUsage{}, false
}

// check checks the forms of RFC 5280 4.2.1.6 that the types do not: an
// iPAddress of 4 (IPv4) or 16 (IPv6) octets, a URI that parses.
func (n *GeneralName) check() error {
	switch n.Choice {
	case GeneralName_IPAddress:
		if _, ok := netip.AddrFromSlice(n.IPAddress); !ok {
			return errors.New("iPAddress of " + strconv.Itoa(len(n.IPAddress)) + " octets, not 4 or 16 (RFC 5280 4.2.1.6)")
		}
	case GeneralName_UniformResourceIdentifier:
		if _, err := url.Parse(n.UniformResourceIdentifier); err != nil {
			return fmt.Errorf("uniformResourceIdentifier: %w", err)
		}
	}
	return nil
}

// DNSNames returns the dNSName names of g, in order.
func (g GeneralNames) DNSNames() []string {
	var out []string
	for i := range g {
		if g[i].Choice == GeneralName_DNSName {
			out = append(out, g[i].DNSName)
		}
	}
	return out
}

// EmailAddresses returns the rfc822Name names of g, in order.
func (g GeneralNames) EmailAddresses() []string {
	var out []string
	for i := range g {
		if g[i].Choice == GeneralName_RFC822Name {
			out = append(out, g[i].RFC822Name)
		}
	}
	return out
}

// IPAddresses returns the iPAddress names of g, in order, one for each: an
// IPv4 address for 4 octets, an IPv6 one for 16 (an IPv4-mapped IPv6
// address stays IPv6: see netip.Addr.Unmap), and the invalid netip.Addr{}
// for any other length, which TBSCertificate.SubjectAltNames rejects
// (name constraints hold address and mask: 8 or 32 octets).
func (g GeneralNames) IPAddresses() []netip.Addr {
	var out []netip.Addr
	for i := range g {
		if g[i].Choice == GeneralName_IPAddress {
			a, _ := netip.AddrFromSlice(g[i].IPAddress)
			out = append(out, a)
		}
	}
	return out
}

// URIs returns the uniformResourceIdentifier names of g parsed by
// url.Parse, in order, one for each: nil for one that does not parse,
// which TBSCertificate.SubjectAltNames rejects.
func (g GeneralNames) URIs() []*url.URL {
	var out []*url.URL
	for i := range g {
		if g[i].Choice == GeneralName_UniformResourceIdentifier {
			u, _ := url.Parse(g[i].UniformResourceIdentifier)
			out = append(out, u)
		}
	}
	return out
}
