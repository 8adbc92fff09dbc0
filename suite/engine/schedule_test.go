package engine

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/runner/builtin"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// The first scenario's client is held until the third scenario's starts,
// so with two at a time the second scenario ends first: the progress lines
// and the report stay in catalog order all the same.
func TestScheduleKeepsCatalogOrder(t *testing.T) {
	var catalog []*scenarios.Scenario
	for _, id := range []string{"first", "second", "third"} {
		sc := faultyScenario(id, func() {})
		sc.Skill, sc.Peers[0].Skill, sc.Deadline = id, id, time.Minute
		catalog = append(catalog, sc)
	}
	third := make(chan struct{})
	held := runner.InProcess("held", func(ctx context.Context, a driver.Assignment) driver.Outcome {
		switch a.Skill {
		case "first":
			select {
			case <-third:
			case <-ctx.Done():
			}
		case "third":
			close(third)
		}
		return driver.Outcome{Outcome: driver.OutcomeCompleted}
	})
	var progress bytes.Buffer
	e, err := Run(t.Context(), Options{Client: held, Parallel: 2, Progress: &progress, Catalog: catalog})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(progress.String()), "\n") {
		got = append(got, strings.Fields(line)[1])
	}
	if strings.Join(got, " ") != "first second third" {
		t.Errorf("progress in the order %v, want first second third:\n%s", got, progress.String())
	}
	for i, rec := range e.Report().Scenarios {
		if rec.ID != catalog[i].ID || !rec.Played {
			t.Errorf("report scenario %d is %s (played %v), want %s played", i, rec.ID, rec.Played, catalog[i].ID)
		}
	}
	if rep := e.Report(); rep.ExitCode != report.ExitPass {
		t.Errorf("exit %d, summary %+v", rep.ExitCode, rep.Summary)
	}
}

// failsOnce is the reference whose Open fails once, in whichever scenario
// opens a session first.
type failsOnce struct {
	runner.Client
	failed atomic.Bool
}

func (f *failsOnce) Open(ctx context.Context, s driver.Assignment) (runner.Session, error) {
	if f.failed.CompareAndSwap(false, true) {
		return nil, errors.New("cannot launch the client")
	}
	return f.Client.Open(ctx, s)
}

// A harness fault while several scenarios play is an error in its own
// scenario only.
func TestParallelHarnessFaultStaysInItsScenario(t *testing.T) {
	ref, err := builtin.Lookup(builtin.Reference)
	if err != nil {
		t.Fatal(err)
	}
	e, err := Run(t.Context(), Options{Client: &failsOnce{Client: ref}, Parallel: 4})
	if err != nil {
		t.Fatal(err)
	}
	broken := 0
	for _, rec := range e.Report().Scenarios {
		errs := 0
		for _, r := range rec.Requirements {
			if r.Verdict == verdict.Error {
				errs++
			}
		}
		switch {
		case rec.HarnessError != "":
			broken++
			if errs != len(rec.Requirements) || !strings.Contains(rec.HarnessError, "cannot launch") {
				t.Errorf("%s: %d of %d requirements error, harness error %q", rec.ID, errs, len(rec.Requirements), rec.HarnessError)
			}
		case errs > 0:
			t.Errorf("%s: %d error verdicts without a fault of its own", rec.ID, errs)
		}
	}
	if broken != 1 || e.Report().ExitCode != report.ExitHarness {
		t.Errorf("%d scenarios with a harness error, exit %d; want 1, 2", broken, e.Report().ExitCode)
	}
}

// An interrupt while several scenarios play stops every one of them: none
// passes, the rest are not played, and the report is interrupted.
func TestParallelInterrupt(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	var running atomic.Int32
	waits := runner.InProcess("waits", func(c context.Context, _ driver.Assignment) driver.Outcome {
		if running.Add(1) == 3 {
			cancel() // the interrupt arrives while three clients run
		}
		<-c.Done()
		return driver.Outcome{Outcome: driver.OutcomeFailed, Reason: driver.ReasonDeadline}
	})
	e, err := Run(ctx, Options{Client: waits, Parallel: 3})
	if err != nil {
		t.Fatal(err)
	}
	rep := e.Report()
	if !rep.Interrupted || rep.ExitCode != report.ExitHarness || rep.Summary.Pass != 0 {
		t.Fatalf("interrupted %v, exit %d, %d passes; want true, 2, 0", rep.Interrupted, rep.ExitCode, rep.Summary.Pass)
	}
	stopped, unplayed := 0, 0
	for _, rec := range rep.Scenarios {
		switch {
		case rec.HarnessError != "":
			stopped++
		case !rec.Played && strings.Contains(rec.Requirements[0].Reason, "interrupted"):
			unplayed++
		default:
			t.Errorf("%s: played %v, %s %q", rec.ID, rec.Played, rec.Requirements[0].Verdict, rec.Requirements[0].Reason)
		}
	}
	if stopped != 3 || unplayed != len(rep.Scenarios)-3 {
		t.Errorf("%d stopped mid-play, %d not played; want 3 and %d", stopped, unplayed, len(rep.Scenarios)-3)
	}
}
