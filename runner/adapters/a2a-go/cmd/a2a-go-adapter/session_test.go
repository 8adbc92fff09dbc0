package main

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/peertest"
	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/runner/adapters/adaptertest"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// envRunMain makes the test binary run the adapter's main instead of the
// tests: the tests below start it as a driver-contract command, so main
// is exercised in both modes without a separate build.
const envRunMain = "A2A_GO_ADAPTER_TEST_RUN_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(envRunMain) == "1" {
		main()
		return
	}
	os.Exit(m.Run())
}

// adapterCommand is this test binary as the adapter, in mode.
func adapterCommand(mode driver.Mode) *runner.Command {
	return &runner.Command{Line: "exec '" + strings.ReplaceAll(os.Args[0], "'", `'\''`) + "'",
		Env: []string{envRunMain + "=1"}, Mode: mode}
}

// playTwo starts a one-peer farm asking for a bearer token and hands the
// adapter two tasks in mode.
func playTwo(t *testing.T, mode driver.Mode, flat bool) *adaptertest.Run {
	t.Helper()
	grants := mockpeer.Grants{Bearer: true}
	farm, err := peertest.StartAdapterFarm(t.Context(), peerCard(peertest.BearerSchemes, wire.Require("bearer"), wire.ProtocolVersion), grants, flat)
	if err != nil {
		t.Fatal(err)
	}
	run, err := adaptertest.PlaySession(t.Context(), adapterCommand(mode), farm, grants, 20*time.Second, "first task", "second task")
	if err != nil {
		t.Fatal(err)
	}
	if run.Mode != mode {
		t.Errorf("session mode %s, want %s", run.Mode, mode)
	}
	return run
}

// TestAdapterModes: in session mode one process and one SDK client take
// both tasks, so the card is resolved once and held for the second task;
// in one-shot mode each task is a fresh process that resolves it again.
func TestAdapterModes(t *testing.T) {
	for _, tc := range []struct {
		mode  driver.Mode
		cards int
	}{{driver.ModeSession, 1}, {driver.ModeOneShot, 2}} {
		t.Run(string(tc.mode), func(t *testing.T) {
			run := playTwo(t, tc.mode, true)
			if err := run.CheckCompleted(); err != nil {
				t.Fatal(err)
			}
			if err := run.CheckCalls(tc.cards); err != nil {
				t.Error(err)
			}
			if err := peertest.CheckCredentialCalls(run.Journal, "bearer"); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestSessionRetriesAClientNotMade: with the spec-shaped card the SDK
// cannot make a client; the session has none to hold, so the next task
// resolves the card again (and fails the same way).
func TestSessionRetriesAClientNotMade(t *testing.T) {
	run := playTwo(t, driver.ModeSession, false)
	for i, res := range run.Tasks {
		if o := res.Outcome; o == nil || o.Short() != "failed/client-error" || !strings.Contains(o.Detail, "card parsing failed") {
			t.Errorf("task %d: %+v %q, want failed/client-error with the parser's error", i+1, o, res.OutcomeProblem)
		}
	}
	if n := run.Count(mockpeer.RouteCard, ""); n != 2 || len(run.Journal) != 2 {
		t.Errorf("want two card fetches and nothing else\n%s", peertest.JournalLines(run.Journal))
	}
	if run.Closed.ExitCode != 0 {
		t.Errorf("exit code %d\n%s", run.Closed.ExitCode, run.Closed.Stderr)
	}
}
