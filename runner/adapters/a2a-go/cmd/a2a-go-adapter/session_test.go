package main

import (
	"os"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
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

// playTwo hands this test binary, as the adapter in mode, two tasks
// against a one-peer farm asking for a bearer token.
func playTwo(t *testing.T, mode driver.Mode, flat bool) *adaptertest.Run {
	t.Helper()
	c := &runner.Command{Line: "exec '" + strings.ReplaceAll(os.Args[0], "'", `'\''`) + "'",
		Env: []string{envRunMain + "=1"}, Mode: mode}
	run, err := adaptertest.PlayBearer(t.Context(), c, flat, "first task", "second task")
	if err != nil {
		t.Fatal(err)
	}
	return run
}

// TestAdapterModes: in session mode one process and one SDK client take
// both tasks, so the card is resolved once and held for the second task;
// in one-shot mode each task is a fresh process that resolves it again.
func TestAdapterModes(t *testing.T) {
	for mode, cards := range map[driver.Mode]int{driver.ModeSession: 1, driver.ModeOneShot: 2} {
		t.Run(string(mode), func(t *testing.T) {
			if err := playTwo(t, mode, true).Check(mode, cards); err != nil {
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
	if run.CardFetches() != 2 || len(journal.Requests(run.Journal)) != 2 {
		t.Errorf("want two card fetches and nothing else\n%s", run.JournalText())
	}
	if run.Closed.ExitCode != 0 {
		t.Errorf("exit code %d\n%s", run.Closed.ExitCode, run.Closed.Stderr)
	}
}
