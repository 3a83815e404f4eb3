package names

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// pkix is the import graph of a package like generated/rfc5280: OCSP-2009
// and PKCS-10 import the PKIX modules, which import each other.
var pkix = []Module{
	{Name: "PKIX1Explicit-2009", Imports: []string{"PKIX1Implicit-2009", "PKIX-CommonTypes-2009"}},
	{Name: "PKIX1Implicit-2009", Imports: []string{"PKIX1Explicit-2009", "PKIX-CommonTypes-2009"}},
	{Name: "PKIX-CommonTypes-2009"},
	{Name: "OCSP-2009", Imports: []string{"PKIX1Explicit-2009", "PKIX1Implicit-2009"}},
	{Name: "PKCS-10", Imports: []string{"PKIX1Explicit-2009"}},
	{Name: "Unrelated"},
}

func asg(module, name string) Decl {
	return Decl{Key: "type " + module + "." + name, Name: Exported(name), Module: module}
}

// names runs the batches and returns key → name.
func namesOf(mods []Module, reserved []string, batches ...[]Decl) map[string]string {
	n := NewNamer(mods, reserved...)
	out := map[string]string{}
	for i, b := range batches {
		if i == 0 {
			n.Assignments(b)
		} else {
			n.Derived(b)
		}
		for _, d := range b {
			out[d.Key] = n.Name(d.Key)
		}
	}
	return out
}

func TestNamerAssignments(t *testing.T) {
	tests := []struct {
		name     string
		reserved []string
		decls    []Decl
		want     map[string]string
	}{{
		name:  "distinct",
		decls: []Decl{asg("PKIX1Explicit-2009", "Certificate"), asg("PKIX1Implicit-2009", "KeyUsage")},
		want: map[string]string{
			"type PKIX1Explicit-2009.Certificate": "Certificate",
			"type PKIX1Implicit-2009.KeyUsage":    "KeyUsage",
		},
	}, {
		name:  "the module below keeps the name",
		decls: []Decl{asg("OCSP-2009", "Version"), asg("PKIX1Explicit-2009", "Version")},
		want: map[string]string{
			"type PKIX1Explicit-2009.Version": "Version",
			"type OCSP-2009.Version":          "OCSP2009_Version",
		},
	}, {
		name:  "below all the others",
		decls: []Decl{asg("OCSP-2009", "SignatureAlgorithms"), asg("PKCS-10", "SignatureAlgorithms"), asg("PKIX1Explicit-2009", "SignatureAlgorithms")},
		want: map[string]string{
			"type PKIX1Explicit-2009.SignatureAlgorithms": "SignatureAlgorithms",
			"type OCSP-2009.SignatureAlgorithms":          "OCSP2009_SignatureAlgorithms",
			"type PKCS-10.SignatureAlgorithms":            "PKCS10_SignatureAlgorithms",
		},
	}, {
		name:  "modules that import each other: all qualified",
		decls: []Decl{asg("PKIX1Explicit-2009", "X"), asg("PKIX1Implicit-2009", "X")},
		want: map[string]string{
			"type PKIX1Explicit-2009.X": "PKIX1Explicit2009_X",
			"type PKIX1Implicit-2009.X": "PKIX1Implicit2009_X",
		},
	}, {
		name:  "unrelated modules: all qualified",
		decls: []Decl{asg("OCSP-2009", "Name"), asg("Unrelated", "Name")},
		want: map[string]string{
			"type OCSP-2009.Name": "OCSP2009_Name",
			"type Unrelated.Name": "Unrelated_Name",
		},
	}, {
		name:  "two ASN.1 names of one module: byte order",
		decls: []Decl{asg("Unrelated", "aB"), asg("Unrelated", "a-b"), asg("Unrelated", "AB")},
		want: map[string]string{
			"type Unrelated.AB":  "AB",
			"type Unrelated.a-b": "AB_",
			"type Unrelated.aB":  "AB__",
		},
	}, {
		name:  "rank before key",
		decls: []Decl{{Key: "b type M.rsa", Name: "RSA", Module: "Unrelated"}, {Key: "z value M.RSA", Name: "RSA", Module: "Unrelated", Rank: 1}},
		want:  map[string]string{"b type M.rsa": "RSA", "z value M.RSA": "RSA_"},
	}, {
		name:     "reserved names stay reserved",
		reserved: []string{"Version"},
		decls:    []Decl{asg("PKIX1Explicit-2009", "Version")},
		want:     map[string]string{"type PKIX1Explicit-2009.Version": "Version_"},
	}, {
		name:  "a qualified name that is taken",
		decls: []Decl{asg("OCSP-2009", "Version"), asg("PKIX1Explicit-2009", "Version"), {Key: "type Unrelated.X", Name: "OCSP2009_Version", Module: "Unrelated"}},
		want: map[string]string{
			"type PKIX1Explicit-2009.Version": "Version",
			"type OCSP-2009.Version":          "OCSP2009_Version",
			"type Unrelated.X":                "OCSP2009_Version_",
		},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := namesOf(pkix, tt.reserved, tt.decls)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("names mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestNamerDerived(t *testing.T) {
	first := []Decl{asg("PKIX1Explicit-2009", "MLDSA44PrivateKey"), asg("PKIX1Explicit-2009", "Filter")}
	// The second batch: a type written in place and the CHOICE's
	// discriminant type; the third the constants, one group per CHOICE.
	second := []Decl{
		{Key: "k/Both", Name: "MLDSA44PrivateKey_Both"},
		{Key: "k/choice", Name: "MLDSA44PrivateKeyChoice", Rank: 1},
		{Key: "f/choice", Name: "FilterChoice", Rank: 1},
	}
	third := []Decl{
		{Key: "k/alt seed", Name: "MLDSA44PrivateKey_Seed", Rank: 2, Group: "k", Alt: "MLDSA44PrivateKeyChoice_Seed"},
		{Key: "k/alt both", Name: "MLDSA44PrivateKey_Both", Rank: 2, Group: "k", Alt: "MLDSA44PrivateKeyChoice_Both"},
		{Key: "f/alt and", Name: "Filter_And", Rank: 2, Group: "f", Alt: "FilterChoice_And"},
		{Key: "f/alt not", Name: "Filter_Not", Rank: 2, Group: "f", Alt: "FilterChoice_Not"},
		// Two constants of no group that want one name.
		{Key: "x/1", Name: "Dup", Rank: 2},
		{Key: "x/0", Name: "Dup", Rank: 2},
	}
	got := namesOf(pkix, nil, first, second, third)
	want := map[string]string{
		"type PKIX1Explicit-2009.MLDSA44PrivateKey": "MLDSA44PrivateKey",
		"type PKIX1Explicit-2009.Filter":            "Filter",
		"k/Both":                                    "MLDSA44PrivateKey_Both",
		"k/choice":                                  "MLDSA44PrivateKeyChoice",
		"f/choice":                                  "FilterChoice",
		// One constant of the group meets the type: the whole group
		// takes its Alt names; the other group keeps its own.
		"k/alt seed": "MLDSA44PrivateKeyChoice_Seed",
		"k/alt both": "MLDSA44PrivateKeyChoice_Both",
		"f/alt and":  "Filter_And",
		"f/alt not":  "Filter_Not",
		"x/0":        "Dup",
		"x/1":        "Dup_",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("names mismatch (-want +got):\n%s", diff)
	}
}

// TestNamerOrderIndependent gives the same declarations in many orders
// (as if the files were given in another order): the names do not change.
func TestNamerOrderIndependent(t *testing.T) {
	var decls []Decl
	for _, m := range []string{"PKIX1Explicit-2009", "OCSP-2009", "PKCS-10", "Unrelated"} {
		for _, n := range []string{"Version", "Name", "a-b", "aB", "SignatureAlgorithms"} {
			decls = append(decls, asg(m, n))
		}
	}
	derived := []Decl{{Key: "d/1", Name: "Version"}, {Key: "d/2", Name: "X"}, {Key: "d/3", Name: "X", Rank: 1}}
	want := namesOf(pkix, nil, decls, derived)
	seen := map[string]string{}
	for k, v := range want {
		if prev, ok := seen[v]; ok {
			t.Errorf("%q given to %s and %s", v, prev, k)
		}
		seen[v] = k
	}
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 50; i++ {
		d := append([]Decl(nil), decls...)
		r.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
		x := append([]Decl(nil), derived...)
		r.Shuffle(len(x), func(i, j int) { x[i], x[j] = x[j], x[i] })
		mods := append([]Module(nil), pkix...)
		r.Shuffle(len(mods), func(i, j int) { mods[i], mods[j] = mods[j], mods[i] })
		if diff := cmp.Diff(want, namesOf(mods, nil, d, x)); diff != "" {
			t.Fatalf("order %d gives other names (-want +got):\n%s", i, diff)
		}
	}
}

func TestClassKind(t *testing.T) {
	for _, tt := range []struct{ class, want string }{
		{"EXTENSION", "ExtensionKind"},
		{"SIGNATURE-ALGORITHM", "SignatureAlgorithmKind"},
		{"CMS-CONTENT-TYPE", "CMSContentTypeKind"},
		{"TYPE-IDENTIFIER", "TypeIdentifierKind"},
		{"PKCS12-ATTRIBUTE", "PKCS12AttributeKind"},
		{"MixedCase-Class", "MixedCaseClassKind"},
	} {
		if got := ClassKind(tt.class); got != tt.want {
			t.Errorf("ClassKind(%q) = %q, want %q", tt.class, got, tt.want)
		}
	}
}

func TestNested(t *testing.T) {
	for _, tt := range []struct{ owner, id, want string }{
		{"TBSCertList", "revokedCertificates", "TBSCertList_RevokedCertificates"},
		{"GeneralName", "dNSName", "GeneralName_DNSName"},
		{"CRLReason", "keyCompromise", "CRLReason_KeyCompromise"},
	} {
		if got := Nested(tt.owner, tt.id); got != tt.want {
			t.Errorf("Nested(%q, %q) = %q, want %q", tt.owner, tt.id, got, tt.want)
		}
	}
	// Exported never puts an underscore before an upper-case letter, so a
	// nested name is never an assignment's.
	for _, tt := range nameTests {
		e := Exported(tt.asn1)
		for i := 0; i+1 < len(e); i++ {
			if e[i] == '_' && isUpper(e[i+1]) {
				t.Errorf("Exported(%q) = %q has _ before an upper-case letter", tt.asn1, e)
			}
		}
	}
}

func ExampleNamer() {
	n := NewNamer([]Module{
		{Name: "PKIX1Explicit-2009"},
		{Name: "OCSP-2009", Imports: []string{"PKIX1Explicit-2009"}},
	})
	// The ASN.1 assignments first: OCSP-2009 imports PKIX1Explicit-2009,
	// whose Version keeps the plain name.
	n.Assignments([]Decl{
		{Key: "type OCSP-2009.Version", Name: "Version", Module: "OCSP-2009"},
		{Key: "type PKIX1Explicit-2009.Version", Name: "Version", Module: "PKIX1Explicit-2009"},
	})
	// Then names derived from them.
	v := n.Name("type OCSP-2009.Version")
	n.Derived([]Decl{{Key: "const OCSP-2009.Version/v1", Name: Nested(v, "v1")}})
	fmt.Println(n.Name("type PKIX1Explicit-2009.Version"))
	fmt.Println(v)
	fmt.Println(n.Name("const OCSP-2009.Version/v1"))
	// Output:
	// Version
	// OCSP2009_Version
	// OCSP2009_Version_V1
}
