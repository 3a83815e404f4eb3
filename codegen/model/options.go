package model

// Options adjust how a module set is checked.
type Options struct {
}
