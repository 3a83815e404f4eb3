package nrrrc_test

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/asn1gen/asn1gen/generated/nrrrc"
)

// Decode a real SecurityModeCommand (from srsRAN's tests, in
// testdata/per/nr-rrc.txt), read the algorithms it selects, and encode it
// again to the same bytes.
func ExampleDLDCCHMessage_UnmarshalUPER() {
	msg, err := readMessage("../../testdata/per/nr-rrc.txt", "SecurityModeCommand")
	if err != nil {
		log.Fatal(err)
	}
	var m nrrrc.DLDCCHMessage
	if err := m.UnmarshalUPER(msg); err != nil {
		log.Fatal(err) // a *der.Error with the bit offset and field path
	}
	c1 := m.Message.C1
	fmt.Println(m.Message.Choice, c1.Choice)
	smc := c1.SecurityModeCommand
	fmt.Println("transaction:", smc.RRCTransactionIdentifier)
	alg := smc.CriticalExtensions.SecurityModeCommand.SecurityConfigSMC.SecurityAlgorithmConfig
	fmt.Println("ciphering:", alg.CipheringAlgorithm)
	if alg.HasIntegrityProtAlgorithm {
		fmt.Println("integrity:", alg.IntegrityProtAlgorithm)
	}
	out, err := m.MarshalUPER()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("re-encoded identical:", bytes.Equal(out, msg))
	// Output:
	// c1 securityModeCommand
	// transaction: 1
	// ciphering: nea0
	// integrity: nia2
	// re-encoded identical: true
}

// readMessage returns the hex line of the first block of a testdata/per
// file whose "# message:" is name.
func readMessage(path, name string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	found := false
	for s := bufio.NewScanner(f); s.Scan(); {
		line := strings.TrimSpace(s.Text())
		switch {
		case line == "# message: "+name:
			found = true
		case found && line != "" && !strings.HasPrefix(line, "#"):
			return hex.DecodeString(line)
		}
	}
	return nil, fmt.Errorf("%s: no message %s", path, name)
}
