package mockpeer

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// Exchange.StateVersion is the version in force when the task entered the
// state journaled, not when the call arrived: the poll that moves a task
// into the step that rotates the card reports a state of the new version,
// and so does a stream whose task moved on after the change.
func TestJournalRecordsStateVersion(t *testing.T) {
	f := startFarm(t, FarmSpec{Peers: []PeerSpec{{
		Name: "A", Skill: testSkill, Task: fourSteps(), Rotations: rotateAtStep2,
		Cards: []CardFunc{testCard("A", withStreaming()), testCard("A", withStreaming(), withVersion("2"))},
	}}})
	p, c := f.Peer("A"), httpsClient(t, f, false)
	b := bindings[0]
	must(b.call(t, c, p, wire.MethodSendMessage, sendParams("polled", true)))
	for range 3 {
		must(b.call(t, c, p, wire.MethodGetTask, map[string]any{"id": "task-1"}))
	}
	p.Reset() // version 0 again, the step rotation re-armed
	b.stream(t, c, p, wire.MethodSendStreamingMessage, sendParams("streamed", false))

	want := []struct {
		op                    string
		arrival, stateEntered int
	}{
		{wire.MethodSendMessage, 0, 0},          // SUBMITTED
		{wire.MethodGetTask, 0, 0},              // WORKING 25 %
		{wire.MethodGetTask, 0, 1},              // WORKING 50 %: entering it rotated the card
		{wire.MethodGetTask, 1, 1},              // COMPLETED
		{wire.MethodSendStreamingMessage, 0, 1}, // its task ran across the re-armed rotation
	}
	recorded := f.Journal().Select(func(e journal.Exchange) bool { return e.Route == journal.RouteA2A })
	if len(recorded) != len(want) {
		t.Fatalf("%d A2A exchanges journaled, want %d", len(recorded), len(want))
	}
	for i, w := range want {
		if ex := recorded[i]; ex.Op != w.op || ex.CardVersion != w.arrival || ex.StateVersion != w.stateEntered {
			t.Errorf("%s: card v%d, state entered under v%d; want %s, v%d, v%d", ex.Line(), ex.CardVersion, ex.StateVersion,
				w.op, w.arrival, w.stateEntered)
		}
	}
}
