package mockpeer

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// stepper is a FarmSpec.After that lets a test step paced tasks by hand:
// every interval a handler starts is queued until the test takes it.
type stepper struct {
	t       *testing.T
	started chan chan time.Time
}

func newStepper(t *testing.T) *stepper {
	return &stepper{t: t, started: make(chan chan time.Time, 64)}
}

func (s *stepper) after(time.Duration) <-chan time.Time {
	c := make(chan time.Time, 1)
	s.started <- c
	return c
}

// await returns once a handler waits on a step interval, with the channel
// that ends the interval. The deadline only turns a hang into a failure.
func (s *stepper) await() chan<- time.Time {
	s.t.Helper()
	select {
	case c := <-s.started:
		return c
	case <-time.After(10 * time.Second):
		s.t.Fatal("no handler waits on a step interval")
		return nil
	}
}

// pacedPeer starts a streaming peer "A" whose tasks step when st says.
func pacedPeer(t *testing.T, st *stepper, ps PeerSpec, onExchange func(journal.Exchange)) (*Farm, *Peer) {
	t.Helper()
	ps.Name, ps.Skill = "A", testSkill
	if len(ps.Cards) == 0 {
		ps.Cards = threeVersions()
	}
	if ps.Task.StepInterval == 0 {
		ps.Task.StepInterval = DefaultStepInterval
	}
	f := startFarm(t, FarmSpec{Now: steppingClock(), After: st.after, OnExchange: onExchange, Peers: []PeerSpec{ps}})
	return f, f.Peer("A")
}

// fourSteps is SUBMITTED, WORKING 25 %, WORKING 50 %, COMPLETED.
func fourSteps() TaskScript {
	return TaskScript{Steps: []TaskStep{
		{State: wire.TaskStateSubmitted},
		{State: wire.TaskStateWorking, Progress: 25},
		{State: wire.TaskStateWorking, Progress: 50},
		{State: wire.TaskStateCompleted},
	}}
}

// liveStream reads an SSE response one event at a time.
type liveStream struct {
	t       *testing.T
	body    io.ReadCloser
	sc      *bufio.Scanner
	jsonrpc bool
}

// openStream starts op over binding b and returns its open stream; ctx
// ends it from the client's side.
func openStream(ctx context.Context, t *testing.T, c *http.Client, b binding, p *Peer, op string, params map[string]any) *liveStream {
	t.Helper()
	url, method, body := JSONRPCURL(p.Origin()), http.MethodPost, ""
	if b.name == wire.BindingJSONRPC {
		raw, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": "s", "method": op, "params": params})
		body = string(raw)
	} else {
		var path string
		method, path, body = restRoute(op, params)
		url = RESTURL(p.Origin()) + path
	}
	// The deadline only turns a hang into a failure.
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, method, url, strings.NewReader(body))
	resp := openSSE(t, c, req)
	t.Cleanup(func() { resp.Body.Close() })
	return &liveStream{t: t, body: resp.Body, sc: bufio.NewScanner(resp.Body), jsonrpc: b.name == wire.BindingJSONRPC}
}

// next reads the next event; ok is false once the stream has ended.
func (s *liveStream) next() (ev wire.StreamResponse, ok bool) {
	s.t.Helper()
	var data strings.Builder
	for s.sc.Scan() {
		line := s.sc.Text()
		if strings.HasPrefix(line, "data:") {
			data.WriteString(strings.TrimSpace(strings.TrimPrefix(line, "data:")))
			continue
		}
		if line != "" || data.Len() == 0 {
			continue
		}
		raw := []byte(data.String())
		if s.jsonrpc {
			var env struct {
				Result json.RawMessage `json:"result"`
			}
			if err := json.Unmarshal(raw, &env); err != nil {
				s.t.Fatalf("stream event %s: %v", raw, err)
			}
			raw = env.Result
		}
		if err := json.Unmarshal(raw, &ev); err != nil {
			s.t.Fatalf("stream event %s: %v", raw, err)
		}
		return ev, true
	}
	if err := s.sc.Err(); err != nil {
		s.t.Fatalf("stream broke instead of ending: %v", err)
	}
	return ev, false
}

// kind names an event: "task:STATE", "status:STATE" or "artifact".
func kind(ev wire.StreamResponse) string {
	switch {
	case ev.Task != nil:
		return "task:" + strings.TrimPrefix(string(ev.Task.Status.State), "TASK_STATE_")
	case ev.StatusUpdate != nil:
		return "status:" + strings.TrimPrefix(string(ev.StatusUpdate.Status.State), "TASK_STATE_")
	case ev.ArtifactUpdate != nil:
		return "artifact"
	}
	return "?"
}

// expect reads the next events and fails unless they are kinds.
func (s *liveStream) expect(kinds ...string) {
	s.t.Helper()
	for _, want := range kinds {
		ev, ok := s.next()
		if !ok {
			s.t.Fatalf("stream ended, want %s", want)
		}
		if got := kind(ev); got != want {
			s.t.Fatalf("stream event %s, want %s", got, want)
		}
	}
}

// expectEnd fails unless the stream ends with no further event.
func (s *liveStream) expectEnd() {
	s.t.Helper()
	if ev, ok := s.next(); ok {
		s.t.Fatalf("stream went on with %s, want its end", kind(ev))
	}
}

// exchangeSignal is an OnExchange that signals each journaled A2A exchange.
func exchangeSignal() (func(journal.Exchange), <-chan journal.Exchange) {
	ch := make(chan journal.Exchange, 64)
	return func(e journal.Exchange) {
		if e.Route == journal.RouteA2A {
			ch <- e
		}
	}, ch
}

// awaitExchange returns the next exchange fed to ch (by OnExchange); what
// says, in a failure, what the wait was for.
func awaitExchange(t *testing.T, ch <-chan journal.Exchange, what string) journal.Exchange {
	t.Helper()
	select {
	case e := <-ch:
		return e
	case <-time.After(10 * time.Second):
		t.Fatalf("no exchange journaled: %s", what)
		return journal.Exchange{}
	}
}

// sendAsync makes a blocking send over b in the background, with an
// Authorization header unless auth is ""; the channel receives the task it
// answered, or an empty one if it failed or hung.
func sendAsync(ctx context.Context, c *http.Client, b binding, p *Peer, auth string) <-chan wire.Task {
	out := make(chan wire.Task, 1)
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	params := sendParams("go", false)
	url, body := JSONRPCURL(p.Origin()), ""
	if b.name == wire.BindingJSONRPC {
		raw, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": wire.MethodSendMessage, "params": params})
		body = string(raw)
	} else {
		_, path, rest := restRoute(wire.MethodSendMessage, params)
		url, body = RESTURL(p.Origin())+path, rest
	}
	go func() {
		var resp struct {
			wire.SendMessageResponse
			Result wire.SendMessageResponse `json:"result"`
		}
		defer func() {
			cancel()
			switch {
			case resp.Task != nil:
				out <- *resp.Task
			case resp.Result.Task != nil:
				out <- *resp.Result.Task
			default:
				out <- wire.Task{}
			}
		}()
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(body))
		for k, v := range a2aHeaders(nil) {
			req.Header.Set(k, v)
		}
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		r, err := c.Do(req)
		if err != nil {
			return
		}
		defer r.Body.Close()
		raw, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(raw, &resp)
	}()
	return out
}

func cardServed(t *testing.T, c *http.Client, p *Peer) int {
	t.Helper()
	do(t, c, http.MethodGet, p.CardURL(), "", nil)
	return p.Version()
}

// openSSE sends req as an A2A request asking for a stream and returns the
// response, failing unless it is one; the caller closes its body.
func openSSE(t *testing.T, c *http.Client, req *http.Request) *http.Response {
	t.Helper()
	for k, v := range a2aHeaders(map[string]string{"Accept": "text/event-stream"}) {
		req.Header.Set(k, v)
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/event-stream") {
		resp.Body.Close()
		t.Fatalf("stream answered %d %s", resp.StatusCode, ct)
	}
	return resp
}
