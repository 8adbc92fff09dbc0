package refclient

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// stream is Deliver in Stream mode: SendStreamingMessage, then the task's
// events under the frozen contract (follow).
func (s *Session) stream(ctx context.Context, text string) (Result, error) {
	const op = wire.MethodSendStreamingMessage
	events, err := s.binding.sendStreaming(ctx, s.request(text))
	if err != nil {
		return Result{}, err
	}
	src := &streamSource{s: s, events: events, op: op}
	defer src.close()
	first, err := events.next()
	if errors.Is(err, io.EOF) {
		err = malformed(op, errors.New("the stream ended before its first event"))
	}
	if err != nil {
		return Result{}, err
	}
	if first.Message != nil && first.Task == nil && first.StatusUpdate == nil && first.ArtifactUpdate == nil {
		return Result{Message: first.Message}, nil // a message-only stream
	}
	task, err := s.applyEvent(op, nil, first)
	if err != nil {
		return Result{Task: task}, err
	}
	task, err = s.follow(ctx, task, src)
	if settled(task) {
		task = src.drain(task)
	}
	return Result{Task: task}, err
}

// drain reads the rest of the stream of a settled task: the peer closes it
// there (spec §3.1.2, §11.7), so the exchange is over on both sides before
// the client reports, and a final Task snapshot or artifact the peer sends
// after the settled status completes the result. A peer that keeps the
// stream open is cut after drainTimeout; events that would unsettle the
// task or diverge from the contract are ignored.
func (src *streamSource) drain(task *wire.Task) *wire.Task {
	if src.events == nil {
		return task
	}
	stop := time.AfterFunc(drainTimeout, src.events.cancel)
	defer stop.Stop()
	for {
		ev, err := src.events.next()
		if err != nil {
			return task // the end, a cut, or a fault: the snapshot stands
		}
		if ev.Task == nil && ev.ArtifactUpdate == nil {
			continue
		}
		next, err := src.s.applyEvent(src.op, task, ev)
		if err == nil && settled(next) && src.s.checkFrozen(next) == nil {
			task = next
		}
	}
}

// drainTimeout bounds the wait for the end of a settled task's stream (a
// variable for tests).
var drainTimeout = time.Second

func settled(t *wire.Task) bool {
	return t != nil && (t.Status.State.Terminal() || t.Status.State.Interrupted())
}

// streamSource is the task source of Stream mode: the stream's events;
// once the stream ends before the task settles, a resubscription's
// (SubscribeToTask, whose first event is the task as it is); once the peer
// refuses a resubscription or MaxResubscriptions are used up, GetTask
// polls.
type streamSource struct {
	s            *Session
	events       *eventStream // nil once polling
	op           string       // what opened events
	resubscribed int
}

func (src *streamSource) next(ctx context.Context, task *wire.Task) (*wire.Task, error) {
	for src.events != nil {
		ev, err := src.events.next()
		if err == nil {
			return src.s.applyEvent(src.op, task, ev)
		}
		if !errors.Is(err, io.EOF) {
			return nil, err
		}
		src.close()
		if src.resubscribed == MaxResubscriptions {
			break
		}
		src.resubscribed++
		events, err := src.s.binding.subscribe(ctx, task.ID)
		if errors.Is(err, ErrPeer) {
			break // refused, e.g. the task became terminal meanwhile: poll
		}
		if err != nil {
			return nil, err
		}
		src.events, src.op = events, wire.MethodSubscribeToTask
	}
	return poller{src.s}.next(ctx, task)
}

func (src *streamSource) close() {
	if src.events != nil {
		src.events.close()
		src.events = nil
	}
}

// applyEvent returns the snapshot of task after ev (task nil: ev is the
// first event of the task's stream). Event metadata carrying another
// contract hash than the one sent is rejected (rule 7), as status messages
// are by follow.
func (s *Session) applyEvent(op string, task *wire.Task, ev *wire.StreamResponse) (*wire.Task, error) {
	members := 0
	for _, set := range []bool{ev.Task != nil, ev.Message != nil, ev.StatusUpdate != nil, ev.ArtifactUpdate != nil} {
		if set {
			members++
		}
	}
	if members != 1 {
		return nil, malformed(op, fmt.Errorf("stream event with %d members, want exactly one", members))
	}
	switch {
	case ev.Task != nil:
		if task != nil && ev.Task.ID != task.ID {
			return nil, malformed(op, fmt.Errorf("event for task %q in the stream of %q", ev.Task.ID, task.ID))
		}
		return checkTask(op, ev.Task)
	case ev.Message != nil:
		if task == nil {
			return nil, malformed(op, errors.New("a message in a task stream before the task"))
		}
		return task, s.checkHash("message metadata", ev.Message.Metadata)
	case ev.StatusUpdate != nil:
		u := ev.StatusUpdate
		next, err := eventTask(op, task, u.TaskID, u.ContextID)
		if err != nil {
			return nil, err
		}
		next.Status = u.Status
		if st, ok := wire.ParseTaskState(string(u.Status.State)); ok {
			next.Status.State = st
		}
		return next, s.checkHash("status update metadata", u.Metadata)
	}
	u := ev.ArtifactUpdate
	next, err := eventTask(op, task, u.TaskID, u.ContextID)
	if err != nil {
		return nil, err
	}
	next.Artifacts = mergeArtifact(next.Artifacts, u.Artifact, u.Append)
	return next, s.checkHash("artifact update metadata", u.Metadata)
}

// eventTask is a copy of task for an update event about task id; an update
// that comes first starts the snapshot (a stream should start with the
// task, but may not).
func eventTask(op string, task *wire.Task, id, contextID string) (*wire.Task, error) {
	switch {
	case id == "":
		return nil, malformed(op, errors.New("update event without taskId"))
	case task == nil:
		return &wire.Task{ID: id, ContextID: contextID}, nil
	case id != task.ID:
		return nil, malformed(op, fmt.Errorf("event for task %q in the stream of %q", id, task.ID))
	}
	next := *task
	return &next, nil
}

// mergeArtifact adds a to arts: appended to the parts of the artifact with
// its id when appendParts, otherwise replacing it or added.
func mergeArtifact(arts []wire.Artifact, a wire.Artifact, appendParts bool) []wire.Artifact {
	out := slices.Clone(arts)
	for i := range out {
		if out[i].ArtifactID != a.ArtifactID {
			continue
		}
		if appendParts {
			out[i].Parts = append(slices.Clone(out[i].Parts), a.Parts...)
		} else {
			out[i] = a
		}
		return out
	}
	return append(out, a)
}
