package main

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/suite/report"
	"github.com/a2a-conform/a2a-conform/suite/report/reporttest"
)

// SIGINT while several client processes run kills every one of them, and
// the report is still written, interrupted, with exit code 2.
func TestParallelInterruptKillsEveryClient(t *testing.T) {
	dir := t.TempDir()
	pids := filepath.Join(dir, "pids")
	if err := os.Mkdir(pids, 0o755); err != nil {
		t.Fatal(err)
	}
	client := "touch " + pids + "/$$; exec sleep 30"
	cmd := exec.Command(binary, "run", "--parallel", "3", "--client", client, "--report-dir", filepath.Join(dir, "r"))
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	running := waitForFiles(t, pids, 3)
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	var ee *exec.ExitError
	if err := cmd.Wait(); !errors.As(err, &ee) || ee.ExitCode() != 2 {
		t.Fatalf("exit: %v, want exit code 2", err)
	}
	for _, name := range running {
		pid, err := strconv.Atoi(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
			t.Errorf("client process %d outlived the interrupted run (kill -0: %v)", pid, err)
		}
	}
	rep := readReport(t, filepath.Join(dir, "r"))
	if rep["interrupted"] != true || int(rep["exitCode"].(float64)) != 2 {
		t.Errorf("report interrupted=%v exitCode=%v", rep["interrupted"], rep["exitCode"])
	}
}

// waitForFiles polls until dir holds n files, the clients' own signal that
// they run, and returns their names.
func waitForFiles(t *testing.T, dir string, n int) []string {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		if len(entries) >= n {
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			return names
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d clients started", len(entries), n)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Three shards merged are the run played whole: the same verdict table
// and exit code, every journal, and the outputs a run writes. A shard
// missing is refused.
func TestShardsMergeAsOneRun(t *testing.T) {
	for _, client := range []string{"builtin:reference", "builtin:follow-url"} {
		t.Run(client, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			at := func(name string) string { return filepath.Join(dir, name) }
			wantCode, out := runBinary(t, "run", "--client", client, "--parallel", "2", "--report-dir", at("whole"), "--acts-report", at("whole-acts"))
			if wantCode > 1 {
				t.Fatalf("whole run: exit %d:\n%s", wantCode, out)
			}
			var shards []string
			for k := 1; k <= 3; k++ {
				shard := at("shard" + strconv.Itoa(k))
				if code, out := runBinary(t, "run", "--client", client, "--shard", strconv.Itoa(k)+"/3", "--report-dir", shard); code > 1 {
					t.Fatalf("shard %d/3: exit %d:\n%s", k, code, out)
				}
				shards = append(shards, shard)
			}
			shards[1] = filepath.Join(shards[1], "report.json") // a report's path works as well as its folder
			code, out := runBinary(t, append([]string{"merge", "-o", at("merged"), "--acts-report", at("merged-acts")}, shards...)...)
			if code != wantCode {
				t.Errorf("merge: exit %d, the whole run %d:\n%s", code, wantCode, out)
			}
			whole, merged := readTyped(t, at("whole")), readTyped(t, at("merged"))
			if diff := reporttest.LineDiff(whole.VerdictTable(), merged.VerdictTable()); diff != "" {
				t.Errorf("merged verdicts differ from the whole run's (-whole +merged):\n%s", diff)
			}
			for _, sc := range merged.Scenarios {
				for _, f := range []string{sc.JournalFile, strings.TrimSuffix(sc.JournalFile, ".jsonl") + ".txt"} {
					if _, err := os.Stat(filepath.Join(at("merged"), f)); sc.JournalFile == "" || err != nil {
						t.Errorf("%s: journal %q: %v", sc.ID, f, err)
					}
				}
			}
			for _, f := range []string{"junit.xml", "report.html"} {
				if _, err := os.Stat(filepath.Join(at("merged"), f)); err != nil {
					t.Error(err)
				}
			}
			if w, m := actsResults(t, at("whole-acts")), actsResults(t, at("merged-acts")); w != m || w == "" {
				t.Errorf("merged ACTS results differ from the whole run's:\nwhole:\n%s\nmerged:\n%s", w, m)
			}
			if code, out := runBinary(t, "merge", "-o", at("partial"), shards[0], shards[2]); code != 2 || !strings.Contains(out, "missing") {
				t.Errorf("merge without shard 2/3: exit %d, want 2 saying it is missing:\n%s", code, out)
			}
		})
	}
}

// actsResults is every test result of the ACTS reports in dir, one
// "transport suite test result" line each: what a merge must reproduce
// (times and file names are the run's own).
func actsResults(t *testing.T, dir string) string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "acts-report-*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no ACTS report in %s (%v)", dir, err)
	}
	var lines []string
	for _, f := range files {
		var doc struct {
			Transport string `json:"transport"`
			Suites    []struct {
				ID    string                        `json:"id"`
				Tests []struct{ ID, Result string } `json:"tests"`
			} `json:"suites"`
		}
		raw, err := os.ReadFile(f)
		if err != nil || json.Unmarshal(raw, &doc) != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, s := range doc.Suites {
			for _, tc := range s.Tests {
				lines = append(lines, doc.Transport+" "+s.ID+" "+tc.ID+" "+tc.Result)
			}
		}
	}
	slices.Sort(lines)
	return strings.Join(lines, "\n")
}

func readTyped(t *testing.T, dir string) *report.Report {
	t.Helper()
	r, err := report.Read(filepath.Join(dir, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	return r
}
