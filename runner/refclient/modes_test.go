package refclient

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// Each send mode on each binding: the task completes with its artifact,
// created and followed the mode's way, on the binding asked for (the card
// lists JSON-RPC first), under the frozen contract.
func TestSendModesOnBothBindings(t *testing.T) {
	wantOps := map[SendMode][]string{
		Poll:   {wire.MethodSendMessage, wire.MethodGetTask, wire.MethodGetTask},
		Block:  {wire.MethodSendMessage},
		Stream: {wire.MethodSendStreamingMessage},
	}
	for _, mode := range SendModes() {
		for _, binding := range []string{wire.BindingJSONRPC, wire.BindingHTTPJSON} {
			t.Run(string(mode)+"/"+binding, func(t *testing.T) {
				farm := startFarm(t, mockpeer.PeerSpec{Task: mockpeer.TaskScript{Steps: workThenComplete, Artifact: "the summary"}})
				out := playOnFarm(t, farm, Config{SendMode: mode, Binding: binding})
				wantOutcome(t, out, driver.OutcomeCompleted, "")
				if out.TaskID != "task-1" || out.Detail != "the summary" {
					t.Errorf("taskId %q detail %q, want task-1 and the artifact text", out.TaskID, out.Detail)
				}
				calls := a2aCalls(farm)
				if got := opsOf(calls); !slices.Equal(got, wantOps[mode]) {
					t.Fatalf("A2A calls %v, want %v:%s", got, wantOps[mode], lines(calls))
				}
				for _, e := range calls {
					if e.Binding != binding || e.A2AVersion != wire.ProtocolVersion || e.Status != 200 || e.ErrorCode != 0 {
						t.Errorf("%s, want a 1.0 %s call answered 200", e.Line(), binding)
					}
				}
				send := calls[0]
				if immediate := strings.Contains(send.Body, `"returnImmediately":true`); immediate != (mode == Poll) {
					t.Errorf("send body %s: returnImmediately %v in %s mode", send.Body, immediate, mode)
				}
				if mode != Poll && send.StateAfter != wire.TaskStateCompleted {
					t.Errorf("%s: the send should have lasted until the task completed", send.Line())
				}
				wantFrozen(t, farm)
			})
		}
	}
}

// Streaming needs the card's word: without capabilities.streaming the
// Stream mode polls.
func TestStreamFallsBackToPoll(t *testing.T) {
	for _, streaming := range []*bool{nil, wire.Bool(false)} {
		card := farmCard(func(c *wire.AgentCard) { c.Capabilities.Streaming = streaming })
		farm := startFarm(t, mockpeer.PeerSpec{Cards: []mockpeer.CardFunc{card}, Task: mockpeer.TaskScript{Steps: workThenComplete}})
		out := playOnFarm(t, farm, Config{SendMode: Stream})
		wantOutcome(t, out, driver.OutcomeCompleted, "")
		calls := a2aCalls(farm)
		if got := opsOf(calls); len(got) < 2 || got[0] != wire.MethodSendMessage || got[1] != wire.MethodGetTask ||
			!strings.Contains(calls[0].Body, `"returnImmediately":true`) {
			t.Errorf("streaming %v: A2A calls%s, want SendMessage with returnImmediately, then GetTask", streaming, lines(calls))
		}
	}
}

// The binding preference picks among the interfaces the client may use,
// never beyond them: a preferred binding the card does not offer, or
// offers only on an interface the card is not authoritative for, leaves
// the card's order.
func TestBindingPreference(t *testing.T) {
	onlyJSONRPC := farmCard(func(c *wire.AgentCard) { c.SupportedInterfaces = c.SupportedInterfaces[:1] })
	restElsewhere := farmCard(func(c *wire.AgentCard) { c.SupportedInterfaces[1].URL = "https://127.0.0.9:1/a2a/rest" })
	restAt10 := farmCard(func(c *wire.AgentCard) { c.SupportedInterfaces[1].ProtocolVersion = "1.1" })
	for _, tc := range []struct {
		name, prefer string
		card         mockpeer.CardFunc
		want         string
	}{
		{"none: card order", "", farmCard(nil), wire.BindingJSONRPC},
		{"JSON-RPC", "jsonrpc", farmCard(nil), wire.BindingJSONRPC},
		{"HTTP+JSON, listed second", "http+json", farmCard(nil), wire.BindingHTTPJSON},
		{"HTTP+JSON, not offered", "HTTP+JSON", onlyJSONRPC, wire.BindingJSONRPC},
		{"HTTP+JSON, on another origin", "rest", restElsewhere, wire.BindingJSONRPC},
		{"HTTP+JSON, not at 1.0", "rest", restAt10, wire.BindingJSONRPC},
	} {
		t.Run(tc.name, func(t *testing.T) {
			farm := startFarm(t, mockpeer.PeerSpec{Cards: []mockpeer.CardFunc{tc.card}, Task: mockpeer.TaskScript{Steps: workThenComplete}})
			out := playOnFarm(t, farm, Config{SendMode: Block, Binding: tc.prefer})
			wantOutcome(t, out, driver.OutcomeCompleted, "")
			for _, e := range a2aCalls(farm) {
				if e.Binding != tc.want {
					t.Errorf("%s, want %s", e.Line(), tc.want)
				}
			}
		})
	}
}

func TestModeAndBindingValidated(t *testing.T) {
	for _, cfg := range []Config{{SendMode: "turbo"}, {Binding: "https://example.com/bindings/soap"}, {Binding: "soap"}} {
		cfg.CardURL, cfg.Skill = "https://127.0.0.1:1/.well-known/agent-card.json", testSkill
		if _, err := New(cfg); !errors.Is(err, ErrConfig) || !strings.HasPrefix(err.Error(), "refclient: ") {
			t.Errorf("New(%+v): %v, want a refclient ErrConfig", cfg, err)
		}
	}
	for in, want := range map[string]SendMode{"": Poll, "POLL": Poll, "block": Block, "Stream": Stream} {
		if got, err := ParseSendMode(in); got != want || err != nil {
			t.Errorf("ParseSendMode(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for in, want := range map[string]string{"": "", "jsonrpc": wire.BindingJSONRPC, "JSON-RPC": wire.BindingJSONRPC,
		"http+json": wire.BindingHTTPJSON, "REST": wire.BindingHTTPJSON} {
		if got, err := ParseBinding(in); got != want || err != nil {
			t.Errorf("ParseBinding(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

// The TaskWatcher decision runs between stream events as between polls:
// once per event that leaves the task running, and what it decides ends
// the wait (here: a watcher that cancels, as refetch-every-transition
// does when the skill is gone).
func TestWatcherBetweenStreamEvents(t *testing.T) {
	script := steps(wire.TaskStateWorking, wire.TaskStateWorking, wire.TaskStateWorking, wire.TaskStateCompleted)
	for _, binding := range []string{wire.BindingJSONRPC, wire.BindingHTTPJSON} {
		t.Run(binding+"/counts", func(t *testing.T) {
			farm := startFarm(t, mockpeer.PeerSpec{Task: mockpeer.TaskScript{Steps: script}})
			w := &countingWatcher{}
			out := playOnFarm(t, farm, Config{SendMode: Stream, Binding: binding, UnsafeDecisions: Decisions{Watcher: w}})
			wantOutcome(t, out, driver.OutcomeCompleted, "")
			// Events: the task, two working status updates, the artifact,
			// the completed status: the watcher runs before each but the
			// first, while the task runs.
			if w.calls != 4 {
				t.Errorf("watcher ran %d times, want 4 (before each event after the task)", w.calls)
			}
		})
		t.Run(binding+"/cancels", func(t *testing.T) {
			farm := startFarm(t, mockpeer.PeerSpec{Task: mockpeer.TaskScript{Steps: script}})
			out := playOnFarm(t, farm, Config{SendMode: Stream, Binding: binding, UnsafeDecisions: Decisions{Watcher: cancelAtOnce{}}})
			calls := a2aCalls(farm)
			if got := opsOf(calls); !slices.Equal(got, []string{wire.MethodSendStreamingMessage, wire.MethodCancelTask}) {
				t.Fatalf("A2A calls%s, want the stream, then CancelTask", lines(calls))
			}
			if calls[1].StateAfter == wire.TaskStateCanceled {
				wantOutcome(t, out, driver.OutcomeCanceled, "")
			} else { // the peer ran the task to its end first
				wantOutcome(t, out, driver.OutcomeFailed, driver.ReasonPeerError)
			}
		})
	}
}

// countingWatcher counts its calls and decides nothing.
type countingWatcher struct{ calls int }

func (w *countingWatcher) BeforePoll(context.Context, *Session, *wire.Task) (*wire.Task, error) {
	w.calls++
	return nil, nil
}

// cancelAtOnce cancels the task the first time it is asked.
type cancelAtOnce struct{}

func (cancelAtOnce) BeforePoll(ctx context.Context, s *Session, task *wire.Task) (*wire.Task, error) {
	return s.CancelTask(ctx, task.ID)
}
