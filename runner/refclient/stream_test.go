package refclient

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// Rule 7 in Stream mode: the peer announces the contract hash of the card
// in force in every status message; once it rotates to another contract
// mid-task, the event that says so ends the task as contract-diverged,
// whether it leaves the task interrupted or still working.
func TestStreamFrozenContract(t *testing.T) {
	ext := func(c *wire.AgentCard) {
		c.Capabilities.Extensions = []wire.AgentExtension{{URI: FrozenContractExtension}}
	}
	rotated := farmCard(func(c *wire.AgentCard) {
		ext(c)
		secure(c, "apikey", apiKeyScheme("header", "X-API-Key"))
	})
	cases := []struct {
		name      string
		script    []mockpeer.TaskStep
		rotations []mockpeer.Rotation
		want      driver.Outcome
	}{
		{"same contract throughout", workThenComplete, nil, driver.Outcome{Outcome: driver.OutcomeCompleted}},
		{"diverges at the interrupted status",
			steps(wire.TaskStateWorking, wire.TaskStateWorking, wire.TaskStateAuthRequired),
			[]mockpeer.Rotation{{On: mockpeer.Trigger{Kind: mockpeer.AtTaskStep, N: 2}, To: 1}},
			driver.Outcome{Outcome: driver.OutcomeFailed, Reason: driver.ReasonContractDiverged}},
		{"diverges while working",
			steps(wire.TaskStateWorking, wire.TaskStateWorking, wire.TaskStateWorking, wire.TaskStateCompleted),
			[]mockpeer.Rotation{{On: mockpeer.Trigger{Kind: mockpeer.AtTaskStep, N: 1}, To: 1}},
			driver.Outcome{Outcome: driver.OutcomeFailed, Reason: driver.ReasonContractDiverged}},
	}
	for _, tc := range cases {
		for _, binding := range []string{wire.BindingJSONRPC, wire.BindingHTTPJSON} {
			t.Run(tc.name+"/"+binding, func(t *testing.T) {
				farm := startFarm(t, mockpeer.PeerSpec{
					Cards:     []mockpeer.CardFunc{farmCard(ext), rotated},
					Rotations: tc.rotations, GraceRequests: -1,
					Hooks: mockpeer.Hooks{StepMetadata: mockpeer.AnnounceContractHash()},
					Task:  mockpeer.TaskScript{Steps: tc.script},
				})
				hash := farm.Peer("A").ContractHash(0)
				out := playOnFarm(t, farm, Config{SendMode: Stream, Binding: binding})
				wantOutcome(t, out, tc.want.Outcome, tc.want.Reason)
				if out.TaskID != "task-1" {
					t.Errorf("taskId %q, want task-1", out.TaskID)
				}
				calls := a2aCalls(farm)
				if got := opsOf(calls); !slices.Equal(got, []string{wire.MethodSendStreamingMessage}) {
					t.Fatalf("A2A calls%s, want the stream alone", lines(calls))
				}
				meta, _ := calls[0].RequestMetadata[FrozenContractExtension].(map[string]any)
				if meta["contractHash"] != hash || !slices.Contains(calls[0].Extensions, FrozenContractExtension) {
					t.Errorf("send metadata %v, extensions %v; want contractHash %s and the extension", calls[0].RequestMetadata, calls[0].Extensions, hash)
				}
				wantFrozen(t, farm)
			})
		}
	}
}

// A stream that ends before the task settles is resubscribed with
// SubscribeToTask; a peer that refuses (the task became terminal
// meanwhile) is polled. The stream is cut by the client's transport right
// before the event that settles the task, as a dropped connection would.
func TestStreamEndsEarly(t *testing.T) {
	cases := []struct {
		name   string
		script []mockpeer.TaskStep
		ops    []string
		want   driver.Outcome
	}{
		{"terminal meanwhile: resubscription refused, then a poll", workThenComplete,
			[]string{wire.MethodSendStreamingMessage, wire.MethodSubscribeToTask, wire.MethodGetTask},
			driver.Outcome{Outcome: driver.OutcomeCompleted}},
		{"interrupted meanwhile: the resubscription tells",
			steps(wire.TaskStateWorking, wire.TaskStateWorking, wire.TaskStateAuthRequired),
			[]string{wire.MethodSendStreamingMessage, wire.MethodSubscribeToTask},
			driver.Outcome{Outcome: driver.OutcomeFailed, Reason: driver.ReasonAuthRequired}},
	}
	for _, tc := range cases {
		for _, binding := range []string{wire.BindingJSONRPC, wire.BindingHTTPJSON} {
			t.Run(tc.name+"/"+binding, func(t *testing.T) {
				farm := startFarm(t, mockpeer.PeerSpec{Task: mockpeer.TaskScript{Steps: tc.script, Artifact: "the summary"}})
				cut := &cutFirstStream{}
				out := playOnFarm(t, farm, Config{SendMode: Stream, Binding: binding,
					UnsafeA2ATransport: func(rt http.RoundTripper) http.RoundTripper { cut.next = rt; return cut }})
				wantOutcome(t, out, tc.want.Outcome, tc.want.Reason)
				if tc.want.Outcome == driver.OutcomeCompleted && out.Detail != "the summary" {
					t.Errorf("detail %q, want the artifact text", out.Detail)
				}
				calls := a2aCalls(farm)
				if got := opsOf(calls); !slices.Equal(got, tc.ops) {
					t.Fatalf("A2A calls%s, want %v", lines(calls), tc.ops)
				}
				if !cut.cut {
					t.Error("the stream was not cut")
				}
				for _, e := range calls {
					if e.Malformed != "" || e.A2AVersion != wire.ProtocolVersion || e.Binding != binding {
						t.Errorf("%s: malformed %q, want a well-formed 1.0 %s call", e.Line(), e.Malformed, binding)
					}
				}
				wantFrozen(t, farm)
			})
		}
	}
}

// cutFirstStream cuts the first event stream it carries right before the
// first event that leaves the task terminal or interrupted.
type cutFirstStream struct {
	next http.RoundTripper
	mu   sync.Mutex
	cut  bool
}

func (c *cutFirstStream) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := c.next.RoundTrip(r)
	if err != nil || resp.Header.Get("Content-Type") != contentTypeSSE {
		return resp, err
	}
	c.mu.Lock()
	first := !c.cut
	c.cut = true
	c.mu.Unlock()
	if first {
		resp.Body = &cutBeforeSettled{body: resp.Body, events: bufio.NewReader(resp.Body)}
	}
	return resp, nil
}

// cutBeforeSettled passes events on until one settles the task, then ends.
type cutBeforeSettled struct {
	body    io.ReadCloser
	events  *bufio.Reader
	pending []byte
	ended   bool
}

func (c *cutBeforeSettled) Read(p []byte) (int, error) {
	for len(c.pending) == 0 {
		if c.ended {
			return 0, io.EOF
		}
		var event []byte
		for {
			line, err := c.events.ReadBytes('\n')
			event = append(event, line...)
			if err != nil {
				return 0, err
			}
			if len(bytes.TrimSpace(line)) == 0 {
				break
			}
		}
		for _, st := range []wire.TaskState{wire.TaskStateCompleted, wire.TaskStateAuthRequired} {
			if bytes.Contains(event, []byte(st)) {
				c.ended = true
				_ = c.body.Close()
				return 0, io.EOF
			}
		}
		c.pending = event
	}
	n := copy(p, c.pending)
	c.pending = c.pending[n:]
	return n, nil
}

func (c *cutBeforeSettled) Close() error { return c.body.Close() }

// A peer that keeps the stream of an interrupted task open (spec §3.1.2
// closes it only at a terminal state) does not hold the client past
// drainTimeout: the outcome is the interrupted state, not the deadline.
func TestStreamHeldOpenAfterSettling(t *testing.T) {
	defer func(d time.Duration) { drainTimeout = d }(drainTimeout)
	drainTimeout = 10 * time.Millisecond
	farm := startFarm(t, mockpeer.PeerSpec{Task: mockpeer.TaskScript{
		Steps: steps(wire.TaskStateWorking, wire.TaskStateInputRequired)}})
	out := playOnFarm(t, farm, Config{SendMode: Stream,
		UnsafeA2ATransport: func(rt http.RoundTripper) http.RoundTripper { return holdOpen{rt} }})
	wantOutcome(t, out, driver.OutcomeFailed, driver.ReasonInputRequired)
}

// holdOpen keeps every event stream open after its last event, until the
// request is canceled.
type holdOpen struct{ next http.RoundTripper }

func (h holdOpen) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := h.next.RoundTrip(r)
	if err == nil && resp.Header.Get("Content-Type") == contentTypeSSE {
		resp.Body = &heldBody{ReadCloser: resp.Body, ctx: r.Context()}
	}
	return resp, err
}

type heldBody struct {
	io.ReadCloser
	ctx context.Context
}

func (b *heldBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if errors.Is(err, io.EOF) && n == 0 {
		<-b.ctx.Done()
		return 0, b.ctx.Err()
	}
	return n, err
}
