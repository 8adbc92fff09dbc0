package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// Client-written text reaches the job summary and the annotations: it must
// neither format, link nor inject markup there, nor end a workflow
// command early.
func TestJobSummaryEscapes(t *testing.T) {
	for in, want := range map[string]string{
		"a *b* [c](d) <img>|#1!": `a \*b\* \[c\](d) &lt;img&gt;\|\#1\!`,
		"two\nlines":             "two lines",
		`back\slash _u_`:         `back\\slash \_u\_`,
	} {
		if got := mdText(in); got != want {
			t.Errorf("mdText(%q) = %q, want %q", in, got, want)
		}
	}
	if got := mdCode("id"); got != "`id`" {
		t.Errorf("mdCode(id) = %q", got)
	}
	if got := mdCode("a`b"); got != "`` a`b ``" {
		t.Errorf("mdCode(a`b) = %q", got)
	}
	if got := ghData("100%\nnext::x"); got != "100%25%0Anext::x" {
		t.Errorf("ghData = %q", got)
	}
	if got := ghProperty("a:b,c"); got != "a%3Ab%2Cc" {
		t.Errorf("ghProperty = %q", got)
	}
}

// The summary leads with the unexpected failures, then the stale known
// failures, then the known ones, then the table; annotations are errors
// for MUSTs and warnings for the rest.
func TestJobSummaryOrder(t *testing.T) {
	r := &Report{Client: Client{Label: "sdk"}, Suite: Suite{Version: "1.2.3"}, ExitCode: ExitFail,
		Summary: Summary{StaleKnownFailures: []string{"SKEW-001"}},
		Scenarios: []*Scenario{{ID: "s1", Requirements: []*Requirement{
			{ID: "A-1", Level: verdict.Must, Verdict: verdict.Fail, Doc: "docs/requirements.md#a-1", Got: "sent"},
			{ID: "A-2", Level: verdict.Should, Verdict: verdict.Fail, KnownFailure: true, KnownReason: "tracked"},
			{ID: "A-3", Level: verdict.Should, Verdict: verdict.Fail},
			{ID: "A-4", Level: verdict.Must, Verdict: verdict.Pass},
		}}}}
	var md bytes.Buffer
	if err := WriteJobSummary(&md, r, ""); err != nil {
		t.Fatal(err)
	}
	s := md.String()
	order := []string{"— conformance failure", "#### Failures", "https://github.com/a2a-conform/a2a-conform/blob/v1.2.3/docs/requirements.md#a-1",
		"got: sent", "#### Stale known failures", "#### Known failures", "known: tracked", "| `s1` | 1 | 3 | 0 | 0 | 0 |"}
	at := 0
	for _, want := range order {
		i := strings.Index(s[at:], want)
		if i < 0 {
			t.Fatalf("summary lacks %q after position %d:\n%s", want, at, s)
		}
		at += i
	}
	var ann bytes.Buffer
	if err := WriteAnnotations(&ann, r); err != nil {
		t.Fatal(err)
	}
	want := "::error title=a2a-conform A-1 in s1::Got: sent\n" +
		"::warning title=a2a-conform A-3 in s1::\n" +
		"::warning title=a2a-conform stale known failure::SKEW-001 is listed in the known-failures file but nothing failed it: remove the line\n"
	if ann.String() != want {
		t.Errorf("annotations:\n%s\nwant\n%s", ann.String(), want)
	}
}
