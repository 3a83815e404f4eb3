package etsiits_test

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/asn1gen/asn1gen/generated/etsiits"
)

// Decode a real CAM (a VW Golf 8's, from vanetza's tests, in
// testdata/per/etsi-its.txt), read where the vehicle was and how fast it
// went, and encode it again to the same bytes.
func ExampleCAM_UnmarshalUPER() {
	msg, err := readMessage("../../testdata/per/etsi-its.txt", "CAM (VW Golf 8, signed with its certificate)")
	if err != nil {
		log.Fatal(err)
	}
	var cam etsiits.CAM
	if err := cam.UnmarshalUPER(msg); err != nil {
		log.Fatal(err) // a *der.Error with the bit offset and field path
	}
	fmt.Println("station:", cam.Header.StationID, cam.Header.MessageID)
	basic := cam.Cam.CamParameters.BasicContainer
	pos := basic.ReferencePosition
	// Latitude and Longitude are in tenths of a microdegree.
	fmt.Printf("%s at %.6f, %.6f\n", basic.StationType, float64(pos.Latitude)/1e7, float64(pos.Longitude)/1e7)
	if hf := cam.Cam.CamParameters.HighFrequencyContainer.BasicVehicleContainerHighFrequency; hf != nil {
		// SpeedValue is in cm/s, HeadingValue in tenths of a degree.
		fmt.Printf("%.2f m/s, heading %.1f°, %s\n", float64(hf.Speed.SpeedValue)/100, float64(hf.Heading.HeadingValue)/10, hf.DriveDirection)
	}
	out, err := cam.MarshalUPER()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("re-encoded identical:", bytes.Equal(out, msg))
	// Output:
	// station: 1289795728 cam
	// passengerCar at 52.462600, 10.721971
	// 3.22 m/s, heading 95.8°, forward
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
