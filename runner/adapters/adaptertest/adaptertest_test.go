package adaptertest

import (
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

func completed(id string) runner.Result {
	return runner.Result{TaskEnd: driver.TaskEnd{Outcome: &driver.Outcome{Outcome: driver.OutcomeCompleted, TaskID: id}}}
}

// CheckCompleted passes two completed tasks with ids of their own, and
// names what is wrong otherwise.
func TestCheckCompleted(t *testing.T) {
	for _, tc := range []struct {
		name  string
		run   Run
		wants string
	}{
		{"two completed", Run{Tasks: []runner.Result{completed("a"), completed("b")}}, ""},
		{"same task id", Run{Tasks: []runner.Result{completed("a"), completed("a")}}, "already reported by task 1"},
		{"no outcome", Run{Tasks: []runner.Result{{TaskEnd: driver.TaskEnd{OutcomeProblem: driver.ProblemMissing}}}}, "no well-formed outcome"},
		{"failed", Run{Tasks: []runner.Result{{TaskEnd: driver.TaskEnd{Outcome: &driver.Outcome{Outcome: driver.OutcomeFailed, Reason: driver.ReasonDeadline}}}}}, "failed/deadline"},
		{"timed out", Run{Tasks: []runner.Result{func() runner.Result { r := completed("a"); r.TimedOut = true; return r }()}}, "timed out true"},
		{"session crashed", Run{Tasks: []runner.Result{completed("a")}, Closed: runner.Result{TaskEnd: driver.TaskEnd{Crashed: true}}}, "crashed true"},
		{"session stopped", Run{Tasks: []runner.Result{completed("a")}, Closed: runner.Result{Stderr: "[runner: still running]"}}, "session end"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.run.CheckCompleted()
			if tc.wants == "" && err != nil || tc.wants != "" && (err == nil || !strings.Contains(err.Error(), tc.wants)) {
				t.Errorf("got %v, want an error containing %q", err, tc.wants)
			}
		})
	}
}
