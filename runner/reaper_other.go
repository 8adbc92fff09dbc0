//go:build !linux

package runner

import (
	"os"
	"os/exec"
	"syscall"
	"time"
)

// wrapInReaper is Linux only (child subreapers); elsewhere the command's
// process group is the containment.
func wrapInReaper(*exec.Cmd, time.Duration) *os.File { return nil }

// readReaperStatus has no reaper to read. The zero WaitStatus is spelled
// as a variable: it is an integer on Unix and a struct on Windows.
func readReaperStatus(*os.File, time.Duration) (syscall.WaitStatus, bool) {
	var none syscall.WaitStatus
	return none, false
}
