//go:build unix

package runner

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// procState returns the state letter of a process from /proc ("" when it
// is gone or /proc is not there).
func procState(pid int) (state string, pgid int) {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return "", 0
	}
	f := strings.Fields(string(stat[strings.LastIndex(string(stat), ")")+1:]))
	pgid, _ = strconv.Atoi(f[2])
	return f[0], pgid
}

// processLives: the process exists and is not a zombie (this test
// environment's init may never reap orphans).
func processLives(pid int) bool {
	if errors.Is(syscall.Kill(pid, 0), syscall.ESRCH) {
		return false
	}
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		return true // no /proc: a zombie cannot be told apart
	}
	state, _ := procState(pid)
	return state != "" && state != "Z"
}

// groupLives: some non-zombie process is in the group.
func groupLives(pgid int) bool {
	if errors.Is(syscall.Kill(-pgid, 0), syscall.ESRCH) {
		return false
	}
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return true
	}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if state, g := procState(pid); g == pgid && state != "Z" && state != "" {
			return true
		}
	}
	return false
}

// readPids reads the pids a test client wrote, one a line.
func readPids(t *testing.T, path string) []int {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the client did not record its pids: %v", err)
	}
	var pids []int
	for _, f := range strings.Fields(string(data)) {
		pid, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("pid file: %v", err)
		}
		pids = append(pids, pid)
	}
	return pids
}

// waitForFile polls, bounded, until path exists.
func waitForFile(path string, limit time.Duration) bool {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		if _, err := os.Stat(path); err == nil {
			return true
		}
		time.Sleep(5 * time.Millisecond)
	}
	return false
}
