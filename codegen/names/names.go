// Package names turns ASN.1 identifiers and references into Go identifiers.
//
// Every Go name the generator emits for an ASN.1 name goes through this
// package, so that hyphens, case, initialisms, Go keywords and collisions are
// handled by one documented, tested rule.
//
// # Names by identity
//
// A package-level Go name is a function of what it names: the module, the
// assignment and the path inside the assignment, and, where two
// declarations of one Go package want the same name, of the other
// declarations that want it. It never depends on the order in which the
// module files are given, nor on which use of a type was read first. The
// generator (codegen/gen) names:
//
//   - A type, value, value set or information object set assignment:
//     [Exported] of its ASN.1 name (Certificate, TBSCertificate,
//     GeneralName, IDPe for id-pe).
//   - A type written in place: the Go name of the type it is written in,
//     an underscore and Exported of the component ([Nested]), as
//     protoc-gen-go names nested messages: TBSCertList_RevokedCertificates.
//     The element of a SEQUENCE OF or SET OF written in place is named after
//     the list and the element's identifier when one is written
//     ("SEQUENCE OF entry T", X.680 26.1), Item otherwise:
//     TBSCertList_RevokedCertificates_Item, PolicyMappings_Item. A type
//     written in an information object is named after the object and the
//     field: EaPostalCode_Type (the &Type of ea-postalCode).
//   - An instance of a parameterized type: the Go name of the assignment it
//     is the whole of (Certificate ::= SIGNED{TBSCertificate} is
//     Certificate), or else the template's name and the Go names of its
//     actual parameters that are not classes, joined by underscores:
//     AlgorithmIdentifier{SIGNATURE-ALGORITHM, {SignatureAlgorithms}} is
//     AlgorithmIdentifier_SignatureAlgorithms, DirectoryString{ub-title}
//     DirectoryString_UbTitle, Extensions{{CertExtensions}}
//     Extensions_CertExtensions. A built-in type or a number written as
//     the actual is named by its text (Pair{IA5String}: Pair_IA5String,
//     Bounded{3}: Bounded_3). Any other actual written in place (a set of
//     objects, a constrained type) is named after the named type it is
//     written in: Extensions{{re-ocsp-nonce | re-ocsp-response, ...}} in
//     TBSRequest is Extensions_TBSRequest; when the same text is written in
//     several types (the model keeps one instance), after the first of them
//     by module, assignment name and path; when two instances of one
//     template are named after one type, both take the path too
//     (AlgID_Signed_AnySig, AlgID_Signed_Hash). Two instances that would
//     still get one name are two declarations that want one name: the
//     collision rule below decides (an actual that is itself qualified,
//     PKCS10_SignatureAlgorithms, keeps most apart).
//   - An open type constrained by an information object set (X.682): a
//     struct shared by every use of the set, named after the set
//     (CertExtensions, SupportedAttributes, SignatureAlgorithms): one for
//     SingleAttribute's value and AttributeSet's values. A set whose open
//     types need several structs (one is the contents of an OCTET STRING,
//     another not; they constrain different fields) has one per kind of
//     use, each named after the first type and component that holds it:
//     ContentInfo_Content and EncapsulatedContentInfo_EContent for
//     ContentSet. A set written in place is named after the type it is
//     written in and the class field: BasicOCSPResponse_Params.
//   - The discriminant of those structs (their Kind field) is one type per
//     information object class, named by [ClassKind]: ExtensionKind for
//     EXTENSION, AttributeKind, SignatureAlgorithmKind. Its constants are
//     the information objects, named after the objects:
//     ExtSubjectAltName for ext-SubjectAltName, AtX520CommonName for
//     at-x520CommonName, each with the object's name and dotted OID as its
//     comment. An object that two sets hold (ext-AuthorityKeyIdentifier in
//     CertExtensions and CrlExtensions) is one constant, which is why the
//     discriminant belongs to the class and not to one set: a discriminant
//     per set would need a second, qualified constant for the same object.
//     An object written in place in a set, which has no name, is named
//     after the assignment it is written in and its key
//     (HashAlgorithms_IDSHA1 for the object of key id-sha1 in
//     HashAlgorithms). The constants of one class follow one rule: when an
//     object's name is taken (the object certBag and the type CertBag of
//     PKCS #12), every constant of the class is ClassKind_Object
//     (BagTypeKind_CertBag, BagTypeKind_X509Certificate).
//   - A CHOICE's discriminant type: TChoice (GeneralNameChoice). Instances
//     of one parameterized CHOICE that differ only in constraints share one,
//     named after the template (DirectoryStringChoice).
//   - Constants of a type (CHOICE alternatives, ENUMERATED items, named
//     numbers, named bits): Scope_Item, where Scope is the type's Go name,
//     or for a type written in place the type (or object) it is written in,
//     as protoc-gen-go prefixes the values of a nested enum with the
//     enclosing message: GeneralName_DNSName, CRLReason_KeyCompromise,
//     KeyUsage_DigitalSignature, AttributeCertificateInfoV1_SubjectName
//     (for the CHOICE written in place in AttributeCertificateInfoV1.subject).
//     Every constant of one type follows one rule: when any of them would
//     collide with another declaration (MLDSA44PrivateKey_Both is the type
//     of the alternative both, written in place), all of them take the
//     alternative form, TChoice_Alternative for a CHOICE
//     (MLDSA44PrivateKeyChoice_Both) and Type_Item for a type written in
//     place.
//   - The constructor of a BIT STRING type with named bits: NewT.
//
// Declarations are named in batches by a [Namer]: the ASN.1 assignments
// (and objects and classes) first, then each derived name after the names
// it is made of. The collision rule of [Namer] decides between the
// declarations of a batch that want one name, by identity only: a name two
// modules define goes to the module the other imports (OCSP-2009 imports
// PKIX1Explicit-2009: Version and OCSP2009_Version), else every one is
// qualified with its module; then types before discriminants before
// constants, and the first identity in byte order, keep a name, and the
// others append "_".
//
// # The rule of Exported
//
// X.680 12.2 (type references) and 12.3 (identifiers) allow ASCII letters,
// digits and single hyphens, starting with a letter. Exported maps such a name
// to an exported Go identifier in four steps:
//
//  1. Split at hyphens into segments. Any other character that is not an
//     ASCII letter or digit (an underscore from a lenient source, the '&' of
//     a class field reference) also splits, so the result is always a valid
//     identifier.
//  2. Upper-case the first letter of every segment ("dNSName" → DNSName,
//     "ub-name" → Ub, Name) and split each segment into words at case
//     changes: before an upper-case letter that follows a lower-case letter
//     or a digit ("keyUsage" → Key, Usage; "sha256With" → Sha256, With), and
//     before the last upper-case letter of a run that is followed by a
//     lower-case letter ("RSAEncryption" → RSA, Encryption). Digits stay
//     with the word before them. A lower-case letter after digits does not
//     start a word ("X520name" is one word and stays X520name): the rule
//     never invents a boundary that the source did not mark.
//  3. Upper-case a whole word when it is a known initialism (see
//     [Initialisms]) optionally followed by digits ("tbs" → TBS, "Sha256" →
//     SHA256, "Id" → ID), as Go code review asks. All other letters keep
//     their case.
//  4. Join the segments. Where a hyphen separated two digits ("ansi-X9-62")
//     an underscore is kept (AnsiX9_62) so the numbers stay apart.
//
// A name that would not start with a letter gets the prefix "X"; an empty
// name becomes "X".
//
// Examples:
//
//	id-ce-keyUsage             IDCeKeyUsage
//	pkcs-9-at-friendlyName     PKCS9AtFriendlyName
//	sha256WithRSAEncryption    SHA256WithRSAEncryption
//	tbsCertificate             TBSCertificate
//	ecdsa-with-SHA256          ECDSAWithSHA256
//	dNSName                    DNSName
//	iPAddress                  IPAddress
//	rfc822Name                 RFC822Name
//	X520name                   X520name
//	ub-name                    UbName
//	UE-CapabilityRAT-Container UECapabilityRATContainer
//
// The mapping is not injective ("a-b" and "aB" both give "AB", "id-x" and
// "idX" both give "IDX"); a [Namer] or [FieldNamer] resolves such collisions.
package names

import (
	"strings"
)

// Initialisms lists the words (lower case) that Exported writes in upper
// case when they form a whole word, optionally followed by digits. The list
// is deliberately short: the initialisms of Go code review that occur in ASN.1
// modules, plus those of PKI (X.509, CMS, PKCS) and two of 3GPP RRC. "NR" is
// not included because "maxNrOf..." in RRC means "number of".
var Initialisms = []string{
	"aes", "asn", "ber", "cms", "cmp", "crl", "crmf", "der", "des", "dh",
	"dn", "dns", "dsa", "ec", "ecdh", "ecdsa", "hmac", "http", "id", "ip",
	"md", "ocsp", "oid", "pkcs", "pkix", "rfc", "rrc", "rsa", "sha", "tbs",
	"ue", "uri", "url", "utc",
}

var initialisms = func() map[string]bool {
	m := make(map[string]bool, len(Initialisms))
	for _, w := range Initialisms {
		m[w] = true
	}
	return m
}()

func isLower(c byte) bool  { return 'a' <= c && c <= 'z' }
func isUpper(c byte) bool  { return 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isLetter(c byte) bool { return isLower(c) || isUpper(c) }

func toUpper(c byte) byte {
	if isLower(c) {
		return c - 'a' + 'A'
	}
	return c
}

func toLower(c byte) byte {
	if isUpper(c) {
		return c - 'A' + 'a'
	}
	return c
}

// segments splits s at every byte that is not an ASCII letter or digit
// (X.680 12.2: the hyphen) and drops empty segments.
func segments(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool {
		return r > 0x7f || !(isLetter(byte(r)) || isDigit(byte(r)))
	})
}

// words splits a segment (letters and digits only) at case changes, see step
// 2 of the package documentation.
func words(seg string) []string {
	var out []string
	start := 0
	for i := 1; i < len(seg); i++ {
		c, prev := seg[i], seg[i-1]
		if !isUpper(c) {
			continue
		}
		if isLower(prev) || isDigit(prev) ||
			(isUpper(prev) && i+1 < len(seg) && isLower(seg[i+1])) {
			out = append(out, seg[start:i])
			start = i
		}
	}
	return append(out, seg[start:])
}

// isInitialism reports whether w is a known initialism followed by digits
// only ("tbs", "Id", "sha256", "SHA1").
func isInitialism(w string) bool {
	n := 0
	for n < len(w) && isLetter(w[n]) {
		n++
	}
	for i := n; i < len(w); i++ {
		if !isDigit(w[i]) {
			return false
		}
	}
	return n > 0 && initialisms[strings.ToLower(w[:n])]
}

// Exported returns the exported Go identifier for an ASN.1 identifier or
// reference, following the rule in the package documentation. It is pure
// and deterministic.
func Exported(asn1Name string) string { return goName(asn1Name, true) }

// Unexported returns an unexported Go identifier for an ASN.1 name, for
// locals and parameters. It follows the rule of Exported except for the
// first word of the first segment, whose leading upper-case letters are
// lowered instead ("id-pkix" → idPKIX, "dNSName" → dnsName,
// "tbsCertificate" → tbsCertificate, "X520name" → x520name); a name that
// would not start with a letter gets the prefix "x". A result that is a Go
// keyword or a predeclared identifier ("type", "string", "len", "error")
// gets a trailing underscore ("type_"), so it neither fails to compile nor
// shadows a builtin.
func Unexported(asn1Name string) string {
	s := goName(asn1Name, false)
	if IsReserved(s) {
		s += "_"
	}
	return s
}

func goName(asn1Name string, exported bool) string {
	var b strings.Builder
	first := true
	for _, seg := range segments(asn1Name) {
		if b.Len() > 0 && isDigit(seg[0]) {
			if s := b.String(); isDigit(s[len(s)-1]) {
				b.WriteByte('_')
			}
		}
		// Upper-case the segment's first letter before splitting, so that
		// "dNSName" splits as DNS, Name and "iPAddress" as IP, Address.
		for i, w := range words(string(toUpper(seg[0])) + seg[1:]) {
			switch {
			case first && !exported:
				// Words never hold an upper-case run followed by a
				// lower-case letter, so lowering the leading run lowers
				// an initialism ("DNS") or one capital ("Name").
				lw := []byte(w)
				for j := 0; j < len(lw) && isUpper(lw[j]); j++ {
					lw[j] = toLower(lw[j])
				}
				b.Write(lw)
			case isInitialism(w):
				b.WriteString(strings.ToUpper(w))
			case i == 0:
				b.WriteByte(toUpper(w[0]))
				b.WriteString(w[1:])
			default:
				b.WriteString(w)
			}
			first = false
		}
	}
	s := b.String()
	switch {
	case exported && (s == "" || !isUpper(s[0])):
		s = "X" + s
	case !exported && (s == "" || !isLower(s[0])):
		s = "x" + s
	}
	return s
}

// keywords are the Go keywords (The Go Programming Language Specification,
// "Keywords").
var keywords = map[string]bool{
	"break": true, "case": true, "chan": true, "const": true, "continue": true,
	"default": true, "defer": true, "else": true, "fallthrough": true, "for": true,
	"func": true, "go": true, "goto": true, "if": true, "import": true,
	"interface": true, "map": true, "package": true, "range": true, "return": true,
	"select": true, "struct": true, "switch": true, "type": true, "var": true,
}

// predeclared are the identifiers of the universe block (The Go Programming
// Language Specification, "Predeclared identifiers"). The list is fixed here,
// not read from go/types, so that the output does not depend on the Go
// version running the generator; a test checks it against go/types.
var predeclared = map[string]bool{
	"any": true, "bool": true, "byte": true, "comparable": true,
	"complex64": true, "complex128": true, "error": true, "float32": true,
	"float64": true, "int": true, "int8": true, "int16": true, "int32": true,
	"int64": true, "rune": true, "string": true, "uint": true, "uint8": true,
	"uint16": true, "uint32": true, "uint64": true, "uintptr": true,
	"true": true, "false": true, "iota": true, "nil": true,
	"append": true, "cap": true, "clear": true, "close": true, "complex": true,
	"copy": true, "delete": true, "imag": true, "len": true, "make": true,
	"max": true, "min": true, "new": true, "panic": true, "print": true,
	"println": true, "real": true, "recover": true,
}

// IsReserved reports whether s is a Go keyword or predeclared identifier.
func IsReserved(s string) bool { return keywords[s] || predeclared[s] }
