package suite_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/runner/builtin"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite"
	"github.com/a2a-conform/a2a-conform/suite/engine"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// Through Ginkgo, the verdicts are the engine's: the same client played
// by the engine alone and by the Ginkgo front gets the same table, and
// the reports come from the engine's record. Ginkgo runs once per process,
// so this is the package's only run.
func TestRunThroughGinkgo(t *testing.T) {
	client, err := builtin.Resolve("builtin:follow-url", driver.ModeSession)
	if err != nil {
		t.Fatal(err)
	}
	sel, err := suite.ParseSelection("", "", "scenario:repointed-endpoint || scenario:version-skew")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	rep, err := suite.Run(context.Background(), suite.Options{NoColor: true, Paths: engine.Paths{Dir: dir},
		Engine: engine.Options{Client: client, Selection: sel}})
	if err != nil {
		t.Fatal(err)
	}
	alone, err := engine.Run(t.Context(), engine.Options{Client: client, Selection: sel})
	if err != nil {
		t.Fatal(err)
	}
	got, want := rep.Verdicts(), alone.Report().Verdicts()
	if len(got) != len(want) {
		t.Fatalf("%d verdicts through Ginkgo, %d from the engine", len(got), len(want))
	}
	for key, v := range want {
		if got[key] != v {
			t.Errorf("%s: %s through Ginkgo, %s from the engine", key, got[key], v)
		}
	}
	if got["repointed-endpoint/REPOINT-001"] != verdict.Fail || got["version-skew/SKEW-001"] != verdict.Pass ||
		got["rotation-during-send/ROT-001"] != verdict.Skipped || rep.ExitCode != report.ExitFail {
		t.Errorf("unexpected verdicts %v, exit %d", got, rep.ExitCode)
	}
	for _, f := range []string{"report.json", "junit.xml", "journals/repointed-endpoint.jsonl"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("no %s: %v", f, err)
		}
	}
	if _, err := report.Read(filepath.Join(dir, "report.json")); err != nil {
		t.Error(err)
	}
	again := runner.InProcess("x", func(context.Context, driver.Assignment) driver.Outcome { return driver.Outcome{} })
	if _, err := suite.Run(context.Background(), suite.Options{Engine: engine.Options{Client: again}}); !errors.Is(err, suite.ErrRunOnce) {
		t.Errorf("a second Run: err %v, want ErrRunOnce", err)
	}
}

// The scenario: labels of a filter are read as Ginkgo reads labels, so that
// a typo in one can be named.
func TestParseSelectionScenarioLabels(t *testing.T) {
	for filter, want := range map[string][]string{
		"scenario:a || (scenario:b && !req:X)": {"a", "b"},
		"/scenario:rot/ || scenario:c":         {"c"},
		"Scenario:D, level:must":               {"D"},
		"scenario: consistsOf {a, b}":          nil,
		"req:GEN-001":                          nil,
	} {
		sel, err := suite.ParseSelection("", "", filter)
		if err != nil {
			t.Fatalf("%q: %v", filter, err)
		}
		if !slices.Equal(sel.ScenarioLabels, want) {
			t.Errorf("%q: scenario labels %q, want %q", filter, sel.ScenarioLabels, want)
		}
	}
}

func TestParseSelection(t *testing.T) {
	sel, err := suite.ParseSelection("core, general", "should", "!req:ROT-004")
	if err != nil {
		t.Fatal(err)
	}
	sc, _ := scenarios.Lookup("rotation-during-send")
	for _, r := range sc.AllRequirements() {
		if want := r.ID != "ROT-004"; sel.Selects(sc, r) != want {
			t.Errorf("%s selected = %v, want %v", r.ID, !want, want)
		}
	}
	for _, bad := range [][3]string{{"fast", "", ""}, {"", "often", ""}, {"", "", "req:(("}} {
		var ue *engine.UsageError
		if _, err := suite.ParseSelection(bad[0], bad[1], bad[2]); !errors.As(err, &ue) {
			t.Errorf("%q: err %v, want a usage error", bad, err)
		}
	}
}
