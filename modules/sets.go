// Package modules holds the ASN.1 module sets that asn1gen ships, as the
// files of this directory, and the table of the sets the generated
// packages are made from: which files, with which options. The browser
// playground (web/) offers each set one click away, compiled as
// generated/<Package> is generated; TestSetsMatchGenerate keeps the
// table equal to the //go:generate lines of generated/*/doc.go.
package modules

import "embed"

// FS holds the module files of the sets, by their paths in this
// directory ("rfc5280/PKIX1Explicit-2009.asn").
//
//go:embed rfc5280/*.asn rfc5652/*.asn rfc7292/*.asn ngap/*.asn s1ap/*.asn nrrrc/*.asn etsi-its/*.asn ieee1609dot2/*.asn ieee1609dot2dot1/*.asn ts102941/*.asn
var FS embed.FS

// Set is a module set: the modules of one generated package and of the
// packages it uses (-use), checked together.
type Set struct {
	// Name is the set's short name ("x509"); Title the name people know
	// it by ("X.509").
	Name, Title string
	// Package is the generated package made from the set
	// (generated/rfc5280).
	Package string
	// Type is the type a user of the set decodes first
	// ("Module.Type"); Encoding its usual encoding: "der", "ber",
	// "aper", "uper", "oer" or "coer".
	Type, Encoding string
	// Sample is a real encoding of Type in Encoding, as hex, that the
	// playground offers as its input; "" for none. It is a block of
	// ../testdata, where its source and licence are recorded.
	Sample string
	// Files are the module files, paths in FS, in the order given to
	// asn1gen gen (those of the used packages first).
	Files []string
	// Flags are the options that shape the model (asn1gen gen's
	// -import-from, -extend, -extensible, -containing, -accept), each
	// once with the values of the set's packages joined.
	Flags []Flag
}

// Flag is one option of asn1gen check and gen, its value as on the
// command line.
type Flag struct{ Name, Value string }

// Sets are the built-in sets, in the order the playground lists them.
var Sets = []Set{
	{
		Name: "x509", Title: "X.509", Package: "rfc5280", Type: "PKIX1Explicit-2009.Certificate", Encoding: "der",
		Files: []string{
			"rfc5280/PKIX1Explicit-2009.asn",
			"rfc5280/PKIX1Implicit-2009.asn",
			"rfc5280/PKIX-CommonTypes-2009.asn",
			"rfc5280/AlgorithmInformation-2009.asn",
			"rfc5280/PKIXAlgs-2009.asn",
			"rfc5280/PKIX1-PSS-OAEP-Algorithms-2009.asn",
			"rfc5280/PKIX-X400Address-2009.asn",
			"rfc5280/OCSP-2009.asn",
			"rfc5280/PKCS-10.asn",
			"rfc5280/X509-ML-DSA-2025.asn",
			"rfc5280/X509-ML-KEM-2025.asn",
			"rfc5280/KEMAlgorithmInformation-2023.asn",
		},
		Flags: []Flag{
			{"-accept", "draft-oid:X509-ML-DSA-2025,draft-oid:X509-ML-KEM-2025"},
			{"-extend", "PKIX1Explicit-2009.SignatureAlgorithms=X509-ML-DSA-2025.SignatureAlgorithms,PKIX1Explicit-2009.PublicKeyAlgorithms=X509-ML-DSA-2025.PublicKeys,PKIX1Explicit-2009.PublicKeyAlgorithms=X509-ML-KEM-2025.PublicKeys"},
		},
	},
	{
		Name: "cms", Title: "CMS", Package: "rfc5652", Type: "CryptographicMessageSyntax-2010.ContentInfo", Encoding: "ber",
		Files: []string{
			"rfc5280/PKIX1Explicit-2009.asn",
			"rfc5280/PKIX1Implicit-2009.asn",
			"rfc5280/PKIX-CommonTypes-2009.asn",
			"rfc5280/AlgorithmInformation-2009.asn",
			"rfc5280/PKIXAlgs-2009.asn",
			"rfc5280/PKIX1-PSS-OAEP-Algorithms-2009.asn",
			"rfc5280/PKIX-X400Address-2009.asn",
			"rfc5280/OCSP-2009.asn",
			"rfc5280/PKCS-10.asn",
			"rfc5280/X509-ML-DSA-2025.asn",
			"rfc5280/X509-ML-KEM-2025.asn",
			"rfc5280/KEMAlgorithmInformation-2023.asn",
			"rfc5652/CryptographicMessageSyntax-2010.asn",
			"rfc5652/CryptographicMessageSyntaxAlgorithms-2009.asn",
			"rfc5652/CMS-AuthEnvelopedData-2010.asn",
			"rfc5652/CMS-AES-CCM-and-AES-GCM-2009.asn",
			"rfc5652/CompressedDataContent-2010.asn",
			"rfc5652/SecureMimeMessageV3dot1-2009.asn",
			"rfc5652/AttributeCertificateVersion1-2009.asn",
			"rfc5652/PKIXAttributeCertificate-2009.asn",
		},
		Flags: []Flag{
			{"-accept", "draft-oid:X509-ML-DSA-2025,draft-oid:X509-ML-KEM-2025,duplicate-key:CMS-AES-CCM-and-AES-GCM-2009,import-oid:CryptographicMessageSyntax-2010"},
			{"-extend", "PKIX1Explicit-2009.SignatureAlgorithms=X509-ML-DSA-2025.SignatureAlgorithms,PKIX1Explicit-2009.PublicKeyAlgorithms=X509-ML-DSA-2025.PublicKeys,PKIX1Explicit-2009.PublicKeyAlgorithms=X509-ML-KEM-2025.PublicKeys,CryptographicMessageSyntax-2010.ContentSet=CMS-AuthEnvelopedData-2010.ContentTypes,CryptographicMessageSyntax-2010.ContentSet=CompressedDataContent-2010.ContentTypes,CryptographicMessageSyntax-2010.SignatureAlgorithmSet=X509-ML-DSA-2025.SignatureAlgorithms"},
			{"-import-from", "CryptographicMessageSyntax-2009.SubjectKeyIdentifier=CryptographicMessageSyntax-2010,CryptographicMessageSyntax-2009.IssuerAndSerialNumber=CryptographicMessageSyntax-2010,CryptographicMessageSyntax-2009.RecipientKeyIdentifier=CryptographicMessageSyntax-2010,CryptographicMessageSyntax-2009.ContentInfo=CryptographicMessageSyntax-2010"},
		},
	},
	{
		Name: "pkcs12", Title: "PKCS #12", Package: "rfc7292", Type: "PKCS-12.PFX", Encoding: "ber",
		Files: []string{
			"rfc5280/PKIX1Explicit-2009.asn",
			"rfc5280/PKIX1Implicit-2009.asn",
			"rfc5280/PKIX-CommonTypes-2009.asn",
			"rfc5280/AlgorithmInformation-2009.asn",
			"rfc5280/PKIXAlgs-2009.asn",
			"rfc5280/PKIX1-PSS-OAEP-Algorithms-2009.asn",
			"rfc5280/PKIX-X400Address-2009.asn",
			"rfc5280/OCSP-2009.asn",
			"rfc5280/PKCS-10.asn",
			"rfc5280/X509-ML-DSA-2025.asn",
			"rfc5280/X509-ML-KEM-2025.asn",
			"rfc5280/KEMAlgorithmInformation-2023.asn",
			"rfc5652/CryptographicMessageSyntax-2010.asn",
			"rfc5652/CryptographicMessageSyntaxAlgorithms-2009.asn",
			"rfc5652/CMS-AuthEnvelopedData-2010.asn",
			"rfc5652/CMS-AES-CCM-and-AES-GCM-2009.asn",
			"rfc5652/CompressedDataContent-2010.asn",
			"rfc5652/SecureMimeMessageV3dot1-2009.asn",
			"rfc5652/AttributeCertificateVersion1-2009.asn",
			"rfc5652/PKIXAttributeCertificate-2009.asn",
			"rfc7292/PKCS-12.asn",
			"rfc7292/PKCS-9.asn",
			"rfc7292/PKCS5v2-1.asn",
			"rfc7292/AsymmetricKeyPackageModuleV1.asn",
			"rfc7292/PKCS-1.asn",
			"rfc5652/CryptographicMessageSyntax-2009.asn",
			"rfc7292/PKIX1Explicit88.asn",
			"rfc7292/UsefulDefinitions.asn",
			"rfc7292/UpperBounds.asn",
			"rfc7292/InformationFramework.asn",
			"rfc7292/AuthenticationFramework.asn",
			"rfc7292/SelectedAttributeTypes.asn",
			"rfc7292/CertificateExtensions.asn",
			"rfc7292/AlgorithmObjectIdentifiers.asn",
			"rfc7292/AttributeCertificateDefinitions.asn",
			"rfc7292/BasicAccessControl.asn",
			"rfc7292/CommonProtocolSpecification.asn",
			"rfc7292/DSAOperationalAttributeTypes.asn",
			"rfc7292/DirectoryAbstractService.asn",
			"rfc7292/DirectoryOSIProtocols.asn",
			"rfc7292/DirectoryOperationalBindingTypes.asn",
			"rfc7292/DirectoryShadowAbstractService.asn",
			"rfc7292/DistributedOperations.asn",
			"rfc7292/EnhancedSecurity.asn",
			"rfc7292/HierarchicalOperationalBindings.asn",
			"rfc7292/LdapSystemSchema.asn",
			"rfc7292/Lightweight-Directory-Access-Protocol-V3.asn",
			"rfc7292/OSIProtocolSpecification.asn",
			"rfc7292/OperationalBindingManagement.asn",
			"rfc7292/PasswordPolicy.asn",
			"rfc7292/PkiPmiExternalDataTypes.asn",
			"rfc7292/SchemaAdministration.asn",
			"rfc7292/ServiceAdministration.asn",
			"rfc7292/SpkmGssTokens.asn",
		},
		Flags: []Flag{
			{"-accept", "draft-oid:X509-ML-DSA-2025,draft-oid:X509-ML-KEM-2025,duplicate-key:CMS-AES-CCM-and-AES-GCM-2009,import-oid:CryptographicMessageSyntax-2010,assigned-identifier:PKCS-9,import-oid:PKCS-12,import-oid:PKCS-9,import-oid:PasswordPolicy,import-oid:SpkmGssTokens,set-comma:PKCS5v2-1"},
			{"-containing", "PKCS-12.x509Certificate=PKIX1Explicit-2009.Certificate,PKCS-12.x509CRL=PKIX1Explicit-2009.CertificateList"},
			{"-extend", "PKIX1Explicit-2009.SignatureAlgorithms=X509-ML-DSA-2025.SignatureAlgorithms,PKIX1Explicit-2009.PublicKeyAlgorithms=X509-ML-DSA-2025.PublicKeys,PKIX1Explicit-2009.PublicKeyAlgorithms=X509-ML-KEM-2025.PublicKeys,CryptographicMessageSyntax-2010.ContentSet=CMS-AuthEnvelopedData-2010.ContentTypes,CryptographicMessageSyntax-2010.ContentSet=CompressedDataContent-2010.ContentTypes,CryptographicMessageSyntax-2010.SignatureAlgorithmSet=X509-ML-DSA-2025.SignatureAlgorithms,PKCS5v2-1.PBES2-Encs=PKCS5v2-1.SupportingAlgorithms"},
			{"-extensible", "PKCS-1.PKCS1-v1-5DigestAlgorithms"},
			{"-import-from", "CryptographicMessageSyntax-2009.SubjectKeyIdentifier=CryptographicMessageSyntax-2010,CryptographicMessageSyntax-2009.IssuerAndSerialNumber=CryptographicMessageSyntax-2010,CryptographicMessageSyntax-2009.RecipientKeyIdentifier=CryptographicMessageSyntax-2010,CryptographicMessageSyntax-2009.ContentInfo=CryptographicMessageSyntax-2010,PKCS-7.ContentInfo=CryptographicMessageSyntax-2010,PKCS-7.DigestInfo=PKCS-1,PKCS-8.PrivateKeyInfo=AsymmetricKeyPackageModuleV1,PKCS-8.EncryptedPrivateKeyInfo=AsymmetricKeyPackageModuleV1,CryptographicMessageSyntax.ContentInfo=CryptographicMessageSyntax-2010,CryptographicMessageSyntax.SignerInfo=CryptographicMessageSyntax-2010,NIST-SHA2.id-sha256=AlgorithmObjectIdentifiers,NIST-SHA2.id-sha384=AlgorithmObjectIdentifiers,NIST-SHA2.id-sha512=AlgorithmObjectIdentifiers,PKCS-15.PKCS15Token=ANY,PKCS-9:InformationFramework.Attribute=PKIX1Explicit88"},
		},
	},
	{
		Name: "ngap", Title: "NGAP", Package: "ngap", Type: "NGAP-PDU-Descriptions.NGAP-PDU", Encoding: "aper",
		Files: []string{
			"ngap/NGAP-CommonDataTypes.asn",
			"ngap/NGAP-Constants.asn",
			"ngap/NGAP-Containers.asn",
			"ngap/NGAP-IEs.asn",
			"ngap/NGAP-PDU-Contents.asn",
			"ngap/NGAP-PDU-Descriptions.asn",
		},
	},
	{
		Name: "s1ap", Title: "S1AP", Package: "s1ap", Type: "S1AP-PDU-Descriptions.S1AP-PDU", Encoding: "aper",
		Files: []string{
			"s1ap/S1AP-CommonDataTypes.asn",
			"s1ap/S1AP-Constants.asn",
			"s1ap/S1AP-Containers.asn",
			"s1ap/S1AP-IEs.asn",
			"s1ap/S1AP-PDU-Contents.asn",
			"s1ap/S1AP-PDU-Descriptions.asn",
			"s1ap/SonTransfer-IEs.asn",
		},
	},
	{
		Name: "nrrrc", Title: "NR RRC", Package: "nrrrc", Type: "NR-RRC-Definitions.UL-CCCH-Message", Encoding: "uper",
		Files: []string{
			"nrrrc/NR-RRC-Definitions.asn",
		},
	},
	{
		Name: "etsiits", Title: "ETSI ITS", Package: "etsiits", Type: "CAM-PDU-Descriptions.CAM", Encoding: "uper",
		Files: []string{
			"etsi-its/CAM-PDU-Descriptions.asn",
			"etsi-its/DENM-PDU-Descriptions.asn",
			"etsi-its/ITS-Container.asn",
		},
	},
	{
		Name: "v2x", Title: "IEEE 1609.2", Package: "ieee1609dot2", Type: "EtsiTs103097Module.EtsiTs103097Certificate", Encoding: "coer",
		Files: []string{
			"ieee1609dot2/EtsiTs103097ExtensionModule.asn",
			"ieee1609dot2/EtsiTs103097Module.asn",
			"ieee1609dot2/Ieee1609Dot2.asn",
			"ieee1609dot2/Ieee1609Dot2BaseTypes.asn",
		},
		Flags: []Flag{{"-accept", "import-oid:Ieee1609Dot2,import-oid:EtsiTs103097Module,import-oid:EtsiTs103097ExtensionModule"}},
		// The EU C-ITS Trust List Manager's certificate, as the European
		// Commission's JRC publishes it (testdata/oer/ieee1609dot2.txt).
		Sample: "800300810110810945552d544c4d5f4c32000000000024f1cce386000401018002027081030201c88082318278767861671dbc0d8df368b3c25bb3e06f1a74156e41e455f82fd9cd0f8eee44de5e18ac07f551cde6787db3de5d4c6f8261806405e9010ebbd4cc052760aa7f2e981994454ed13cc419f911a2b1a4dd212a85e4234b04c93c35b5f53b38e1d08e96686988167f39fcfa86ec166da0e33686c36acf923d0d3d9ae4fce69726d9824edb1abc3833efeea9dc2893fefbc2dab4cc",
	},
	{
		Name: "v2xpki", Title: "ETSI TS 102 941", Package: "ts102941", Type: "EtsiTs102941MessagesCa.EtsiTs102941Data", Encoding: "coer",
		Files: []string{
			"ieee1609dot2/EtsiTs103097ExtensionModule.asn",
			"ieee1609dot2/EtsiTs103097Module.asn",
			"ieee1609dot2/Ieee1609Dot2.asn",
			"ieee1609dot2/Ieee1609Dot2BaseTypes.asn",
			"ieee1609dot2dot1/Ieee1609Dot2Crl.asn",
			"ieee1609dot2dot1/Ieee1609Dot2CrlBaseTypes.asn",
			"ieee1609dot2dot1/Ieee1609Dot2Dot1AcaEeInterface.asn",
			"ieee1609dot2dot1/Ieee1609Dot2Dot1AcaLaInterface.asn",
			"ieee1609dot2dot1/Ieee1609Dot2Dot1AcaMaInterface.asn",
			"ieee1609dot2dot1/Ieee1609Dot2Dot1AcaRaInterface.asn",
			"ieee1609dot2dot1/Ieee1609Dot2Dot1Acpc.asn",
			"ieee1609dot2dot1/Ieee1609Dot2Dot1CamRaInterface.asn",
			"ieee1609dot2dot1/Ieee1609Dot2Dot1CertManagement.asn",
			"ieee1609dot2dot1/Ieee1609Dot2Dot1EcaEeInterface.asn",
			"ieee1609dot2dot1/Ieee1609Dot2Dot1EeMaInterface.asn",
			"ieee1609dot2dot1/Ieee1609Dot2Dot1EeRaInterface.asn",
			"ieee1609dot2dot1/Ieee1609Dot2Dot1LaMaInterface.asn",
			"ieee1609dot2dot1/Ieee1609Dot2Dot1LaRaInterface.asn",
			"ieee1609dot2dot1/Ieee1609Dot2Dot1MaRaInterface.asn",
			"ieee1609dot2dot1/Ieee1609Dot2Dot1Protocol.asn",
			"ts102941/EtsiTs102941BaseTypes.asn",
			"ts102941/EtsiTs102941MessagesCa.asn",
			"ts102941/EtsiTs102941MessagesItss-OptionalPrivacy.asn",
			"ts102941/EtsiTs102941MessagesItss.asn",
			"ts102941/EtsiTs102941TrustLists.asn",
			"ts102941/EtsiTs102941TypesAuthorization.asn",
			"ts102941/EtsiTs102941TypesAuthorizationValidation.asn",
			"ts102941/EtsiTs102941TypesCaManagement.asn",
			"ts102941/EtsiTs102941TypesEnrolment.asn",
			"ts102941/EtsiTs102941TypesLinkCertificate.asn",
		},
		Flags: []Flag{
			{"-accept", "import-oid:Ieee1609Dot2,import-oid:EtsiTs103097Module,import-oid:EtsiTs103097ExtensionModule,import-oid:Ieee1609Dot2Crl,import-oid:Ieee1609Dot2CrlBaseTypes,import-oid:Ieee1609Dot2Dot1AcaEeInterface,import-oid:Ieee1609Dot2Dot1AcaRaInterface,import-oid:Ieee1609Dot2Dot1Acpc,import-oid:Ieee1609Dot2Dot1CamRaInterface,import-oid:Ieee1609Dot2Dot1CertManagement,import-oid:Ieee1609Dot2Dot1EcaEeInterface,import-oid:Ieee1609Dot2Dot1EeRaInterface,import-oid:Ieee1609Dot2Dot1Protocol,import-oid:EtsiTs102941BaseTypes,import-oid:EtsiTs102941MessagesCa,import-oid:EtsiTs102941MessagesItss,import-oid:EtsiTs102941MessagesItss-OptionalPrivacy,import-oid:EtsiTs102941TypesAuthorization,import-oid:EtsiTs102941TypesAuthorizationValidation"},
		},
	},
}
