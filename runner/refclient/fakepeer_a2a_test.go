package refclient

import (
	"encoding/json"
	"net/http"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// The A2A side of the fake peer: both bindings over one task script.

func (p *fakePeer) serveRPC(w http.ResponseWriter, body []byte, s *seen) {
	var req wire.RPCRequest
	if err := json.Unmarshal(body, &req); err != nil {
		s.Op = opSeenUnmatched
		http.Error(w, "bad JSON-RPC", http.StatusBadRequest)
		return
	}
	s.Op, s.RPCID = req.Method, req.ID
	_ = json.Unmarshal(req.Params, &s.Params)
	id, _ := s.Params["id"].(string)
	result, kind := p.a2a(req.Method, id)
	resp := wire.RPCResponse{JSONRPC: "2.0", ID: req.ID, Result: result}
	if kind != nil {
		resp = wire.RPCResponse{JSONRPC: "2.0", ID: req.ID, Error: wire.RPCErrorOf(*kind, "scripted", nil)}
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(resp)
}

func (p *fakePeer) serveREST(w http.ResponseWriter, r *http.Request, body []byte, s *seen) {
	path := r.URL.Path
	_ = json.Unmarshal(body, &s.Params)
	var id string
	switch {
	case r.Method == http.MethodPost && strings.HasSuffix(path, "/message:send"):
		s.Op = wire.MethodSendMessage
	case r.Method == http.MethodPost && strings.HasSuffix(path, ":cancel"):
		s.Op = wire.MethodCancelTask
		id = strings.TrimSuffix(path[strings.LastIndex(path, "/tasks/")+len("/tasks/"):], ":cancel")
	case r.Method == http.MethodGet && strings.Contains(path, "/tasks/"):
		s.Op = wire.MethodGetTask
		id = path[strings.LastIndex(path, "/tasks/")+len("/tasks/"):]
	default:
		s.Op = opSeenUnmatched
		http.NotFound(w, r)
		return
	}
	result, kind := p.a2a(s.Op, id)
	w.Header().Set("Content-Type", "application/json")
	if kind != nil {
		w.WriteHeader(kind.HTTPStatus)
		_ = json.NewEncoder(w).Encode(wire.RESTErrorOf(*kind, "scripted", nil))
		return
	}
	_ = json.NewEncoder(w).Encode(result)
}

// a2a runs the task script: the send answers steps[0], each GetTask moves
// one step on, CancelTask cancels.
func (p *fakePeer) a2a(op, id string) (any, *wire.ErrorKind) {
	switch op {
	case wire.MethodSendMessage:
		if p.sendError != nil {
			return nil, p.sendError
		}
		p.task, p.step = &wire.Task{ID: "task-1", ContextID: "ctx-1"}, 0
		p.render()
		if p.rotateAfterSend {
			p.rotate()
		}
		return wire.SendMessageResponse{Task: p.task}, nil
	case wire.MethodGetTask, wire.MethodCancelTask:
		if p.task == nil || id != p.task.ID {
			return nil, &wire.ErrTaskNotFound
		}
		if op == wire.MethodCancelTask {
			p.task.Status = wire.TaskStatus{State: wire.TaskStateCanceled}
			return p.task, nil
		}
		if p.step < len(p.steps)-1 {
			p.step++
		}
		p.render()
		return p.task, nil
	}
	return nil, &wire.ErrMethodNotFound
}

func (p *fakePeer) render() {
	p.task.Status = p.steps[p.step]
	if p.task.Status.State == wire.TaskStateCompleted {
		p.task.Artifacts = []wire.Artifact{{ArtifactID: "a1", Parts: []wire.Part{wire.TextPart("the summary")}}}
	}
}
