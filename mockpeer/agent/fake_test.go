package agent

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// fakeHandler serves one known task, "task-1". The text of the first part
// of a sent message steers it: "reply" answers a Message, "boom" panics,
// "fail-early" fails a stream before any event, "fail-late" after one,
// "silent" streams nothing, "keep" keeps its Emit past the stream's end,
// and "nothing" returns neither a result nor an error. GetTask of
// "zero-kind" returns an Error without a kind.
type fakeHandler struct {
	mu     sync.Mutex
	last   any    // the last request the handler received
	admits []Call // copies of what Admit saw
	deny   *Error // returned by Admit when set
	card   wire.AgentCard
	kept   Emit // the Emit of a "keep" stream, for use after it ended
}

func newFakeHandler() *fakeHandler {
	return &fakeHandler{card: wire.AgentCard{Name: "extended", Version: "2"}}
}

func (f *fakeHandler) record(req any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.last = req
}

func (f *fakeHandler) lastRequest() any {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.last
}

func (f *fakeHandler) Admit(r *http.Request, call *Call) *Error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.admits = append(f.admits, *call)
	return f.deny
}

func task(id string, state wire.TaskState) *wire.Task {
	return &wire.Task{ID: id, ContextID: "ctx-1", Status: wire.TaskStatus{State: state}}
}

func firstText(req *wire.SendMessageRequest) string {
	if len(req.Message.Parts) > 0 && req.Message.Parts[0].Text != nil {
		return *req.Message.Parts[0].Text
	}
	return ""
}

func (f *fakeHandler) SendMessage(ctx context.Context, r *http.Request, req *wire.SendMessageRequest) (*wire.SendMessageResponse, *Error) {
	f.record(req)
	switch firstText(req) {
	case "reply":
		return &wire.SendMessageResponse{Message: &wire.Message{MessageID: "m-2", Role: wire.RoleAgent, Parts: []wire.Part{wire.TextPart("hi")}}}, nil
	case "boom":
		panic("boom")
	case "nothing":
		return nil, nil
	}
	return &wire.SendMessageResponse{Task: task("task-1", wire.TaskStateWorking)}, nil
}

func (f *fakeHandler) SendStreamingMessage(ctx context.Context, r *http.Request, req *wire.SendMessageRequest, emit Emit) *Error {
	f.record(req)
	switch firstText(req) {
	case "fail-early":
		return Errorf(wire.ErrUnsupportedOperation, "streaming is off")
	case "fail-late":
		if err := emit(wire.StreamResponse{Task: task("task-1", wire.TaskStateWorking)}); err != nil {
			return Errorf(wire.ErrInternal, err.Error())
		}
		return Errorf(wire.ErrInternal, "died mid-stream")
	case "boom":
		_ = emit(wire.StreamResponse{Task: task("task-1", wire.TaskStateWorking)})
		panic("boom in stream")
	case "silent":
		return nil
	case "keep":
		f.mu.Lock()
		f.kept = emit
		f.mu.Unlock()
		return nil
	}
	events := []wire.StreamResponse{
		{Task: task("task-1", wire.TaskStateSubmitted)},
		{StatusUpdate: &wire.TaskStatusUpdateEvent{TaskID: "task-1", ContextID: "ctx-1", Status: wire.TaskStatus{State: wire.TaskStateWorking}}},
		{ArtifactUpdate: &wire.TaskArtifactUpdateEvent{TaskID: "task-1", ContextID: "ctx-1", Artifact: wire.Artifact{ArtifactID: "a-1", Parts: []wire.Part{wire.TextPart("done")}}}},
		{StatusUpdate: &wire.TaskStatusUpdateEvent{TaskID: "task-1", ContextID: "ctx-1", Status: wire.TaskStatus{State: wire.TaskStateCompleted}}},
	}
	for _, ev := range events {
		if err := emit(ev); err != nil {
			return Errorf(wire.ErrInternal, err.Error())
		}
	}
	return nil
}

func (f *fakeHandler) GetTask(ctx context.Context, r *http.Request, req *wire.GetTaskRequest) (*wire.Task, *Error) {
	f.record(req)
	if req.ID == "zero-kind" {
		return nil, &Error{} // a Handler bug the server must survive
	}
	if req.ID != "task-1" {
		return nil, &Error{Kind: wire.ErrTaskNotFound, Metadata: map[string]string{"taskId": req.ID}}
	}
	return task("task-1", wire.TaskStateWorking), nil
}

func (f *fakeHandler) ListTasks(ctx context.Context, r *http.Request, req *wire.ListTasksRequest) (*wire.ListTasksResponse, *Error) {
	f.record(req)
	return &wire.ListTasksResponse{Tasks: []wire.Task{*task("task-1", wire.TaskStateWorking)}, PageSize: 50, TotalSize: 1}, nil
}

func (f *fakeHandler) CancelTask(ctx context.Context, r *http.Request, req *wire.CancelTaskRequest) (*wire.Task, *Error) {
	f.record(req)
	if req.ID != "task-1" {
		return nil, Errorf(wire.ErrTaskNotFound, req.ID)
	}
	return task("task-1", wire.TaskStateCanceled), nil
}

func (f *fakeHandler) SubscribeToTask(ctx context.Context, r *http.Request, req *wire.SubscribeToTaskRequest, emit Emit) *Error {
	f.record(req)
	if req.ID != "task-1" {
		return Errorf(wire.ErrTaskNotFound, req.ID)
	}
	if err := emit(wire.StreamResponse{Task: task("task-1", wire.TaskStateWorking)}); err != nil {
		return Errorf(wire.ErrInternal, err.Error())
	}
	if err := emit(wire.StreamResponse{StatusUpdate: &wire.TaskStatusUpdateEvent{TaskID: "task-1", ContextID: "ctx-1", Status: wire.TaskStatus{State: wire.TaskStateCompleted}}}); err != nil {
		return Errorf(wire.ErrInternal, err.Error())
	}
	return nil
}

func (f *fakeHandler) GetExtendedAgentCard(ctx context.Context, r *http.Request, req *wire.GetExtendedAgentCardRequest) (*wire.AgentCard, *Error) {
	f.record(req)
	return &f.card, nil
}

// peer is a loopback server with both bindings mounted as the peer core
// mounts them, behind middleware that hands each request's Call to the test.
type peer struct {
	srv     *httptest.Server
	handler *fakeHandler
	guard   panicGuard
	calls   chan *Call // one per finished request
	last    Call       // the Call of the last request made with do
}

const (
	rpcPath  = "/a2a/jsonrpc"
	restPath = "/a2a/rest"
)

func newPeer(t testing.TB) *peer {
	t.Helper()
	p := &peer{handler: newFakeHandler(), calls: make(chan *Call, 1)}
	mux := http.NewServeMux()
	mux.Handle(rpcPath, NewJSONRPCHandler(p.handler, Options{}))
	mux.Handle(restPath+"/", http.StripPrefix(restPath, NewRESTHandler(p.handler, Options{})))
	p.srv = httptest.NewServer(p.guard.wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		call := &Call{}
		defer func() { p.calls <- call }()
		mux.ServeHTTP(w, r.WithContext(WithCall(r.Context(), call)))
	})))
	t.Cleanup(p.srv.Close)
	return p
}

// lastCall returns the Call the server filled in for the last request.
func (p *peer) lastCall() Call { return p.last }

// panicGuard catches a panic that escapes the protocol server, which
// net/http would otherwise swallow by dropping the connection.
type panicGuard struct{ escaped atomic.Pointer[string] }

func (g *panicGuard) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if p := recover(); p != nil {
				msg := fmt.Sprintf("%v\n%s", p, debug.Stack())
				g.escaped.Store(&msg)
				panic(http.ErrAbortHandler)
			}
		}()
		h.ServeHTTP(w, r)
	})
}

func (g *panicGuard) check(t testing.TB) {
	t.Helper()
	if msg := g.escaped.Load(); msg != nil {
		t.Fatalf("a panic escaped the protocol server: %s", *msg)
	}
}

// reply is what came back for one request.
type reply struct {
	status int
	header http.Header
	body   []byte
}

// v1 are the headers of a well-behaved 1.0 client.
func v1() map[string]string {
	return map[string]string{"A2A-Version": "1.0", "Content-Type": "application/json"}
}

func (p *peer) do(t testing.TB, method, path string, headers map[string]string, body string) reply {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, p.srv.URL+path, rd)
	if err != nil {
		t.Fatalf("building request: %v", err)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	res, err := p.srv.Client().Do(req)
	p.guard.check(t)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil && !errors.Is(err, io.EOF) {
		t.Fatalf("reading response: %v", err)
	}
	select {
	case call := <-p.calls: // the server is done with the request
		p.last = *call
	case <-time.After(10 * time.Second):
		t.Fatalf("%s %s: the server never finished the request", method, path)
	}
	return reply{status: res.StatusCode, header: res.Header, body: data}
}

func (p *peer) rpc(t testing.TB, body string) reply {
	t.Helper()
	return p.do(t, http.MethodPost, rpcPath, v1(), body)
}
