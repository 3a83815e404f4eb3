// Package emit is what the emitters of codegen share: writing Go with
// jennifer (comments, one-line bodies, rendering), the Go form of the
// plan's types and fields, ASN.1 tags as Go expressions, DEFAULT values,
// and the helpers of open-type unions. It emits nothing by itself; each
// feature of a generated package (Go types, a codec, views, streams) is an
// emitter package that reads the plan (codegen/plan) and uses these.
package emit
