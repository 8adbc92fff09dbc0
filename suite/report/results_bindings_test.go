package report_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// overBindings is resultsReport run over used (journaled) bindings, the
// peers narrowed to offered when it is not nil.
func overBindings(offered []string, used string) *report.Report {
	r := resultsReport("@a2a-js/sdk 1.3.0", "spec")
	r.Selection.Bindings = offered
	r.Scenarios[0].Bindings = []string{used}
	return r
}

func TestResultsComparesBindings(t *testing.T) {
	base := overBindings(nil, wire.BindingJSONRPC)
	same := overBindings([]string{wire.BindingGRPC}, wire.BindingGRPC)
	other := overBindings([]string{wire.BindingGRPC}, wire.BindingGRPC)
	other.Client.Label = "a2a-go/v2 v2.3.1" // no default-offer run of its own: left out
	differs := overBindings([]string{wire.BindingHTTPJSON}, wire.BindingHTTPJSON)
	differs.Scenarios[0].Requirements[2].Verdict = verdict.Fail
	differs.Scenarios[0].Requirements[2].Got = "SendMessage at #5"

	var b bytes.Buffer
	if err := report.WriteResults(&b, report.ResultsPage{}, []*report.Report{base, same, other, differs}); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	holdsAll(t, "the page", page,
		"| @a2a-js/sdk 1.3.0 | session | spec | a2a-conform",
		"| @a2a-js/sdk 1.3.0, bindings GRPC | session | spec | a2a-conform",
		"## Per binding: does a client behave differently?",
		"| @a2a-js/sdk 1.3.0 | session | spec | JSONRPC | GRPC | 0 | 0 |",
		"| @a2a-js/sdk 1.3.0 | session | spec | JSONRPC | HTTP+JSON | 1 | 0 |",
		"**@a2a-js/sdk 1.3.0, session mode, spec security scopes, bindings GRPC**: every requirement judged as over JSONRPC, every scenario with the same outcomes.",
		"| repointed-endpoint | GEN-001 | pass: client reported completed | **fail**: got SendMessage at #5 |",
	)
	if strings.Contains(page, "| a2a-go/v2 v2.3.1 | session | spec | JSONRPC") {
		t.Errorf("a narrowed run without a default-offer run was compared:\n%s", page)
	}
}

func TestResultsWithoutNarrowedRunsHaveNoComparison(t *testing.T) {
	var b bytes.Buffer
	if err := report.WriteResults(&b, report.ResultsPage{}, []*report.Report{overBindings(nil, wire.BindingJSONRPC)}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "Per binding") {
		t.Errorf("a page without narrowed runs has a comparison:\n%s", b.String())
	}
}
