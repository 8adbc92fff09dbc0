package engine_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/suite/engine"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// completes is a client that claims success without doing anything: if
// the harness broke and still said pass, this is the client that would
// profit.
var completes = runner.InProcess("completes", func(context.Context, driver.Assignment) driver.Outcome {
	return driver.Outcome{Outcome: driver.OutcomeCompleted}
})

// faultyScenario is a one-peer scenario whose card function runs setup.
func faultyScenario(id string, setup func()) *scenarios.Scenario {
	return &scenarios.Scenario{
		ID: id, Title: "a scenario whose setup " + id, Skill: "s", Message: "m", Deadline: time.Second,
		Peers: []mockpeer.PeerSpec{{Name: "A", Skill: "s", Cards: []mockpeer.CardFunc{func(mockpeer.Origins) wire.AgentCard {
			setup()
			return wire.AgentCard{Name: "x"}
		}}}},
		Requirements: []scenarios.Requirement{{ID: "X-001", Level: scenarios.Must, Profile: scenarios.ProfileCore,
			Text: "passes whenever judged", Check: func(*scenarios.Evidence) scenarios.Judgement {
				return scenarios.Judgement{Verdict: scenarios.Pass}
			}}},
	}
}

// A panic or a hang in a scenario's setup is a harness error on every
// selected requirement of that scenario, and the run exits 2: never a pass.
func TestSetupFaultsAreErrors(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	for _, tc := range []struct {
		name, reason string
		sc           *scenarios.Scenario
	}{
		{"panics", "panic: boom", faultyScenario("panics", func() { panic("boom") })},
		{"hangs", "did not end within its bound", faultyScenario("hangs", func() { <-release })},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, err := engine.Run(t.Context(), engine.Options{Client: completes, Catalog: []*scenarios.Scenario{tc.sc},
				PlaySlack: 200 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			rep := e.Report()
			if rep.ExitCode != report.ExitHarness || rep.Summary.Error != 1+len(scenarios.General()) || rep.Summary.Pass != 0 {
				t.Errorf("exit %d, summary %+v; want exit 2 and every requirement an error", rep.ExitCode, rep.Summary)
			}
			for _, r := range rep.Scenarios[0].Requirements {
				if r.Verdict != scenarios.Error || !strings.Contains(r.Reason, tc.reason) {
					t.Errorf("%s: %s %q, want error mentioning %q", r.ID, r.Verdict, r.Reason, tc.reason)
				}
			}
		})
	}
}

// A check that panics, or answers a verdict outside the set, is the
// harness's error, not the client's pass.
func TestBrokenChecksAreErrors(t *testing.T) {
	sc, err := scenarios.Lookup("version-skew")
	if err != nil {
		t.Fatal(err)
	}
	broken := *sc
	broken.Requirements = []scenarios.Requirement{
		{ID: "P-001", Level: scenarios.Must, Profile: scenarios.ProfileCore, Text: "panics",
			Check: func(*scenarios.Evidence) scenarios.Judgement { panic("nil map") }},
		{ID: "P-002", Level: scenarios.Must, Profile: scenarios.ProfileCore, Text: "says maybe",
			Check: func(*scenarios.Evidence) scenarios.Judgement { return scenarios.Judgement{Verdict: "maybe"} }},
		{ID: "P-003", Level: scenarios.Must, Profile: scenarios.ProfileCore, Text: "has no check"},
	}
	e, err := engine.Run(t.Context(), engine.Options{Client: completes, Catalog: []*scenarios.Scenario{&broken},
		Selection: engine.Selection{Profiles: []scenarios.Profile{scenarios.ProfileCore}}})
	if err != nil {
		t.Fatal(err)
	}
	rep := e.Report()
	for _, r := range rep.Scenarios[0].Requirements[:3] {
		if r.Verdict != scenarios.Error {
			t.Errorf("%s: %s, want error", r.ID, r.Verdict)
		}
	}
	if rep.ExitCode != report.ExitHarness {
		t.Errorf("exit %d, want 2", rep.ExitCode)
	}
}

// An interrupted run stops its client, leaves the rest unplayed as errors,
// marks the report interrupted and exits 2.
func TestInterruptedRun(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	waits := runner.InProcess("waits", func(c context.Context, _ driver.Assignment) driver.Outcome {
		cancel() // the interrupt arrives while the first scenario's client runs
		<-c.Done()
		return driver.Outcome{Outcome: driver.OutcomeFailed, Reason: driver.ReasonDeadline}
	})
	e, err := engine.Run(ctx, engine.Options{Client: waits})
	if err != nil {
		t.Fatal(err)
	}
	rep := e.Report()
	if !rep.Interrupted || rep.ExitCode != report.ExitHarness {
		t.Fatalf("interrupted %v, exit %d; want true, 2", rep.Interrupted, rep.ExitCode)
	}
	last := rep.Scenarios[len(rep.Scenarios)-1]
	if last.Played || last.Requirements[0].Verdict != scenarios.Error || !strings.Contains(last.Requirements[0].Reason, "interrupted") {
		t.Errorf("last scenario: played %v, %s %q", last.Played, last.Requirements[0].Verdict, last.Requirements[0].Reason)
	}
	if rep.Summary.Pass > 0 && rep.Summary.Error == 0 {
		t.Errorf("summary %+v", rep.Summary)
	}
}

// A selection that matches nothing, an unknown known-failure and no
// client are configuration errors before anything is played.
func TestConfigurationErrors(t *testing.T) {
	nothing := engine.Selection{LabelFilter: "req:NOPE", Match: func([]string) bool { return false }}
	for name, o := range map[string]engine.Options{
		"no client":          {},
		"selects nothing":    {Client: completes, Selection: nothing},
		"unknown known fail": {Client: completes, KnownFailures: report.KnownFailures{"ROT-999": "typo"}},
	} {
		if _, err := engine.New(o); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
