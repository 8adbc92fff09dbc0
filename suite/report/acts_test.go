package report

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/report/actsgrammar"
)

// actsRun is a finished report of hand-built scenarios.
func actsRun(scs ...*Scenario) *Report {
	start := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	r := &Report{SchemaVersion: SchemaVersion, Suite: Suite{Name: "a2a-conform", Version: SuiteVersion},
		SpecVersion: wire.ProtocolVersion, Client: Client{Name: "./my-client", Label: "@a2a-js/sdk 1.3.0"},
		StartedAt: start, FinishedAt: start.Add(90 * time.Second), Scenarios: scs}
	r.Finish()
	return r
}

func actsScenario(id string, bindings []string, reqs ...*Requirement) *Scenario {
	return &Scenario{ID: id, Title: "title of " + id, Played: true, DurationMS: 1000, Bindings: bindings, Requirements: reqs}
}

func actsReq(id string, l verdict.Level, v verdict.Verdict) *Requirement {
	return &Requirement{ID: id, Level: l, Text: "The client MUST do " + id + ".", Verdict: v}
}

// renderValid renders r and holds every file to the draft's grammar.
func renderValid(t *testing.T, r *Report) []ACTSFile {
	t.Helper()
	files, err := r.ACTS()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if err := actsgrammar.ValidateFile(f.Name, f.JSON); err != nil {
			t.Errorf("%v\n%s", err, f.JSON)
		}
	}
	return files
}

func testOf(t *testing.T, f ACTSFile, suite, id string) ACTSTest {
	t.Helper()
	for _, s := range f.Report.Suites {
		for _, tt := range s.Tests {
			if s.ID == suite && tt.ID == id {
				return tt
			}
		}
	}
	t.Fatalf("%s has no %s/%s", f.Name, suite, id)
	return ACTSTest{}
}

// A passing run, a failing run and a run with errors, not-applicable and
// unselected requirements all render as documents of the draft's grammar,
// each verdict mapped as docs/acts-mapping.md says.
func TestACTSReportsFollowTheDraftGrammar(t *testing.T) {
	jsonrpc := []string{wire.BindingJSONRPC}
	t.Run("passing", func(t *testing.T) {
		files := renderValid(t, actsRun(actsScenario("s", jsonrpc, actsReq("ROT-001", verdict.Must, verdict.Pass),
			actsReq("FROZEN-003", verdict.Should, verdict.Pass))))
		if len(files) != 1 || files[0].Name != "acts-report-a2a-js-sdk-jsonrpc-20260601T120130Z.json" {
			t.Fatalf("files %v", names(files))
		}
		s := files[0].Report.Summary
		if s.Total != 2 || s.Passed != 2 || s.ByLevel["must"].Passed != 1 || s.ByLevel["should"].Passed != 1 || s.DurationMS != 1000 {
			t.Errorf("summary %+v", s)
		}
		if sdk := files[0].Report.SDK; sdk != (ACTSSDK{Name: "@a2a-js/sdk", Version: "1.3.0", Language: "unknown"}) {
			t.Errorf("sdk %+v", sdk)
		}
		if doc := files[0].Report; doc.ACTSVersion != "1.0" || doc.SpecVersion != "1.0" {
			t.Errorf("acts_version %q, spec_version %q", doc.ACTSVersion, doc.SpecVersion)
		}
	})
	t.Run("failing", func(t *testing.T) {
		fail := actsReq("ROT-002", verdict.Must, verdict.Fail)
		fail.Want, fail.Got, fail.Message = "no CancelTask", "CancelTask at #7", "ROT-002 [MUST] …\n  want: no CancelTask\n"
		known := actsReq("ROT-004", verdict.Must, verdict.Fail)
		known.KnownFailure, known.KnownReason, known.Got = true, "tracked in #123", "no If-None-Match"
		files := renderValid(t, actsRun(actsScenario("s", jsonrpc, fail, known)))
		got := testOf(t, files[0], "s", "CLIENT-ROT-002")
		if got.Result != ACTSFail || *got.Failure != (ACTSFailure{Message: "ROT-002 [MUST] …\n  want: no CancelTask", Expected: "no CancelTask", Actual: "CancelTask at #7"}) {
			t.Errorf("failure %+v %+v", got, got.Failure)
		}
		got = testOf(t, files[0], "s", "CLIENT-ROT-004")
		if got.Result != ACTSFail || got.Failure.Message != "known failure (tracked in #123): no If-None-Match" {
			t.Errorf("known failure %+v %+v", got, got.Failure)
		}
		if s := files[0].Report.Summary; s.Failed != 2 || s.ByLevel["must"].Failed != 2 {
			t.Errorf("summary %+v", s)
		}
	})
	t.Run("errors, not applicable, not selected", func(t *testing.T) {
		na := actsReq("SIG-001", verdict.Should, verdict.NotApplicable)
		na.Reason = "the client made no second task"
		broken := actsReq("X-001", verdict.Must, verdict.Error)
		broken.Reason = "the scenario could not be played"
		unplayed := &Scenario{ID: "unplayed", Title: "never played", Requirements: []*Requirement{broken}}
		r := actsRun(actsScenario("s", jsonrpc, na, actsReq("EXT-002", verdict.May, verdict.Skipped)), unplayed)
		r.Interrupted = true
		files := renderValid(t, r)
		if got := testOf(t, files[0], "s", "CLIENT-SIG-001"); got.Result != ACTSSkip || got.SkipReason != "not applicable: the client made no second task" {
			t.Errorf("not applicable %+v", got)
		}
		if got := testOf(t, files[0], "s", "CLIENT-EXT-002"); got.Result != ACTSSkip || !strings.HasPrefix(got.SkipReason, "not selected") {
			t.Errorf("not selected %+v", got)
		}
		if got := testOf(t, files[0], "unplayed", "CLIENT-X-001"); got.Result != ACTSError || got.Failure.Message != "harness error: the scenario could not be played" {
			t.Errorf("error %+v", got)
		}
		if s := files[0].Report.Summary; s.Errors != 1 || s.Skipped != 2 || s.ByLevel["may"].Skipped != 1 {
			t.Errorf("summary %+v", s)
		}
		if files[0].Report.Environment["interrupted"] != "true" {
			t.Error("an interrupted run does not say so")
		}
	})
}

func names(files []ACTSFile) []string {
	var out []string
	for _, f := range files {
		out = append(out, f.Name)
	}
	return out
}

func suiteIDs(f ACTSFile) []string {
	var out []string
	for _, s := range f.Report.Suites {
		out = append(out, s.ID)
	}
	return out
}

// One document per binding used; a scenario without A2A calls is in each.
func TestACTSOneReportPerBindingUsed(t *testing.T) {
	pass := func(id string) *Requirement { return actsReq(id, verdict.Must, verdict.Pass) }
	r := actsRun(
		actsScenario("rpc", []string{wire.BindingJSONRPC}, pass("A-001")),
		actsScenario("rest", []string{wire.BindingHTTPJSON}, pass("B-001")),
		actsScenario("both", []string{wire.BindingHTTPJSON, wire.BindingJSONRPC}, pass("C-001")),
		actsScenario("aborted", nil, pass("D-001")),
	)
	files := renderValid(t, r)
	if len(files) != 2 {
		t.Fatalf("files %v, want one per binding", names(files))
	}
	byTransport := map[string]ACTSFile{}
	for _, f := range files {
		byTransport[f.Report.Transport] = f
	}
	for transport, want := range map[string][]string{"jsonrpc": {"rpc", "both", "aborted"}, "rest": {"rest", "both", "aborted"}} {
		f := byTransport[transport]
		if got := suiteIDs(f); !slices.Equal(got, want) {
			t.Errorf("%s: suites %v, want %v", transport, got, want)
		}
		if !strings.Contains(f.Name, "-"+transport+"-") {
			t.Errorf("%s written as %s", transport, f.Name)
		}
	}
	if got := byTransport["rest"].Report.Environment["protocol_binding"]; got != wire.BindingHTTPJSON {
		t.Errorf("rest document's protocol_binding %q, want the specification's %q", got, wire.BindingHTTPJSON)
	}

	none := renderValid(t, actsRun(actsScenario("aborted", nil, pass("D-001"))))
	if len(none) != 1 || none[0].Report.Transport != "jsonrpc" {
		t.Errorf("a run without A2A calls: %v, want one jsonrpc document", names(none))
	}

	odd := actsRun(actsScenario("grpc", []string{"https://example.test/binding"}, pass("E-001")))
	if _, err := odd.ACTS(); err == nil {
		t.Error("a binding the draft has no transport for was rendered")
	}
}

// The documents come from report.json alone: written, read back and
// rendered again, they are the same bytes.
func TestACTSRendersAgainFromReportJSON(t *testing.T) {
	dir := t.TempDir()
	r := actsRun(actsScenario("s", []string{wire.BindingJSONRPC}, actsReq("ROT-001", verdict.Must, verdict.Pass)))
	path := filepath.Join(dir, "report.json")
	if err := r.WriteJSON(path); err != nil {
		t.Fatal(err)
	}
	first, err := r.WriteACTS(filepath.Join(dir, "first"))
	if err != nil {
		t.Fatal(err)
	}
	read, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	again, err := read.WriteACTS(filepath.Join(dir, "again"))
	if err != nil || len(again) != len(first) {
		t.Fatalf("%v, %v", again, err)
	}
	for i := range first {
		a, _ := os.ReadFile(first[i])
		b, _ := os.ReadFile(again[i])
		if filepath.Base(first[i]) != filepath.Base(again[i]) || !bytes.Equal(a, b) {
			t.Errorf("%s and %s differ", first[i], again[i])
		}
	}
}

func TestACTSSDK(t *testing.T) {
	for _, c := range []struct {
		client Client
		want   ACTSSDK
		slug   string
	}{
		{Client{Name: "bin/a", Label: "github.com/a2aproject/a2a-go/v2 v2.3.1"}, ACTSSDK{"github.com/a2aproject/a2a-go/v2", "v2.3.1", "unknown"}, "github.com-a2aproject-a2a-go-v2"},
		{Client{Name: "builtin:reference"}, ACTSSDK{"builtin:reference", SuiteVersion, "go"}, "builtin-reference"},
		{Client{Name: "node ./my-adapter.mjs"}, ACTSSDK{"node ./my-adapter.mjs", "unknown", "unknown"}, "node-.-my-adapter.mjs"},
		{Client{Name: "x", Label: "My Client"}, ACTSSDK{"My Client", "unknown", "unknown"}, "my-client"},
		{Client{Name: "x", Label: "ünïcode!!"}, ACTSSDK{"ünïcode!!", "unknown", "unknown"}, "n-code"},
		{Client{Name: "x", Label: "***"}, ACTSSDK{"***", "unknown", "unknown"}, "client"},
	} {
		if got := actsSDK(c.client); got != c.want {
			t.Errorf("%+v: sdk %+v, want %+v", c.client, got, c.want)
		}
		if got := fileSlug(c.want.Name); got != c.slug {
			t.Errorf("slug of %q: %q, want %q", c.want.Name, got, c.slug)
		}
	}
}

// The grammar was read from the commit the documents name.
func TestACTSDraftCommitsAgree(t *testing.T) {
	if ACTSDraftCommit != actsgrammar.DraftCommit {
		t.Errorf("documents name draft %s, the grammar was read from %s: read the draft again", ACTSDraftCommit, actsgrammar.DraftCommit)
	}
}
