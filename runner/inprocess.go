package runner

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// InProcessClient is a client written in Go and run in the runner's own
// process, without the driver contract's environment and outcome file.
//
// An in-process client cannot be killed, only abandoned: Fn gets a context
// that ends at the task's deadline, and if it has not returned
// InProcessGrace after that, Run reports TimedOut and leaves its goroutine
// behind. Fn should therefore honour its context.
type InProcessClient struct {
	// Name is what Describe returns ("builtin:reference").
	Name string
	// Fn runs one task and returns its outcome.
	Fn func(ctx context.Context, t driver.Assignment) driver.Outcome
	// Timeouts; only InProcessGrace and OutputLimit apply.
	Timeouts Timeouts
}

// InProcess returns an in-process client with default timeouts.
func InProcess(name string, fn func(ctx context.Context, t driver.Assignment) driver.Outcome) Client {
	return &InProcessClient{Name: name, Fn: fn}
}

// Describe returns the name.
func (c *InProcessClient) Describe() string { return c.Name }

// fnReturn is how Fn ended: an outcome, or a crash.
type fnReturn struct {
	outcome driver.Outcome
	panic   string // what Fn died of; "" when it returned
}

// Run calls Fn in a goroutine and waits for it, at most the task's deadline
// plus InProcessGrace. A panic becomes Crashed with the panic and its stack
// in Stderr. A canceled ctx cancels Fn's context; Run waits the grace for
// it, then returns with an error wrapping ctx.Err().
func (c *InProcessClient) Run(ctx context.Context, t driver.Assignment) (Result, error) {
	if c.Fn == nil {
		return Result{}, errors.New("runner: in-process client has no function")
	}
	if t.Deadline <= 0 {
		return Result{}, fmt.Errorf("runner: task deadline %v is not positive", t.Deadline)
	}
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("runner: not started: %w", err)
	}
	to := c.Timeouts.withDefaults()
	res := Result{ExitCode: -1, Started: time.Now()}
	fnCtx, cancel := context.WithTimeout(ctx, t.Deadline)
	defer cancel()

	// Buffered: an abandoned Fn can still deliver and end its goroutine.
	done := make(chan fnReturn, 1)
	go func() {
		returned := false
		defer func() {
			if returned {
				return
			}
			// A panic, or runtime.Goexit (recover gives nil then).
			text := "[runner: in-process client called runtime.Goexit]\n"
			if v := recover(); v != nil {
				text = panicText(v, debug.Stack(), to.OutputLimit)
			}
			done <- fnReturn{panic: text}
		}()
		o := c.Fn(fnCtx, t)
		returned = true
		done <- fnReturn{outcome: o}
	}()

	hardStop := time.NewTimer(t.Deadline + to.InProcessGrace)
	defer hardStop.Stop()
	var cause error
	var ret fnReturn
	returned := false
	select {
	case ret = <-done:
		returned = true
	case <-hardStop.C:
		res.TimedOut = true
	case <-ctx.Done():
		cause = ctx.Err()
		grace := time.NewTimer(to.InProcessGrace)
		select {
		case ret = <-done:
			returned = true
		case <-grace.C:
		}
		grace.Stop()
	}
	res.Ended = time.Now()
	if cause == nil && ctx.Err() != nil {
		// Fn saw the cancellation and returned before Run noticed it.
		cause = ctx.Err()
	}

	switch {
	case !returned:
		res.OutcomeProblem = driver.ProblemMissing
		res.Stderr = "[runner: in-process client did not return; abandoned]\n"
	case ret.panic != "":
		res.Crashed = true
		res.OutcomeProblem = driver.ProblemMissing
		res.Stderr = ret.panic
	default:
		o := ret.outcome
		res.Outcome, res.OutcomeProblem = &o, driver.Check(o)
	}
	if cause != nil {
		return res, fmt.Errorf("runner: run of %q canceled: %w", c.Name, cause)
	}
	return res, nil
}

// panicText is the panic value and the head of its stack (where the panic
// is), bounded to limit bytes.
func panicText(v any, stack []byte, limit int) string {
	head := fmt.Sprintf("panic: %v\n\n", v)
	if len(head) >= limit {
		return head[:limit] + "\n[runner: truncated]\n"
	}
	if room := limit - len(head); len(stack) > room {
		return head + string(stack[:room]) + "\n[runner: stack truncated]\n"
	}
	return head + string(stack)
}
