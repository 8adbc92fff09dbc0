package mockpeer

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// Exchange.RunningShown says which card versions an answer showed the task
// running under, as things happened: a poll's snapshot, each stream event.
// An answer the peer held to the task's end shows none, on every binding,
// follow-ups included; so does a stream whose only event after the change
// was the terminal one. Announced is what the status messages announced.
func TestJournalRecordsWhatAnswersShowRunning(t *testing.T) {
	for _, b := range bindings {
		t.Run(b.name, func(t *testing.T) {
			f := startFarm(t, FarmSpec{Now: steppingClock(), Peers: []PeerSpec{{
				Name: "A", Skill: testSkill, Task: fourSteps(), Rotations: rotateAtStep2,
				// Version 1's contract differs (a bearer token, optional).
				Cards: []CardFunc{testCard("A", withStreaming()),
					testCard("A", withStreaming(), withSecurity(bearerScheme, wire.Require("bearer"), wire.Require()))},
				Hooks: Hooks{StepMetadata: AnnounceContractHash()},
			}}})
			p, c := f.Peer("A"), httpsClient(t, f, false)
			h0, h1 := p.ContractHash(0), p.ContractHash(1)
			if h0 == h1 {
				t.Fatal("the card versions have one contract")
			}
			must(b.call(t, c, p, wire.MethodSendMessage, sendParams("polled", true))) // SUBMITTED, v0
			must(b.call(t, c, p, wire.MethodGetTask, map[string]any{"id": "task-1"})) // WORKING 25 %, v0
			followUp := sendParams("go on", false)
			followUp["message"].(map[string]any)["taskId"] = "task-1"
			must(b.call(t, c, p, wire.MethodSendMessage, followUp)) // held: WORKING 50 % (v1), then COMPLETED
			p.Reset()
			b.stream(t, c, p, wire.MethodSendStreamingMessage, sendParams("streamed", false))
			p.Reset()
			must(b.call(t, c, p, wire.MethodSendMessage, sendParams("blocking", false)))

			want := []struct {
				op        string
				blocking  bool
				shown     []int
				announced []string
			}{
				{wire.MethodSendMessage, false, []int{0}, []string{h0}},
				{wire.MethodGetTask, false, []int{0}, []string{h0}},
				{wire.MethodSendMessage, true, nil, []string{h1}},
				{wire.MethodSendStreamingMessage, false, []int{0, 1}, []string{h0, h1}},
				{wire.MethodSendMessage, true, nil, []string{h1}},
			}
			recorded := f.Journal().Select(func(e journal.Exchange) bool { return e.Route == journal.RouteA2A })
			if len(recorded) != len(want) {
				t.Fatalf("%d A2A exchanges journaled, want %d", len(recorded), len(want))
			}
			for i, w := range want {
				ex := recorded[i]
				if ex.Op != w.op || ex.Blocking != w.blocking || !slices.Equal(ex.RunningShown, w.shown) || !slices.Equal(ex.Announced, w.announced) {
					t.Errorf("%s: blocking %v, running shown under %v, announced %v; want %s, %v, %v, %v",
						ex.Line(), ex.Blocking, ex.RunningShown, ex.Announced, w.op, w.blocking, w.shown, w.announced)
				}
			}
		})
	}
}

// A stream opened before the change whose only event after it is the
// terminal one never showed the task running under the new card.
func TestStreamEndingAtTheChangeShowsNoRunningState(t *testing.T) {
	for _, b := range bindings {
		t.Run(b.name, func(t *testing.T) {
			f := startFarm(t, FarmSpec{Now: steppingClock(), Peers: []PeerSpec{{
				Name: "A", Skill: testSkill, Task: fourSteps(), Rotations: []Rotation{{On: Trigger{Kind: AtTaskStep, N: 3}, To: 1}},
				Cards: []CardFunc{testCard("A", withStreaming()), testCard("A", withStreaming(), withVersion("2"))},
			}}})
			p, c := f.Peer("A"), httpsClient(t, f, false)
			b.stream(t, c, p, wire.MethodSendStreamingMessage, sendParams("streamed", false))
			ex := lastExchange(t, f, journal.RouteA2A)
			if !slices.Equal(ex.RunningShown, []int{0}) || ex.StateAfter != wire.TaskStateCompleted || ex.StateVersion != 1 {
				t.Errorf("%s: running shown under %v, ended %s under v%d; want [0], COMPLETED under v1",
					ex.Line(), ex.RunningShown, ex.StateAfter, ex.StateVersion)
			}
		})
	}
}

// Exchange.SentContract is read off the whole request: metadata past the
// journal's bound is dropped from RequestMetadata, never from it, and a
// string that is no contract of the peer's is not journaled there.
func TestJournalRecordsTheContractSent(t *testing.T) {
	onEachBinding(t, TaskScript{Steps: []TaskStep{{State: wire.TaskStateCompleted}}}, func(t *testing.T, b binding, f *Farm, p *Peer, c *http.Client) {
		carrying := func(hash any, padding int) map[string]any {
			params := sendParams("x", true)
			meta := map[string]any{FrozenContractExtension: map[string]any{"contractHash": hash}}
			if padding > 0 {
				meta["padding"] = strings.Repeat("p", padding)
			}
			params["metadata"] = meta
			return params
		}
		h0 := p.ContractHash(0)
		for _, params := range []map[string]any{
			carrying(h0, 0), carrying(h0, journal.DefaultJournalLimits.BodyBytes), carrying("not a contract", 0), carrying(7, 0), sendParams("x", true),
		} {
			must(b.call(t, c, p, wire.MethodSendMessage, params))
		}
		want := []*journal.SentContract{{Hash: h0}, {Hash: h0}, {}, nil, nil}
		a2a := f.Journal().Select(func(e journal.Exchange) bool { return e.Route == journal.RouteA2A })
		for i, w := range want {
			if got := a2a[i].SentContract; (got == nil) != (w == nil) || got != nil && *got != *w {
				t.Errorf("%s: sent contract %+v, want %+v", a2a[i].Line(), got, w)
			}
		}
		if !slices.Contains(a2a[1].Truncated, journal.TruncMetadata) {
			t.Errorf("%s: the padded metadata was kept whole", a2a[1].Line())
		}
		// The history echoes the client's metadata: never the peer's announcement.
		for _, ex := range a2a {
			if len(ex.Announced) > 0 {
				t.Errorf("%s: announced %v, the peer announcing nothing", ex.Line(), ex.Announced)
			}
		}
	})
}

// The version RunningShown names is the one in force as the answer was
// made, not the one the state was entered under: a rotation right after
// the send shows the running task under the new card at once.
func TestRunningShownIsTheVersionInForce(t *testing.T) {
	f := startFarm(t, FarmSpec{Now: steppingClock(), Peers: []PeerSpec{{
		Name: "A", Skill: testSkill, Task: fourSteps(), Rotations: []Rotation{{On: Trigger{Kind: AfterSend, N: 1}, To: 1}},
		Cards: []CardFunc{testCard("A"), testCard("A", withVersion("2"))},
	}}})
	p, c := f.Peer("A"), httpsClient(t, f, false)
	b := bindings[0]
	must(b.call(t, c, p, wire.MethodSendMessage, sendParams("polled", true)))
	must(b.call(t, c, p, wire.MethodGetTask, map[string]any{"id": "task-1"}))
	for _, ex := range f.Journal().Select(func(e journal.Exchange) bool { return e.Route == journal.RouteA2A }) {
		if !slices.Equal(ex.RunningShown, []int{1}) {
			t.Errorf("%s: running shown under %v, want [1]", ex.Line(), ex.RunningShown)
		}
	}
}
