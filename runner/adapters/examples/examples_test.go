package examples

import (
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/runner/adapters/adaptertest"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// TestExamplesCompletePlainTasks hands each example client of docs/examples
// two plain tasks in each mode. The examples fetch the card for every task,
// so the peer sees two card fetches either way; each task must complete
// with a task id of its own, the bearer token on every A2A request.
func TestExamplesCompletePlainTasks(t *testing.T) {
	for file, interpreter := range map[string]string{"session-client.py": "python3", "session-client.mjs": "node"} {
		t.Run(file, func(t *testing.T) {
			bin, err := exec.LookPath(interpreter)
			if err != nil {
				t.Skipf("%s is not installed: %v", interpreter, err)
			}
			script, err := filepath.Abs(filepath.Join("..", "..", "..", "docs", "examples", file))
			if err != nil {
				t.Fatal(err)
			}
			for _, mode := range []driver.Mode{driver.ModeSession, driver.ModeOneShot} {
				t.Run(string(mode), func(t *testing.T) {
					c := &runner.Command{Line: bin + " " + script, Mode: mode}
					run, err := adaptertest.PlayBearer(t.Context(), c, false, "first task", "second task")
					if err != nil {
						t.Fatal(err)
					}
					if err := run.Check(mode, 2); err != nil {
						t.Error(err)
					}
				})
			}
		})
	}
}
