package bench

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/asn1gen/asn1gen/generated/etsiits"
)

// The JER benchmark: a CAM (the VW Golf 8's of testdata/per/etsi-its.txt)
// to JSON and back with the generated MarshalJSON and UnmarshalJSON
// (X.697, runtime/jer), beside encoding/json over camJSON, a hand-written
// struct of the same fields with the same JSON names, which encoding/json
// reads and writes by reflection. TestCAMJSONEquivalent checks that both
// give the same JSON for the message.

// camJSON is the CAM of the benchmark as a hand-written struct: every
// component of the containers the message has (the optional ones as
// pointers, left out when nil), the ENUMERATEDs and the BIT STRING as
// strings, as X.697 writes them. The low-frequency and special-vehicle
// containers, which the message does not have, are left out.
type camJSON struct {
	Header struct {
		ProtocolVersion int64 `json:"protocolVersion"`
		MessageID       int64 `json:"messageID"`
		StationID       int64 `json:"stationID"`
	} `json:"header"`
	Cam struct {
		GenerationDeltaTime int64 `json:"generationDeltaTime"`
		CamParameters       struct {
			BasicContainer struct {
				StationType       int64 `json:"stationType"`
				ReferencePosition struct {
					Latitude                  int64 `json:"latitude"`
					Longitude                 int64 `json:"longitude"`
					PositionConfidenceEllipse struct {
						SemiMajorConfidence  int64 `json:"semiMajorConfidence"`
						SemiMinorConfidence  int64 `json:"semiMinorConfidence"`
						SemiMajorOrientation int64 `json:"semiMajorOrientation"`
					} `json:"positionConfidenceEllipse"`
					Altitude struct {
						AltitudeValue      int64  `json:"altitudeValue"`
						AltitudeConfidence string `json:"altitudeConfidence"`
					} `json:"altitude"`
				} `json:"referencePosition"`
			} `json:"basicContainer"`
			HighFrequencyContainer struct {
				BasicVehicleContainerHighFrequency *vehicleHF `json:"basicVehicleContainerHighFrequency,omitempty"`
				RSUContainerHighFrequency          *struct{}  `json:"rsuContainerHighFrequency,omitempty"`
			} `json:"highFrequencyContainer"`
		} `json:"camParameters"`
	} `json:"cam"`
}

type vehicleHF struct {
	Heading struct {
		HeadingValue      int64 `json:"headingValue"`
		HeadingConfidence int64 `json:"headingConfidence"`
	} `json:"heading"`
	Speed struct {
		SpeedValue      int64 `json:"speedValue"`
		SpeedConfidence int64 `json:"speedConfidence"`
	} `json:"speed"`
	DriveDirection string `json:"driveDirection"`
	VehicleLength  struct {
		VehicleLengthValue                int64  `json:"vehicleLengthValue"`
		VehicleLengthConfidenceIndication string `json:"vehicleLengthConfidenceIndication"`
	} `json:"vehicleLength"`
	VehicleWidth             int64 `json:"vehicleWidth"`
	LongitudinalAcceleration struct {
		LongitudinalAccelerationValue      int64 `json:"longitudinalAccelerationValue"`
		LongitudinalAccelerationConfidence int64 `json:"longitudinalAccelerationConfidence"`
	} `json:"longitudinalAcceleration"`
	Curvature struct {
		CurvatureValue      int64  `json:"curvatureValue"`
		CurvatureConfidence string `json:"curvatureConfidence"`
	} `json:"curvature"`
	CurvatureCalculationMode string `json:"curvatureCalculationMode"`
	YawRate                  struct {
		YawRateValue      int64  `json:"yawRateValue"`
		YawRateConfidence string `json:"yawRateConfidence"`
	} `json:"yawRate"`
	AccelerationControl *string `json:"accelerationControl,omitempty"`
	LanePosition        *int64  `json:"lanePosition,omitempty"`
	SteeringWheelAngle  *struct {
		SteeringWheelAngleValue      int64 `json:"steeringWheelAngleValue"`
		SteeringWheelAngleConfidence int64 `json:"steeringWheelAngleConfidence"`
	} `json:"steeringWheelAngle,omitempty"`
	LateralAcceleration *struct {
		LateralAccelerationValue      int64 `json:"lateralAccelerationValue"`
		LateralAccelerationConfidence int64 `json:"lateralAccelerationConfidence"`
	} `json:"lateralAcceleration,omitempty"`
	VerticalAcceleration *struct {
		VerticalAccelerationValue      int64 `json:"verticalAccelerationValue"`
		VerticalAccelerationConfidence int64 `json:"verticalAccelerationConfidence"`
	} `json:"verticalAcceleration,omitempty"`
	PerformanceClass   *int64 `json:"performanceClass,omitempty"`
	CenDsrcTollingZone *struct {
		ProtectedZoneLatitude  int64  `json:"protectedZoneLatitude"`
		ProtectedZoneLongitude int64  `json:"protectedZoneLongitude"`
		CenDsrcTollingZoneID   *int64 `json:"cenDsrcTollingZoneID,omitempty"`
	} `json:"cenDsrcTollingZone,omitempty"`
}

// benchCAM returns the CAM of the benchmark and its JER encoding.
func benchCAM(tb testing.TB) (*etsiits.CAM, []byte) {
	tb.Helper()
	for _, m := range perMessagesOrFail(tb, "etsi-its.txt") {
		if m.Name != "CAM (VW Golf 8, signed with its certificate)" {
			continue
		}
		cam := new(etsiits.CAM)
		if err := cam.UnmarshalUPER(m.Bytes); err != nil {
			tb.Fatal(err)
		}
		b, err := cam.MarshalJSON()
		if err != nil {
			tb.Fatal(err)
		}
		return cam, b
	}
	tb.Fatal("etsi-its.txt: no VW Golf 8 CAM")
	return nil, nil
}

// TestCAMJSONEquivalent: encoding/json reads the generated code's JSON of
// the CAM into camJSON and writes it back byte for byte, so that the two
// benchmarks do the same work.
func TestCAMJSONEquivalent(t *testing.T) {
	_, b := benchCAM(t)
	var h camJSON
	if err := json.Unmarshal(b, &h); err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(&h)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, b) {
		t.Errorf("encoding/json of camJSON:\n%s\nthe generated code's:\n%s", out, b)
	}
}

func BenchmarkCAMJSONMarshal(b *testing.B) {
	cam, enc := benchCAM(b)
	var h camJSON
	if err := json.Unmarshal(enc, &h); err != nil {
		b.Fatal(err)
	}
	b.Run("jer", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(enc)))
		for b.Loop() {
			if _, err := cam.MarshalJSON(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(enc)))
		for b.Loop() {
			if _, err := json.Marshal(&h); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkCAMJSONUnmarshal(b *testing.B) {
	_, enc := benchCAM(b)
	b.Run("jer", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(enc)))
		for b.Loop() {
			var cam etsiits.CAM
			if err := cam.UnmarshalJSON(enc); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(enc)))
		for b.Loop() {
			var h camJSON
			if err := json.Unmarshal(enc, &h); err != nil {
				b.Fatal(err)
			}
		}
	})
	// The token stream of encoding/json's Decoder alone, building no
	// value: what a JER decoder over it would start from. runtime/jer's
	// own scanner is the choice this measures against.
	b.Run("json-tokens", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(enc)))
		for b.Loop() {
			d := json.NewDecoder(bytes.NewReader(enc))
			d.UseNumber()
			for {
				if _, err := d.Token(); err != nil {
					break
				}
			}
		}
	})
}
