// Package plan is the typed description of every Go type, field, tag,
// constraint and open-type table that generation needs. New builds it once
// from the model (codegen/model), with every Go name settled; the emitters
// under codegen/emit read it and write Go from it. The plan imports no
// emitter.
package plan
