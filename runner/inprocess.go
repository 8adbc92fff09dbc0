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
	// Fn runs one task and returns its outcome: each task on its own (a
	// one-shot client).
	Fn func(ctx context.Context, t driver.Assignment) driver.Outcome
	// Session, if non-nil, makes a session-mode client: Open calls it once
	// per session, and the function it returns runs every task of that
	// session, keeping whatever it caches. Fn is then unused.
	Session func() func(ctx context.Context, t driver.Assignment) driver.Outcome
	// Timeouts; only InProcessGrace and OutputLimit apply.
	Timeouts Timeouts
}

// InProcess returns an in-process client with default timeouts.
func InProcess(name string, fn func(ctx context.Context, t driver.Assignment) driver.Outcome) *InProcessClient {
	return &InProcessClient{Name: name, Fn: fn}
}

// Describe returns the name.
func (c *InProcessClient) Describe() string { return c.Name }

// Open starts a session: one function value for all its tasks in session
// mode, Fn for each task in one-shot mode.
func (c *InProcessClient) Open(ctx context.Context, s driver.Assignment) (Session, error) {
	fn := c.Fn
	if c.Session != nil {
		fn = c.Session()
	}
	if fn == nil {
		return nil, errors.New("runner: in-process client has no function")
	}
	run := func(ctx context.Context, a driver.Assignment) (Result, error) { return c.run(ctx, fn, a) }
	if c.Session != nil {
		return &inProcessSession{oneShot{base: s, run: run}}, nil
	}
	return &oneShot{base: s, run: run}, nil
}

// inProcessSession is a session-mode in-process client: one function value.
type inProcessSession struct{ oneShot }

func (*inProcessSession) Mode() driver.Mode { return driver.ModeSession }

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
	return c.run(ctx, c.Fn, t)
}

func (c *InProcessClient) run(ctx context.Context, fn func(context.Context, driver.Assignment) driver.Outcome, t driver.Assignment) (Result, error) {
	if fn == nil {
		return Result{}, errors.New("runner: in-process client has no function")
	}
	if err := startable(ctx, t); err != nil {
		return Result{}, err
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
		o := fn(fnCtx, t)
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
