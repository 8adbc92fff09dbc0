package engine

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// Play is one scenario played and judged.
type Play struct {
	Scenario *scenarios.Scenario
	// Evidence is what the checks judged; nil when the harness broke.
	Evidence *scenarios.Evidence
	// Record is the scenario's entry in the report: verdicts, outcome,
	// output tails.
	Record *report.Scenario
}

// Verdict is the recorded verdict of requirement id, or nil.
func (p *Play) Verdict(id string) *report.Requirement {
	for _, rr := range p.Record.Requirements {
		if rr.ID == id {
			return rr
		}
	}
	return nil
}

// Play plays sc once, judges every selected requirement and records the
// verdicts. It never fails: a harness fault is an error verdict on every
// selected requirement of sc, with the fault as its reason. Playing sc
// again starts its record afresh: nothing of an earlier play is kept.
func (e *Engine) Play(ctx context.Context, sc *scenarios.Scenario) *Play {
	play := e.play(ctx, sc)
	if play.Record == e.byID[sc.ID] { // not for a scenario outside the run
		e.printProgress(play.Record)
	}
	return play
}

// play is Play without the progress line, which a schedule prints in
// catalog order.
func (e *Engine) play(ctx context.Context, sc *scenarios.Scenario) *Play {
	e.mu.Lock()
	rec := e.byID[sc.ID]
	if rec != nil {
		*rec = *e.newRecord(sc)
		delete(e.journals, sc.ID)
	}
	e.mu.Unlock()
	if rec == nil {
		rec = &report.Scenario{ID: sc.ID, Title: sc.Title, HarnessError: "scenario not in this run's catalog"}
		return &Play{Scenario: sc, Record: rec}
	}
	start := time.Now()
	pr, err := playBounded(ctx, sc, e.o.Client, PlayOptions{FlatSecurityScopes: e.o.SecurityScopes == report.ScopesFlat,
		Bindings: e.o.Bindings}, e.o.PlaySlack)

	e.mu.Lock()
	defer e.mu.Unlock()
	play := &Play{Scenario: sc, Evidence: pr.evidence, Record: rec}
	rec.DurationMS = time.Since(start).Milliseconds()
	switch {
	case err != nil:
		rec.HarnessError = err.Error()
		for _, rr := range rec.Requirements {
			if rr.Verdict == verdict.Error {
				rr.Reason = "the scenario could not be played: " + err.Error()
				rr.Message = harnessMessage(sc, rr)
			}
		}
	default:
		e.record(rec, pr)
		for i, r := range sc.AllRequirements() {
			if e.selected[sc.ID+"/"+r.ID] {
				e.judge(sc, r, rec.Requirements[i], pr.evidence)
			}
		}
	}
	return play
}

// printProgress prints the progress line of a judged scenario.
func (e *Engine) printProgress(rec *report.Scenario) {
	if e.o.Progress == nil {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	fmt.Fprintln(e.o.Progress, progressLine(rec))
}

// record copies the client's run into the report.
func (e *Engine) record(rec *report.Scenario, pr playResult) {
	ev, res := pr.evidence, pr.client
	// The journal is kept encoded and within its file budget, not as
	// values: a run's memory stays bounded whatever the client sent.
	var buf bytes.Buffer
	rec.JournalOmitted, rec.JournalDigest, _ = encodeJournalDigest(&buf, ev.Journal)
	e.journals[rec.ID] = buf.Bytes()
	rec.Played = true
	rec.ExchangeCount = len(ev.Journal)
	rec.ClientMode = ev.Mode
	rec.Bindings = ev.BindingsUsed()
	_, rec.NoOfferedBinding = ev.NoOfferedBinding()
	for _, t := range ev.Tasks {
		rec.Tasks = append(rec.Tasks, &report.Task{Task: t.Task, TaskEnd: t.TaskEnd,
			FirstExchange: t.FirstSeq, LastExchange: t.LastSeq})
	}
	rec.Outcome = res.Outcome
	rec.OutcomeProblem = res.OutcomeProblem
	rec.ClientExitCode = res.ExitCode
	rec.ClientTimedOut = res.TimedOut
	rec.ClientCrashed = res.Crashed
	rec.ClientStdout = tail(res.Stdout, maxReportedOutput)
	rec.ClientStderr = tail(res.Stderr, maxReportedOutput)
}

// judge runs one check. A check that panics is the harness's fault: error.
func (e *Engine) judge(sc *scenarios.Scenario, r scenarios.Requirement, rr *report.Requirement, ev *scenarios.Evidence) {
	j := judgeOne(ev, r)
	rr.Verdict, rr.Want, rr.Got, rr.Reason, rr.Exchanges = j.Verdict, j.Want, j.Got, j.Reason, j.Exchanges
	if len(j.Exchanges) > 0 {
		rr.EvidenceDigest = digest(ev.Exchanges(j.Exchanges))
	}
	switch j.Verdict {
	case verdict.Pass, verdict.NotApplicable:
	case verdict.Fail:
		rr.Message = FailureMessage(sc, r, j, ev)
	default:
		rr.Verdict = verdict.Error
		rr.Message = harnessMessage(sc, rr)
	}
}

func judgeOne(ev *scenarios.Evidence, r scenarios.Requirement) (j verdict.Judgement) {
	defer func() {
		if p := recover(); p != nil {
			j = verdict.Judgement{Verdict: verdict.Error, Reason: fmt.Sprintf("check %s panicked: %v", r.ID, p)}
		}
	}()
	if r.Check == nil {
		return verdict.Judgement{Verdict: verdict.Error, Reason: "requirement " + r.ID + " has no check"}
	}
	j = floodRule(ev, r.Judge(ev))
	switch {
	case j.Verdict == verdict.Pass, j.Verdict == verdict.Fail, j.Verdict == verdict.NotApplicable:
		return j
	case j.Verdict == verdict.Error && j.Reason != "":
		return j // the check found its evidence lost by the harness, and says how
	}
	return verdict.Judgement{Verdict: verdict.Error, Reason: fmt.Sprintf("check %s returned verdict %q", r.ID, j.Verdict)}
}

// maxReportedOutput bounds the client output kept in report.json.
const maxReportedOutput = 8 << 10

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "…" + s[len(s)-n:]
}

// digest is the SHA-256 of the JSON of the given exchanges.
func digest(exs []journal.Exchange) string {
	h := sha256.New()
	enc := json.NewEncoder(h)
	for _, ex := range exs {
		_ = enc.Encode(ex)
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}
