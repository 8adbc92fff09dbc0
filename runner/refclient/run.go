package refclient

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// outcomeMargin is how much of the deadline Run keeps for itself, so that
// the outcome is written before the runner kills the client.
func outcomeMargin(deadline time.Duration) time.Duration {
	return min(deadline/10, 250*time.Millisecond)
}

// Run plays one driver-contract task with policy p. It never panics:
// every failure becomes an outcome with a reason.
func Run(ctx context.Context, t driver.Assignment, p Policy) (out driver.Outcome) {
	defer func() {
		if r := recover(); r != nil {
			out = driver.Outcome{Outcome: driver.OutcomeFailed, Reason: driver.ReasonClientError, Detail: fmt.Sprintf("refclient: panic: %v", r)}
		}
	}()
	if t.Deadline > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, t.Deadline-outcomeMargin(t.Deadline))
		defer cancel()
	}
	c, err := New(Config{
		CardURL:     t.CardURL,
		Skill:       t.Skill,
		CAFile:      t.CAFile,
		Credentials: t.Credentials,
		Policy:      p,
	})
	if err != nil {
		return OutcomeOf(Result{}, err)
	}
	defer c.Close()
	res, err := c.Delegate(ctx, t.Message)
	// A request cut by the deadline can surface as a bare transport error.
	if errors.Is(err, ErrTransport) && ctx.Err() != nil {
		err = fmt.Errorf("%w: %w", ctx.Err(), err)
	}
	return OutcomeOf(res, err)
}
