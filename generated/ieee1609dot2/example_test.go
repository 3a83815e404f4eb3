package ieee1609dot2_test

import (
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/asn1gen/asn1gen/generated/ieee1609dot2"
	"github.com/asn1gen/asn1gen/runtime/oer"
)

// A certificate read strictly from its CANONICAL-OER encoding (the
// authorization ticket of a VW Golf 8, from vanetza's tests), and what a
// V2X stack asks of it.
func ExampleCertificateBase_HashedID8() {
	b, _ := hex.DecodeString("8003008056dfd6d627a362dc108300000000001ddff7b58400a8010280012481040301000080012581050401901a258080820427bb27c998c1eca2b10e7107980244518b3c50a3a327b5b190d090f1451f3d808083c2f3caebc7fa35945c030a5ae01a417adf6dffd541ccd2d92bfeb63dc15689cbd6b8e32bd5e866d9faa2fe5595e2dbb9be3e965a7094258b4a249dfb758a07")
	var c ieee1609dot2.EtsiTs103097Certificate
	if err := oer.Unmarshal(b, &c, &oer.Options{Canonical: true}); err != nil {
		fmt.Println(err)
		return
	}
	id, _ := c.HashedID8()
	start, d, _ := c.Validity()
	perms, _ := c.AppPermissions()
	key, _ := c.VerificationKey()
	fmt.Printf("HashedId8 %x\n", []byte(id))
	fmt.Println("valid from", start, "for", d)
	for _, p := range perms {
		fmt.Printf("PSID %d SSP %x\n", p.PSID, p.SSP)
	}
	fmt.Println("key on", key.Curve)
	// Output:
	// HashedId8 127cff384ce0b890
	// valid from 2019-11-19 03:00:00 +0000 UTC for 168h0m0s
	// PSID 36 SSP 010000
	// PSID 37 SSP 01901a25
	// key on nistP256
}

// The authorization ticket of the VW Golf 8 (vanetza's tests), read from
// its CANONICAL-OER encoding and printed as JER (X.697) by encoding/json,
// which calls its MarshalJSON.
func ExampleCertificate_MarshalJSON() {
	b, _ := hex.DecodeString("8003008056dfd6d627a362dc108300000000001ddff7b58400a8010280012481040301000080012581050401901a258080820427bb27c998c1eca2b10e7107980244518b3c50a3a327b5b190d090f1451f3d808083c2f3caebc7fa35945c030a5ae01a417adf6dffd541ccd2d92bfeb63dc15689cbd6b8e32bd5e866d9faa2fe5595e2dbb9be3e965a7094258b4a249dfb758a07")
	var c ieee1609dot2.Certificate
	if err := oer.Unmarshal(b, &c, &oer.Options{Canonical: true}); err != nil {
		fmt.Println(err)
		return
	}
	j, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(j))
	// Output:
	// {
	//   "version": 3,
	//   "type": "explicit",
	//   "issuer": {
	//     "sha256AndDigest": "56DFD6D627A362DC"
	//   },
	//   "toBeSigned": {
	//     "id": {
	//       "none": null
	//     },
	//     "cracaId": "000000",
	//     "crlSeries": 0,
	//     "validityPeriod": {
	//       "start": 501217205,
	//       "duration": {
	//         "hours": 168
	//       }
	//     },
	//     "appPermissions": [
	//       {
	//         "psid": 36,
	//         "ssp": {
	//           "bitmapSsp": "010000"
	//         }
	//       },
	//       {
	//         "psid": 37,
	//         "ssp": {
	//           "bitmapSsp": "01901A25"
	//         }
	//       }
	//     ],
	//     "verifyKeyIndicator": {
	//       "verificationKey": {
	//         "ecdsaNistP256": {
	//           "compressed-y-0": "0427BB27C998C1ECA2B10E7107980244518B3C50A3A327B5B190D090F1451F3D"
	//         }
	//       }
	//     }
	//   },
	//   "signature": {
	//     "ecdsaNistP256Signature": {
	//       "rSig": {
	//         "x-only": "83C2F3CAEBC7FA35945C030A5AE01A417ADF6DFFD541CCD2D92BFEB63DC15689"
	//       },
	//       "sSig": "CBD6B8E32BD5E866D9FAA2FE5595E2DBB9BE3E965A7094258B4A249DFB758A07"
	//     }
	//   }
	// }
}
