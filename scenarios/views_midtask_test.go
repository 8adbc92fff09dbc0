package scenarios

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// stateUnder: the task entered the state the call reports while A's card
// version n was in force (Exchange.StateVersion).
func stateUnder(n int) exOpt { return func(ex *mockpeer.Exchange) { ex.StateVersion = n } }

// A mid-task requirement passes only on a task the client watched across
// the change: sent without blocking under the card before the change, and
// shown to the client, by a poll or a stream, in a state it entered after
// it. Watching only tasks that start after the change, or end before it,
// is not watching across it: not applicable. What is forbidden still fails.
func TestMidTaskWatchedAcrossTheChange(t *testing.T) {
	blocking := func(ex *mockpeer.Exchange) { ex.Blocking = true }
	poll := func(id string, arrived, entered int, state wire.TaskState) mockpeer.Exchange {
		return call("A", wire.MethodGetTask, taskID(id), underVersion(arrived), after(state), stateUnder(entered))
	}
	stream := func(arrived, entered int) mockpeer.Exchange {
		return call("A", wire.MethodSendStreamingMessage, underVersion(arrived), after(wire.TaskStateCompleted), stateUnder(entered))
	}
	const (
		working, completed = wire.TaskStateWorking, wire.TaskStateCompleted
		nothingForbidden   = ": the client never faced the change in a mode that could observe it, and did nothing this requirement forbids"
	)
	notAcross := func(seq, op, version string) string {
		return "no task the client watched ran across the card's change: it was never shown a task it sent without blocking " +
			"(first #" + seq + ", a " + op + " under card version " + version + ") in a state the task entered under another card version"
	}
	for _, tc := range []struct {
		name string
		ev   *Evidence
		want Judgement
	}{
		// The reference polling: the poll that enters the rotating step
		// arrived before the change but shows a state entered after it.
		{"polled through the change", journal(fetch("A"), send("A"), poll("task-1", 0, 0, working), poll("task-1", 0, 1, working),
			poll("task-1", 1, 1, completed)), passed()},
		// contract-frozen-after-send: the change comes right after the send.
		{"polled after a change right after the send", journal(send("A"), poll("task-1", 1, 1, working)), passed()},
		{"streamed through the change", journal(fetch("A"), stream(0, 1)), passed()},
		{"sent before the change, first polled after it", journal(send("A"), fetch("A", underVersion(1)), poll("task-1", 1, 1, working)),
			passed()},
		// late-watcher: the blocking task holds the change; the watched one
		// starts after it.
		{"a blocking task across the change, a watched one after it",
			journal(fetch("A"), send("A", blocking, after(completed), stateUnder(1)),
				send("A", taskID("task-2"), underVersion(1), stateUnder(1)), poll("task-2", 1, 1, completed)),
			notApplicable(notAcross("3", wire.MethodSendMessage, "1") + ", and its blocking SendMessage (first #2) answers only at the task's end" + nothingForbidden)},
		{"a stream started after the change", journal(fetch("A", underVersion(1)), stream(1, 1)),
			notApplicable(notAcross("2", wire.MethodSendStreamingMessage, "1") + nothingForbidden)},
		{"a watched task over before the change", journal(send("A"), poll("task-1", 0, 0, completed), fetch("A", underVersion(1))),
			notApplicable(notAcross("1", wire.MethodSendMessage, "0") + nothingForbidden)},
		{"another task's state after the change proves nothing for this one",
			journal(send("A"), poll("task-1", 0, 0, completed), poll("task-2", 1, 1, working)),
			notApplicable(notAcross("1", wire.MethodSendMessage, "0") + nothingForbidden)},
		{"the same task id at another peer proves nothing either",
			journal(send("A"), poll("task-1", 0, 0, completed), call("B", wire.MethodGetTask, after(working), stateUnder(1))),
			notApplicable(notAcross("1", wire.MethodSendMessage, "0") + nothingForbidden)},
		{"a call that reports no state proves nothing", journal(send("A"), call("A", wire.MethodGetTask, underVersion(1), stateUnder(1))),
			notApplicable(notAcross("1", wire.MethodSendMessage, "0") + nothingForbidden)},
		{"a watched task after the change, then a cancel", journal(send("A", blocking, stateUnder(1)),
			send("A", taskID("task-2"), underVersion(1), stateUnder(1)), call("A", wire.MethodCancelTask, taskID("task-2"), underVersion(1))),
			failed("no CancelTask request", "1 CancelTask request(s), first at #3", 3)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := (Requirement{MidTask: true, Check: noCancel}).Judge(tc.ev); !sameJudgement(got, tc.want) {
				t.Errorf("judgement\n got %s\nwant %s", describe(got), describe(tc.want))
			}
		})
	}
}
