package pbe_test

import (
	"errors"
	"testing"

	"github.com/asn1gen/asn1gen/internal/pbe"
)

// FuzzDecrypt feeds every scheme arbitrary parameters and ciphertexts:
// it must never panic, and every error must be of one of the package's
// classes.
func FuzzDecrypt(f *testing.F) {
	f.Add(uint8(0), []byte("salt"), int16(2), int16(0), int16(58), true, make([]byte, 16), make([]byte, 32), "pw")
	f.Add(uint8(13), []byte{}, int16(1), int16(5), int16(160), false, make([]byte, 8), make([]byte, 8), "")
	f.Add(uint8(3), []byte{1}, int16(0), int16(-1), int16(-1), true, []byte{}, []byte{}, "\xff")
	f.Fuzz(func(t *testing.T, which uint8, salt []byte, iter, keyLen, version int16, hasVersion bool, iv, ct []byte, password string) {
		o := pbe.Options{MaxIterations: 16}
		pw := pbe.NewPassword(password)
		var err error
		if int(which) < len(pbeOIDs) {
			_, err = o.DecryptPBE(pbeOIDs[which], pbe.PBEParams{Salt: salt, Iterations: int(iter)}, pw, ct)
		} else {
			c := pbes2Ciphers[int(which)%len(pbes2Ciphers)]
			prf := prfs[int(which)%len(prfs)]
			_, err = o.DecryptPBES2(pbe.PBES2Params{
				KDF:    pbe.KDFParams{Algorithm: pbe.OIDPBKDF2, Salt: salt, Iterations: int(iter), KeyLength: int(keyLen), PRF: prf},
				Cipher: pbe.CipherParams{Algorithm: c, IV: iv, RC2Version: int(version), HasRC2Version: hasVersion},
			}, pw, ct)
		}
		if err != nil && !errors.Is(err, pbe.ErrIncorrectPassword) && !errors.Is(err, pbe.ErrInvalidParameters) &&
			!errors.Is(err, pbe.ErrLimit) && !errors.Is(err, pbe.ErrUnsupported) {
			t.Fatalf("error of no class: %v", err)
		}
		m := pbe.MACParams{Algorithm: macDigests[int(which)%len(macDigests)], Salt: salt, Iterations: int(iter)}
		if which%2 == 1 {
			m = pbe.MACParams{Algorithm: pbe.OIDPBMAC1, PBMAC1: pbe.PBMAC1Params{
				KDF:               pbe.KDFParams{Algorithm: pbe.OIDPBKDF2, Salt: salt, Iterations: int(iter), KeyLength: int(keyLen), PRF: prfs[int(which)%len(prfs)]},
				MessageAuthScheme: prfs[1+int(which)%(len(prfs)-1)],
			}}
		}
		if _, err := o.VerifyMAC(m, pw, salt, ct); err != nil && !errors.Is(err, pbe.ErrIncorrectPassword) &&
			!errors.Is(err, pbe.ErrInvalidParameters) && !errors.Is(err, pbe.ErrLimit) && !errors.Is(err, pbe.ErrUnsupported) {
			t.Fatalf("VerifyMAC: error of no class: %v", err)
		}
	})
}
