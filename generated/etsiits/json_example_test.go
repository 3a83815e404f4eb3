package etsiits_test

import (
	"encoding/json"
	"fmt"
	"log"

	"github.com/asn1gen/asn1gen/generated/etsiits"
)

// Print a real CAM (the VW Golf 8's of ExampleCAM_UnmarshalUPER) as JSON:
// MarshalJSON writes its JER encoding (X.697), which encoding/json calls
// for the CAM inside a struct of the caller's, and UnmarshalJSON reads it
// back.
func ExampleCAM_MarshalJSON() {
	msg, err := readMessage("../../testdata/per/etsi-its.txt", "CAM (VW Golf 8, signed with its certificate)")
	if err != nil {
		log.Fatal(err)
	}
	var cam etsiits.CAM
	if err := cam.UnmarshalUPER(msg); err != nil {
		log.Fatal(err)
	}
	type received struct {
		Port int
		CAM  etsiits.CAM
	}
	b, err := json.MarshalIndent(received{2001, cam}, "", "  ")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(string(b))
	var back received
	if err := json.Unmarshal(b, &back); err != nil {
		log.Fatal(err) // a *der.Error with the byte offset in the CAM's JSON and the field path
	}
	again, err := back.CAM.MarshalUPER()
	fmt.Println("back to the same UPER:", err == nil && string(again) == string(msg))
	// Output:
	// {
	//   "Port": 2001,
	//   "CAM": {
	//     "header": {
	//       "protocolVersion": 2,
	//       "messageID": 2,
	//       "stationID": 1289795728
	//     },
	//     "cam": {
	//       "generationDeltaTime": 12476,
	//       "camParameters": {
	//         "basicContainer": {
	//           "stationType": 5,
	//           "referencePosition": {
	//             "latitude": 524626000,
	//             "longitude": 107219713,
	//             "positionConfidenceEllipse": {
	//               "semiMajorConfidence": 290,
	//               "semiMinorConfidence": 284,
	//               "semiMajorOrientation": 877
	//             },
	//             "altitude": {
	//               "altitudeValue": 9750,
	//               "altitudeConfidence": "alt-020-00"
	//             }
	//           }
	//         },
	//         "highFrequencyContainer": {
	//           "basicVehicleContainerHighFrequency": {
	//             "heading": {
	//               "headingValue": 958,
	//               "headingConfidence": 10
	//             },
	//             "speed": {
	//               "speedValue": 322,
	//               "speedConfidence": 4
	//             },
	//             "driveDirection": "forward",
	//             "vehicleLength": {
	//               "vehicleLengthValue": 42,
	//               "vehicleLengthConfidenceIndication": "trailerPresenceIsUnknown"
	//             },
	//             "vehicleWidth": 18,
	//             "longitudinalAcceleration": {
	//               "longitudinalAccelerationValue": 19,
	//               "longitudinalAccelerationConfidence": 102
	//             },
	//             "curvature": {
	//               "curvatureValue": -24,
	//               "curvatureConfidence": "onePerMeter-0-01"
	//             },
	//             "curvatureCalculationMode": "yawRateUsed",
	//             "yawRate": {
	//               "yawRateValue": -30,
	//               "yawRateConfidence": "unavailable"
	//             },
	//             "accelerationControl": "40",
	//             "steeringWheelAngle": {
	//               "steeringWheelAngleValue": 0,
	//               "steeringWheelAngleConfidence": 1
	//             },
	//             "lateralAcceleration": {
	//               "lateralAccelerationValue": 0,
	//               "lateralAccelerationConfidence": 102
	//             }
	//           }
	//         }
	//       }
	//     }
	//   }
	// }
	// back to the same UPER: true
}
