package mockpeer

import (
	"context"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// rotateAtStep2 rotates to card version 1 as a task enters its step 2.
var rotateAtStep2 = []Rotation{{On: Trigger{Kind: AtTaskStep, N: 2}, To: 1}}

func TestPacedBlockingSendLandsMidTask(t *testing.T) {
	for _, b := range sseBindings() {
		t.Run(b.name, func(t *testing.T) {
			st := newStepper(t)
			f, p := pacedPeer(t, st, PeerSpec{Task: fourSteps(), Rotations: rotateAtStep2}, nil)
			c := httpsClient(t, f, false)
			sent := sendAsync(t.Context(), c, b, p, "")
			tick := st.await() // the send waits at SUBMITTED
			if v := cardServed(t, c, p); v != 0 {
				t.Fatalf("version %d before the task moved, want 0", v)
			}
			tick <- time.Time{}
			tick = st.await() // WORKING 25 %
			tick <- time.Time{}
			tick = st.await() // WORKING 50 %: step 2 rotated the card
			if v := cardServed(t, c, p); v != 1 {
				t.Fatalf("version %d once the task entered step 2, want 1", v)
			}
			select {
			case task := <-sent:
				t.Fatalf("the blocking send returned %s before its last step", task.Status.State)
			default:
			}
			tick <- time.Time{}
			task := <-sent
			if task.Status.State != wire.TaskStateCompleted || len(task.Artifacts) != 1 {
				t.Fatalf("blocking send answered %+v, want COMPLETED with the artifact", task.Status)
			}
			// The card responses bracket the change: one before, one during.
			if got := cardVersions(f); len(got) != 2 || got[0] != 0 || got[1] != 1 {
				t.Errorf("card versions served %v, want [0 1]", got)
			}
		})
	}
}

func TestPacedStreamShowsMidTaskChange(t *testing.T) {
	for _, b := range sseBindings() {
		for _, op := range []string{wire.MethodSendStreamingMessage, wire.MethodSubscribeToTask} {
			t.Run(b.name+"/"+op, func(t *testing.T) {
				st := newStepper(t)
				f, p := pacedPeer(t, st, PeerSpec{Task: fourSteps(), Rotations: rotateAtStep2}, nil)
				c := httpsClient(t, f, false)
				params := sendParams("go", false)
				if op == wire.MethodSubscribeToTask {
					// A non-blocking send is never paced: no interval starts.
					must(b.call(t, c, p, wire.MethodSendMessage, sendParams("go", true)))
					params = map[string]any{"id": "task-1"}
				}
				s := openStream(t.Context(), t, c, b, p, op, params)
				s.expect("task:SUBMITTED")
				tick := st.await()
				if v := cardServed(t, c, p); v != 0 {
					t.Fatalf("version %d before the task moved, want 0", v)
				}
				tick <- time.Time{}
				s.expect("status:WORKING")
				tick = st.await()
				tick <- time.Time{}
				s.expect("status:WORKING")
				tick = st.await()
				// The change lands while the stream is open and the task works.
				if v := cardServed(t, c, p); v != 1 {
					t.Fatalf("version %d at step 2, want 1", v)
				}
				tick <- time.Time{}
				s.expect("artifact", "status:COMPLETED")
				s.expectEnd()
			})
		}
	}
}

// Someone else's change (a poll, a cancel) is reported at once, not at
// the next tick: these streams and sends never get one.
func TestPacedWaitsWakeOnOutsideChanges(t *testing.T) {
	t.Run("stream", func(t *testing.T) {
		st := newStepper(t)
		f, p := pacedPeer(t, st, PeerSpec{Task: fourSteps()}, nil)
		c := httpsClient(t, f, false)
		s := openStream(t.Context(), t, c, bindings[0], p, wire.MethodSendStreamingMessage, sendParams("go", false))
		s.expect("task:SUBMITTED")
		st.await()
		rpc(t, c, p, wire.MethodGetTask, map[string]any{"id": "task-1"}, nil)
		s.expect("status:WORKING")
		rpc(t, c, p, wire.MethodCancelTask, map[string]any{"id": "task-1"}, nil)
		s.expect("status:CANCELED")
		s.expectEnd()
	})
	t.Run("blocking send", func(t *testing.T) {
		st := newStepper(t)
		f, p := pacedPeer(t, st, PeerSpec{Task: fourSteps()}, nil)
		c := httpsClient(t, f, false)
		sent := sendAsync(t.Context(), c, bindings[0], p, "")
		st.await()
		rpc(t, c, p, wire.MethodCancelTask, map[string]any{"id": "task-1"}, nil)
		if task := <-sent; task.Status.State != wire.TaskStateCanceled {
			t.Errorf("blocking send answered %s, want CANCELED", task.Status.State)
		}
	})
	t.Run("Reset ends the stream", func(t *testing.T) {
		st := newStepper(t)
		f, p := pacedPeer(t, st, PeerSpec{Task: fourSteps(), Rotations: []Rotation{{On: Trigger{Kind: AtTaskStep, N: 1}, To: 1}}}, nil)
		s := openStream(t.Context(), t, httpsClient(t, f, false), bindings[1], p, wire.MethodSendStreamingMessage, sendParams("go", false))
		s.expect("task:SUBMITTED")
		tick := st.await()
		p.Reset()
		s.expectEnd()
		tick <- time.Time{} // too late: the task is gone
		if p.Version() != 0 {
			t.Errorf("a dropped task fired its step rotation: version %d", p.Version())
		}
	})
}

func TestPacedHandlersFreedWhenClientGoes(t *testing.T) {
	onExchange, journaled := exchangeSignal()
	st := newStepper(t)
	f, p := pacedPeer(t, st, PeerSpec{Task: fourSteps()}, onExchange)
	c := httpsClient(t, f, false)

	ctx, cancel := context.WithCancel(t.Context())
	s := openStream(ctx, t, c, bindings[0], p, wire.MethodSendStreamingMessage, sendParams("go", false))
	s.expect("task:SUBMITTED")
	st.await() // its interval never ends
	cancel()
	if e := awaitExchange(t, journaled, "the stream's handler did not end"); e.Op != wire.MethodSendStreamingMessage || e.StateAfter != wire.TaskStateSubmitted {
		t.Errorf("journaled %s ending at %s, want the stream at SUBMITTED", e.Op, e.StateAfter)
	}

	ctx, cancel = context.WithCancel(t.Context())
	sendAsync(ctx, c, bindings[1], p, "")
	st.await()
	cancel()
	if e := awaitExchange(t, journaled, "the blocking send's handler did not end"); e.Op != wire.MethodSendMessage || e.StateAfter != wire.TaskStateSubmitted {
		t.Errorf("journaled %s ending at %s, want the send at SUBMITTED", e.Op, e.StateAfter)
	}
}

// Polling clients are paced by their polls: one step per poll, at once.
// Unpaced scripts start no interval at all.
func TestPacingLeavesPollsAndUnpacedScripts(t *testing.T) {
	st := newStepper(t)
	f, p := pacedPeer(t, st, PeerSpec{Task: fourSteps()}, nil)
	c := httpsClient(t, f, false)
	task := sendTask(t, must(jsonrpcCall(t, c, p, wire.MethodSendMessage, sendParams("go", true))))
	for _, want := range []wire.TaskState{wire.TaskStateWorking, wire.TaskStateWorking, wire.TaskStateCompleted} {
		if got := decodeTask(t, must(jsonrpcCall(t, c, p, wire.MethodGetTask, map[string]any{"id": task.ID}))); got.Status.State != want {
			t.Fatalf("poll answered %s, want %s", got.Status.State, want)
		}
	}

	unpaced := newStepper(t)
	f = startFarm(t, FarmSpec{After: unpaced.after, Peers: []PeerSpec{{Name: "A", Skill: testSkill, Cards: threeVersions(), Task: fourSteps()}}})
	p = f.Peer("A")
	c = httpsClient(t, f, false)
	if task := sendTask(t, must(jsonrpcCall(t, c, p, wire.MethodSendMessage, sendParams("go", false)))); task.Status.State != wire.TaskStateCompleted {
		t.Errorf("unpaced blocking send answered %s, want COMPLETED", task.Status.State)
	}
	if n := len(st.started) + len(unpaced.started); n != 0 {
		t.Errorf("%d step intervals started, want none", n)
	}
}

// The real timer path: only the order of things is asserted.
func TestPacedWithRealTimers(t *testing.T) {
	f := startFarm(t, FarmSpec{Peers: []PeerSpec{{
		Name: "A", Skill: testSkill, Cards: threeVersions(), Rotations: rotateAtStep2,
		Task: TaskScript{Steps: fourSteps().Steps, StepInterval: time.Millisecond},
	}}})
	p, c := f.Peer("A"), httpsClient(t, f, false)
	if task := <-sendAsync(t.Context(), c, bindings[0], p, ""); task.Status.State != wire.TaskStateCompleted || p.Version() != 1 {
		t.Fatalf("paced blocking send answered %q at version %d, want COMPLETED and version 1", task.Status.State, p.Version())
	}
	s := openStream(t.Context(), t, c, bindings[1], p, wire.MethodSendStreamingMessage, sendParams("go", false))
	s.expect("task:SUBMITTED", "status:WORKING", "status:WORKING", "artifact", "status:COMPLETED")
	s.expectEnd()
}
