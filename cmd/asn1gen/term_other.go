//go:build !linux && !darwin && !freebsd && !netbsd && !openbsd && !dragonfly && !windows

package main

// isTerminal reports whether fd is a terminal: never known here, so no
// progress is shown.
func isTerminal(fd uintptr) bool { return false }
