//go:build linux

package runner

import (
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// Descendants that leave the client's process group (setsid, double fork,
// ignoring SIGTERM) die with the client's run all the same: the reaper is
// their subreaper and kills what is left. Each escapee records its pid
// once it has left, and the client goes on only then.
func TestCommandEscapeesDie(t *testing.T) {
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("no setsid")
	}
	escape := `setsid sh -c 'trap "" TERM; echo $$ >> "$PIDS"; exec sleep 60' & `
	doubleFork := `( setsid sh -c 'echo $$ >> "$PIDS"; ( setsid sleep 60 & echo $! >> "$PIDS" ); sleep 60' & ) ; `
	waitTwo := `until test "$(wc -l < "$PIDS" 2>/dev/null)" -ge 2; do :; done; `
	for _, tc := range []struct {
		name     string
		line     string
		deadline time.Duration
		timedOut bool
	}{
		{"client exits, escapee stays", escape + escape + waitTwo + writeOutcome, 10 * time.Second, false},
		{"client hangs past its deadline", escape + escape + waitTwo + `sleep 60`, 3 * time.Second, true},
		{"double fork into new sessions", doubleFork + waitTwo + writeOutcome, 10 * time.Second, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pidFile := filepath.Join(t.TempDir(), "pids")
			c := &Command{Line: tc.line, Env: []string{"PIDS=" + pidFile}, Timeouts: Timeouts{KillGrace: 100 * time.Millisecond}}
			res := run(t, c, driver.Assignment{CardURL: "https://h/c", Deadline: tc.deadline})
			pids := readPids(t, pidFile)
			for _, pid := range pids {
				defer syscall.Kill(pid, syscall.SIGKILL) // only if the test fails
			}
			if res.TimedOut != tc.timedOut {
				t.Errorf("timed out %v, want %v; stderr %q", res.TimedOut, tc.timedOut, res.Stderr)
			}
			for _, pid := range pids {
				if processLives(pid) {
					t.Errorf("escaped descendant %d survived the run", pid)
				}
			}
			if strings.Contains(res.Stderr, "[runner:") {
				t.Errorf("runner notes: %q", res.Stderr)
			}
		})
	}
}

func TestParseParentAndGroup(t *testing.T) {
	ppid, pgid, ok := parseParentAndGroup([]byte("17 (a) (b) c) S 4 9 9 0"))
	if !ok || ppid != 4 || pgid != 9 {
		t.Errorf("= %d %d %v", ppid, pgid, ok)
	}
	if _, _, ok := parseParentAndGroup([]byte("garbage")); ok {
		t.Error("garbage parsed")
	}
}
