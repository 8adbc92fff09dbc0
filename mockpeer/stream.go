package mockpeer

import (
	"context"
	"net/http"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/agent"
)

func (h a2aHandler) SendStreamingMessage(ctx context.Context, r *http.Request, req *wire.SendMessageRequest, emit agent.Emit) *agent.Error {
	p, d := h.p, draftOf(r)
	d.requestMetadata = requestMetadata(req)
	return p.stream(ctx, d, emit, historyLength(req), func() (*task, *agent.Error) {
		return p.startLocked(req.Message, d)
	})
}

func (h a2aHandler) SubscribeToTask(ctx context.Context, r *http.Request, req *wire.SubscribeToTaskRequest, emit agent.Emit) *agent.Error {
	p, d := h.p, draftOf(r)
	return p.stream(ctx, d, emit, nil, func() (*task, *agent.Error) {
		t, err := p.lookupLocked(req.ID, d)
		if err == nil && t.status.State.Terminal() {
			return nil, agent.Errorf(wire.ErrUnsupportedOperation, "task "+t.id+" is in terminal state "+string(t.status.State))
		}
		return t, err
	})
}

// stream opens a stream on the task taskLocked starts or finds (called
// with p.mu held, once the card in force declares streaming): the task as
// it is first, then every step it takes (follow).
func (p *Peer) stream(ctx context.Context, d *draft, emit agent.Emit, history *int32, taskLocked func() (*task, *agent.Error)) *agent.Error {
	p.mu.Lock()
	if err := p.streamingLocked(); err != nil {
		p.mu.Unlock()
		return err
	}
	t, err := taskLocked()
	if err != nil {
		p.mu.Unlock()
		return err
	}
	d.after(t)
	snap, rev, shown := t.snapshot(history, true), t.rev, p.sightLocked(t)
	p.mu.Unlock()
	if emit(wire.StreamResponse{Task: &snap}) != nil {
		return nil
	}
	d.saw(shown)
	p.follow(ctx, t, rev, d, emit)
	return nil
}

// streamingLocked refuses streams unless the card in force declares them.
func (p *Peer) streamingLocked() *agent.Error {
	s := p.versions[p.state.version].parsed().Capabilities.Streaming
	if s == nil || !*s {
		return agent.Errorf(wire.ErrUnsupportedOperation, "the agent card does not declare capabilities.streaming")
	}
	return nil
}

// follow streams t until it is terminal or interrupted: each event emitted
// is a tick that moves the task one step, paced by the script's step
// interval. A change made by someone else (a poll, a cancel, a rejection)
// is reported as it happens, instead of a tick. The stream also ends when
// the script cannot move the task any further, Reset drops it, or the
// client is gone.
func (p *Peer) follow(ctx context.Context, t *task, rev int, d *draft, emit agent.Emit) {
	pc := p.newPacer(ctx)
	defer pc.close()
	for ctx.Err() == nil {
		p.mu.Lock()
		if !p.nextLocked(pc, t, rev) {
			p.mu.Unlock()
			return
		}
		events := p.updateEventsLocked(t)
		rev = t.rev
		done := t.settled()
		d.after(t)
		shown := p.sightLocked(t)
		p.mu.Unlock()
		for _, e := range events {
			if emit(e) != nil {
				return
			}
		}
		d.saw(shown) // each event as it happened: what a stream shows is never held
		if done {
			return
		}
	}
}
