package builtin

import (
	"context"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// refetchEveryTransition fetches the card again before every poll and
// cancels the task once the target skill is no longer listed: a card fetch
// becomes a decision input after the send (breaking rule 3), and a
// capability change a reason to cancel (rule 1).
func refetchEveryTransition(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Watcher = refetchBeforePoll{}
}

type refetchBeforePoll struct{}

func (refetchBeforePoll) BeforePoll(ctx context.Context, s *refclient.Session, task *wire.Task) (*wire.Task, error) {
	c := s.Client()
	card, err := c.FetchCard(ctx)
	if err != nil || card.Card.Skill(c.Skill()) != nil {
		return nil, nil // a failed fetch changes nothing: this client keeps polling
	}
	return s.CancelTask(ctx, task.ID)
}
