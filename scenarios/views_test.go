package scenarios

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// A requirement with a Task judges that task's exchanges and outcome alone.
func TestRequirementTaskView(t *testing.T) {
	ev := journal(fetch("A"), send("A", after(wire.TaskStateCompleted)), fetch("A"))
	ev.Tasks = []ClientRun{
		{Task: 1, FirstSeq: 1, LastSeq: 2, Outcome: &driver.Outcome{Outcome: driver.OutcomeCompleted, TaskID: "task-1"}},
		{Task: 2, FirstSeq: 3, LastSeq: 3, Outcome: &driver.Outcome{Outcome: driver.OutcomeCompleted, TaskID: "task-1"}},
	}
	ev.Client = ev.Tasks[1]
	first := Requirement{Task: 1, Check: completedWithArtifact}
	second := Requirement{Task: 2, Check: completedWithArtifact}
	third := Requirement{Task: 3, Check: completedWithArtifact}
	if j := first.Judge(ev); j.Verdict != Pass {
		t.Errorf("task 1: %s", describe(j))
	}
	if j := second.Judge(ev); j.Verdict != Fail {
		t.Errorf("task 2 names a task completed in task 1's window only: %s", describe(j))
	}
	if j := third.Judge(ev); j.Verdict != NotApplicable {
		t.Errorf("task 3 of two: %s", describe(j))
	}
}

// A MidTask requirement does not apply to a blocking send, and does to a
// send that returns at once or a stream.
func TestRequirementMidTask(t *testing.T) {
	r := Requirement{MidTask: true, Check: noCancel}
	body := func(b string) exOpt { return func(ex *mockpeer.Exchange) { ex.Body = b } }
	for _, tc := range []struct {
		name string
		ev   *Evidence
		want Verdict
	}{
		{"blocking JSON-RPC send", journal(send("A", body(`{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{}}}`)),
			call("A", wire.MethodCancelTask)), NotApplicable},
		{"returnImmediately JSON-RPC send", journal(send("A", body(`{"params":{"configuration":{"returnImmediately":true}}}`)),
			call("A", wire.MethodCancelTask)), Fail},
		{"blocking HTTP+JSON send", journal(send("A", body(`{"message":{}}`), func(ex *mockpeer.Exchange) { ex.Binding = wire.BindingHTTPJSON }),
			call("A", wire.MethodCancelTask)), NotApplicable},
		{"a stream", journal(call("A", wire.MethodSendStreamingMessage, after(wire.TaskStateWorking)), call("A", wire.MethodCancelTask)), Fail},
		{"polling, no cancel", journal(send("A", body(`{"params":{"configuration":{"returnImmediately":true}}}`))), Pass},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if j := r.Judge(tc.ev); j.Verdict != tc.want {
				t.Errorf("%s, want %s", describe(j), tc.want)
			}
		})
	}
}

// A task in which the client sent nothing sees nothing of the later tasks:
// naming in task 1 a task the client only creates in task 2 proves nothing.
func TestEmptyTaskWindow(t *testing.T) {
	ev := journal(fetch("A"), send("A", after(wire.TaskStateCompleted)))
	ev.Tasks = []ClientRun{
		{Task: 1, FirstSeq: 1, LastSeq: 0, Outcome: &driver.Outcome{Outcome: driver.OutcomeCompleted, TaskID: "task-1"}},
		{Task: 2, FirstSeq: 1, LastSeq: 2, Outcome: &driver.Outcome{Outcome: driver.OutcomeCompleted, TaskID: "task-1"}},
	}
	if view := ev.Task(1); len(view.Journal) != 0 {
		t.Errorf("task 1 sees %d exchanges, want none", len(view.Journal))
	}
	if j := (Requirement{Task: 1, Check: completedWithArtifact}).Judge(ev); j.Verdict != Fail {
		t.Errorf("task 1 completed on task 2's evidence: %s", describe(j))
	}
}
