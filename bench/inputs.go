package bench

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"io/fs"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"time"

	"github.com/asn1gen/asn1gen/runtime/tree"
)

// CRLEntries is the number of entries of HugeCRL.
const CRLEntries = 275_000

var hugeCRL = sync.OnceValues(makeHugeCRL)

// HugeCRL returns the huge CRL of performance.md, made once per process:
// CRLEntries entries with serials of about 8 octets, a reason-code extension
// on every third entry, signed by an ECDSA P-256 issuer, about 8.7 MB of
// DER. The entries and the key are the same in every run (seeded); only the
// ECDSA signature, which crypto/ecdsa randomizes, differs.
func HugeCRL() ([]byte, error) { return hugeCRL() }

func makeHugeCRL() ([]byte, error) {
	rng := rand.New(rand.NewPCG(1, 2))
	d := make([]byte, 32)
	for i := range d {
		d[i] = byte(rng.Uint32())
	}
	d[0] &= 0x7f // below the group order
	key, err := ecdsa.ParseRawPrivateKey(elliptic.P256(), d)
	if err != nil {
		return nil, err
	}
	base := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	issuer := &x509.Certificate{
		Subject:               pkix.Name{CommonName: "asn1gen benchmark CA", Organization: []string{"asn1gen"}},
		SubjectKeyId:          []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20},
		KeyUsage:              x509.KeyUsageCRLSign | x509.KeyUsageCertSign,
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	entries := make([]x509.RevocationListEntry, CRLEntries)
	for i := range entries {
		e := &entries[i]
		// 8-octet serials with the high bit clear, so 8 contents octets
		e.SerialNumber = new(big.Int).SetUint64(rng.Uint64()>>1 | 1<<56)
		e.RevocationTime = base.Add(time.Duration(rng.IntN(365*24*3600)) * time.Second)
		if i%3 == 0 {
			e.ReasonCode = []int{1, 2, 3, 4, 5, 6, 8, 9, 10}[rng.IntN(9)]
		}
	}
	tmpl := &x509.RevocationList{
		Number:                    big.NewInt(42),
		ThisUpdate:                base,
		NextUpdate:                base.Add(30 * 24 * time.Hour),
		RevokedCertificateEntries: entries,
	}
	return x509.CreateRevocationList(rand.NewChaCha8([32]byte{3, 4}), tmpl, issuer, key)
}

// Certificates returns the certificate set of the benchmarks: with
// ASN1GEN_CORPUS set, every certificate of $ASN1GEN_CORPUS/der (PEM blocks
// of type CERTIFICATE and DER files), otherwise those of
// /etc/ssl/certs/*.pem; only those that crypto/x509 parses and that are
// strict DER at the TLV level (tree.Parse), so that every benchmark
// decodes the same set. The order is that of the file names.
func Certificates() ([][]byte, error) { return certificates() }

var certificates = sync.OnceValues(func() ([][]byte, error) {
	var files []string
	if root := os.Getenv("ASN1GEN_CORPUS"); root != "" {
		err := filepath.WalkDir(filepath.Join(root, "der"), func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				files = append(files, path)
			}
			return err
		})
		if err != nil {
			return nil, err
		}
	} else {
		var err error
		if files, err = filepath.Glob("/etc/ssl/certs/*.pem"); err != nil {
			return nil, err
		}
	}
	sort.Strings(files)
	var certs [][]byte
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var ders [][]byte
		if bytes.Contains(data, []byte("-----BEGIN")) {
			for rest := data; ; {
				var p *pem.Block
				if p, rest = pem.Decode(rest); p == nil {
					break
				}
				if p.Type == "CERTIFICATE" {
					ders = append(ders, p.Bytes)
				}
			}
		} else {
			ders = append(ders, data)
		}
		for _, der := range ders {
			if _, err := x509.ParseCertificate(der); err != nil {
				continue
			}
			if _, err := tree.Parse(der, nil); err == nil {
				certs = append(certs, der)
			}
		}
	}
	return certs, nil
})
