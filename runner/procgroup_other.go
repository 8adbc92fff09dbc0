//go:build !unix

package runner

import (
	"errors"
	"os/exec"
	"time"
)

var errNoProcessGroups = errors.New("runner: command clients need Unix process groups")

func startInOwnGroup(cmd *exec.Cmd) error { return errNoProcessGroups }
func terminateGroup(pgid int)             {}
func killGroup(pgid int)                  {}
func groupGone(pgid int, limit time.Duration) bool {
	return false
}
