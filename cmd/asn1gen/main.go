// Command asn1gen compiles ASN.1 modules into Go and inspects ASN.1 data.
//
// Usage:
//
//	asn1gen <command> [flags] [arguments]
//
// Each command lives in its own file of this package and registers itself
// with register; `asn1gen help` lists them.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
)

// command is one subcommand of asn1gen.
type command struct {
	name  string
	short string // one line for `asn1gen help`
	// run executes the command with the arguments that follow its name and
	// returns the process exit code.
	run func(args []string, stdout, stderr io.Writer) int
}

var commands = map[string]command{}

// register adds c to the command table; each command file calls it from init.
func register(c command) { commands[c.name] = c }

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "-help" || args[0] == "--help" {
		usage(stderr)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "asn1gen: unknown command %q\n", args[0])
		usage(stderr)
		return 2
	}
	return c.run(args[1:], stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: asn1gen <command> [flags] [arguments]")
	fmt.Fprintln(w, "\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].short)
	}
	fmt.Fprintln(w, "\nRun 'asn1gen <command> -h' for the flags of a command.")
}

// stdin is read for the file name "-" (a variable for the tests).
var stdin io.Reader = os.Stdin

// parseFlags parses args into fs. ok is false when the command must stop
// with the exit code code: 0 after -h, 2 on a flag error.
func parseFlags(fs *flag.FlagSet, args []string) (code int, ok bool) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0, false
		}
		return 2, false
	}
	return 0, true
}

// readInput reads the file name, or standard input for "-"; it returns the
// name to show in messages.
func readInput(name string) (string, []byte, error) {
	if name == "-" {
		data, err := io.ReadAll(stdin)
		return "<stdin>", data, err
	}
	data, err := os.ReadFile(name)
	return name, data, err
}
