package pbe_test

// A minimal BER reader and PKCS #12 walk, for the tests only: the
// package takes decoded parameters, and its real callers will decode them
// with the generated rfc7292 package. This one reads what the tests need
// (definite and indefinite lengths, constructed OCTET STRINGs) and leaves
// the leaf values to encoding/asn1.

import (
	"crypto/x509"
	"encoding/asn1"
	"errors"
	"fmt"
	"math/big"

	"github.com/asn1gen/asn1gen/internal/pbe"
)

// tlv is one BER element.
type tlv struct {
	class       int // 0 universal, 1 application, 2 context, 3 private
	tag         int
	constructed bool
	raw         []byte // the whole element
	content     []byte // its contents (for indefinite length, without the end-of-contents)
	kids        []tlv  // for a constructed element
}

const maxDepth = 300 // BoringSSL's empty_password_ber_nested.p12 nests deep

func parseOne(b []byte, depth int) (tlv, []byte, error) {
	if depth > maxDepth {
		return tlv{}, nil, errors.New("ber: too deep")
	}
	if len(b) < 2 {
		return tlv{}, nil, errors.New("ber: truncated header")
	}
	t := tlv{class: int(b[0] >> 6), constructed: b[0]&0x20 != 0, tag: int(b[0] & 0x1f)}
	i := 1
	if t.tag == 0x1f {
		t.tag = 0
		for {
			if i >= len(b) || i > 5 {
				return tlv{}, nil, errors.New("ber: bad tag")
			}
			c := b[i]
			i++
			t.tag = t.tag<<7 | int(c&0x7f)
			if c < 0x80 {
				break
			}
		}
	}
	if i >= len(b) {
		return tlv{}, nil, errors.New("ber: truncated length")
	}
	l := int(b[i])
	i++
	if l == 0x80 { // indefinite
		if !t.constructed {
			return tlv{}, nil, errors.New("ber: indefinite primitive")
		}
		rest := b[i:]
		start := i
		for {
			if len(rest) >= 2 && rest[0] == 0 && rest[1] == 0 {
				end := len(b) - len(rest)
				t.content = b[start:end]
				t.raw = b[:end+2]
				return t, rest[2:], nil
			}
			k, r, err := parseOne(rest, depth+1)
			if err != nil {
				return tlv{}, nil, err
			}
			t.kids = append(t.kids, k)
			rest = r
		}
	}
	if l > 0x80 {
		n := l & 0x7f
		if n > 4 || i+n > len(b) {
			return tlv{}, nil, errors.New("ber: bad length")
		}
		l = 0
		for _, c := range b[i : i+n] {
			l = l<<8 | int(c)
		}
		i += n
	}
	if l > len(b)-i {
		return tlv{}, nil, fmt.Errorf("ber: length %d beyond the %d octets left", l, len(b)-i)
	}
	t.content = b[i : i+l]
	t.raw = b[:i+l]
	if t.constructed {
		rest := t.content
		for len(rest) > 0 {
			k, r, err := parseOne(rest, depth+1)
			if err != nil {
				return tlv{}, nil, err
			}
			t.kids = append(t.kids, k)
			rest = r
		}
	}
	return t, b[i+l:], nil
}

func parse(b []byte) (tlv, error) {
	t, rest, err := parseOne(b, 0)
	if err == nil && len(rest) != 0 {
		err = fmt.Errorf("ber: %d octets after the element", len(rest))
	}
	return t, err
}

// octets returns the value of an OCTET STRING (or of an IMPLICIT one
// under another tag), joining the segments of a constructed one.
func (t tlv) octets() []byte {
	if !t.constructed {
		return t.content
	}
	var out []byte
	for _, k := range t.kids {
		out = append(out, k.octets()...)
	}
	return out
}

func (t tlv) kid(i int) (tlv, error) {
	if i >= len(t.kids) {
		return tlv{}, fmt.Errorf("element has %d components, want component %d", len(t.kids), i)
	}
	return t.kids[i], nil
}

func (t tlv) oid() (string, error) {
	if t.class != 0 || t.tag != 6 {
		return "", fmt.Errorf("tag %d/%d, want OBJECT IDENTIFIER", t.class, t.tag)
	}
	var o asn1.ObjectIdentifier
	if _, err := asn1.Unmarshal(t.raw, &o); err != nil {
		return "", err
	}
	return o.String(), nil
}

func (t tlv) int() (int, error) {
	if t.class != 0 || t.tag != 2 {
		return 0, fmt.Errorf("tag %d/%d, want INTEGER", t.class, t.tag)
	}
	var n *big.Int
	if _, err := asn1.Unmarshal(t.raw, &n); err != nil {
		return 0, err
	}
	if !n.IsInt64() || n.Int64() > 1<<40 || n.Int64() < -(1<<40) {
		return 0, fmt.Errorf("integer %v out of range", n)
	}
	return int(n.Int64()), nil
}

// algorithm is a decoded AlgorithmIdentifier.
type algorithm struct {
	oid    string
	params *tlv // nil when absent
}

func parseAlgorithm(t tlv) (algorithm, error) {
	k, err := t.kid(0)
	if err != nil {
		return algorithm{}, err
	}
	oid, err := k.oid()
	if err != nil {
		return algorithm{}, err
	}
	a := algorithm{oid: oid}
	if len(t.kids) > 1 {
		a.params = &t.kids[1]
	}
	return a, nil
}

func parsePBEParams(t tlv) (pbe.PBEParams, error) {
	if len(t.kids) != 2 {
		return pbe.PBEParams{}, errors.New("PBEParameter: want 2 components")
	}
	n, err := t.kids[1].int()
	return pbe.PBEParams{Salt: t.kids[0].octets(), Iterations: n}, err
}

func parseKDF(a algorithm) (pbe.KDFParams, error) {
	p := pbe.KDFParams{Algorithm: a.oid}
	if a.oid != pbe.OIDPBKDF2 || a.params == nil {
		return p, nil // left to pbe to report
	}
	ks := a.params.kids
	if len(ks) < 2 {
		return p, errors.New("PBKDF2-params: too short")
	}
	p.Salt = ks[0].octets()
	var err error
	if p.Iterations, err = ks[1].int(); err != nil {
		return p, err
	}
	for _, k := range ks[2:] {
		switch {
		case k.tag == 2 && k.class == 0:
			if p.KeyLength, err = k.int(); err != nil {
				return p, err
			}
		case k.tag == 16:
			prf, err := parseAlgorithm(k)
			if err != nil {
				return p, err
			}
			p.PRF = prf.oid
		}
	}
	return p, nil
}

func parsePBES2(t tlv) (pbe.PBES2Params, error) {
	var p pbe.PBES2Params
	if len(t.kids) != 2 {
		return p, errors.New("PBES2-params: want 2 components")
	}
	kdf, err := parseAlgorithm(t.kids[0])
	if err != nil {
		return p, err
	}
	if p.KDF, err = parseKDF(kdf); err != nil {
		return p, err
	}
	enc, err := parseAlgorithm(t.kids[1])
	if err != nil {
		return p, err
	}
	p.Cipher.Algorithm = enc.oid
	if enc.params != nil {
		if enc.oid == pbe.OIDRC2CBC && enc.params.tag == 16 {
			for _, k := range enc.params.kids {
				if k.tag == 2 {
					if p.Cipher.RC2Version, err = k.int(); err != nil {
						return p, err
					}
					p.Cipher.HasRC2Version = true
				} else {
					p.Cipher.IV = k.octets()
				}
			}
		} else {
			p.Cipher.IV = enc.params.octets()
		}
	}
	return p, nil
}

// decrypt decrypts with the algorithm identifier a, whichever family.
func decrypt(o pbe.Options, a algorithm, pw pbe.Password, ct []byte) ([]byte, error) {
	if a.params == nil {
		return nil, fmt.Errorf("%s: no parameters", a.oid)
	}
	if a.oid == pbe.OIDPBES2 {
		p, err := parsePBES2(*a.params)
		if err != nil {
			return nil, err
		}
		return o.DecryptPBES2(p, pw, ct)
	}
	p, err := parsePBEParams(*a.params)
	if err != nil {
		return nil, err
	}
	return o.DecryptPBE(a.oid, p, pw, ct)
}

// pfx is what the walk found in a PKCS #12 file.
type pfx struct {
	authSafe []byte // the octets the MAC covers
	mac      *pbe.MACParams
	macValue []byte
	parts    []part // the AuthenticatedSafe's ContentInfos
}

type part struct {
	encrypted  bool
	alg        algorithm // encryptedData's contentEncryptionAlgorithm
	ciphertext []byte
	data       []byte // a data part's SafeContents
}

const (
	oidData          = "1.2.840.113549.1.7.1"
	oidEncryptedData = "1.2.840.113549.1.7.6"
	oidKeyBag        = "1.2.840.113549.1.12.10.1.1"
	oidShroudedKey   = "1.2.840.113549.1.12.10.1.2"
	oidCertBag       = "1.2.840.113549.1.12.10.1.3"
	oidSafeContents  = "1.2.840.113549.1.12.10.1.6"
	oidX509Cert      = "1.2.840.113549.1.9.22.1"
)

func parsePFX(der []byte) (*pfx, error) {
	top, err := parse(der)
	if err != nil {
		return nil, err
	}
	if len(top.kids) < 2 {
		return nil, errors.New("PFX: too short")
	}
	ci := top.kids[1]
	if len(ci.kids) < 2 {
		return nil, errors.New("PFX.authSafe: no content")
	}
	if oid, _ := ci.kids[0].oid(); oid != oidData {
		return nil, fmt.Errorf("PFX.authSafe: content type %s (signed PFX are not walked)", oid)
	}
	content, err := ci.kids[1].kid(0)
	if err != nil {
		return nil, err
	}
	p := &pfx{authSafe: content.octets()}
	if len(top.kids) > 2 {
		md := top.kids[2]
		if len(md.kids) < 2 {
			return nil, errors.New("MacData: too short")
		}
		di := md.kids[0]
		alg, err := parseAlgorithm(di.kids[0])
		if err != nil {
			return nil, err
		}
		m := &pbe.MACParams{Algorithm: alg.oid, Salt: md.kids[1].octets(), Iterations: 1}
		if len(md.kids) > 2 {
			if m.Iterations, err = md.kids[2].int(); err != nil {
				return nil, err
			}
		}
		if alg.oid == pbe.OIDPBMAC1 && alg.params != nil && len(alg.params.kids) == 2 {
			kdf, err := parseAlgorithm(alg.params.kids[0])
			if err != nil {
				return nil, err
			}
			if m.PBMAC1.KDF, err = parseKDF(kdf); err != nil {
				return nil, err
			}
			scheme, err := parseAlgorithm(alg.params.kids[1])
			if err != nil {
				return nil, err
			}
			m.PBMAC1.MessageAuthScheme = scheme.oid
		}
		p.mac, p.macValue = m, di.kids[1].octets()
	}
	safe, err := parse(p.authSafe)
	if err != nil {
		return nil, fmt.Errorf("AuthenticatedSafe: %v", err)
	}
	for i, c := range safe.kids {
		oid, err := c.kids[0].oid()
		if err != nil {
			return nil, err
		}
		switch oid {
		case oidData:
			inner, err := c.kids[1].kid(0)
			if err != nil {
				return nil, err
			}
			p.parts = append(p.parts, part{data: inner.octets()})
		case oidEncryptedData:
			ed, err := c.kids[1].kid(0)
			if err != nil {
				return nil, err
			}
			eci, err := ed.kid(1)
			if err != nil {
				return nil, err
			}
			alg, err := parseAlgorithm(eci.kids[1])
			if err != nil {
				return nil, err
			}
			ct, err := eci.kid(2)
			if err != nil {
				return nil, err
			}
			p.parts = append(p.parts, part{encrypted: true, alg: alg, ciphertext: ct.octets()})
		default:
			return nil, fmt.Errorf("AuthenticatedSafe[%d]: content type %s not walked", i, oid)
		}
	}
	return p, nil
}

// contents are the certificates and keys of an opened file.
type contents struct {
	Certs [][]byte // DER certificates, in file order
	Keys  [][]byte // PKCS #8 PrivateKeyInfo, in file order
	Algs  []string // the encryption algorithms met, in file order (PBES2: its cipher)
}

// algName is the name of an algorithm for contents.Algs: the OID, or for
// PBES2 "PBES2/" and the cipher's OID.
func algName(a algorithm) string {
	if a.oid == pbe.OIDPBES2 && a.params != nil {
		if p, err := parsePBES2(*a.params); err == nil {
			return "PBES2/" + p.Cipher.Algorithm
		}
	}
	return a.oid
}

// open verifies the MAC, decrypts every part and returns what the file
// holds. Without a MAC, it tries pw's candidates on the first encrypted
// part, as the package documentation suggests.
func open(o pbe.Options, der []byte, pw pbe.Password) (*contents, error) {
	p, err := parsePFX(der)
	if err != nil {
		return nil, err
	}
	if p.mac != nil {
		if pw, err = o.VerifyMAC(*p.mac, pw, p.authSafe, p.macValue); err != nil {
			return nil, err
		}
	} else {
		pw = pickPassword(o, p, pw)
	}
	c := new(contents)
	for _, pt := range p.parts {
		data := pt.data
		if pt.encrypted {
			c.Algs = append(c.Algs, algName(pt.alg))
			if data, err = decrypt(o, pt.alg, pw, pt.ciphertext); err != nil {
				return nil, err
			}
		}
		if err := c.bags(o, data, pw, 0); err != nil {
			return nil, err
		}
	}
	return c, nil
}

func pickPassword(o pbe.Options, p *pfx, pw pbe.Password) pbe.Password {
	cands := pw.Candidates()
	for _, pt := range p.parts {
		if !pt.encrypted {
			continue
		}
		for _, c := range cands {
			if _, err := decrypt(o, pt.alg, c, pt.ciphertext); err == nil {
				return c
			}
		}
		break
	}
	return pw
}

func (c *contents) bags(o pbe.Options, safeContents []byte, pw pbe.Password, depth int) error {
	sc, err := parse(safeContents)
	if err != nil {
		return fmt.Errorf("SafeContents: %v", err)
	}
	for _, bag := range sc.kids {
		id, err := bag.kids[0].oid()
		if err != nil {
			return err
		}
		val, err := bag.kids[1].kid(0)
		if err != nil {
			return err
		}
		switch id {
		case oidKeyBag:
			c.Keys = append(c.Keys, val.raw)
		case oidShroudedKey:
			alg, err := parseAlgorithm(val.kids[0])
			if err != nil {
				return err
			}
			c.Algs = append(c.Algs, algName(alg))
			key, err := decrypt(o, alg, pw, val.kids[1].octets())
			if err != nil {
				return err
			}
			c.Keys = append(c.Keys, key)
		case oidCertBag:
			certID, err := val.kids[0].oid()
			if err != nil {
				return err
			}
			if certID == oidX509Cert {
				cert, err := val.kids[1].kid(0)
				if err != nil {
					return err
				}
				c.Certs = append(c.Certs, cert.octets())
			}
		case oidSafeContents:
			if depth > 4 {
				return errors.New("safeContentsBag nested too deep")
			}
			if err := c.bags(o, val.raw, pw, depth+1); err != nil {
				return err
			}
		}
	}
	return nil
}

// check parses every certificate and key with crypto/x509, so that a
// decryption that went wrong without an error (RC4) shows. What
// crypto/x509 refuses for reasons of its own (a DSA key, an RSA key
// without NULL parameters) must at least have the outer structure:
// garbage does not.
func (c *contents) check() error {
	for i, der := range c.Certs {
		if _, err := x509.ParseCertificate(der); err != nil {
			if t, perr := parse(der); perr != nil || len(t.kids) != 3 || t.kids[0].tag != 16 {
				return fmt.Errorf("certificate %d: %v", i, err)
			}
		}
	}
	for i, der := range c.Keys {
		if _, err := x509.ParsePKCS8PrivateKey(der); err != nil {
			t, perr := parse(der)
			if perr != nil || len(t.kids) < 3 || t.kids[0].tag != 2 || t.kids[1].tag != 16 || t.kids[2].tag != 4 {
				return fmt.Errorf("key %d: %v", i, err)
			}
		}
	}
	return nil
}
