package a2ajs

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/runner/adapters/adaptertest"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// TestAdapterModes hands the adapter two tasks in each mode. In session
// mode one process and one SDK client take both: the card is fetched once,
// for the first task, and held for the second, as the SDK holds it for a
// client's lifetime. In one-shot mode each task is a fresh process, which
// fetches the card again.
func TestAdapterModes(t *testing.T) {
	for mode, cards := range map[driver.Mode]int{driver.ModeSession: 1, driver.ModeOneShot: 2} {
		t.Run(string(mode), func(t *testing.T) {
			c := adapterCommand(t)
			c.Mode = mode
			run, err := adaptertest.PlayBearer(t.Context(), c, false, "first task", "second task")
			if err != nil {
				t.Fatal(err)
			}
			if err := run.Check(mode, cards); err != nil {
				t.Error(err)
			}
		})
	}
}
