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
	c := s.client
	for {
		if err := s.checkFrozen(task); err != nil {
			return task, err
		}
		if task.Status.State.Terminal() || task.Status.State.Interrupted() {
			return task, nil
		}
		if err := pause(ctx, c.cfg.PollInterval); err != nil {
			return task, err
		}
		ended, err := c.decide.Watcher.BeforePoll(ctx, s, task)
		if err != nil {
			return task, err
		}
		if ended != nil {
			return ended, nil
		}
		next, err := s.GetTask(ctx, task.ID)
		if err != nil {
			return task, err
		}
		task = next
	}
}

// checkFrozen rejects a task whose messages imply another contract than
// the one sent (rule 7). Metadata without a contract hash implies nothing.
func (s *Session) checkFrozen(task *wire.Task) error {
	if !s.frozen {
		return nil
	}
	check := func(where string, meta map[string]any) error {
		ext, _ := meta[FrozenContractExtension].(map[string]any)
		got, ok := ext["contractHash"].(string)
		if ok && got != s.contractHash {
			return fmt.Errorf("%w: %s carries contract hash %s, sent %s", ErrContractDiverged, where, got, s.contractHash)
		}
		return nil
	}
	if m := task.Status.Message; m != nil {
		if err := check("status message", m.Metadata); err != nil {
			return err
		}
	}
	return check("task metadata", task.Metadata)
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
