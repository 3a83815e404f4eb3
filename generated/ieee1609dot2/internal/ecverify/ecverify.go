// Package ecverify verifies ECDSA signatures on the curves of IEEE 1609.2
// that Go's standard library and golang.org/x/crypto lack,
// brainpoolP256r1 and brainpoolP384r1 (RFC 5639), and decompresses the
// points of every curve 1609.2 sends compressed (EccP256CurvePoint,
// EccP384CurvePoint: an x coordinate and the parity of y).
//
// It is arithmetic on math/big in affine coordinates, for verification
// only: its inputs (public keys, signatures, digests) are public, so it
// need not run in constant time, and it never touches a private key.
package ecverify

import (
	"crypto/elliptic"
	"errors"
	"math/big"
)

// Curve is a short Weierstrass curve y² = x³ + ax + b over the prime field
// of P, with a base point G of prime order N (cofactor 1).
type Curve struct {
	Name        string
	P, A, B, N  *big.Int
	Gx, Gy      *big.Int
	ByteSize    int // of a coordinate
	pPlus1Over4 *big.Int
}

func hexInt(s string) *big.Int {
	n, ok := new(big.Int).SetString(s, 16)
	if !ok {
		panic("ecverify: bad constant " + s)
	}
	return n
}

func newCurve(name string, p, a, b, gx, gy, n *big.Int) *Curve {
	c := &Curve{Name: name, P: p, A: a, B: b, N: n, Gx: gx, Gy: gy, ByteSize: (p.BitLen() + 7) / 8}
	// Every curve here has P ≡ 3 (mod 4): a square root of v is
	// v^((P+1)/4) (decompress).
	c.pPlus1Over4 = new(big.Int).Rsh(new(big.Int).Add(p, big.NewInt(1)), 2)
	return c
}

// The domain parameters of RFC 5639 section 3.4 (brainpoolP256r1) and 3.6
// (brainpoolP384r1): p, A, B, x and y of G, q (the order of G).
var (
	BrainpoolP256r1 = newCurve("brainpoolP256r1",
		hexInt("A9FB57DBA1EEA9BC3E660A909D838D726E3BF623D52620282013481D1F6E5377"),
		hexInt("7D5A0975FC2C3057EEF67530417AFFE7FB8055C126DC5C6CE94A4B44F330B5D9"),
		hexInt("26DC5C6CE94A4B44F330B5D9BBD77CBF958416295CF7E1CE6BCCDC18FF8C07B6"),
		hexInt("8BD2AEB9CB7E57CB2C4B482FFC81B7AFB9DE27E1E3BD23C23A4453BD9ACE3262"),
		hexInt("547EF835C3DAC4FD97F8461A14611DC9C27745132DED8E545C1D54C72F046997"),
		hexInt("A9FB57DBA1EEA9BC3E660A909D838D718C397AA3B561A6F7901E0E82974856A7"))
	BrainpoolP384r1 = newCurve("brainpoolP384r1",
		hexInt("8CB91E82A3386D280F5D6F7E50E641DF152F7109ED5456B412B1DA197FB71123ACD3A729901D1A71874700133107EC53"),
		hexInt("7BC382C63D8C150C3C72080ACE05AFA0C2BEA28E4FB22787139165EFBA91F90F8AA5814A503AD4EB04A8C7DD22CE2826"),
		hexInt("04A8C7DD22CE28268B39B55416F0447C2FB77DE107DCD2A62E880EA53EEB62D57CB4390295DBC9943AB78696FA504C11"),
		hexInt("1D1C64F068CF45FFA2A63A81B7C13F6B8847A3E77EF14FE3DB7FCAFE0CBD10E8E826E03436D646AAEF87B2E247D4AF1E"),
		hexInt("8ABE1D7520F9C2A45CB1EB8E95CFD55262B70B29FEEC5864E19C054FF99129280E4646217791811142820341263C5315"),
		hexInt("8CB91E82A3386D280F5D6F7E50E641DF152F7109ED5456B31F166E6CAC0425A7CF3AB6AF6B7FC3103B883202E9046565"))
	// NistP256 and NistP384 are the parameters of crypto/elliptic's curves
	// (a = -3), for decompressing their points: crypto/ecdsa verifies.
	NistP256 = nist(elliptic.P256().Params())
	NistP384 = nist(elliptic.P384().Params())
)

func nist(p *elliptic.CurveParams) *Curve {
	return newCurve(p.Name, p.P, new(big.Int).Sub(p.P, big.NewInt(3)), p.B, p.Gx, p.Gy, p.N)
}

// ErrNotOnCurve is returned for a point whose coordinates do not satisfy
// the curve's equation, or that are not field elements.
var ErrNotOnCurve = errors.New("ecverify: point not on the curve")

// rhs returns x³ + ax + b mod P.
func (c *Curve) rhs(x *big.Int) *big.Int {
	v := new(big.Int).Mul(x, x)
	v.Add(v, c.A)
	v.Mul(v, x)
	v.Add(v, c.B)
	return v.Mod(v, c.P)
}

// OnCurve reports whether (x, y) is a point of the curve (not the point at
// infinity, which has no affine coordinates).
func (c *Curve) OnCurve(x, y *big.Int) bool {
	if x.Sign() < 0 || x.Cmp(c.P) >= 0 || y.Sign() < 0 || y.Cmp(c.P) >= 0 {
		return false
	}
	y2 := new(big.Int).Mul(y, y)
	return y2.Mod(y2, c.P).Cmp(c.rhs(x)) == 0
}

// Decompress returns the point of the curve with x coordinate x (big
// endian, ByteSize octets) whose y is odd when yOdd, as IEEE 1609.2's
// compressed-y-1 (compressed-y-0: even), the encoding of SEC 1 2.3.4.
func (c *Curve) Decompress(x []byte, yOdd bool) (X, Y *big.Int, err error) {
	if len(x) != c.ByteSize {
		return nil, nil, errors.New("ecverify: x coordinate of the wrong size")
	}
	X = new(big.Int).SetBytes(x)
	if X.Cmp(c.P) >= 0 {
		return nil, nil, ErrNotOnCurve
	}
	v := c.rhs(X)
	Y = new(big.Int).Exp(v, c.pPlus1Over4, c.P)
	if y2 := new(big.Int).Mul(Y, Y); y2.Mod(y2, c.P).Cmp(v) != 0 {
		return nil, nil, ErrNotOnCurve // v is not a square: no point has this x
	}
	if (Y.Bit(0) == 1) != yOdd {
		Y.Sub(c.P, Y)
	}
	return X, Y, nil
}

// point is an affine point; inf marks the point at infinity.
type point struct {
	x, y *big.Int
	inf  bool
}

// add returns p + q (the chord and tangent rules).
func (c *Curve) add(p, q point) point {
	switch {
	case p.inf:
		return q
	case q.inf:
		return p
	}
	var l *big.Int
	if p.x.Cmp(q.x) == 0 {
		if new(big.Int).Add(p.y, q.y).Cmp(c.P) == 0 || p.y.Sign() == 0 {
			return point{inf: true} // q = -p
		}
		// Tangent: (3x² + a) / 2y.
		num := new(big.Int).Mul(p.x, p.x)
		num.Mul(num, big.NewInt(3))
		num.Add(num, c.A)
		den := new(big.Int).Lsh(p.y, 1)
		l = num.Mul(num, den.ModInverse(den.Mod(den, c.P), c.P))
	} else {
		num := new(big.Int).Sub(q.y, p.y)
		den := new(big.Int).Sub(q.x, p.x)
		l = num.Mul(num, den.ModInverse(den.Mod(den, c.P), c.P))
	}
	l.Mod(l, c.P)
	x := new(big.Int).Mul(l, l)
	x.Sub(x, p.x)
	x.Sub(x, q.x)
	x.Mod(x, c.P)
	y := new(big.Int).Sub(p.x, x)
	y.Mul(y, l)
	y.Sub(y, p.y)
	y.Mod(y, c.P)
	return point{x: x, y: y}
}

// combined returns u1·G + u2·Q in one pass over the bits (Shamir's trick).
func (c *Curve) combined(u1, u2 *big.Int, q point) point {
	g := point{x: c.Gx, y: c.Gy}
	gq := c.add(g, q)
	r := point{inf: true}
	for i := max(u1.BitLen(), u2.BitLen()) - 1; i >= 0; i-- {
		r = c.add(r, r)
		switch {
		case u1.Bit(i) == 1 && u2.Bit(i) == 1:
			r = c.add(r, gq)
		case u1.Bit(i) == 1:
			r = c.add(r, g)
		case u2.Bit(i) == 1:
			r = c.add(r, q)
		}
	}
	return r
}

// Verify reports whether (r, s) is an ECDSA signature of digest by the
// public key (x, y) (SEC 1 4.1.4): a digest longer than N is cut to its
// leftmost bits.
func (c *Curve) Verify(x, y *big.Int, digest []byte, r, s *big.Int) bool {
	if !c.OnCurve(x, y) {
		return false
	}
	if r.Sign() <= 0 || s.Sign() <= 0 || r.Cmp(c.N) >= 0 || s.Cmp(c.N) >= 0 {
		return false
	}
	e := new(big.Int).SetBytes(digest)
	if excess := 8*len(digest) - c.N.BitLen(); excess > 0 {
		e.Rsh(e, uint(excess))
	}
	w := new(big.Int).ModInverse(s, c.N)
	u1 := new(big.Int).Mul(e, w)
	u1.Mod(u1, c.N)
	u2 := new(big.Int).Mul(r, w)
	u2.Mod(u2, c.N)
	p := c.combined(u1, u2, point{x: x, y: y})
	if p.inf {
		return false
	}
	v := new(big.Int).Mod(p.x, c.N)
	return v.Cmp(r) == 0
}
