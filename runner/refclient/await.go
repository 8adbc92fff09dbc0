package refclient

import (
	"context"
	"fmt"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// Await polls the task until it is terminal or interrupted. The contract
// is frozen: the reference never fetches the card and never cancels (the
// TaskWatcher decision runs before each poll). It returns the last
// snapshot of the task, also with an error.
func (s *Session) Await(ctx context.Context, task *wire.Task) (*wire.Task, error) {
	return s.follow(ctx, task, poller{s})
}

// taskSource gives the next snapshot of a task: a poll, or a stream event.
// With an error it may return the snapshot that caused it, or nil.
type taskSource interface {
	next(ctx context.Context, task *wire.Task) (*wire.Task, error)
}

// follow is the frozen-contract loop of every send mode: each snapshot is
// checked against the contract sent (rule 7) and ends the wait when it is
// terminal or interrupted; otherwise the TaskWatcher decides, then src
// gives the next one. It returns the last snapshot, also with an error.
func (s *Session) follow(ctx context.Context, task *wire.Task, src taskSource) (*wire.Task, error) {
	for {
		if err := s.checkFrozen(task); err != nil {
			return task, err
		}
		if settled(task) {
			return task, nil
		}
		ended, err := s.client.decide.Watcher.BeforePoll(ctx, s, task)
		if err != nil {
			return task, err
		}
		if ended != nil {
			return ended, nil
		}
		next, err := src.next(ctx, task)
		if next != nil {
			task = next
		}
		if err != nil {
			return task, err
		}
	}
}

// poller is the source of Poll mode: GetTask after a pause.
type poller struct{ s *Session }

func (p poller) next(ctx context.Context, task *wire.Task) (*wire.Task, error) {
	if err := pause(ctx, p.s.client.cfg.PollInterval); err != nil {
		return nil, err
	}
	return p.s.GetTask(ctx, task.ID)
}

// checkFrozen rejects a task whose messages imply another contract than
// the one sent (rule 7). Metadata without a contract hash implies nothing.
func (s *Session) checkFrozen(task *wire.Task) error {
	if m := task.Status.Message; m != nil {
		if err := s.checkHash("status message", m.Metadata); err != nil {
			return err
		}
	}
	return s.checkHash("task metadata", task.Metadata)
}

// checkHash rejects metadata carrying another contract hash than the one
// sent, when the session speaks the frozen-contract extension.
func (s *Session) checkHash(where string, meta map[string]any) error {
	if !s.frozen {
		return nil
	}
	ext, _ := meta[FrozenContractExtension].(map[string]any)
	got, ok := ext["contractHash"].(string)
	if ok && got != s.contractHash {
		return fmt.Errorf("%w: %s carries contract hash %s, sent %s", ErrContractDiverged, where, got, s.contractHash)
	}
	return nil
}

// pause waits d or until ctx is done.
func pause(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
