package engine

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/runner/builtin"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/suite/report"
	"github.com/a2a-conform/a2a-conform/suite/report/actsgrammar"
)

// writeACTS runs catalog against c, writes the reports with an ACTS folder
// and returns the ACTS files after holding each to the draft's grammar.
func writeACTS(t *testing.T, c runner.Client, catalog ...*scenarios.Scenario) (*report.Report, map[string]report.ACTSReport) {
	t.Helper()
	e, err := Run(t.Context(), Options{Client: c, Catalog: catalog})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := e.WriteReports(Paths{Dir: dir, ACTS: filepath.Join(dir, "acts")}); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(filepath.Join(dir, "acts"))
	if err != nil {
		t.Fatal(err)
	}
	for _, ent := range entries {
		raw, err := os.ReadFile(filepath.Join(dir, "acts", ent.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := actsgrammar.ValidateFile(ent.Name(), raw); err != nil {
			t.Error(err)
		}
	}
	files, err := e.Report().ACTS()
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != len(entries) {
		t.Errorf("%d ACTS files written, %d rendered", len(entries), len(files))
	}
	out := map[string]report.ACTSReport{}
	for _, f := range files {
		out[f.Name] = f.Report
	}
	return e.Report(), out
}

func refClient(t *testing.T, name string, binding string) runner.Client {
	t.Helper()
	c, err := builtin.LookupWith(name, driver.ModeSession, builtin.Options{Binding: binding})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// The binding the client used, as the journal records it, picks the ACTS
// document: the reference client told to prefer HTTP+JSON gets a rest
// report and no jsonrpc one.
func TestWriteReportsACTSPassingOverHTTPJSON(t *testing.T) {
	rep, files := writeACTS(t, refClient(t, builtin.Reference, wire.BindingHTTPJSON), lookup(t, "rotation-during-send"))
	if got := rep.Scenarios[0].Bindings; len(got) != 1 || got[0] != wire.BindingHTTPJSON {
		t.Fatalf("bindings recorded %v, want [HTTP+JSON]", got)
	}
	if len(files) != 1 {
		t.Fatalf("%d ACTS files, want 1", len(files))
	}
	for name, doc := range files {
		if doc.Transport != "rest" || doc.Summary.Failed+doc.Summary.Errors != 0 || doc.Summary.Passed == 0 {
			t.Errorf("%s: transport %s, summary %+v", name, doc.Transport, doc.Summary)
		}
	}
}

// A failing client's failures, and a broken harness's errors, are in the
// documents as fail and error.
func TestWriteReportsACTSFailuresAndErrors(t *testing.T) {
	_, files := writeACTS(t, refClient(t, "follow-url", ""), lookup(t, "repointed-endpoint"))
	for name, doc := range files {
		if doc.Transport != "jsonrpc" || doc.Summary.ByLevel["must"].Failed == 0 {
			t.Errorf("%s: transport %s, summary %+v", name, doc.Transport, doc.Summary)
		}
	}
	_, files = writeACTS(t, completes, faultyScenario("panics", func() { panic("boom") }))
	for name, doc := range files {
		if doc.Summary.Errors == 0 || doc.Summary.Errors != doc.Summary.Total {
			t.Errorf("%s: summary %+v, want the panic's errors alone", name, doc.Summary)
		}
	}
}

// report spells the prefix of built-in clients without importing them.
func TestACTSKnowsTheBuiltinPrefix(t *testing.T) {
	_, files := writeACTS(t, completes, faultyScenario("ok", func() {}))
	for name, doc := range files {
		if doc.SDK.Language != "unknown" {
			t.Errorf("%s: an in-process client is language %q", name, doc.SDK.Language)
		}
	}
	_, files = writeACTS(t, refClient(t, builtin.Reference, ""), faultyScenario("ok", func() {}))
	for name, doc := range files {
		if doc.SDK.Language != "go" || doc.SDK.Name != builtin.Prefix+builtin.Reference {
			t.Errorf("%s: the reference client is %+v", name, doc.SDK)
		}
	}
}

// An ACTS folder that cannot be written is a harness error and leaves no
// report.json behind.
func TestWriteReportsACTSFailureIsAHarnessError(t *testing.T) {
	e, err := Run(t.Context(), Options{Client: completes, Catalog: []*scenarios.Scenario{faultyScenario("ok", func() {})}})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	blocker := filepath.Join(dir, "acts")
	if err := os.WriteFile(blocker, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := e.WriteReports(Paths{Dir: dir, ACTS: blocker}); err == nil {
		t.Fatal("no error writing ACTS reports into a file")
	}
	if _, err := os.Stat(filepath.Join(dir, "report.json")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("report.json left behind (stat: %v)", err)
	}
	if code := e.Report().ExitCode; code != report.ExitHarness {
		t.Errorf("exit %d, want %d", code, report.ExitHarness)
	}
}
