package a2ajs

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/peertest"
	"github.com/a2a-conform/a2a-conform/runner/adapters/adaptertest"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// TestAdapterModes hands the adapter two tasks in each mode. In session
// mode one process and one SDK client take both: the card is fetched once,
// for the first task, and held for the second, as the SDK holds it for a
// client's lifetime. In one-shot mode each task is a fresh process, which
// fetches the card again.
func TestAdapterModes(t *testing.T) {
	for _, tc := range []struct {
		mode  driver.Mode
		cards int
	}{{driver.ModeSession, 1}, {driver.ModeOneShot, 2}} {
		t.Run(string(tc.mode), func(t *testing.T) {
			c := adapterCommand(t)
			c.Mode = tc.mode
			grants := mockpeer.Grants{Bearer: true}
			farm, err := peertest.StartAdapterFarm(t.Context(), card(peertest.BearerSchemes, wire.Require("bearer")), grants, false)
			if err != nil {
				t.Fatal(err)
			}
			run, err := adaptertest.PlaySession(t.Context(), c, farm, grants, deadline, "first task", "second task")
			if err != nil {
				t.Fatal(err)
			}
			if run.Mode != tc.mode {
				t.Errorf("session mode %s, want %s", run.Mode, tc.mode)
			}
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
