package scenarios

import (
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// A requirement with a Task judges that task's exchanges and outcome alone.
func TestRequirementTaskView(t *testing.T) {
	ev := journalOf(fetch("A"), send("A", after(wire.TaskStateCompleted)), fetch("A"))
	ev.Tasks = []ClientRun{
		{Task: 1, FirstSeq: 1, LastSeq: 2, TaskEnd: driver.TaskEnd{Outcome: &driver.Outcome{Outcome: driver.OutcomeCompleted, TaskID: "task-1"}}},
		{Task: 2, FirstSeq: 3, LastSeq: 3, TaskEnd: driver.TaskEnd{Outcome: &driver.Outcome{Outcome: driver.OutcomeCompleted, TaskID: "task-1"}}},
	}
	ev.Client = ev.Tasks[1]
	first := Requirement{Task: 1, Check: completedWithArtifact}
	second := Requirement{Task: 2, Check: completedWithArtifact}
	third := Requirement{Task: 3, Check: completedWithArtifact}
	if j := first.Judge(ev); j.Verdict != verdict.Pass {
		t.Errorf("task 1: %s", describe(j))
	}
	if j := second.Judge(ev); j.Verdict != verdict.Fail {
		t.Errorf("task 2 names a task completed in task 1's window only: %s", describe(j))
	}
	if j := third.Judge(ev); j.Verdict != verdict.NotApplicable {
		t.Errorf("task 3 of two: %s", describe(j))
	}
}

// A MidTask requirement fails whatever the client did that it forbids, on
// any task and in any mode of sending; it passes only when the client
// watched a task across the change (views_midtask_test.go), and is not
// applicable when every accepted send was one the peer held to the task's
// end. The mode is the peer's reading (Exchange.Blocking), never the body's.
func TestRequirementMidTask(t *testing.T) {
	blocking := func(ex *journal.Exchange) { ex.Blocking = true }
	task := func(id string) exOpt { return func(ex *journal.Exchange) { ex.TaskID = id } }
	body := func(b string) exOpt { return func(ex *journal.Exchange) { ex.Body = b } }
	cancel := call("A", wire.MethodCancelTask, task("task-2"))
	// across is a poll of task id that shows it in a state entered under
	// card version 1: the task ran across the change.
	across := func(id string) journal.Exchange {
		return call("A", wire.MethodGetTask, task(id), underVersion(1), after(wire.TaskStateWorking), stateUnder(1), shown(1))
	}
	for _, tc := range []struct {
		name   string
		check  func(*Evidence) verdict.Judgement
		ev     *Evidence
		want   verdict.Verdict
		reason string // part of the reason of a not-applicable verdict
	}{
		{"blocking, nothing forbidden", noCancel, journalOf(send("A", blocking)), verdict.NotApplicable, "every task with a blocking SendMessage (first #1)"},
		{"blocking, then a cancel", noCancel, journalOf(send("A", blocking), call("A", wire.MethodCancelTask)), verdict.Fail, ""},
		{"polling, then a cancel", noCancel, journalOf(send("A"), call("A", wire.MethodCancelTask)), verdict.Fail, ""},
		{"polling across the change, nothing forbidden", noCancel, journalOf(send("A"), across("task-1")), verdict.Pass, ""},
		{"a stream, then a cancel", noCancel,
			journalOf(call("A", wire.MethodSendStreamingMessage, after(wire.TaskStateWorking)), call("A", wire.MethodCancelTask)), verdict.Fail, ""},
		// blocking-decoy: a blocking send first, then a polled task canceled on drift.
		{"a blocking decoy, then a polled task canceled", noCancel,
			journalOf(send("A", blocking), fetch("A"), send("A", task("task-2")), fetch("A"), cancel), verdict.Fail, ""},
		{"a blocking send and a polled one across the change, nothing forbidden", noCancel,
			journalOf(send("A", blocking), send("A", task("task-2")), across("task-2")), verdict.Pass, ""},
		{"a blocking decoy, then a card fetch for a polled task", noCardFetchAfterSend,
			journalOf(send("A", blocking), fetch("A"), send("A", task("task-2"))), verdict.Fail, ""},
		// snake-case-refetch: the body has no returnImmediately the camelCase
		// way, the peer read return_immediately and did not hold the send.
		{"polling spelled return_immediately, then a cancel", noCancel,
			journalOf(send("A", body(`{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{},"configuration":{"return_immediately":true}}}`)),
				call("A", wire.MethodCancelTask)), verdict.Fail, ""},
		{"a body that reads blocking, a send the peer did not hold, polled across the change", noCancel,
			journalOf(send("A", body(`{"message":{}}`)), across("task-1")), verdict.Pass, ""},
		{"a refused polling send and an accepted blocking one", noCancel,
			journalOf(send("A", answered(400, -32602)), send("A", blocking)), verdict.NotApplicable, "every task with a blocking SendMessage (first #2)"},
		{"nothing sent, nothing forbidden", noCancel, journalOf(fetch("A")), verdict.NotApplicable, "no task accepted"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := Requirement{MidTask: true, Check: tc.check}
			j := r.Judge(tc.ev)
			if j.Verdict != tc.want {
				t.Fatalf("%s, want %s", describe(j), tc.want)
			}
			if j.Verdict == verdict.NotApplicable && !strings.Contains(j.Reason, tc.reason) {
				t.Errorf("reason %q, want it to say %q", j.Reason, tc.reason)
			}
		})
	}
}

// A task in which the client sent nothing sees nothing of the later tasks:
// naming in task 1 a task the client only creates in task 2 proves nothing.
func TestEmptyTaskWindow(t *testing.T) {
	ev := journalOf(fetch("A"), send("A", after(wire.TaskStateCompleted)))
	ev.Tasks = []ClientRun{
		{Task: 1, FirstSeq: 1, LastSeq: 0, TaskEnd: driver.TaskEnd{Outcome: &driver.Outcome{Outcome: driver.OutcomeCompleted, TaskID: "task-1"}}},
		{Task: 2, FirstSeq: 1, LastSeq: 2, TaskEnd: driver.TaskEnd{Outcome: &driver.Outcome{Outcome: driver.OutcomeCompleted, TaskID: "task-1"}}},
	}
	if view := ev.Task(1); len(view.Journal) != 0 {
		t.Errorf("task 1 sees %d exchanges, want none", len(view.Journal))
	}
	if j := (Requirement{Task: 1, Check: completedWithArtifact}).Judge(ev); j.Verdict != verdict.Fail {
		t.Errorf("task 1 completed on task 2's evidence: %s", describe(j))
	}
}
