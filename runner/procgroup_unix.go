//go:build unix

package runner

import (
	"errors"
	"os/exec"
	"syscall"
	"time"
)

// groupPollInterval is how often groupGone looks again.
const groupPollInterval = 5 * time.Millisecond

// startInOwnGroup makes the command the leader of a new process group, so
// that the group id is its pid and everything it spawns can be killed.
func startInOwnGroup(cmd *exec.Cmd) error {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	return nil
}

func terminateGroup(pgid int) { _ = syscall.Kill(-pgid, syscall.SIGTERM) }

func killGroup(pgid int) { _ = syscall.Kill(-pgid, syscall.SIGKILL) }

// groupGone polls, up to limit, until no live process is left in the group.
func groupGone(pgid int, limit time.Duration) bool {
	deadline := time.Now().Add(limit)
	for {
		if !groupAlive(pgid) {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(groupPollInterval)
	}
}

// groupAlive reports whether the group has a member that is not a zombie.
// Zombies count as gone: they hold no resources, and an init that does not
// reap orphans (common in containers) would otherwise keep them forever.
func groupAlive(pgid int) bool {
	err := syscall.Kill(-pgid, 0)
	if errors.Is(err, syscall.ESRCH) {
		return false
	}
	return hasLiveMember(pgid)
}
