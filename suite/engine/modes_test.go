package engine_test

import (
	"fmt"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/builtin"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/scenarios/scenariotest"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/engine"
)

// The reference passes the whole catalog in every send mode, on both
// bindings, in session and one-shot mode: no failure, no error (a
// requirement the mode leaves unobservable may be not-applicable).
func TestReferenceInEveryMode(t *testing.T) {
	heavyPlay(t, "plays the whole catalog once per send mode, binding and client mode")
	for _, clientMode := range []driver.Mode{driver.ModeSession, driver.ModeOneShot} {
		for _, mode := range refclient.SendModes() {
			for _, binding := range []string{wire.BindingJSONRPC, wire.BindingHTTPJSON} {
				t.Run(fmt.Sprintf("%s/%s/%s", clientMode, mode, binding), func(t *testing.T) {
					t.Parallel() // independent plays, each its own farm on ephemeral ports
					playReferenceIn(t, clientMode, builtin.Options{SendMode: mode, Binding: binding})
				})
			}
		}
	}
}

func playReferenceIn(t *testing.T, clientMode driver.Mode, o builtin.Options) {
	t.Helper()
	c, err := builtin.LookupWith(builtin.Reference, clientMode, o)
	if err != nil {
		t.Fatal(err)
	}
	e, err := engine.Run(t.Context(), engine.Options{Client: c})
	if err != nil {
		t.Fatal(err)
	}
	checkModeOnWire(t, e, o.SendMode, o.Binding)
	rep := e.Report()
	verdicts := rep.Verdicts()
	for key, v := range verdicts {
		if v == verdict.Fail || v == verdict.Error || v == verdict.Skipped {
			t.Errorf("%s is %s", key, v)
		}
	}
	if o.SendMode != refclient.Block {
		// A polled or streamed task runs across each mid-task change: those
		// requirements pass, they are not merely not applicable.
		for _, sc := range scenarios.Catalog() {
			for _, r := range sc.AllRequirements() {
				if key := sc.ID + "/" + r.ID; r.MidTask && verdicts[key] != verdict.Pass {
					t.Errorf("%s is %s in %s mode, want pass", key, verdicts[key], o.SendMode)
				}
			}
		}
	}
	if rep.ExitCode != 0 {
		t.Errorf("exit code %d, want 0", rep.ExitCode)
	}
	t.Logf("%s, %s: %+v", c.Describe(), clientMode, rep.Summary)
}

// checkModeOnWire asserts that the journals show the mode and binding
// asked for (scenariotest.ModeOnWire), and that tasks were created.
func checkModeOnWire(t *testing.T, e *engine.Engine, mode refclient.SendMode, binding string) {
	t.Helper()
	created := 0
	for _, sc := range e.Scenarios() {
		journal, err := e.Journal(sc.ID)
		if err != nil {
			t.Fatal(err)
		}
		problems, n := scenariotest.ModeOnWire(sc, journal, mode, binding)
		for _, p := range problems {
			t.Error(p)
		}
		created += n
	}
	if created == 0 {
		t.Errorf("no task created in the whole catalog")
	}
}
