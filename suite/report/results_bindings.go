package report

import (
	"strings"
)

// bindingPair is a run narrowed to some bindings (run --bindings) and the
// run of the same client, mode and security scopes over the default offer,
// the bindings each scenario's cards list.
type bindingPair struct {
	base, narrowed *Report
}

// bindingPairs pairs every narrowed run with its default-offer run, in the
// order of the narrowed runs; a narrowed run without one is left out.
func bindingPairs(reports []*Report) []bindingPair {
	var pairs []bindingPair
	for _, narrowed := range reports {
		if narrowed.Selection.Bindings == nil {
			continue
		}
		for _, base := range reports {
			if base.Selection.Bindings == nil && sameSetup(base, narrowed) {
				pairs = append(pairs, bindingPair{base: base, narrowed: narrowed})
				break
			}
		}
	}
	return pairs
}

func sameSetup(a, b *Report) bool {
	return a.Client.Title() == b.Client.Title() && modeText(a) == modeText(b) && scopesText(a) == scopesText(b)
}

// bindingsSection compares each pair of runs requirement by requirement
// and scenario by scenario: does the client behave differently by binding?
func (p *page) bindingsSection(reports []*Report) {
	pairs := bindingPairs(reports)
	if len(pairs) == 0 {
		return
	}
	p.line("## Per binding: does a client behave differently?")
	p.line("")
	p.line("Each run over narrowed bindings (`--bindings`) next to the run of the same client, mode and security " +
		"scopes over the default offer, where the cards list JSON-RPC, HTTP+JSON, then gRPC and the client " +
		"picks. *Used* are the bindings of the A2A calls the peers journaled; a difference is a requirement " +
		"judged otherwise or a scenario whose outcomes differ.")
	p.line("")
	p.line("| client under test | client mode | cards' security scopes | used (default offer) | used (narrowed) | requirements judged otherwise | scenarios with other outcomes |")
	p.line("|---|---|---|---|---|---:|---:|")
	for _, pr := range pairs {
		p.line("| %s | %s | %s | %s | %s | %d | %d |", cell(pr.base.Client.Title()), modeText(pr.base), scopesText(pr.base),
			usedBindings(pr.base), usedBindings(pr.narrowed), len(verdictDiffs(pr)), len(outcomeDiffs(pr)))
	}
	p.line("")
	for _, pr := range pairs {
		p.pairDiffs(pr)
	}
}

// pairDiffs lists what differs in one pair, or says that nothing does.
func (p *page) pairDiffs(pr bindingPair) {
	verdicts, outcomes := verdictDiffs(pr), outcomeDiffs(pr)
	name := runTitle(pr.narrowed)
	if len(verdicts) == 0 && len(outcomes) == 0 {
		p.line("**%s**: every requirement judged as over %s, every scenario with the same outcomes.", cell(name), usedBindings(pr.base))
		p.line("")
		return
	}
	p.line("**%s**, against %s:", cell(name), usedBindings(pr.base))
	p.line("")
	p.line("| scenario | requirement or outcome | default offer | narrowed |")
	p.line("|---|---|---|---|")
	for _, d := range verdicts {
		p.line("| %s | %s | %s | %s |", d.scenario, d.what, cell(d.base), cell(d.narrowed))
	}
	for _, d := range outcomes {
		p.line("| %s | outcomes | %s | %s |", d.scenario, cell(d.base), cell(d.narrowed))
	}
	p.line("")
}

// difference is one thing judged or reported otherwise in the two runs.
type difference struct {
	scenario, what, base, narrowed string
}

func verdictDiffs(pr bindingPair) []difference {
	var diffs []difference
	for i, sc := range pr.base.Scenarios {
		other := scenarioAt(pr.narrowed, i, sc.ID)
		for _, req := range sc.Requirements {
			o := requirementIn(other, req.ID)
			if o == nil || o.Verdict != req.Verdict {
				diffs = append(diffs, difference{sc.ID, req.ID, verdictLine(sc, req), verdictLine(other, o)})
			}
		}
	}
	return diffs
}

func outcomeDiffs(pr bindingPair) []difference {
	var diffs []difference
	for i, sc := range pr.base.Scenarios {
		if base, narrowed := outcomeOf(sc), outcomeOf(scenarioAt(pr.narrowed, i, sc.ID)); base != narrowed {
			diffs = append(diffs, difference{sc.ID, "", base, narrowed})
		}
	}
	return diffs
}

func requirementIn(sc *Scenario, id string) *Requirement {
	if sc == nil {
		return nil
	}
	for _, req := range sc.Requirements {
		if req.ID == id {
			return req
		}
	}
	return nil
}

func verdictLine(sc *Scenario, req *Requirement) string {
	if req == nil {
		return "not in this run"
	}
	return verdictText(req) + ": " + evidence(sc, req)
}

// usedBindings is every binding of the run's journaled A2A calls.
func usedBindings(r *Report) string {
	if used := r.bindingsUsed(); len(used) > 0 {
		return strings.Join(used, ", ")
	}
	return "none"
}
