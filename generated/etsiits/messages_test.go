package etsiits_test

import (
	"encoding/hex"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/asn1gen/asn1gen/generated/etsiits"
	"github.com/asn1gen/asn1gen/internal/permsg"
)

const messagesFile = "../../testdata/per/etsi-its.txt"

// uperValue is what the test needs of a generated type.
type uperValue interface {
	UnmarshalUPER([]byte) error
	MarshalUPER() ([]byte, error)
}

// newValue returns a new value of the ASN.1 type named, for the types the
// file's blocks name.
var newValue = map[string]func() uperValue{
	"CAM":  func() uperValue { return new(etsiits.CAM) },
	"DENM": func() uperValue { return new(etsiits.DENM) },
}

// camFields are the fields of a CAM that checkCAM compares, as numbers
// (the enumerations too), in the order asn1ct prints them.
type camFields struct {
	ProtocolVersion, MessageID, StationID, GenerationDeltaTime int64
	StationType, Latitude, Longitude                           int64
	SemiMajor, SemiMinor, Orientation, Altitude, AltitudeConf  int64
	HF                                                         int64 // the HighFrequencyContainer alternative
	Heading, HeadingConf, Speed, SpeedConf, DriveDirection     int64
	Length, LengthConf, Width, LongAccel, LongAccelConf        int64
	Curvature, CurvatureConf, CurvatureMode, YawRate, YawConf  int64
	AccelerationControl                                        string // the BIT STRING's bits
	HasLanePosition                                            bool
	SteeringWheelAngle, SteeringWheelAngleConf                 int64
	LateralAccel, LateralAccelConf                             int64
	HasVertical, HasPerformance, HasTolling, HasLowFrequency   bool
	HasSpecialVehicle                                          bool
}

func bits(b []byte, n int) string {
	s := make([]byte, n)
	for i := range n {
		s[i] = '0' + b[i/8]>>(7-i%8)&1
	}
	return string(s)
}

func fieldsOfCAM(c *etsiits.CAM) camFields {
	p := c.Cam.CamParameters
	pos := p.BasicContainer.ReferencePosition
	f := camFields{
		ProtocolVersion: c.Header.ProtocolVersion, MessageID: int64(c.Header.MessageID), StationID: int64(c.Header.StationID),
		GenerationDeltaTime: int64(c.Cam.GenerationDeltaTime),
		StationType:         int64(p.BasicContainer.StationType), Latitude: int64(pos.Latitude), Longitude: int64(pos.Longitude),
		SemiMajor: int64(pos.PositionConfidenceEllipse.SemiMajorConfidence), SemiMinor: int64(pos.PositionConfidenceEllipse.SemiMinorConfidence),
		Orientation: int64(pos.PositionConfidenceEllipse.SemiMajorOrientation),
		Altitude:    int64(pos.Altitude.AltitudeValue), AltitudeConf: int64(pos.Altitude.AltitudeConfidence),
		HF:              int64(p.HighFrequencyContainer.Choice),
		HasLowFrequency: p.HasLowFrequencyContainer, HasSpecialVehicle: p.HasSpecialVehicleContainer,
	}
	if hf := p.HighFrequencyContainer.BasicVehicleContainerHighFrequency; hf != nil {
		f.Heading, f.HeadingConf = int64(hf.Heading.HeadingValue), int64(hf.Heading.HeadingConfidence)
		f.Speed, f.SpeedConf = int64(hf.Speed.SpeedValue), int64(hf.Speed.SpeedConfidence)
		f.DriveDirection = int64(hf.DriveDirection)
		f.Length, f.LengthConf = int64(hf.VehicleLength.VehicleLengthValue), int64(hf.VehicleLength.VehicleLengthConfidenceIndication)
		f.Width = int64(hf.VehicleWidth)
		f.LongAccel, f.LongAccelConf = int64(hf.LongitudinalAcceleration.LongitudinalAccelerationValue), int64(hf.LongitudinalAcceleration.LongitudinalAccelerationConfidence)
		f.Curvature, f.CurvatureConf = int64(hf.Curvature.CurvatureValue), int64(hf.Curvature.CurvatureConfidence)
		f.CurvatureMode = int64(hf.CurvatureCalculationMode)
		f.YawRate, f.YawConf = int64(hf.YawRate.YawRateValue), int64(hf.YawRate.YawRateConfidence)
		if hf.HasAccelerationControl {
			f.AccelerationControl = bits(hf.AccelerationControl.Bytes, hf.AccelerationControl.BitLength)
		}
		f.HasLanePosition = hf.HasLanePosition
		if hf.HasSteeringWheelAngle {
			f.SteeringWheelAngle, f.SteeringWheelAngleConf = int64(hf.SteeringWheelAngle.SteeringWheelAngleValue), int64(hf.SteeringWheelAngle.SteeringWheelAngleConfidence)
		}
		if hf.HasLateralAcceleration {
			f.LateralAccel, f.LateralAccelConf = int64(hf.LateralAcceleration.LateralAccelerationValue), int64(hf.LateralAcceleration.LateralAccelerationConfidence)
		}
		f.HasVertical, f.HasPerformance, f.HasTolling = hf.HasVerticalAcceleration, hf.HasPerformanceClass, hf.HasCenDsrcTollingZone
	}
	return f
}

// denmFields are the fields of a DENM that checkDENM compares.
type denmFields struct {
	ProtocolVersion, MessageID, StationID                  int64
	Originator, Sequence, Detection, Reference             int64
	HasTermination                                         bool
	Latitude, Longitude, SemiMajor, SemiMinor, Orientation int64
	Altitude, AltitudeConf                                 int64
	RelevanceDistance, RelevanceTrafficDirection           int64
	Validity, TransmissionInterval, StationType            int64
	HasSituation                                           bool
	Quality, Cause, SubCause                               int64
	HasLinkedCause                                         bool
	LinkedCause, LinkedSubCause                            int64
	History                                                [][5]int64 // dLat, dLon, dAlt, eventDeltaTime (-1: absent), quality
	HasLocation                                            bool
	Speed, SpeedConf, Heading, HeadingConf                 int64
	Traces                                                 []int // the length of each path
	HasRoadType, HasAlacarte                               bool
}

func fieldsOfDENM(d *etsiits.DENM) denmFields {
	m := d.Denm.Management
	pos := m.EventPosition
	f := denmFields{
		ProtocolVersion: d.Header.ProtocolVersion, MessageID: int64(d.Header.MessageID), StationID: int64(d.Header.StationID),
		Originator: int64(m.ActionID.OriginatingStationID), Sequence: int64(m.ActionID.SequenceNumber),
		Detection: int64(m.DetectionTime), Reference: int64(m.ReferenceTime), HasTermination: m.HasTermination,
		Latitude: int64(pos.Latitude), Longitude: int64(pos.Longitude),
		SemiMajor: int64(pos.PositionConfidenceEllipse.SemiMajorConfidence), SemiMinor: int64(pos.PositionConfidenceEllipse.SemiMinorConfidence),
		Orientation: int64(pos.PositionConfidenceEllipse.SemiMajorOrientation),
		Altitude:    int64(pos.Altitude.AltitudeValue), AltitudeConf: int64(pos.Altitude.AltitudeConfidence),
		RelevanceDistance: -1, RelevanceTrafficDirection: -1, Validity: -1, TransmissionInterval: -1,
		StationType:  int64(m.StationType),
		HasSituation: d.Denm.HasSituation, HasLocation: d.Denm.HasLocation, HasAlacarte: d.Denm.HasAlacarte,
	}
	if m.HasRelevanceDistance {
		f.RelevanceDistance = int64(m.RelevanceDistance)
	}
	if m.HasRelevanceTrafficDirection {
		f.RelevanceTrafficDirection = int64(m.RelevanceTrafficDirection)
	}
	if m.HasValidityDuration {
		f.Validity = int64(m.ValidityDuration)
	}
	if m.HasTransmissionInterval {
		f.TransmissionInterval = int64(m.TransmissionInterval)
	}
	s := d.Denm.Situation
	f.Quality, f.Cause, f.SubCause = int64(s.InformationQuality), int64(s.EventType.CauseCode), int64(s.EventType.SubCauseCode)
	f.HasLinkedCause = s.HasLinkedCause
	f.LinkedCause, f.LinkedSubCause = int64(s.LinkedCause.CauseCode), int64(s.LinkedCause.SubCauseCode)
	for _, e := range s.EventHistory {
		dt := int64(-1)
		if e.HasEventDeltaTime {
			dt = int64(e.EventDeltaTime)
		}
		f.History = append(f.History, [5]int64{int64(e.EventPosition.DeltaLatitude), int64(e.EventPosition.DeltaLongitude),
			int64(e.EventPosition.DeltaAltitude), dt, int64(e.InformationQuality)})
	}
	l := d.Denm.Location
	f.Speed, f.SpeedConf = int64(l.EventSpeed.SpeedValue), int64(l.EventSpeed.SpeedConfidence)
	f.Heading, f.HeadingConf = int64(l.EventPositionHeading.HeadingValue), int64(l.EventPositionHeading.HeadingConfidence)
	for _, p := range l.Traces {
		f.Traces = append(f.Traces, len(p))
	}
	f.HasRoadType = l.HasRoadType
	return f
}

// checks compare decoded values, by block name, with what an independent
// decoder made of the same bytes, so that a decode that loses or
// misplaces fields cannot pass by re-encoding what it read: the VW Golf's
// CAM with Erlang/OTP asn1ct's decode (verify.sh's ETSI module), the
// DENM with the Wireshark decode that its source page prints.
var checks = map[string]func(t *testing.T, v uperValue){
	"CAM (VW Golf 8, signed with its certificate)": func(t *testing.T, v uperValue) {
		want := camFields{
			ProtocolVersion: 2, MessageID: 2, StationID: 1289795728, GenerationDeltaTime: 12476,
			StationType: 5, Latitude: 524626000, Longitude: 107219713,
			SemiMajor: 290, SemiMinor: 284, Orientation: 877, Altitude: 9750, AltitudeConf: 10, // alt-020-00
			HF:      int64(etsiits.HighFrequencyContainer_BasicVehicleContainerHighFrequency),
			Heading: 958, HeadingConf: 10, // equalOrWithinOneDegree
			Speed: 322, SpeedConf: 4, DriveDirection: 0, // forward
			Length: 42, LengthConf: 3, // trailerPresenceIsUnknown
			Width: 18, LongAccel: 19, LongAccelConf: 102, // unavailable
			Curvature: -24, CurvatureConf: 4, // onePerMeter-0-01
			CurvatureMode: 0,               // yawRateUsed
			YawRate:       -30, YawConf: 8, // unavailable
			AccelerationControl: "0100000",                    // gasPedalEngaged
			SteeringWheelAngle:  0, SteeringWheelAngleConf: 1, // straight, equalOrWithinOnePointFiveDegree
			LateralAccel: 0, LateralAccelConf: 102, // unavailable
		}
		if diff := cmp.Diff(want, fieldsOfCAM(v.(*etsiits.CAM))); diff != "" {
			t.Errorf("CAM, against asn1ct's decode (-asn1ct +got):\n%s", diff)
		}
	},
	"DENM (wrong-way driving, InstantX)": func(t *testing.T, v uperValue) {
		want := denmFields{
			ProtocolVersion: 2, MessageID: 1, StationID: 19911991,
			Originator: 19911991, Sequence: 987, Detection: 1071266991390, Reference: 1071266991390,
			Latitude: -109791002, Longitude: -112004003, SemiMajor: 377, SemiMinor: 377, Orientation: 0,
			Altitude: 1200, AltitudeConf: 1, // alt-000-02
			RelevanceDistance: 0, RelevanceTrafficDirection: 0, // lessThan50m, allTrafficDirections
			Validity: 86400, TransmissionInterval: 500, StationType: 5,
			HasSituation: true, Quality: 3, Cause: 14, SubCause: 0, // wrongWayDriving
			HasLinkedCause: true, LinkedCause: 97, LinkedSubCause: 0, // collisionRisk
			History:     [][5]int64{{-123, 897, 20, 1706733817, 1}, {456, 789, 10, -1, 2}},
			HasLocation: true, Speed: 1300, SpeedConf: 127, Heading: 14, HeadingConf: 127,
			Traces: []int{0},
		}
		if diff := cmp.Diff(want, fieldsOfDENM(v.(*etsiits.DENM))); diff != "" {
			t.Errorf("DENM, against Wireshark's decode (-Wireshark +got):\n%s", diff)
		}
	},
}

// TestRealMessages decodes every message of testdata/per/etsi-its.txt
// with its type and re-encodes it: the bytes must be those received, as
// asn1ct's are (each block's "erlang:" line). The modules have no open
// types, so a decode that succeeds has typed every field; checks compare
// two of the values with an independent decoder's.
func TestRealMessages(t *testing.T) {
	msgs := permsg.MustRead(t, messagesFile)
	if len(msgs) < 5 {
		t.Fatalf("%s: %d messages, want at least 5", messagesFile, len(msgs))
	}
	checked := 0
	for _, m := range msgs {
		t.Run(m.Name, func(t *testing.T) {
			if m.Variant != "uper" {
				t.Fatalf("line %d: variant %q", m.Line, m.Variant)
			}
			if m.Erlang != "decodes, re-encodes identical" {
				t.Errorf("line %d: asn1ct: %q", m.Line, m.Erlang)
			}
			mk, ok := newValue[m.Type]
			if !ok {
				t.Fatalf("line %d: no Go type for %s", m.Line, m.Type)
			}
			v := mk()
			if err := v.UnmarshalUPER(m.Bytes); err != nil {
				t.Fatalf("line %d: UnmarshalUPER: %v", m.Line, err)
			}
			got, err := v.MarshalUPER()
			if err != nil {
				t.Fatalf("line %d: MarshalUPER: %v", m.Line, err)
			}
			if diff := cmp.Diff(hex.EncodeToString(m.Bytes), hex.EncodeToString(got)); diff != "" {
				t.Errorf("line %d: re-encoded (-received +got):\n%s", m.Line, diff)
			}
			if check, ok := checks[m.Name]; ok {
				check(t, v)
				checked++
			}
		})
	}
	if checked != len(checks) {
		t.Errorf("%d of the %d checks ran: a block was renamed?", checked, len(checks))
	}
}
