package report

import (
	"embed"
	"fmt"
	"html/template"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

//go:embed html/*.tmpl
var htmlFS embed.FS

var htmlTmpl = template.Must(template.New("page.tmpl").Funcs(template.FuncMap{
	"join":  strings.Join,
	"lower": func(v any) string { return strings.ToLower(fmt.Sprint(v)) },
}).ParseFS(htmlFS, "html/*.tmpl"))

// journalTableRows caps a scenario's journal table; the rest is in the
// journal files next to the report.
const journalTableRows = 3000

// WriteHTML renders the report as one self-contained HTML page: the
// summary, per scenario a sequence diagram of its exchanges, the
// requirement table and the journal. journals maps a scenario id to its
// exchanges (a scenario missing from it has no diagram). Everything the
// client controls is escaped by html/template.
func WriteHTML(w io.Writer, r *Report, journals map[string][]journal.Exchange) error {
	if err := htmlTmpl.Execute(w, newHTMLPage(r, journals)); err != nil {
		return fmt.Errorf("report: html: %w", err)
	}
	return nil
}

// WriteHTMLFile writes the HTML report to path.
func WriteHTMLFile(path string, r *Report, journals map[string][]journal.Exchange) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	if err := WriteHTML(f, r, journals); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	return nil
}

type htmlPage struct {
	R      *Report
	Levels []levelCount
	// Failures are the failures that count against the run, then the
	// other unexpected ones, first on the page: a vendor reads them before
	// anything else.
	Failures  []*failureRow
	Known     []*knownRow
	Scenarios []*htmlScenario
}

// failureRow links one failure to its evidence (its row in its scenario's
// requirement table) and to its scenario's diagram.
type failureRow struct {
	Scenario string
	Req      *htmlReq
	FailsRun bool
}

type levelCount struct {
	Level verdict.Level
	Counts
}

type knownRow struct {
	Scenario string
	Req      *Requirement
}

type htmlScenario struct {
	S        *Scenario
	Diagram  *diagram
	Reqs     []*htmlReq
	Rows     []journalRow
	Hidden   int // journal rows past the table's cap
	Peers    []string
	Ops      []string
	TaskNums []int
}

type htmlReq struct {
	*Requirement
	Failing bool
	Cited   []citedLink
	// Anchor is the requirement row's id; DocURL its page in the docs of
	// the suite version that wrote the report (a relative link would break
	// in any copy of the report folder).
	Anchor, DocURL string
}

type citedLink struct {
	Seq    int64
	Anchor string // "" when the exchange is not in the journal file
}

type journalRow struct {
	journal.Exchange
	Lane, What, Creds, States string
	// Note is what the peer's record adds to the line (exchangeNote).
	Note  string
	Task  int // the session task it arrived in, 0 if none
	Cited bool
}

func newHTMLPage(r *Report, journals map[string][]journal.Exchange) *htmlPage {
	p := &htmlPage{R: r}
	levels := map[verdict.Level]*levelCount{}
	for _, l := range []verdict.Level{verdict.Must, verdict.Should, verdict.May} {
		levels[l] = &levelCount{Level: l}
	}
	for _, sc := range r.Scenarios {
		for _, req := range sc.Requirements {
			lc := levels[req.Level]
			if lc == nil {
				lc = &levelCount{Level: req.Level}
				levels[req.Level] = lc
			}
			lc.add(req.Verdict)
			if req.KnownFailure {
				p.Known = append(p.Known, &knownRow{sc.ID, req})
			}
		}
		h := newHTMLScenario(sc, journals[sc.ID], DocsBase(r.Suite.Version))
		p.Scenarios = append(p.Scenarios, h)
		for _, hr := range h.Reqs {
			if hr.Verdict == verdict.Fail && !hr.KnownFailure {
				p.Failures = append(p.Failures, &failureRow{Scenario: sc.ID, Req: hr, FailsRun: r.Selection.FailsRun(hr.Requirement)})
			}
		}
	}
	sort.SliceStable(p.Failures, func(i, j int) bool { return p.Failures[i].FailsRun && !p.Failures[j].FailsRun })
	for _, l := range []verdict.Level{verdict.Must, verdict.Should, verdict.May} {
		p.Levels = append(p.Levels, *levels[l])
	}
	return p
}

func newHTMLScenario(sc *Scenario, lines []journal.Exchange, docs string) *htmlScenario {
	h := &htmlScenario{S: sc}
	have := map[int64]bool{}
	for _, l := range lines {
		have[l.Seq] = true
	}
	if sc.Played || len(lines) > 0 {
		h.Diagram = layout(sc, lines, nil)
	}
	// In a collapsed diagram, only the first exchange of a run has an
	// anchor; cited exchanges are never collapsed.
	anchored := map[int64]bool{}
	if h.Diagram != nil {
		for _, it := range h.Diagram.Items {
			if it.Anchor != "" {
				anchored[seqOfAnchor(it.Anchor)] = true
			}
		}
	}
	cited := failingCited(sc)
	for _, req := range sc.Requirements {
		hr := &htmlReq{Requirement: req, Failing: req.Verdict == verdict.Fail || req.Verdict == verdict.Error,
			Anchor: sc.ID + "-req-" + strings.ToLower(req.ID), DocURL: docs + req.Doc}
		for _, s := range req.Exchanges {
			c := citedLink{Seq: s}
			if have[s] && anchored[s] {
				c.Anchor = exchangeAnchor(sc.ID, s)
			}
			hr.Cited = append(hr.Cited, c)
		}
		h.Reqs = append(h.Reqs, hr)
	}
	peers, ops, tasks := map[string]bool{}, map[string]bool{}, map[int]bool{}
	for i, l := range lines {
		if i >= journalTableRows {
			h.Hidden = len(lines) - i
			break
		}
		row := journalRow{Exchange: l, Note: exchangeNote(l), Lane: laneOf(l), What: l.Op, Creds: strings.Join(l.Auth.Presented, "+"), Cited: cited[l.Seq]}
		if row.What == "" {
			row.What = l.Route
		}
		if l.TaskID != "" {
			row.States = shortState(string(l.StateBefore)) + "→" + shortState(string(l.StateAfter))
			if l.StateAfter != "" && l.StateVersion != l.CardVersion {
				row.States += fmt.Sprintf(" (entered under v%d)", l.StateVersion)
			}
		}
		for _, t := range sc.Tasks {
			if l.Seq >= t.FirstExchange && l.Seq <= t.LastExchange {
				row.Task = t.Task
			}
		}
		peers[row.Lane], ops[row.What], tasks[row.Task] = true, true, true
		h.Rows = append(h.Rows, row)
	}
	h.Peers, h.Ops = sortedKeys(peers), sortedKeys(ops)
	for t := range tasks {
		h.TaskNums = append(h.TaskNums, t)
	}
	sort.Ints(h.TaskNums)
	return h
}

func seqOfAnchor(a string) int64 {
	var n int64
	fmt.Sscan(a[strings.LastIndex(a, "-")+1:], &n)
	return n
}

func shortState(s string) string {
	if s == "" {
		return "new"
	}
	return strings.TrimPrefix(s, "TASK_STATE_")
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Count is how many of the scenario's requirements have the verdict.
func (h *htmlScenario) Count(verdict string) int {
	n := 0
	for _, r := range h.S.Requirements {
		if string(r.Verdict) == verdict {
			n++
		}
	}
	return n
}
