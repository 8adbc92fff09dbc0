// Package runner launches a client under test through the driver contract
// (package driver, docs/driver-contract.md): environment in, one outcome
// JSON object out, a deadline, and every descendant killed when it is
// exceeded. It knows nothing of scenarios or Ginkgo.
package runner

import (
	"context"
	"fmt"
	"time"

	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// Result is everything the runner observed of one client run. Faults of the
// client (no outcome, garbage, crash, deadline) are data here, never errors.
type Result struct {
	// TaskEnd is how the task ended: outcome, outcome problem, timed out,
	// crashed (for Close, how the session's process ended).
	driver.TaskEnd
	// ExitCode of the process (-1 if killed or in-process).
	ExitCode int
	// Stdout and Stderr, bounded; the tail is kept.
	Stdout, Stderr string
	Started, Ended time.Time
}

// Client is a client under test. It takes the tasks of a scenario as one
// session: Open starts it, Do hands it one task after another, Close ends
// it. A returned error is a harness fault (the client could not even be
// started); everything the client did wrong is in a Result.
type Client interface {
	// Describe names the client for reports ("builtin:reference", a command line).
	Describe() string
	// Open starts a session. Of s only the session's parts are read: CA
	// file, credentials, run id and state directory.
	Open(ctx context.Context, s driver.Assignment) (Session, error)
}

// Session is a client taking the tasks of one scenario in order.
type Session interface {
	// Mode says whether the tasks share one process (or one in-process
	// client value), or each gets a fresh one.
	Mode() driver.Mode
	// Do hands the client one task and waits for its outcome, at most the
	// task's deadline. The session's parts of a come from Open.
	Do(ctx context.Context, a driver.Assignment) (Result, error)
	// Close ends the session and reports how its process ended: output
	// tails, exit code, crash (in one-shot mode, each Do did).
	Close() Result
}

// sessionTask is a with the session's parts of s.
func sessionTask(s, a driver.Assignment) driver.Assignment {
	a.CAFile, a.Credentials, a.RunID, a.StateDir = s.CAFile, s.Credentials, s.RunID, s.StateDir
	return a
}

// startable refuses a task no client may be started on: one whose deadline
// is not positive, or one whose run is already canceled.
func startable(ctx context.Context, t driver.Assignment) error {
	if t.Deadline <= 0 {
		return fmt.Errorf("runner: task deadline %v is not positive", t.Deadline)
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("runner: not started: %w", err)
	}
	return nil
}
