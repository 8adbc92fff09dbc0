package suite

import (
	"context"

	"github.com/onsi/ginkgo/v2"
	"github.com/onsi/gomega"

	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/engine"
)

// Declare adds the catalog to the Ginkgo suite being built: one Ordered
// container per selected scenario plays it once in BeforeAll through the
// engine, and one It per requirement asserts the engine's verdict with
// Pass. Call it while the spec tree is built (at the top level of a
// _test.go file, or inside a Describe) in your own Ginkgo suite; the
// engine's report stays the record of the run, whatever Ginkgo does.
//
// The whole catalog sits in one outer Ordered container so that scenarios
// play in catalog order; ContinueOnFailure lets one failure never hide the
// rest.
func Declare(e *engine.Engine) bool { return declare(e, context.Background(), nil) }

// declare is Declare whose plays also stop when run ends (an interrupted
// command line run), not only when Ginkgo interrupts a spec. With a
// schedule, the scenarios are played by it (several at once) and each
// BeforeAll waits for its scenario's play.
func declare(e *engine.Engine, run context.Context, sched *engine.Schedule) bool {
	return ginkgo.Describe("a2a-conform", ginkgo.Ordered, ginkgo.ContinueOnFailure, func() {
		for _, sc := range e.Scenarios() {
			describeScenario(e, sc, run, sched)
		}
		if len(e.Report().Selection.KnownFailures) > 0 {
			// Last, once every scenario was played: a stale entry fails the
			// run, so it fails a spec too.
			ginkgo.It("every entry of the known-failures file still fails", func() {
				gomega.Expect(e.StaleKnownFailures()).To(gomega.BeEmpty(),
					"listed as known failures, but judged and never failed: remove them from the known-failures file")
			})
		}
	})
}

func describeScenario(e *engine.Engine, sc *scenarios.Scenario, run context.Context, sched *engine.Schedule) {
	ginkgo.Describe(sc.ID+": "+sc.Title, ginkgo.Label("scenario:"+sc.ID), func() {
		var play *engine.Play
		ginkgo.BeforeAll(func(spec ginkgo.SpecContext) {
			if sched != nil {
				if play = sched.Await(sc); play == nil {
					ginkgo.Skip("the run was interrupted")
				}
				return
			}
			ctx, cancel := context.WithCancel(spec)
			defer cancel()
			defer context.AfterFunc(run, cancel)()
			if run.Err() != nil {
				ginkgo.Skip("the run was interrupted")
			}
			play = e.Play(ctx, sc)
		})
		for _, r := range sc.AllRequirements() {
			if !e.Selected(sc, r.ID) {
				continue
			}
			ginkgo.It(r.ID+" "+r.Text, ginkgo.Label(engine.Labels(sc, r)...), func() {
				assertVerdict(e, play, r)
			})
		}
	})
}

// assertVerdict shows the engine's verdict the Ginkgo way: not applicable,
// known failures and failures that do not fail the run (a SHOULD, without
// --strict) are skips with their reason, so that Ginkgo's banner agrees
// with the exit code; everything else an assertion whose failure message is
// the evidence.
func assertVerdict(e *engine.Engine, play *engine.Play, r scenarios.Requirement) {
	v := play.Verdict(r.ID)
	gomega.Expect(v).NotTo(gomega.BeNil(), "requirement %s has no verdict", r.ID)
	switch {
	case v.Verdict == verdict.NotApplicable:
		ginkgo.Skip("not applicable: " + v.Reason)
	case v.Verdict == verdict.Fail && v.KnownFailure:
		ginkgo.Skip("known failure (" + v.KnownReason + ")\n" + v.Message)
	case v.Verdict == verdict.Fail && !e.FailsRun(v):
		ginkgo.Skip("not met, at " + string(v.Level) + " level, which does not fail the run (--strict would)\n" + v.Message)
	case engine.ListedAndPassed(v):
		ginkgo.Fail(r.ID + " passed but " + v.KnownKey + " is listed as a known failure (" + v.KnownReason +
			"): remove it from the known-failures file")
	}
	gomega.Expect(v).To(Pass())
}
