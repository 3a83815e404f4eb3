// Package bench holds the benchmarks of asn1gen against the baselines that
// /work/shared/docs/performance.md names: the bare TLV walk (Floor), the
// workloads they run on (HugeCRL, Certificates) and, in its tests, the
// benchmarks. `make bench` runs them and prints the ratios to the floor.
//
// Absolute times on a shared machine are noise; ratios measured in one
// process are what to compare.
package bench
