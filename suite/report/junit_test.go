package report_test

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/report"
	"github.com/a2a-conform/a2a-conform/suite/report/reporttest"
)

// JUnit counts agree with report.json and between both levels.
func TestWriteJUnit(t *testing.T) {
	r := &report.Report{Client: report.Client{Name: "x"}, Scenarios: []*report.Scenario{
		{ID: "one", Requirements: []*report.Requirement{
			reporttest.Req("A", verdict.Must, verdict.Pass),
			{ID: "B", Level: verdict.Must, Verdict: verdict.Fail, Want: "w", Got: "g", Message: "evidence <here>"},
			reporttest.Known(reporttest.Req("C", verdict.Must, verdict.Fail), "C"),
			{ID: "D", Level: verdict.Must, Verdict: verdict.NotApplicable, Reason: "no send"},
		}},
		{ID: "two", Requirements: []*report.Requirement{
			{ID: "E", Level: verdict.Must, Verdict: verdict.Error, Reason: "farm broke"},
			reporttest.Req("F", verdict.Should, verdict.Skipped),
		}},
	}}
	r.Finish(nil)
	path := filepath.Join(t.TempDir(), "junit.xml")
	if err := r.WriteJUnit(path); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Tests    int `xml:"tests,attr"`
		Failures int `xml:"failures,attr"`
		Errors   int `xml:"errors,attr"`
		Skipped  int `xml:"skipped,attr"`
		Disabled int `xml:"disabled,attr"`
		Suites   []struct {
			Tests    int `xml:"tests,attr"`
			Failures int `xml:"failures,attr"`
			Errors   int `xml:"errors,attr"`
			Skipped  int `xml:"skipped,attr"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Tests != 6 || doc.Failures != 1 || doc.Errors != 1 || doc.Skipped != 3 || doc.Disabled != 0 {
		t.Errorf("totals tests=%d failures=%d errors=%d skipped=%d disabled=%d", doc.Tests, doc.Failures, doc.Errors, doc.Skipped, doc.Disabled)
	}
	sum := [4]int{}
	for _, s := range doc.Suites {
		sum[0] += s.Tests
		sum[1] += s.Failures
		sum[2] += s.Errors
		sum[3] += s.Skipped
	}
	if sum != [4]int{doc.Tests, doc.Failures, doc.Errors, doc.Skipped} {
		t.Errorf("suites add up to %v, totals are %d %d %d %d", sum, doc.Tests, doc.Failures, doc.Errors, doc.Skipped)
	}
	holdsAll(t, "junit.xml", string(raw), `message="want w; got g"`, "evidence &lt;here&gt;",
		`message="harness error: farm broke"`, `message="known failure: reviewed"`)
}

// Why a client broke is in its stderr, not in any verdict: each
// scenario's testsuite carries the client's output for CI test tabs.
func TestJUnitCarriesClientOutput(t *testing.T) {
	r := &report.Report{Client: report.Client{Name: "x"}, Scenarios: []*report.Scenario{
		{ID: "one", ClientStdout: "started", ClientStderr: "Error: Cannot find module '/x/my-adapter.mjs'\n",
			Requirements: []*report.Requirement{reporttest.Req("A", verdict.Must, verdict.Fail)}},
		{ID: "two", Requirements: []*report.Requirement{reporttest.Req("B", verdict.Must, verdict.Pass)}},
	}}
	r.Finish(nil)
	raw, err := r.JUnit()
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Suites []struct {
			Name      string `xml:"name,attr"`
			SystemOut string `xml:"system-out"`
			SystemErr string `xml:"system-err"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Suites) != 2 || doc.Suites[0].SystemOut != "started" || !strings.Contains(doc.Suites[0].SystemErr, "Cannot find module") {
		t.Errorf("testsuites %+v: want the first to carry the client's output", doc.Suites)
	}
	if strings.Count(string(raw), "<system-err>") != 1 {
		t.Errorf("a client that printed nothing gets an empty <system-err>:\n%s", raw)
	}
}

// Each test case carries its requirement's level and what it enforces, as
// properties a CI test tab shows.
func TestJUnitSpecRefs(t *testing.T) {
	r := &report.Report{Scenarios: []*report.Scenario{{ID: "s", Requirements: []*report.Requirement{{ID: "X-1", Level: verdict.Must,
		Verdict: verdict.Pass, SpecRefs: []verdict.SpecRef{{ID: "RFC 6454 §5", URL: "https://www.rfc-editor.org/rfc/rfc6454#section-5"}}}}}}}
	b, err := r.JUnit()
	if err != nil {
		t.Fatal(err)
	}
	holdsAll(t, "junit.xml", string(b), `<property name="level" value="MUST">`,
		`<property name="spec-ref" value="RFC 6454 §5 https://www.rfc-editor.org/rfc/rfc6454#section-5">`)
}
