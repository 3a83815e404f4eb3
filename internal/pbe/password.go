package pbe

import (
	"unicode/utf16"
	"unicode/utf8"
)

// A Password is what the user typed, kept as text until a scheme encodes
// it: the PKCS #12 schemes and MAC take it as a BMPString (Password.BMP),
// PBES1, PBES2 and PBMAC1 as octets (Password.Octets).
//
// PKCS #12 tells an empty password (two zero octets once encoded) from no
// password at all (no octets): NewPassword("") is the first, NoPassword()
// the second. Files exist with both, and OpenSSL, given an empty password,
// tries both (Candidates).
type Password struct {
	text   string
	absent bool
	legacy bool // BMP: one character per octet of text (OpenSSL before 1.1.0)
}

// NewPassword returns the password s (UTF-8, as typed).
func NewPassword(s string) Password { return Password{text: s} }

// NoPassword returns the absent password, OpenSSL's NULL password.
func NoPassword() Password { return Password{absent: true} }

// Absent reports whether p is NoPassword().
func (p Password) Absent() bool { return p.absent }

// BMP returns p as the PKCS #12 schemes and MAC take it (RFC 7292 B.1):
// a BMPString, two octets per character, big-endian, followed by two zero
// octets. An empty password is the two zero octets alone; an absent one
// is no octets at all.
//
// Characters beyond U+FFFF, which a BMPString cannot hold, are written as
// UTF-16 surrogate pairs, as OpenSSL (OPENSSL_utf82uni) and Java do. A
// text that is not valid UTF-8 is taken one character per octet
// (ISO 8859-1), OpenSSL's fallback for passwords typed in a legacy
// charset.
func (p Password) BMP() []byte {
	if p.absent {
		return nil
	}
	if p.legacy || !utf8.ValidString(p.text) {
		out := make([]byte, 0, 2*len(p.text)+2)
		for i := 0; i < len(p.text); i++ {
			out = append(out, 0, p.text[i])
		}
		return append(out, 0, 0)
	}
	out := make([]byte, 0, 2*len(p.text)+2)
	for _, r := range p.text {
		if r >= 0x10000 {
			hi, lo := utf16.EncodeRune(r)
			out = append(out, byte(hi>>8), byte(hi), byte(lo>>8), byte(lo))
			continue
		}
		out = append(out, byte(r>>8), byte(r))
	}
	return append(out, 0, 0)
}

// Octets returns p as PBES1, PBES2 and PBMAC1 take it: its UTF-8 octets
// (RFC 8018 section 3 leaves the encoding to the application; UTF-8 is
// what OpenSSL, BoringSSL and go-pkcs12 use, and what RFC 9579's PBMAC1
// test vectors verify with). An empty and an absent password are both no
// octets.
func (p Password) Octets() []byte { return []byte(p.text) }

// Candidates returns the passwords to try, in order, to open a file
// protected with p, as OpenSSL does:
//
//   - for an empty or absent password, NoPassword() then NewPassword(""):
//     PKCS12_parse tries both when verifying the MAC, because "no
//     password and a zero length password are two different things";
//   - for a password with characters outside ASCII, p, then p with its
//     BMPString written one character per UTF-8 octet: OpenSSL before
//     1.1.0 encoded passwords that way, and `openssl pkcs12` retries
//     with it when the MAC does not verify ("Warning: using broken
//     algorithm");
//   - otherwise p alone.
//
// The caller verifies the MAC with each (Options.VerifyMAC does) and
// decrypts with the one that matched; without a MAC, it tries them on the
// first encrypted part whose padding tells.
func (p Password) Candidates() []Password {
	if p.absent || p.text == "" {
		return []Password{NoPassword(), NewPassword("")}
	}
	for i := 0; i < len(p.text); i++ {
		if p.text[i] >= 0x80 {
			return []Password{p, {text: p.text, legacy: true}}
		}
	}
	return []Password{p}
}
