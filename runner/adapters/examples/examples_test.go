package examples

import (
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/peertest"
	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/runner/adapters/adaptertest"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// examplesDir is docs/examples from this package's directory.
var examplesDir = filepath.Join("..", "..", "..", "docs", "examples")

// TestExamplesCompletePlainTasks hands each example client two plain tasks
// in each mode. The examples fetch the card for every task, so the peer
// sees two card fetches either way; each task must complete with a task id
// of its own, the bearer token on every A2A request.
func TestExamplesCompletePlainTasks(t *testing.T) {
	for _, ex := range []struct{ interpreter, file string }{
		{"python3", "session-client.py"},
		{"node", "session-client.mjs"},
	} {
		t.Run(ex.file, func(t *testing.T) {
			bin, err := exec.LookPath(ex.interpreter)
			if err != nil {
				t.Skipf("%s is not installed: %v", ex.interpreter, err)
			}
			script, err := filepath.Abs(filepath.Join(examplesDir, ex.file))
			if err != nil {
				t.Fatal(err)
			}
			for _, mode := range []driver.Mode{driver.ModeSession, driver.ModeOneShot} {
				t.Run(string(mode), func(t *testing.T) {
					grants := mockpeer.Grants{Bearer: true}
					card := peertest.AdapterCard("example client test peer", peertest.BearerSchemes, wire.Require("bearer"), wire.ProtocolVersion)
					farm, err := peertest.StartAdapterFarm(t.Context(), card, grants, false)
					if err != nil {
						t.Fatal(err)
					}
					c := &runner.Command{Line: bin + " " + script, Mode: mode}
					run, err := adaptertest.PlaySession(t.Context(), c, farm, grants, 20*time.Second, "first task", "second task")
					if err != nil {
						t.Fatal(err)
					}
					if err := run.CheckCompleted(); err != nil {
						t.Fatal(err)
					}
					if err := run.CheckCalls(2); err != nil {
						t.Error(err)
					}
					if err := peertest.CheckCredentialCalls(run.Journal, "bearer"); err != nil {
						t.Error(err)
					}
				})
			}
		})
	}
}
