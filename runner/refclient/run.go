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

// Run plays one driver-contract assignment with the reference client. It
// never panics: every failure becomes an outcome with a reason.
func Run(ctx context.Context, a driver.Assignment) driver.Outcome {
	return RunWith(ctx, a, Config{})
}

// RunWith is Run with cfg's settings; the card URL, skill, trust root and
// credentials come from the assignment.
func RunWith(ctx context.Context, a driver.Assignment, cfg Config) driver.Outcome {
	cfg.CardURL, cfg.Skill, cfg.CAFile, cfg.Credentials = a.CardURL, a.Skill, a.CAFile, a.Credentials
	c, err := New(cfg)
	if err != nil {
		return OutcomeOf(Result{}, err)
	}
	defer c.Close()
	return c.Do(ctx, a)
}

// Do plays one assignment with c, a client kept across the tasks of a
// session (its card URL, skill, trust root and credentials are the
// session's). It never panics: every failure becomes an outcome.
func (c *Client) Do(ctx context.Context, a driver.Assignment) (out driver.Outcome) {
	defer func() {
		if r := recover(); r != nil {
			out = driver.Outcome{Outcome: driver.OutcomeFailed, Reason: driver.ReasonClientError, Detail: fmt.Sprintf("refclient: panic: %v", r)}
		}
	}()
	if a.Deadline > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, a.Deadline-outcomeMargin(a.Deadline))
		defer cancel()
	}
	res, err := c.Delegate(ctx, a.Message)
	// A request cut by the deadline can surface as a bare transport error.
	if errors.Is(err, ErrTransport) && ctx.Err() != nil {
		err = fmt.Errorf("%w: %w", ctx.Err(), err)
	}
	return OutcomeOf(res, err)
}
