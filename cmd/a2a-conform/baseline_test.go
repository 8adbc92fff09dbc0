package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// baseline rewrites a known-failures file from a run as a vendor would:
// the reviewed header and reasons stay, a new failure comes with its
// evidence, a stale entry goes (named on stderr), and the result is a file
// run --known-failures accepts.
func TestBaselineCommand(t *testing.T) {
	dir := t.TempDir()
	r := &report.Report{SchemaVersion: report.SchemaVersion, Client: report.Client{Label: "my-sdk 1.0"},
		Suite: report.Suite{Version: report.SuiteVersion}, Scenarios: []*report.Scenario{{
			ID: "rotation-during-send", Requirements: []*report.Requirement{
				{ID: "ROT-001", Verdict: verdict.Fail, Got: "SendMessage at #7 under card version 1"},
				{ID: "ROT-003", Verdict: verdict.Fail, Got: "failed/auth-required"},
				{ID: "ROT-002", Verdict: verdict.Pass},
			}}}}
	reportPath := filepath.Join(dir, "report.json")
	if err := r.WriteJSON(reportPath); err != nil {
		t.Fatal(err)
	}
	keepPath := filepath.Join(dir, "known-failures.txt")
	if err := os.WriteFile(keepPath, []byte("# my-sdk's known failures\nROT-003 we abort after the send, tracked in #1\nSKEW-001 fixed in 1.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := dispatch([]string{"baseline", "--keep", keepPath, reportPath}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	want := "# my-sdk's known failures\n" +
		"rotation-during-send/ROT-001 SendMessage at #7 under card version 1\n" +
		"ROT-003 we abort after the send, tracked in #1\n"
	if stdout.String() != want {
		t.Errorf("baseline wrote\n%s\nwant\n%s", stdout.String(), want)
	}
	if !strings.Contains(stderr.String(), "1 kept, 1 new") || !strings.Contains(stderr.String(), "SKEW-001") {
		t.Errorf("stderr = %q, want the counts and the stale SKEW-001", stderr.String())
	}
	if _, err := report.ParseKnownFailures(&stdout, "baseline"); err != nil {
		t.Errorf("the written file does not read back: %v", err)
	}
	stderr.Reset()
	if code := dispatch([]string{"baseline"}, &stdout, &stderr); code != 2 {
		t.Errorf("baseline without a report: exit %d, want 2", code)
	}
}
