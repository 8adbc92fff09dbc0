package report

import (
	"fmt"
	"sort"
	"strings"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// exchangeAnchor is the id of the arrow of exchange seq in scenario sc.
func exchangeAnchor(sc string, seq int64) string { return fmt.Sprintf("%s-ex-%d", sc, seq) }

// failingCited are the exchanges cited by a failing requirement.
func failingCited(sc *Scenario) map[int64]bool {
	out := map[int64]bool{}
	for _, r := range sc.Requirements {
		if r.Verdict == verdict.Fail || r.Verdict == verdict.Error {
			for _, s := range r.Exchanges {
				out[s] = true
			}
		}
	}
	return out
}

type marker struct {
	pos  int // index of the exchange it comes before
	task int
	kind string
	text string
}

// taskMarkers places a begin and an end marker for every task of the
// session, by the exchanges that arrived while it was the client's.
func taskMarkers(sc *Scenario, lines []journal.Exchange) []marker {
	first := func(seq int64) int {
		return sort.Search(len(lines), func(i int) bool { return lines[i].Seq >= seq })
	}
	var out []marker
	for i, t := range sc.Tasks {
		b := first(t.FirstExchange)
		e := max(first(t.LastExchange+1), b)
		out = append(out, marker{b, i, "begin", fmt.Sprintf("task %d begins", t.Task)},
			marker{e, i, "end", fmt.Sprintf("task %d: client reported %s", t.Task, reportedOutcome(t.Outcome, t.OutcomeProblem, t.TimedOut, t.Crashed))})
	}
	if len(sc.Tasks) == 0 && (sc.Outcome != nil || sc.OutcomeProblem != "") {
		out = append(out, marker{len(lines), 0, "end", "client reported " + reportedOutcome(sc.Outcome, sc.OutcomeProblem, sc.ClientTimedOut, sc.ClientCrashed)})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].pos < out[j].pos })
	return out
}

// changeMarkers places a marker where the client first meets another card
// version of a peer (a rotation, a repoint, a reorganisation), saying
// whether its contract changed or only its capability fields. start, if
// non-nil, is each peer's card before the first exchange, so that a
// change before a peer's first exchange is marked too.
func changeMarkers(lines []journal.Exchange, start map[string]CardInForce) []marker {
	type seen struct {
		version int
		hash    string
	}
	last := map[string]seen{}
	for peer, c := range start {
		last[peer] = seen{c.Version, c.ContractHash}
	}
	var out []marker
	for i, l := range lines {
		prev, ok := last[l.Peer]
		last[l.Peer] = seen{l.CardVersion, l.ContractHash}
		if !ok || prev.version == l.CardVersion {
			continue
		}
		what := "only capability fields changed"
		if prev.hash != l.ContractHash {
			what = "the contract changed"
		}
		out = append(out, marker{i, 0, "change", fmt.Sprintf("peer %s: card v%d in force (was v%d): %s", l.Peer, l.CardVersion, prev.version, what)})
	}
	return out
}

// allMarkers is the task and change markers in diagram order: at one
// place, a task's begin before the changes the client meets in it.
func allMarkers(sc *Scenario, lines []journal.Exchange, start map[string]CardInForce) []marker {
	out := append(taskMarkers(sc, lines), changeMarkers(lines, start)...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].pos < out[j].pos })
	return out
}

func reportedOutcome(o *driver.Outcome, problem string, timedOut, crashed bool) string {
	var parts []string
	if o != nil {
		parts = append(parts, o.Short())
		if o.Detail != "" {
			parts = append(parts, "“"+o.Detail+"”")
		}
	}
	if problem != "" {
		parts = append(parts, "("+problem+")")
	}
	if timedOut {
		parts = append(parts, "timed out")
	}
	if crashed {
		parts = append(parts, "crashed")
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, " ")
}
