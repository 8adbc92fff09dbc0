package mockpeer

import (
	"context"
	"net/http"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/agent"
)

// a2aHandler is the peer seen from the protocol layer. It is a separate
// type so that Peer's exported API stays the farm's, not the protocol's.
type a2aHandler struct{ p *Peer }

var _ agent.Handler = a2aHandler{}

func (h a2aHandler) Admit(r *http.Request, call *agent.Call) *agent.Error {
	return h.p.admit(r, call)
}

func (h a2aHandler) SendMessage(ctx context.Context, r *http.Request, req *wire.SendMessageRequest) (*wire.SendMessageResponse, *agent.Error) {
	p, d := h.p, draftOf(r)
	d.requestMetadata = requestMetadata(req)
	p.mu.Lock()
	defer p.mu.Unlock()
	t, err := p.startLocked(req.Message, d)
	if err != nil {
		return nil, err
	}
	if req.Configuration == nil || !req.Configuration.ReturnImmediately {
		// Blocking: wait for a terminal or interrupted state, paced by the
		// script's step interval. A client gone stops the wait; what it
		// would have been answered is still journaled, and so is the
		// decision to hold the send (Exchange.Blocking).
		d.blocking = true
		pc := p.newPacer(ctx)
		defer pc.close()
		for !t.settled() && p.nextLocked(pc, t, t.rev) {
		}
	}
	d.after(t)
	d.saw(p.sightLocked(t))
	a := t.answerLocked(historyLength(req))
	answered(r, sendAnswerJSON(a.json), nil) // a send's answer is rarely asked twice
	snap := a.snap
	return &wire.SendMessageResponse{Task: &snap}, nil
}

// startLocked creates a task for msg, or continues the task msg names by
// one step. It fires AfterSend rotations right after a creation.
func (p *Peer) startLocked(msg *wire.Message, d *draft) (*task, *agent.Error) {
	if msg == nil {
		return nil, agent.Errorf(wire.ErrInvalidParams, "message is required")
	}
	if msg.TaskID == "" {
		t := p.createLocked(msg)
		d.taskID = t.id
		p.state.sends++
		p.fireLocked(AfterSend, 0)
		return t, nil
	}
	t := p.tasks.get(msg.TaskID)
	if t == nil {
		return nil, &agent.Error{Kind: wire.ErrTaskNotFound, Detail: msg.TaskID, Metadata: map[string]string{"taskId": msg.TaskID}}
	}
	d.before(t)
	if t.status.State.Terminal() {
		return nil, agent.Errorf(wire.ErrUnsupportedOperation, "task "+t.id+" is in terminal state "+string(t.status.State))
	}
	if msg.ContextID != "" && msg.ContextID != t.contextID {
		return nil, agent.Errorf(wire.ErrInvalidParams, "contextId does not match the task's")
	}
	t.addUserMessage(msg)
	p.advanceLocked(t)
	return t, nil
}

func historyLength(req *wire.SendMessageRequest) *int32 {
	if req.Configuration == nil {
		return nil
	}
	return req.Configuration.HistoryLength
}

func (h a2aHandler) GetTask(_ context.Context, r *http.Request, req *wire.GetTaskRequest) (*wire.Task, *agent.Error) {
	return h.onTask(r, req.ID, req.HistoryLength, func(t *task) *agent.Error {
		h.p.advanceLocked(t) // a poll is an advance event
		return nil
	})
}

func (h a2aHandler) CancelTask(_ context.Context, r *http.Request, req *wire.CancelTaskRequest) (*wire.Task, *agent.Error) {
	return h.onTask(r, req.ID, nil, func(t *task) *agent.Error {
		if t.status.State.Terminal() {
			return &agent.Error{Kind: wire.ErrTaskNotCancelable, Detail: "task " + t.id + " is in terminal state " + string(t.status.State),
				Metadata: map[string]string{"taskId": t.id}}
		}
		h.p.setStatusLocked(t, wire.TaskStateCanceled, nil)
		return nil
	})
}

// onTask looks up the task id names under the peer's lock, acts on it, and
// answers its snapshot with history as the request asked.
func (h a2aHandler) onTask(r *http.Request, id string, history *int32, act func(*task) *agent.Error) (*wire.Task, *agent.Error) {
	p, d := h.p, draftOf(r)
	p.mu.Lock()
	defer p.mu.Unlock()
	t, err := p.lookupLocked(id, d)
	if err != nil {
		return nil, err
	}
	if err := act(t); err != nil {
		return nil, err
	}
	d.after(t)
	d.saw(p.sightLocked(t))
	a := t.answerLocked(history)
	answered(r, a.json, a.proto)
	snap := a.snap
	return &snap, nil
}

func (h a2aHandler) ListTasks(_ context.Context, _ *http.Request, req *wire.ListTasksRequest) (*wire.ListTasksResponse, *agent.Error) {
	p := h.p
	p.mu.Lock()
	defer p.mu.Unlock()
	resp, fault := p.tasks.list(req)
	if fault != "" {
		return nil, agent.Errorf(wire.ErrInvalidParams, fault)
	}
	return resp, nil
}

func (h a2aHandler) GetExtendedAgentCard(_ context.Context, _ *http.Request, _ *wire.GetExtendedAgentCardRequest) (*wire.AgentCard, *agent.Error) {
	p := h.p
	p.mu.Lock()
	v := p.versions[p.state.version]
	if p.state.armedOnExtended {
		// The answer is the card the client looked at; the change meets it
		// right after (ArmExtended).
		p.fireArmedLocked()
	}
	p.mu.Unlock()
	if ext := v.parsed().Capabilities.ExtendedAgentCard; ext == nil || !*ext {
		return nil, agent.Errorf(wire.ErrUnsupportedOperation, "the agent card does not declare capabilities.extendedAgentCard")
	}
	card := *v.parsed()
	if v.extended != nil {
		card = *v.extended.parsed()
	}
	return &card, nil
}

// lookupLocked finds the task id names and records its state before.
func (p *Peer) lookupLocked(id string, d *draft) (*task, *agent.Error) {
	t := p.tasks.get(id)
	if t == nil {
		return nil, &agent.Error{Kind: wire.ErrTaskNotFound, Detail: id, Metadata: map[string]string{"taskId": id}}
	}
	d.before(t)
	return t, nil
}
