package names

import (
	"go/token"
	"go/types"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Real names from the PKIX (RFC 5280/5912), CMS (RFC 5652), PKCS#12
// (RFC 7292) and 3GPP NR RRC (TS 38.331) modules of the corpus, plus edge
// cases.
var nameTests = []struct {
	asn1, exported, unexported string
}{
	// PKIX / RFC 5912
	{"id-ce-keyUsage", "IDCeKeyUsage", "idCeKeyUsage"},
	{"id-pkix", "IDPKIX", "idPKIX"},
	{"id-pe-authorityInfoAccess", "IDPeAuthorityInfoAccess", "idPeAuthorityInfoAccess"},
	{"id-kp-OCSPSigning", "IDKpOCSPSigning", "idKpOCSPSigning"},
	{"id-ecPublicKey", "IDECPublicKey", "idECPublicKey"},
	{"id-RSASSA-PSS", "IDRSASSAPSS", "idRSASSAPSS"},
	{"rSASSA-PSS-Type", "RSASSAPSSType", "rsassaPSSType"},
	{"sha256WithRSAEncryption", "SHA256WithRSAEncryption", "sha256WithRSAEncryption"},
	{"md5WithRSAEncryption", "MD5WithRSAEncryption", "md5WithRSAEncryption"},
	{"ecdsa-with-SHA256", "ECDSAWithSHA256", "ecdsaWithSHA256"},
	{"hMAC-SHA1", "HMACSHA1", "hmacSHA1"},
	{"id-aes128-CBC", "IDAES128CBC", "idAES128CBC"},
	{"dhpublicnumber", "Dhpublicnumber", "dhpublicnumber"},
	{"ansi-X9-62", "AnsiX9_62", "ansiX9_62"},
	{"tbsCertificate", "TBSCertificate", "tbsCertificate"},
	{"TBSCertList", "TBSCertList", "tbsCertList"},
	{"X520name", "X520name", "x520name"},
	{"X520CommonName", "X520CommonName", "x520CommonName"},
	{"dNSName", "DNSName", "dnsName"},
	{"iPAddress", "IPAddress", "ipAddress"},
	{"uniformResourceIdentifier", "UniformResourceIdentifier", "uniformResourceIdentifier"},
	{"rfc822Name", "RFC822Name", "rfc822Name"},
	{"ub-name", "UbName", "ubName"},
	{"CPSuri", "CPSuri", "cpSuri"},
	{"AuthorityKeyIdentifier", "AuthorityKeyIdentifier", "authorityKeyIdentifier"},
	{"CMCCertId", "CMCCertID", "cmcCertID"},
	{"BasicOCSPResponse", "BasicOCSPResponse", "basicOCSPResponse"},
	{"CERT-POLICY-QUALIFIER", "CERTPOLICYQUALIFIER", "certPOLICYQUALIFIER"},
	{"x509Certificate", "X509Certificate", "x509Certificate"},
	// CMS / PKCS#9 / PKCS#12
	{"CMSVersion", "CMSVersion", "cmsVersion"},
	{"id-signedData", "IDSignedData", "idSignedData"},
	{"pkcs-9-at-friendlyName", "PKCS9AtFriendlyName", "pkcs9AtFriendlyName"},
	{"pkcs-12", "PKCS12", "pkcs12"},
	{"pkcs8ShroudedKeyBag", "PKCS8ShroudedKeyBag", "pkcs8ShroudedKeyBag"},
	{"BAG-TYPE", "BAGTYPE", "bagTYPE"},
	{"sdsiCertificate", "SdsiCertificate", "sdsiCertificate"},
	// 3GPP NR RRC
	{"RRCReconfiguration", "RRCReconfiguration", "rrcReconfiguration"},
	{"rrc-TransactionIdentifier", "RRCTransactionIdentifier", "rrcTransactionIdentifier"},
	{"UE-CapabilityRAT-Container", "UECapabilityRATContainer", "ueCapabilityRATContainer"},
	{"maxNrofCells-r16", "MaxNrofCellsR16", "maxNrofCellsR16"},
	{"maxNrOfCSI-AperiodicTriggers", "MaxNrOfCSIAperiodicTriggers", "maxNrOfCSIAperiodicTriggers"},
	{"PhysCellId", "PhysCellID", "physCellID"},
	{"ControlResourceSetId-v1610", "ControlResourceSetIDV1610", "controlResourceSetIDV1610"},
	{"SIB1", "SIB1", "sib1"},
	{"measObjectNR", "MeasObjectNR", "measObjectNR"},
	{"nr-CGI-Reporting-ENDC", "NrCGIReportingENDC", "nrCGIReportingENDC"},
	{"TAG-ARFCN-ValueUTRA-FDD-START", "TAGARFCNValueUTRAFDDSTART", "tagARFCNValueUTRAFDDSTART"},
	// Keywords and predeclared identifiers.
	{"type", "Type", "type_"},
	{"range", "Range", "range_"},
	{"func", "Func", "func_"},
	{"string", "String", "string_"},
	{"len", "Len", "len_"},
	{"error", "Error", "error_"},
	{"nil", "Nil", "nil_"},
	{"true", "True", "true_"},
	// Collisions of the mapping itself (resolved by Namer).
	{"a-b", "AB", "aB"},
	{"aB", "AB", "ab"},
	{"id-x", "IDX", "idX"},
	{"idX", "IDX", "idX"},
	// Outside X.680 12.2/12.3: still a valid identifier.
	{"", "X", "x"},
	{"---", "X", "x"},
	{"3gpp", "X3gpp", "x3gpp"},
	{"&id", "ID", "id"},
	{"&Type", "Type", "type_"},
	{"lenient_name", "LenientName", "lenientName"},
	{"ca\u00dfe", "CaE", "caE"},
}

func TestExported(t *testing.T) {
	var want, got []string
	for _, tt := range nameTests {
		want = append(want, tt.asn1+" "+tt.exported)
		got = append(got, tt.asn1+" "+Exported(tt.asn1))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Exported mismatch (-want +got):\n%s", diff)
	}
}

func TestUnexported(t *testing.T) {
	var want, got []string
	for _, tt := range nameTests {
		want = append(want, tt.asn1+" "+tt.unexported)
		got = append(got, tt.asn1+" "+Unexported(tt.asn1))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Unexported mismatch (-want +got):\n%s", diff)
	}
}

func TestIdentifiersValid(t *testing.T) {
	for _, tt := range nameTests {
		checkExported(t, tt.asn1, Exported(tt.asn1))
		u := Unexported(tt.asn1)
		if !token.IsIdentifier(u) || token.IsExported(u) || IsReserved(u) {
			t.Errorf("Unexported(%q) = %q: not a usable unexported identifier", tt.asn1, u)
		}
	}
}

func checkExported(t *testing.T, asn1, g string) {
	t.Helper()
	if !token.IsIdentifier(g) || !token.IsExported(g) || token.IsKeyword(g) {
		t.Errorf("Exported(%q) = %q: not a valid exported identifier", asn1, g)
	}
}

// TestReservedComplete keeps the fixed keyword and predeclared lists in step
// with the Go toolchain running the tests.
func TestReservedComplete(t *testing.T) {
	var missing []string
	for _, n := range types.Universe.Names() {
		if !predeclared[n] && token.IsIdentifier(n) && !token.IsExported(n) {
			missing = append(missing, n)
		}
	}
	for tok := token.BREAK; tok <= token.VAR; tok++ {
		if s := tok.String(); token.IsKeyword(s) && !keywords[s] {
			missing = append(missing, s)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("IsReserved misses %v", missing)
	}
	for n := range keywords {
		if !token.IsKeyword(n) {
			t.Errorf("keywords lists %q, which is not a Go keyword", n)
		}
	}
	for n := range predeclared {
		if types.Universe.Lookup(n) == nil {
			t.Errorf("predeclared lists %q, which go/types does not know", n)
		}
	}
}

func TestInitialismsLowerCase(t *testing.T) {
	for _, w := range Initialisms {
		for i := 0; i < len(w); i++ {
			if !isLower(w[i]) {
				t.Errorf("Initialisms entry %q is not lower-case letters", w)
			}
		}
	}
}
