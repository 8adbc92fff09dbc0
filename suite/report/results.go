package report

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// ReadReport reads a report.json written by Run.
func ReadReport(path string) (*Report, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("suite: report: %w", err)
	}
	var r Report
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("suite: report %s: %w", path, err)
	}
	if r.SchemaVersion != SchemaVersion {
		return nil, fmt.Errorf("suite: report %s has schema %q, want %q", path, r.SchemaVersion, SchemaVersion)
	}
	return &r, nil
}

// WriteResults renders the results page of several runs, introduced as
// intro says (docs/results.md: SDKResults; the zero ResultsPage is
// DefaultResults): which versions were tested, a summary per run, the
// clients' outcomes per scenario, then per run every requirement with its
// verdict and one line of evidence. The page holds nothing that changes
// from one run to the next (no times, ports or hashes), so a committed copy
// can be checked for staleness with diff.
func WriteResults(w io.Writer, intro ResultsPage, reports []*Report) error {
	if len(reports) == 0 {
		return fmt.Errorf("report: results: no reports")
	}
	if intro == (ResultsPage{}) {
		intro = DefaultResults
	}
	p := &page{w: w}
	p.line("# %s", intro.Title)
	p.line("")
	p.line("<!-- %s -->", intro.Generated)
	p.line("")
	p.line("%s", intro.Intro)
	p.line("")
	p.runsTable(reports, intro.Modes)
	p.outcomesTable(reports)
	p.bindingsSection(reports)
	for _, r := range reports {
		p.requirementsTable(r)
	}
	return p.err
}

// page writes markdown and keeps the first write error.
type page struct {
	w   io.Writer
	err error
}

func (p *page) line(format string, args ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format+"\n", args...)
	}
}

func (p *page) runsTable(reports []*Report, modes string) {
	p.line("## Versions and summary")
	p.line("")
	p.line("| client under test | client mode | cards' security scopes | suite | A2A | pass | fail | MUST failures | not applicable | errors |")
	p.line("|---|---|---|---|---|---:|---:|---:|---:|---:|")
	for _, r := range reports {
		s := r.Summary
		p.line("| %s | %s | %s | %s %s | %s | %d | %d | %d | %d | %d |", cell(clientText(r)), modeText(r), scopesText(r),
			r.Suite.Name, r.Suite.Version, r.SpecVersion, s.Pass, s.Fail, mustFailures(r), s.NotApplicable, s.Error)
	}
	p.line("")
	p.line("%s", modes)
	p.line("")
	p.line("Security scopes *spec* serve `securityRequirements` as the specification shapes them " +
		"(`{\"schemes\":{\"bearer\":{\"list\":[]}}}`); *flat* serves bare arrays (`{\"schemes\":{\"bearer\":[]}}`) " +
		"so that a client that parses only that shape can still be judged on everything else.")
	p.line("")
}

func (p *page) outcomesTable(reports []*Report) {
	p.line("## What each client reported, per scenario")
	p.line("")
	header, rule := "| scenario |", "|---|"
	for _, r := range reports {
		header += " " + cell(runTitle(r)) + " |"
		rule += "---|"
	}
	p.line("%s", header)
	p.line("%s", rule)
	for i, sc := range reports[0].Scenarios {
		row := "| " + sc.ID + " |"
		for _, r := range reports {
			row += " " + cell(outcomeOf(scenarioAt(r, i, sc.ID))) + " |"
		}
		p.line("%s", row)
	}
	p.line("")
}

func (p *page) requirementsTable(r *Report) {
	p.line("## %s", runTitle(r))
	p.line("")
	p.line("Client command: `%s`.", r.Client.Name)
	p.line("")
	p.line("| scenario | requirement | level | verdict | evidence |")
	p.line("|---|---|---|---|---|")
	for _, sc := range r.Scenarios {
		for _, req := range sc.Requirements {
			p.line("| %s | [%s](%s) | %s | %s | %s |", sc.ID, req.ID, strings.TrimPrefix(req.Doc, "docs/"), req.Level,
				verdictText(req), cell(evidence(sc, req)))
		}
	}
	p.line("")
}

// mustFailures counts every failed MUST requirement, expected or not (the
// summary's MustFailures leaves out the known ones).
func mustFailures(r *Report) int {
	n := 0
	for _, sc := range r.Scenarios {
		for _, req := range sc.Requirements {
			if req.Verdict == verdict.Fail && req.Level == verdict.Must {
				n++
			}
		}
	}
	return n
}

// scenarioAt finds a scenario in r, at index i when the catalogs agree.
func scenarioAt(r *Report, i int, id string) *Scenario {
	if i < len(r.Scenarios) && r.Scenarios[i].ID == id {
		return r.Scenarios[i]
	}
	for _, sc := range r.Scenarios {
		if sc.ID == id {
			return sc
		}
	}
	return nil
}

func runTitle(r *Report) string {
	title := r.Client.Title() + ", " + modeText(r) + " mode, " + scopesText(r) + " security scopes"
	if b := r.Selection.Bindings; b != nil {
		title += ", bindings " + strings.Join(b, ", ")
	}
	return title
}

// clientText is the client under test, and the bindings its run narrowed
// the peers to, if any (a run over the default offer reads as before).
func clientText(r *Report) string {
	if b := r.Selection.Bindings; b != nil {
		return r.Client.Title() + ", bindings " + strings.Join(b, ", ")
	}
	return r.Client.Title()
}

// modeText is how the client took its tasks, as the first played scenario
// recorded it.
func modeText(r *Report) string {
	for _, sc := range r.Scenarios {
		if sc.ClientMode != "" {
			return string(sc.ClientMode)
		}
	}
	return "unknown"
}

func scopesText(r *Report) string {
	if r.Selection.SecurityScopes == "" {
		return string(ScopesSpec)
	}
	return string(r.Selection.SecurityScopes)
}

// cell makes text safe inside a markdown table cell.
func cell(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	return strings.ReplaceAll(s, "|", `\|`)
}
