// Package derstmt writes the statements that read and write one value,
// component or open type in DER and BER: what the DER codec's methods are
// made of, and what the views and streams, which decode lazily what the
// eager decode would, share with it so that a value or error met lazily is
// the eager one. It declares nothing by itself.
package derstmt
