// Package pbe is the password-based cryptography of PKCS #12 (RFC 7292,
// RFC 9579) and PKCS #5 (RFC 8018): key derivation, the encryption
// schemes, the PFX MAC and PBMAC1, all from the standard library (RC2 and
// BLAKE2b, which it lacks, are in the rc2 and blake2b subpackages).
//
// It knows nothing of ASN.1. Its callers decode the AlgorithmIdentifiers
// (with the generated rfc7292 and rfc5652 types, or anything else) and
// hand it the OID and the decoded parameters as plain Go values:
//
//	OIDs                    dotted strings, such as OIDPBES2 = "1.2.840.113549.1.5.13"
//	                        (encoding/asn1.ObjectIdentifier.String and the
//	                        runtime's OID.String give this form)
//	PBEParameter            PBEParams{Salt, Iterations}
//	PBES2-params            PBES2Params{KDF: KDFParams{...}, Cipher: CipherParams{...}}
//	PBKDF2-params           KDFParams{Algorithm: OIDPBKDF2, Salt, Iterations, KeyLength, PRF}
//	MacData                 MACParams{Algorithm, Salt, Iterations, PBMAC1}
//	absent OPTIONAL fields  zero values: KeyLength 0, PRF "" (hmacWithSHA1)
//
// # What it implements
//
//	DecryptPBE, EncryptPBE     PKCS #12 PBE (RFC 7292 Appendix C): pbeWithSHAAnd3-KeyTripleDES-CBC,
//	                           pbeWithSHAAnd2-KeyTripleDES-CBC, pbeWithSHAAnd128BitRC2-CBC,
//	                           pbewithSHAAnd40BitRC2-CBC, pbeWithSHAAnd128BitRC4, pbeWithSHAAnd40BitRC4;
//	                           PBES1 (RFC 8018 6.1): MD5 or SHA-1 with DES-CBC or RC2-CBC
//	DecryptPBES2, EncryptPBES2 PBES2 (RFC 8018 6.2) with PBKDF2 (HMAC-SHA-1, -224, -256, -384, -512,
//	                           -512/224, -512/256) and AES-128/192/256-CBC, DES-EDE3-CBC, DES-CBC, RC2-CBC
//	MAC, VerifyMAC             the PFX MAC (RFC 7292 B.4: HMAC-SHA-1, SHA-2 or BLAKE2b-512 keyed by
//	                           the PKCS #12 KDF) and PBMAC1 (RFC 9579)
//	PKCS12KDF                  the PKCS #12 KDF (RFC 7292 B.2) with SHA-1, SHA-2 and BLAKE2b-512, IDs 1, 2, 3
//	PBKDF2                     PBKDF2 by its PRF's OID, for schemes built on it elsewhere
//	NewPBEParams, NewPBES2Params, NewMACParams, NewPBMAC1Params
//	                           fresh salts and IVs for encoding
//
// Not implemented, reported as ErrUnsupported with the OID: scrypt and
// other PBES2 key derivation functions, RC5, AES-GCM and other
// encryption schemes, PBES1 with MD2, the GOST MACs, a PBKDF2 salt of
// the otherSource kind (the caller reports that one).
//
// # Passwords
//
// A Password keeps the text the user typed; each scheme encodes it as
// its specification says:
//
//   - the PKCS #12 schemes and MAC take a BMPString with two terminating
//     zero octets (Password.BMP, RFC 7292 B.1): "ab" is 00 61 00 62 00 00;
//   - PBES1, PBES2 and PBMAC1 take the UTF-8 octets (Password.Octets), as
//     OpenSSL and go-pkcs12 do; RFC 9579's test vectors verify that way
//     and not with the BMPString (go-pkcs12 cites RFC 9579 erratum 7974).
//
// RFC 7292 B.1 makes an empty password (NewPassword(""), the two zero
// octets) a different thing from no password at all (NoPassword(), no
// octets); PBES2 sees both as no octets. Files of both kinds exist:
// OpenSSL writes the first for -passout pass:, BoringSSL's
// null_password.p12 is the second. OpenSSL's PKCS12_parse, given an
// empty or absent password, verifies the MAC first with none and then
// with the empty one, and decrypts with whichever verified; `openssl
// pkcs12` also retries a non-ASCII password in the encoding OpenSSL used
// before 1.1.0 (one BMPString character per UTF-8 octet).
// Password.Candidates lists those tries and VerifyMAC makes them,
// returning the password to decrypt with.
//
// Without a MAC there is nothing to choose by, and OpenSSL is not
// consistent: PKCS12_parse then decrypts with no password when given an
// empty one, while `openssl pkcs12 -export -nomac -passout pass:`
// encrypts with the empty one (the tests here read such a file). A
// reader should try the candidates on the first encrypted part whose
// padding tells.
//
// # Errors
//
// Errors fall in four classes for errors.Is: ErrIncorrectPassword (a MAC
// that does not verify, or bad padding after CBC decryption: a wrong
// password or altered data, which cannot be told apart), ErrUnsupported
// (an *UnsupportedError naming the algorithm's OID and role),
// ErrLimit and ErrInvalidParameters. RC4 has no padding, so a wrong
// password there shows only when the caller parses the plaintext.
//
// Padding is checked reading the whole last block whatever it holds and
// failing the same way for every cause, so neither timing nor the error
// tells which octet was wrong (a padding oracle on the key of a
// password-encrypted file is of little use, but costs nothing to avoid).
// MACs are compared with crypto/hmac.Equal, in constant time.
//
// # Hostile parameters
//
// A file chooses its iteration counts and key lengths. Every method of
// Options checks them before deriving any key: an iteration count above
// Options.MaxIterations (DefaultMaxIterations, ten million, when zero)
// is an ErrLimit error; a zero or negative count, a PBKDF2 keyLength
// that disagrees with the cipher's, a PBMAC1 keyLength that is absent or
// outside 20 to 256 octets (a short PBMAC1 key lets anyone forge the MAC
// by guessing the key), an IV of the wrong size, an rc2ParameterVersion
// that means nothing, are ErrInvalidParameters errors.
package pbe
