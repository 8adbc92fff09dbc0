package mockpeer

import (
	"fmt"
	"maps"
	"strconv"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// Default texts of rendered steps; a TaskStep.Message replaces them.
const (
	defaultAuthRequiredText  = "A client certificate is required to continue this task: present a TLS client certificate (mTLS)."
	defaultInputRequiredText = "More input is required to continue this task."
	defaultArtifactText      = "Task completed."
)

// timestampLayout is RFC 3339 in UTC with milliseconds (spec §5.6.1).
const timestampLayout = "2006-01-02T15:04:05.000Z"

func timestamp(t time.Time) string { return t.UTC().Format(timestampLayout) }

// defaultScript is the script of a peer that states none.
var defaultScript = []TaskStep{{State: wire.TaskStateCompleted}}

// Everything below runs with p.mu held.

// createLocked makes a task for msg and enters step 0.
func (p *Peer) createLocked(msg *wire.Message) *task {
	s := &p.tasks
	s.nextTask++
	t := &task{id: "task-" + strconv.Itoa(s.nextTask), seq: s.nextTask, contextID: msg.ContextID}
	if t.contextID == "" {
		s.nextCtx++
		t.contextID = "ctx-" + strconv.Itoa(s.nextCtx)
	}
	t.addUserMessage(msg)
	t.script = p.scriptLocked()
	s.add(t)
	p.enterLocked(t, 0)
	return t
}

// scriptLocked is the script of a task created now: the one of the card
// version in force, or the peer's.
func (p *Peer) scriptLocked() []TaskStep {
	if steps, ok := p.spec.Task.ByVersion[p.state.version]; ok && len(steps) > 0 {
		return steps
	}
	return p.script
}

// addUserMessage appends a copy of msg, tied to the task, to its history.
func (t *task) addUserMessage(msg *wire.Message) {
	m := *msg
	m.TaskID, m.ContextID = t.id, t.contextID
	t.history = append(t.history, m)
	t.ver++
}

// advanceLocked moves t one step on; false when it cannot move.
func (p *Peer) advanceLocked(t *task) bool {
	if !p.canAdvanceLocked(t) {
		return false
	}
	p.enterLocked(t, t.step+1)
	return true
}

// canAdvanceLocked: t is not terminal, not dropped, and has a step left.
func (p *Peer) canAdvanceLocked(t *task) bool {
	return !t.status.State.Terminal() && !t.dropped && t.step < len(t.script)-1
}

// enterLocked fires the AtTaskStep rotations of step i, then renders it.
func (p *Peer) enterLocked(t *task, i int) {
	p.fireLocked(AtTaskStep, i)
	step := t.script[i]
	t.step = i
	p.setStatusLocked(t, step.State, p.renderMessageLocked(t, i, step))
	if step.State == wire.TaskStateCompleted {
		text := p.spec.Task.Artifact
		if text == "" {
			text = defaultArtifactText
		}
		t.artifacts = []wire.Artifact{{ArtifactID: "artifact-1", Name: "result", Parts: []wire.Part{wire.TextPart(text)}}}
		t.ver++
	}
}

// renderMessageLocked builds the status message of step i, or nil when the
// step carries nothing to say.
func (p *Peer) renderMessageLocked(t *task, i int, step TaskStep) *wire.Message {
	text := step.Message
	if text == "" {
		switch step.State {
		case wire.TaskStateAuthRequired:
			text = defaultAuthRequiredText
		case wire.TaskStateInputRequired:
			text = defaultInputRequiredText
		}
	}
	var extra map[string]any
	var extensions []string
	if hook := p.spec.Hooks.StepMetadata; hook != nil {
		extra, extensions = hook(p.stateLocked(), TaskView{ID: t.id, State: step.State, Step: i})
	}
	if text == "" && step.Progress == 0 && len(extra) == 0 && len(extensions) == 0 {
		return nil
	}
	if text == "" {
		text = fmt.Sprintf("Progress: %d%%.", step.Progress)
	}
	m := &wire.Message{
		MessageID: fmt.Sprintf("%s-status-%d", t.id, i),
		ContextID: t.contextID,
		TaskID:    t.id,
		Role:      wire.RoleAgent,
		Parts:     []wire.Part{wire.TextPart(text)},
		Metadata:  map[string]any{"progress": step.Progress},
	}
	maps.Copy(m.Metadata, extra)
	m.Extensions = extensions
	return m
}

// setStatusLocked changes t's status, stamped with the farm clock.
func (p *Peer) setStatusLocked(t *task, state wire.TaskState, msg *wire.Message) {
	now := p.farm.now()
	t.status = wire.TaskStatus{State: state, Message: msg, Timestamp: timestamp(now)}
	t.statusAt = now
	t.statusVersion = p.state.version
	t.rev++
	t.ver++
	t.wakeLocked()
}

// updateEventsLocked renders t's current status as stream events: the
// artifact first when the task has just completed.
func (p *Peer) updateEventsLocked(t *task) []wire.StreamResponse {
	var events []wire.StreamResponse
	if t.status.State == wire.TaskStateCompleted {
		for _, a := range t.artifacts {
			events = append(events, wire.StreamResponse{ArtifactUpdate: &wire.TaskArtifactUpdateEvent{
				TaskID: t.id, ContextID: t.contextID, Artifact: a, LastChunk: true,
			}})
		}
	}
	return append(events, wire.StreamResponse{StatusUpdate: &wire.TaskStatusUpdateEvent{
		TaskID: t.id, ContextID: t.contextID, Status: t.status,
	}})
}

// requestMetadata merges SendMessageRequest.metadata with the message's
// own metadata (the message wins): what the frozen-contract extension reads.
func requestMetadata(req *wire.SendMessageRequest) map[string]any {
	if len(req.Metadata) == 0 && (req.Message == nil || len(req.Message.Metadata) == 0) {
		return nil
	}
	out := maps.Clone(req.Metadata)
	if out == nil {
		out = map[string]any{}
	}
	if req.Message != nil {
		maps.Copy(out, req.Message.Metadata)
	}
	return out
}
