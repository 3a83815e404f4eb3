// Package bench holds the benchmarks of asn1gen against the baselines that
// /work/shared/docs/performance.md names: the bare TLV walk (Floor), the
// workloads they run on (HugeCRL, Certificates) and, in its tests, the
// benchmarks. `make bench` runs them and prints the ratios to the floor.
//
// The PER benchmarks (BenchmarkPER here for NR RRC, and in bench/compare
// for NGAP beside free5gc) run over the real messages of testdata/per
// (ReadPERMessages) and measure against PERFloor and PEREncodeFloor, the
// bit-reader walk and the bit-writer walk of the same messages: PER has no
// tags to walk, so its floor is reading (writing) every bit once.
//
// BenchmarkCOER decodes and encodes a real IEEE 1609.2 certificate and a
// signed SPDU in CANONICAL-OER (generated/ieee1609dot2, the vectors of
// testdata/oer), against a walk of their octets.
//
// Absolute times on a shared machine are noise; ratios measured in one
// process are what to compare.
package bench
