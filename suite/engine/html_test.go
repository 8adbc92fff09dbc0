package engine_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/runner/builtin"
	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/engine"
)

// A failing run writes report.html and a readable journal per scenario:
// one Exchange.Line a line, and in the HTML one arrow per exchange with
// the failing requirements linked to the exchanges they cite.
func TestWriteReportsHTMLAndJournalText(t *testing.T) {
	sc, err := scenarios.Lookup("repointed-endpoint")
	if err != nil {
		t.Fatal(err)
	}
	e, err := engine.Run(context.Background(), engine.Options{
		Client:  builtinClient(t, builtin.FollowURL),
		Catalog: []*scenarios.Scenario{sc},
	})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if d := os.Getenv("A2A_HTML_OUT"); d != "" {
		dir = d
	}
	if err := e.WriteReports(engine.Paths{Dir: dir}); err != nil {
		t.Fatal(err)
	}
	exs, err := e.Journal(sc.ID)
	if err != nil || len(exs) == 0 {
		t.Fatalf("journal: %d exchanges, %v", len(exs), err)
	}
	txt, err := os.ReadFile(filepath.Join(dir, "journals", sc.ID+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(txt), "\n"), "\n")
	if len(lines) != len(exs) {
		t.Fatalf("journal.txt has %d lines, want %d", len(lines), len(exs))
	}
	for i, ex := range exs {
		if lines[i] != ex.Line() {
			t.Errorf("line %d: %q, want %q", i+1, lines[i], ex.Line())
		}
	}

	page, err := os.ReadFile(filepath.Join(dir, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	html := string(page)
	if n := strings.Count(html, `<g class="ex`); n != len(exs) {
		t.Errorf("%d arrows, want %d (one per exchange)", n, len(exs))
	}
	failing := 0
	for _, req := range e.Report().Scenarios[0].Requirements {
		if req.Verdict != verdict.Fail {
			continue
		}
		failing++
		for _, seq := range req.Exchanges {
			anchor := regexp.QuoteMeta(sc.ID) + "-ex-" + regexp.QuoteMeta(itoa(seq))
			if !regexp.MustCompile(`href="#`+anchor+`"`).MatchString(html) || !regexp.MustCompile(`id="`+anchor+`"`).MatchString(html) {
				t.Errorf("%s cites #%d without a link to its arrow", req.ID, seq)
			}
		}
	}
	if failing == 0 {
		t.Error("follow-url failed nothing in repointed-endpoint")
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
