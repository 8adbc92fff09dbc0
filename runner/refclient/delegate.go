package refclient

import (
	"context"
	"errors"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// Result is what a delegation produced.
type Result struct {
	// Task is the last snapshot of the task; nil if none was created.
	Task *wire.Task
	// Message is the agent's direct reply when it answered without a task.
	Message *wire.Message
}

// Delegate runs one task through the decision boundary: plan on the card
// (fetched, or revalidated when the client holds one from an earlier task
// of its session: the CardCache decision), decide routing and credentials,
// revalidate right before the send, send, then follow the task under the
// frozen contract in the client's send mode (Session.Deliver). Errors wrap
// the sentinels of this package; Result.Task is set whenever a task
// exists. A Client is long-lived: it keeps the card of its last task for
// the next one.
func (c *Client) Delegate(ctx context.Context, text string) (Result, error) {
	public, err := c.decide.Cache.Plan(ctx, c, c.held())
	if err != nil {
		return Result{}, err
	}
	c.hold(public)
	// The extended card, when the task needs it, is planned on as any card
	// (contract model §7); the public card stays the one held.
	card, err := c.planOn(ctx, public)
	if err != nil {
		return Result{}, err
	}
	s, err := c.Open(ctx, card)
	if err != nil {
		return Result{}, err
	}
	fresh, err := c.Revalidate(ctx, public)
	if errors.Is(err, ErrContractChanged) {
		c.hold(nil) // the next task plans on the card as it is then
	}
	if err != nil {
		return Result{}, err
	}
	c.hold(fresh)
	if card.Public != nil {
		if fresh, err = c.RevalidateExtended(ctx, card, fresh); err != nil {
			return Result{}, err
		}
	}
	if err := s.Adopt(fresh); err != nil {
		return Result{}, err
	}
	return s.Deliver(ctx, text)
}

// held is the card kept from the session's last task (nil: none).
func (c *Client) held() *Card {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.card
}

func (c *Client) hold(card *Card) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.card = card
}
