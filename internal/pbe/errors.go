package pbe

import (
	"errors"
	"strconv"
)

// The classes of error this package returns; test with errors.Is. Every
// error also says, in its text, which algorithm or parameter it is about.
var (
	// ErrIncorrectPassword: a MAC did not verify, or a CBC decryption
	// ended in bad padding. Either the password is wrong or the data was
	// altered; the two cannot be told apart. RC4 (no padding, no check)
	// never returns it: a wrong password there gives garbage, which the
	// caller finds when it parses the plaintext.
	ErrIncorrectPassword = errors.New("pbe: incorrect password")

	// ErrUnsupported: an algorithm this package does not implement. The
	// error is an *UnsupportedError naming its OID.
	ErrUnsupported = errors.New("pbe: unsupported algorithm")

	// ErrLimit: a parameter asks for more work than Options allow (an
	// iteration count above MaxIterations). Checked before any key is
	// derived, so a hostile file costs nothing.
	ErrLimit = errors.New("pbe: over the limit")

	// ErrInvalidParameters: parameters that no correct encoder writes (a
	// zero iteration count, a key length the cipher cannot take, an IV of
	// the wrong size, a ciphertext that is not whole blocks).
	ErrInvalidParameters = errors.New("pbe: invalid parameters")
)

// UnsupportedError reports an algorithm this package does not implement,
// by its OID, with the role it plays ("PBES2 encryption scheme", "PBKDF2
// PRF", ...). errors.Is(err, ErrUnsupported) holds.
type UnsupportedError struct {
	Role string // what the algorithm is for
	OID  string // its identifier, dotted; "" when absent
}

func (e *UnsupportedError) Error() string {
	return "pbe: unsupported " + e.Role + " " + describe(e.OID)
}

func (e *UnsupportedError) Is(target error) bool { return target == ErrUnsupported }

func unsupported(role, oid string) error { return &UnsupportedError{Role: role, OID: oid} }

// paramError is an error of class ErrInvalidParameters or ErrLimit with
// its own text.
type paramError struct {
	msg   string
	class error
}

func (e *paramError) Error() string        { return "pbe: " + e.msg }
func (e *paramError) Is(target error) bool { return target == e.class }

func invalid(msg string) error { return &paramError{msg: msg, class: ErrInvalidParameters} }

func overLimit(msg string) error { return &paramError{msg: msg, class: ErrLimit} }

func itoa(n int) string { return strconv.Itoa(n) }
