package main

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"syscall"
)

// fdLimit is RLIMIT_NOFILE: every peer holds one listening descriptor, and
// every client connection one more.
type fdLimit struct{ soft, hard uint64 }

// explainStart turns a failed start into an error that names the limit
// that stopped it, with the numbers, when a system limit did.
func explainStart(err error, peers int, fds fdLimit) error {
	switch {
	case errors.Is(err, syscall.EMFILE):
		return fmt.Errorf("farm: %d peers need a file descriptor each and a few more, and the file-descriptor limit (RLIMIT_NOFILE) is %d (hard limit %d): raise it (ulimit -n up to the hard limit; the hard limit takes root with CAP_SYS_RESOURCE, which a container may lack) or serve fewer peers: %w",
			peers, fds.soft, fds.hard, err)
	case errors.Is(err, syscall.ENFILE):
		return fmt.Errorf("farm: the system-wide file limit (fs.file-max) is reached with %d peers to start: %w", peers, err)
	case errors.Is(err, syscall.EADDRINUSE), errors.Is(err, syscall.EADDRNOTAVAIL):
		return fmt.Errorf("farm: no free port left for %d peers on loopback; the ephemeral port range is %s (net.ipv4.ip_local_port_range): %w",
			peers, portRange(), err)
	}
	return err
}

// portRange is the ephemeral port range, as Linux reports it.
func portRange() string {
	raw, err := os.ReadFile("/proc/sys/net/ipv4/ip_local_port_range")
	if err != nil {
		return "unknown"
	}
	return strings.Join(strings.Fields(string(raw)), "–")
}
