package scenarios

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// stateUnder: the task entered the state the call reports while A's card
// version n was in force (Exchange.StateVersion).
func stateUnder(n int) exOpt { return func(ex *journal.Exchange) { ex.StateVersion = n } }

// shown: the answer showed the task running while these card versions were
// in force, as things happened (Exchange.RunningShown).
func shown(versions ...int) exOpt { return func(ex *journal.Exchange) { ex.RunningShown = versions } }

// A mid-task requirement passes only on a task the client watched across
// the change: sent without blocking under the card before the change, and
// shown to the client running while the changed card was in force, by a
// poll or a stream event answered as things happened. Watching only tasks that
// start after the change, or end before it, is not watching across it;
// neither is an answer the peer held to the task's end, a stream whose only
// event after the change was the last, nor a SendMessage on the task: not
// applicable. What is forbidden still fails.
func TestMidTaskWatchedAcrossTheChange(t *testing.T) {
	blocking := func(ex *journal.Exchange) { ex.Blocking = true }
	// poll is a GetTask as the peer records it: an answer at once, showing
	// the task running, when state is not terminal, under the card version
	// in force as it answered (the later of arrived and entered, here).
	poll := func(id string, arrived, entered int, state wire.TaskState) journal.Exchange {
		ex := call("A", wire.MethodGetTask, taskID(id), underVersion(arrived), after(state), stateUnder(entered))
		if !state.Terminal() {
			ex.RunningShown = []int{max(arrived, entered)}
		}
		return ex
	}
	// stream is a stream that showed the task running under versions and ended under entered.
	stream := func(arrived, entered int, versions ...int) journal.Exchange {
		return call("A", wire.MethodSendStreamingMessage, underVersion(arrived), after(wire.TaskStateCompleted), stateUnder(entered), shown(versions...))
	}
	followUp := func(opts ...exOpt) journal.Exchange {
		return call("A", wire.MethodSendMessage, append([]exOpt{stateBefore(wire.TaskStateWorking), underVersion(0)}, opts...)...)
	}
	const (
		working, completed = wire.TaskStateWorking, wire.TaskStateCompleted
		nothingForbidden   = ": the client never faced the change in a mode that could observe it, and did nothing this requirement forbids"
	)
	notAcross := func(seq, op, version string) string {
		return "no task the client watched ran across the card's change: it was never shown a task it sent without blocking " +
			"(first #" + seq + ", a " + op + " under card version " + version + ") running while another card version was in force, " +
			"by a poll answered at once or a stream event"
	}
	for _, tc := range []struct {
		name string
		ev   *Evidence
		want verdict.Judgement
	}{
		// The reference polling: the poll that enters the rotating step
		// arrived before the change but shows a state entered after it.
		{"polled through the change", journalOf(fetch("A"), send("A"), poll("task-1", 0, 0, working), poll("task-1", 0, 1, working),
			poll("task-1", 1, 1, completed)), passed()},
		// contract-frozen-after-send: the change comes right after the send.
		{"polled after a change right after the send", journalOf(send("A"), poll("task-1", 1, 1, working)), passed()},
		{"streamed through the change", journalOf(fetch("A"), stream(0, 1, 0, 1)), passed()},
		{"subscribed after the change", journalOf(send("A"), call("A", wire.MethodSubscribeToTask, underVersion(1), after(completed), shown(1))),
			passed()},
		{"sent before the change, first polled after it", journalOf(send("A"), fetch("A", underVersion(1)), poll("task-1", 1, 1, working)),
			passed()},
		// late-watcher: the blocking task holds the change; the watched one
		// starts after it.
		{"a blocking task across the change, a watched one after it",
			journalOf(fetch("A"), send("A", blocking, after(completed), stateUnder(1)),
				send("A", taskID("task-2"), underVersion(1), stateUnder(1)), poll("task-2", 1, 1, completed)),
			notApplicable(notAcross("3", wire.MethodSendMessage, "1") + ", and its blocking SendMessage (first #2) answers only at the task's end" + nothingForbidden)},
		{"a stream started after the change", journalOf(fetch("A", underVersion(1)), stream(1, 1, 1)),
			notApplicable(notAcross("2", wire.MethodSendStreamingMessage, "1") + nothingForbidden)},
		// The stream ran across the change, but only showed its end after it.
		{"a stream whose only event after the change was the last", journalOf(fetch("A"), stream(0, 1, 0)),
			notApplicable(notAcross("2", wire.MethodSendStreamingMessage, "0") + nothingForbidden)},
		// held-follow-up: sent without blocking, then a follow-up the peer
		// held to the task's end, whose answer shows the end under v1.
		{"a follow-up the peer held to the task's end", journalOf(fetch("A"), send("A"),
			followUp(blocking, after(completed), stateUnder(1))),
			notApplicable(notAcross("2", wire.MethodSendMessage, "0") + ", and its blocking SendMessage (first #3) answers only at the task's end" + nothingForbidden)},
		{"a follow-up answered at once is no poll", journalOf(fetch("A"), send("A"),
			followUp(underVersion(1), after(working), stateUnder(1), shown(1))),
			notApplicable(notAcross("2", wire.MethodSendMessage, "0") + nothingForbidden)},
		{"a poll of the task's end after the change", journalOf(send("A"), poll("task-1", 1, 1, completed)),
			notApplicable(notAcross("1", wire.MethodSendMessage, "0") + nothingForbidden)},
		// The task still ran under the changed card when the client asked.
		{"a poll after the change of a state entered before it", journalOf(send("A"), poll("task-1", 1, 0, working)), passed()},
		// The journal's stateVersion alone is no sight: the peer must have
		// shown the task running (RunningShown), as it records every answer.
		{"a state entered after the change, never shown running", journalOf(send("A"),
			call("A", wire.MethodGetTask, underVersion(1), after(working), stateUnder(1))),
			notApplicable(notAcross("1", wire.MethodSendMessage, "0") + nothingForbidden)},
		{"a watched task over before the change", journalOf(send("A"), poll("task-1", 0, 0, completed), fetch("A", underVersion(1))),
			notApplicable(notAcross("1", wire.MethodSendMessage, "0") + nothingForbidden)},
		{"another task's state after the change proves nothing for this one",
			journalOf(send("A"), poll("task-1", 0, 0, completed), poll("task-2", 1, 1, working)),
			notApplicable(notAcross("1", wire.MethodSendMessage, "0") + nothingForbidden)},
		{"the same task id at another peer proves nothing either",
			journalOf(send("A"), poll("task-1", 0, 0, completed), call("B", wire.MethodGetTask, after(working), stateUnder(1), shown(1))),
			notApplicable(notAcross("1", wire.MethodSendMessage, "0") + nothingForbidden)},
		{"a call that reports no state proves nothing", journalOf(send("A"), call("A", wire.MethodGetTask, underVersion(1), stateUnder(1))),
			notApplicable(notAcross("1", wire.MethodSendMessage, "0") + nothingForbidden)},
		{"a watched task after the change, then a cancel", journalOf(send("A", blocking, stateUnder(1)),
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
