//go:build unix

package main

import (
	"fmt"
	"syscall"
)

// raiseFDLimit lifts the soft descriptor limit to the hard one where the
// system allows (the Go runtime does so at start on Linux too; an explicit
// call also covers systems where it does not), and returns the limit in
// force.
func raiseFDLimit() (fdLimit, error) {
	var l syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l); err != nil {
		return fdLimit{}, fmt.Errorf("farm: read the file-descriptor limit: %w", err)
	}
	if l.Cur < l.Max {
		raised := l
		raised.Cur = raised.Max
		if syscall.Setrlimit(syscall.RLIMIT_NOFILE, &raised) == nil {
			l = raised
		} // else keep the soft limit: some systems cap it below the hard one
	}
	return fdLimit{soft: uint64(l.Cur), hard: uint64(l.Max)}, nil
}
