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

func readReaperStatus(*os.File, time.Duration) (syscall.WaitStatus, bool) { return 0, false }
