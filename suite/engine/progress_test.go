package engine

import (
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// A client that broke (no outcome) shows the end of its stderr under its
// FAIL line: a missing script says "Cannot find module", no verdict does.
// A client that failed with its outcomes written shows nothing more.
func TestProgressLineShowsABrokenClientsStderr(t *testing.T) {
	failed := []*report.Requirement{{ID: "A", Level: verdict.Must, Verdict: verdict.Fail}}
	var stderr strings.Builder
	stderr.WriteString("node:internal/modules/cjs/loader:1228\n  throw err;\n\nError: Cannot find module '/x/my-adapter.mjs'\n")
	for i := range 10 {
		stderr.WriteString("line " + string(rune('0'+i)) + "\n\n")
	}
	stderr.WriteString("Node.js v20\n")
	broke := &report.Scenario{ID: "s", Requirements: failed, ClientExitCode: 1, ClientStderr: stderr.String(),
		Tasks: []*report.Task{{Task: 1}}}
	got := progressLine(broke)
	lines := strings.Split(got, "\n")
	if len(lines) != 2+stderrHeadLines+1+stderrTailLines || !strings.Contains(got, "Cannot find module") ||
		!strings.Contains(got, "Node.js v20") || !strings.Contains(got, "… 5 more lines …") || strings.Contains(got, "line 5") {
		t.Errorf("progress of a broken client:\n%s\nwant its line, a heading, the first %d and last %d non-empty stderr lines", got, stderrHeadLines, stderrTailLines)
	}

	answered := &report.Scenario{ID: "s", Requirements: failed, ClientStderr: "debug noise\n",
		Outcome: &driver.Outcome{Outcome: "completed"}, Tasks: []*report.Task{{Task: 1, TaskEnd: driver.TaskEnd{Outcome: &driver.Outcome{Outcome: "completed"}}}}}
	if got := progressLine(answered); strings.Contains(got, "\n") {
		t.Errorf("progress of a client that answered: %q, want one line", got)
	}
}
