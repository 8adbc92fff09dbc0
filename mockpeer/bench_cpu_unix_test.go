//go:build unix

package mockpeer

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the process has used, user and system,
// every goroutine and the collector included.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
