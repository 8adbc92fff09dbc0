package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"os/exec"
)

// Mistakes a user makes on the command line are exit 2 with one clear
// message, before anything is played; help is exit 0.
func TestUsageErrors(t *testing.T) {
	readOnly := filepath.Join(t.TempDir(), "ro")
	if err := os.Mkdir(readOnly, 0o500); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		args []string
		want int
		out  string
	}{
		{"a positional argument", []string{"run", "node", "my.mjs"}, 2, `unexpected argument "node"`},
		{"an empty --client", []string{"run", "--client", ""}, 2, "--client is empty"},
		{"a client that cannot start", []string{"run", "--client", "/nonexistent/client --flag"}, 2, "cannot be started"},
		{"a client not on PATH", []string{"run", "--client", "no-such-client-anywhere"}, 2, "cannot be started"},
		{"a selection that matches nothing", []string{"run", "--label-filter", "req:NOPE-001"}, 2, "matches no requirement"},
		{"a scenario label that names no scenario", []string{"run", "--label-filter", "scenario:no-such"}, 2, `no scenario "no-such"; see a2a-conform list`},
		{"bad security scopes", []string{"run", "--security-scopes", "round"}, 2, "want spec or flat"},
		{"a --parallel of 0", []string{"run", "--parallel", "0"}, 2, "want 1 or more"},
		{"a shard past its count", []string{"run", "--shard", "4/3"}, 2, "want K/N"},
		{"more shards than scenarios", []string{"run", "--shard", "1/99"}, 2, "use at most"},
		{"merge -h", []string{"merge", "-h"}, 0, "Usage: a2a-conform merge"},
		{"version", []string{"version"}, 0, "report schema a2a-conform.dev/report/v2"},
		{"run -h", []string{"run", "-h"}, 0, "Usage: a2a-conform run"},
		{"list -h", []string{"list", "-h"}, 0, "Usage: a2a-conform list"},
		{"peer -h", []string{"peer", "-h"}, 0, "Usage: a2a-conform peer"},
		{"a journal limit of 0", []string{"peer", "--scenario", "rotation-during-send", "--journal-limit", "0"}, 2, "want at least 1"},
		{"an admin address off loopback", []string{"peer", "--scenario", "rotation-during-send", "--admin-addr", "0.0.0.0:0"}, 2, "not a loopback host:port"},
		{"client -h", []string{"client", "-h"}, 0, "Usage: a2a-conform client"},
		{"results -h", []string{"results", "-h"}, 0, "Usage: a2a-conform results"},
		{"version -h", []string{"version", "-h"}, 0, "Usage: a2a-conform version"},
	}
	if os.Geteuid() != 0 { // root writes anywhere
		cases = append(cases, struct {
			name string
			args []string
			want int
			out  string
		}{"an unwritable report dir", []string{"run", "--report-dir", filepath.Join(readOnly, "r")}, 2, "report folder"})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			args := c.args
			if args[0] == "run" && !strings.Contains(strings.Join(args, " "), "--report-dir") && c.want != 0 {
				args = append(args, "--report-dir", dir)
			}
			code, out := runBinary(t, args...)
			if code != c.want || !strings.Contains(out, c.out) {
				t.Errorf("exit %d, want %d; output should contain %q:\n%s", code, c.want, c.out, out)
			}
			if c.want == 2 && c.args[0] == "run" {
				if _, err := os.Stat(filepath.Join(dir, "report.json")); err == nil {
					t.Error("a usage error played the catalog and wrote a report")
				}
			}
		})
	}
}

// No colour codes when the output is not a terminal.
func TestNoANSIOutsideATerminal(t *testing.T) {
	_, out := runBinary(t, "run", "--client", "builtin:ttl-cache", "--label-filter", "scenario:rotation-during-send", "--report-dir", t.TempDir())
	if strings.Contains(out, "\x1b[") {
		t.Errorf("ANSI escape codes in piped output:\n%q", out)
	}
}

// SIGINT or SIGTERM during a run kills the client, writes a partial
// report marked interrupted, and exits non-zero.
func TestInterruptedRunExitsNonZero(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			started := filepath.Join(dir, "started")
			client := "touch " + started + "; sleep 30"
			cmd := exec.Command(binary, "run", "--client", client, "--report-dir", filepath.Join(dir, "r"))
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			waitFor(t, started)
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			err := cmd.Wait()
			ee, ok := err.(*exec.ExitError)
			if !ok || ee.ExitCode() != 2 {
				t.Fatalf("exit: %v, want exit code 2", err)
			}
			rep := readReport(t, filepath.Join(dir, "r"))
			if rep["interrupted"] != true || int(rep["exitCode"].(float64)) != 2 {
				t.Errorf("report interrupted=%v exitCode=%v", rep["interrupted"], rep["exitCode"])
			}
		})
	}
}

// waitFor polls for a file the client creates: the client's own signal
// that it runs, not a guess at how long starting takes.
func waitFor(t *testing.T, path string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		if _, err := os.Stat(path); err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s never appeared", path)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Only the folders reports go to are probed: a writable report folder in
// a read-only parent is fine when --json and --junit are not given.
func TestReportDirInReadOnlyParent(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes anywhere")
	}
	parent := filepath.Join(t.TempDir(), "ro")
	dir := filepath.Join(parent, "r")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(parent, 0o500); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(parent, 0o755)
	if code, out := runBinary(t, "run", "--label-filter", "scenario:version-skew", "--report-dir", dir); code != 0 {
		t.Errorf("exit %d, want 0:\n%s", code, out)
	}
}

// A run whose reports cannot be written leaves no earlier run's verdicts
// behind: report.json and junit.xml are gone, not stale, and it exits 2.
func TestFailedWriteLeavesNoStaleVerdicts(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"report.json", "junit.xml"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("an earlier run's pass"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// journals as a file: the run plays, then cannot write its reports.
	if err := os.WriteFile(filepath.Join(dir, "journals"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out := runBinary(t, "run", "--label-filter", "scenario:version-skew", "--report-dir", dir)
	if code != 2 || !strings.Contains(out, "exit code 2") || !strings.Contains(out, "not a directory") {
		t.Errorf("exit %d, want 2, with the summary and the error:\n%s", code, out)
	}
	for _, name := range []string{"report.json", "junit.xml"} {
		if _, err := os.Stat(filepath.Join(dir, name)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s: %v, want it removed", name, err)
		}
	}
}
