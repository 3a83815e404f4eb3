package der_test

import (
	"bytes"
	"runtime/debug"
	"syscall"
	"testing"

	"github.com/asn1gen/asn1gen/runtime/der"
)

// TestHintReadsAPrefix checks that the error path of a decode reads a
// bounded prefix of its input for the PEM hint, whatever the input's size
// (issue 24: der.Hint took 4.5-45 ms on 100 MB, scanning for a line
// break). The input is 1 GiB of address space of which only the first
// 64 KiB are readable: a read of the rest faults, which
// debug.SetPanicOnFault turns into a panic that the test reports (a fault
// in assembly, such as bytes.Index's, crashes the test binary instead:
// the test fails either way). Under the old code, the search for the end
// of the PEM header line (or of leading blank space) ran into the
// unreadable tail.
func TestHintReadsAPrefix(t *testing.T) {
	const size, readable = 1 << 30, 64 << 10
	mem, err := syscall.Mmap(-1, 0, size, syscall.PROT_NONE, syscall.MAP_ANON|syscall.MAP_PRIVATE|syscall.MAP_NORESERVE)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	defer syscall.Munmap(mem)
	if err := syscall.Mprotect(mem[:readable], syscall.PROT_READ|syscall.PROT_WRITE); err != nil {
		t.Skipf("mprotect: %v", err)
	}
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))

	tests := []struct {
		name string
		head string // the start of the readable part, the rest of which is fill
		fill byte
		hint string
	}{
		{"PEM header, no line break", "-----BEGIN CERTIFICATE-----", 'A',
			"the input is PEM (-----BEGIN CERTIFICATE-----), not DER: decode it with encoding/pem and pass the block's Bytes"},
		{"PEM header after blank space", "  \r\n-----BEGIN PAIR-----", '=',
			"the input is PEM (-----BEGIN PAIR-----), not DER: decode it with encoding/pem and pass the block's Bytes"},
		{"blank space only", "", ' ', ""},
		{"no PEM", "\x30\x84\x7f\xff", 0xff, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			head := mem[:readable]
			for i := range head {
				head[i] = tt.fill
			}
			copy(head, tt.head)
			defer func() {
				if p := recover(); p != nil {
					t.Fatalf("the hint read past the first %d octets of a %d-octet input: %v", readable, size, p)
				}
			}()
			err := der.Hint(der.NewError(der.KindTagMismatch, 0, "Pair", "expected SEQUENCE", ""), mem, false)
			if e := err.(*der.Error); e.Hint != tt.hint {
				t.Errorf("Hint = %q, want %q", e.Hint, tt.hint)
			}
			// Unmarshal's error path, the decode included.
			var v pair
			err = der.Unmarshal(mem, &v, nil)
			if err == nil {
				t.Fatal("Unmarshal succeeds")
			}
			if tt.hint != "" && !bytes.HasSuffix([]byte(err.Error()), []byte("; "+tt.hint)) {
				t.Errorf("Unmarshal: %v, want the hint %q", err, tt.hint)
			}
		})
	}
}
