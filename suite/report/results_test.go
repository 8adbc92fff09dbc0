package report_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// holdsAll fails t for each of wants that text, named what, lacks.
func holdsAll(t *testing.T, what, text string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(text, want) {
			t.Errorf("%s lacks %q:\n%s", what, want, text)
		}
	}
}

// resultsReport is a small report with one verdict of each kind.
func resultsReport(label string, scopes report.Scopes) *report.Report {
	return &report.Report{
		SchemaVersion: report.SchemaVersion,
		Suite:         report.Suite{Name: "a2a-conform", Version: report.SuiteVersion},
		SpecVersion:   "1.0",
		Client:        report.Client{Name: "node adapter.mjs", Label: label},
		Selection:     report.Selection{SecurityScopes: scopes},
		Summary:       report.Summary{Counts: report.Counts{Pass: 1, Fail: 2, NotApplicable: 1}},
		Scenarios: []*report.Scenario{{
			ID: "repointed-endpoint", Played: true, ClientMode: "session",
			Outcome: &driver.Outcome{Outcome: "completed", Detail: "after 3 polls on https://127.0.0.2:4711"},
			Requirements: []*report.Requirement{
				{ID: "REPOINT-001", Level: verdict.Must, Doc: "docs/requirements.md#repoint-001", Verdict: verdict.Fail,
					KnownFailure: true, KnownReason: "no origin check: used peer B"},
				{ID: "REPOINT-002", Level: verdict.Must, Doc: "docs/requirements.md#repoint-002", Verdict: verdict.Fail,
					Got: "bearer presented at https://127.0.0.2:4711 | hash " + strings.Repeat("ab", 32)},
				{ID: "GEN-001", Level: verdict.Must, Doc: "docs/requirements.md#gen-001", Verdict: verdict.Pass},
				{ID: "GEN-002", Level: verdict.Must, Doc: "docs/requirements.md#gen-002", Verdict: verdict.NotApplicable,
					Reason: "the client sent no A2A request"},
			},
		}},
	}
}

func TestWriteResults(t *testing.T) {
	var b bytes.Buffer
	reports := []*report.Report{resultsReport("@a2a-js/sdk 1.3.0", "spec"), resultsReport("a2a-go/v2 v2.3.1", "flat")}
	if err := report.WriteResults(&b, report.ResultsPage{}, reports); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	holdsAll(t, "the page", page,
		"| @a2a-js/sdk 1.3.0 | session | spec | a2a-conform "+report.SuiteVersion+" | 1.0 | 1 | 2 | 2 | 1 | 0 |",
		"| a2a-go/v2 v2.3.1 | session | flat |",
		"| repointed-endpoint | completed | completed |",
		"## a2a-go/v2 v2.3.1, session mode, flat security scopes",
		"| repointed-endpoint | [REPOINT-001](requirements.md#repoint-001) | MUST | **fail** (known) | no origin check: used peer B |",
		"| [REPOINT-002](requirements.md#repoint-002) | MUST | **fail** | got bearer presented at https://<peer> \\| hash <hash> |",
		"| [GEN-001](requirements.md#gen-001) | MUST | pass | client reported completed |",
		"| [GEN-002](requirements.md#gen-002) | MUST | n/a | the client sent no A2A request |",
	)
	for _, never := range []string{"4711", "after 3 polls"} {
		if strings.Contains(page, never) {
			t.Errorf("the page holds run-specific %q", never)
		}
	}
	if err := report.WriteResults(&b, report.ResultsPage{}, nil); err == nil {
		t.Error("no reports should be an error")
	}
}

// The zero ResultsPage introduces any client's runs and names no SDK;
// SDKResults writes what docs/results.md holds before and between its
// tables, so that make conformance-sdks keeps it byte for byte.
func TestResultsPages(t *testing.T) {
	reports := []*report.Report{resultsReport("acme-a2a 2.1", "spec")}
	var neutral, sdks bytes.Buffer
	if err := report.WriteResults(&neutral, report.ResultsPage{}, reports); err != nil {
		t.Fatal(err)
	}
	if err := report.WriteResults(&sdks, report.SDKResults, reports); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(neutral.String(), "# Results\n") || strings.Contains(neutral.String(), "SDK") {
		t.Errorf("the default page should be titled Results and name no SDK:\n%s", neutral.String())
	}
	committed, err := os.ReadFile(filepath.Join("..", "..", "docs", "results.md"))
	if err != nil {
		t.Fatal(err)
	}
	const tables = "## Versions and summary\n"
	head, _, _ := strings.Cut(sdks.String(), tables)
	if want, _, _ := strings.Cut(string(committed), tables); head != want {
		t.Errorf("SDKResults' head differs from docs/results.md's:\n%s\nwant\n%s", head, want)
	}
	if !strings.Contains(string(committed), "\n"+report.SDKResults.Modes+"\n") {
		t.Errorf("docs/results.md lacks SDKResults' paragraph on modes")
	}
}

func TestReadReport(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, r *report.Report) string {
		raw, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, raw, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	got, err := report.Read(write("ok.json", resultsReport("sdk 1", "flat")))
	if err != nil {
		t.Fatal(err)
	}
	if got.Client.Title() != "sdk 1" || got.Selection.SecurityScopes != "flat" || len(got.Scenarios[0].Requirements) != 4 {
		t.Errorf("read back %+v", got)
	}
	old := resultsReport("sdk 1", "spec")
	old.SchemaVersion = "a2a-conform.dev/report/v0"
	if _, err := report.Read(write("old.json", old)); err == nil || !strings.Contains(err.Error(), "schema") {
		t.Errorf("a report of another schema: err %v", err)
	}
	if _, err := report.Read(filepath.Join(dir, "missing.json")); err == nil {
		t.Error("a missing report should be an error")
	}
}
