package suite

import (
	"fmt"
	"os"
	"time"

	"github.com/onsi/ginkgo/v2"
	"github.com/onsi/ginkgo/v2/types"

	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/scenarios"
)

// harnessFault is raised (as a panic) inside an It when the harness, not
// the client, broke: Ginkgo then reports the spec as panicked, which JUnit
// shows as an error rather than a failure.
type harnessFault struct{ msg string }

func (h harnessFault) String() string { return "HARNESS ERROR (not a client failure): " + h.msg }

// buildSpecs declares one ginkgo.Ordered container per scenario. Nothing runs
// here; Ginkgo runs the tree in RunSpecs.
func buildSpecs(o Options, filter types.LabelFilter, rep *Report) {
	// One top-level container: Ginkgo shuffles top-level containers, and
	// scenarios should play in catalog order so runs read the same.
	var plays []func()
	for i, sc := range scenarios.Catalog() {
		reqs := sc.AllRequirements()
		run := &ScenarioRun{ID: sc.ID, Title: sc.Title, ExitCode: -1}
		selected := 0
		for _, r := range reqs {
			rr := &RequirementRun{ID: r.ID, Level: r.Level, Profile: r.Profile, Text: r.Text, Ref: r.Ref,
				Doc: r.DocAnchor(), Verdict: scenarios.Skipped}
			if reason, key, ok := o.knownFailure(sc.ID, r.ID); ok {
				rr.Known, rr.KnownReason, rr.knownKey = true, reason, key
			}
			if filter(Labels(sc, r)) {
				selected++
			}
			run.Requirements = append(run.Requirements, rr)
		}
		rep.Scenarios = append(rep.Scenarios, run)
		if selected == 0 {
			continue
		}
		plays = append(plays, func() { describeScenario(o, i, sc, reqs, run) })
	}
	ginkgo.Describe("a2a-conform", func() {
		for _, declare := range plays {
			declare()
		}
	})
}

// catalogLocation gives every node a code location that sorts in catalog
// order: Ginkgo orders siblings by code location, then by text, and all
// these nodes are declared on the same lines.
func catalogLocation(scenario, requirement int) types.CodeLocation {
	return types.CodeLocation{FileName: "a2a-conform catalog", LineNumber: scenario*1000 + requirement}
}

func describeScenario(o Options, index int, sc *scenarios.Scenario, reqs []scenarios.Requirement, run *ScenarioRun) {
	ginkgo.Describe(sc.ID+": "+sc.Title, ginkgo.Ordered, ginkgo.ContinueOnFailure, ginkgo.Label("scenario:"+sc.ID),
		catalogLocation(index, 0), func() {
			var ev *scenarios.Evidence
			ginkgo.BeforeAll(func(ctx ginkgo.SpecContext) {
				start := time.Now()
				dir, err := os.MkdirTemp("", "a2a-conform-"+sc.ID+"-")
				if err != nil {
					run.HarnessError = err.Error()
					return
				}
				defer os.RemoveAll(dir)
				var res runner.Result
				ev, res, err = scenarios.Play(ctx, sc, o.Client, scenarios.PlayOptions{Dir: dir, FlatSecurityScopes: o.FlatSecurityScopes})
				run.Played = true
				run.DurationMS = time.Since(start).Milliseconds()
				if err != nil {
					run.HarnessError = err.Error()
					return
				}
				recordPlay(run, ev, res)
			}, ginkgo.NodeTimeout(sc.Deadline+2*time.Minute))
			ginkgo.AfterAll(func() { progress(o, sc, run) })

			for i, r := range reqs {
				rr := run.Requirements[i]
				ginkgo.It(r.ID+" "+r.Text, ginkgo.Label(Labels(sc, r)...), catalogLocation(index, i+1), func() {
					judge(sc, r, rr, run, ev)
				})
			}
		})
}

func recordPlay(run *ScenarioRun, ev *scenarios.Evidence, res runner.Result) {
	run.stdout, run.stderr = res.Stdout, res.Stderr
	run.evidence = ev
	run.journal = ev.Journal
	run.Exchanges = len(ev.Journal)
	run.JournalHash = digest(ev.Journal)
	run.Outcome = ev.Client.Outcome
	run.OutcomeIssue = ev.Client.OutcomeProblem
	run.ExitCode = ev.Client.ExitCode
	run.TimedOut = ev.Client.TimedOut
	run.Crashed = ev.Client.Crashed
	run.ClientStdout = tail(res.Stdout, maxReportedOutput)
	run.ClientStderr = tail(res.Stderr, maxReportedOutput)
}

// judge runs one check and turns its verdict into a Ginkgo result.
func judge(sc *scenarios.Scenario, r scenarios.Requirement, rr *RequirementRun, run *ScenarioRun, ev *scenarios.Evidence) {
	if ev == nil {
		rr.Verdict = scenarios.Error
		rr.Reason = "the scenario could not be played: " + run.HarnessError
		panic(harnessFault{rr.Reason})
	}
	j := scenarios.Judge(ev, []scenarios.Requirement{r})[r.ID]
	rr.Verdict, rr.Want, rr.Got, rr.Reason, rr.Exchanges = j.Verdict, j.Want, j.Got, j.Reason, j.Exchanges
	if len(j.Exchanges) > 0 {
		rr.EvidenceDigest = digest(ev.Exchanges(j.Exchanges))
	}
	attachEvidence(r, j, ev, run)
	switch j.Verdict {
	case scenarios.Pass:
		// A scenario-scoped known failure that passes is stale now; a bare
		// ID is stale only if no scenario fails it (decided in finish).
		if rr.Known && rr.knownKey != r.ID {
			ginkgo.Fail(fmt.Sprintf("%s passed but %s is listed as a known failure (%q): remove it from the known-failures file",
				r.ID, rr.knownKey, rr.KnownReason))
		}
	case scenarios.NotApplicable:
		ginkgo.Skip("not applicable: " + j.Reason)
	case scenarios.Fail:
		msg := FailureMessage(sc, r, j, ev)
		if rr.Known {
			ginkgo.Skip("known failure (" + rr.KnownReason + ")\n" + msg)
		}
		ginkgo.Fail(msg)
	default:
		panic(harnessFault{j.Reason})
	}
}

// attachEvidence adds the evidence to the spec's report: visible on
// failure and in Ginkgo's own JSON report.
func attachEvidence(r scenarios.Requirement, j scenarios.Judgement, ev *scenarios.Evidence, run *ScenarioRun) {
	ginkgo.AddReportEntry("outcome", outcomeLine(ev), ginkgo.ReportEntryVisibilityFailureOrVerbose)
	for _, ex := range ev.Exchanges(j.Exchanges) {
		ginkgo.AddReportEntry("exchange", ex.Line(), ginkgo.ReportEntryVisibilityFailureOrVerbose)
	}
	if s := run.stderr; s != "" {
		ginkgo.AddReportEntry("client stderr (tail)", clip(s, 4000), ginkgo.ReportEntryVisibilityFailureOrVerbose)
	}
	if s := run.stdout; s != "" {
		ginkgo.AddReportEntry("client stdout (tail)", clip(s, 4000), ginkgo.ReportEntryVisibilityFailureOrVerbose)
	}
}

// progress prints one line per scenario once its requirements are judged.
func progress(o Options, sc *scenarios.Scenario, run *ScenarioRun) {
	if o.Progress == nil {
		return
	}
	out := "no outcome"
	if run.Outcome != nil {
		out = run.Outcome.Short()
	}
	counts, unlisted := map[scenarios.Verdict]int{}, 0
	for _, r := range run.Requirements {
		counts[r.Verdict]++
		if r.Verdict == scenarios.Fail && !r.Known {
			unlisted++
		}
	}
	// FAIL only for what nobody expected: a CI log of a client with a
	// known-failures file should not cry wolf.
	mark := "ok  "
	switch {
	case unlisted > 0 || counts[scenarios.Error] > 0:
		mark = "FAIL"
	case counts[scenarios.Fail] > 0:
		mark = "known"
	}
	fmt.Fprintf(o.Progress, "\n%-5s %-38s pass %d, fail %d, n/a %d, error %d · client: %s · %d exchanges, %d ms\n",
		mark, sc.ID, counts[scenarios.Pass], counts[scenarios.Fail], counts[scenarios.NotApplicable],
		counts[scenarios.Error], out, run.Exchanges, run.DurationMS)
}

// maxReportedOutput bounds the client output kept in report.json.
const maxReportedOutput = 8 << 10

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "…" + s[len(s)-n:]
}
