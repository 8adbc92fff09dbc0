package refclient

import (
	"context"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// Result is what a delegation produced.
type Result struct {
	// Task is the last snapshot of the task; nil if none was created.
	Task *wire.Task
	// Message is the agent's direct reply when it answered without a task.
	Message *wire.Message
}

// Delegate runs one task through the decision boundary: fetch the card,
// decide routing and credentials, revalidate right before the send, send,
// then poll under the frozen contract. Errors wrap the sentinels of this
// package; Result.Task is set whenever a task exists.
func (c *Client) Delegate(ctx context.Context, text string) (Result, error) {
	card, err := c.FetchCard(ctx)
	if err != nil {
		return Result{}, err
	}
	s, err := c.Open(ctx, card)
	if err != nil {
		return Result{}, err
	}
	fresh, err := c.Revalidate(ctx, card)
	if err != nil {
		return Result{}, err
	}
	if err := s.Adopt(fresh); err != nil {
		return Result{}, err
	}
	resp, err := s.Send(ctx, text)
	if err != nil {
		return Result{}, err
	}
	if resp.Message != nil {
		return Result{Message: resp.Message}, nil
	}
	task, err := s.Await(ctx, resp.Task)
	return Result{Task: task}, err
}
