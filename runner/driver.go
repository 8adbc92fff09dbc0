// Package runner launches a client under test through the driver contract
// (package driver, docs/driver-contract.md): environment in, one outcome
// JSON object out, a deadline, and every descendant killed when it is
// exceeded. It knows nothing of scenarios or Ginkgo.
package runner

import (
	"context"
	"time"

	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// Result is everything the runner observed of one client run. Faults of the
// client (no outcome, garbage, crash, deadline) are data here, never errors.
type Result struct {
	// Outcome is the parsed outcome, nil if none could be read.
	Outcome *driver.Outcome
	// OutcomeProblem says why Outcome is nil or suspect ("missing",
	// "not JSON: ...", "unknown outcome \"x\""); "" when well-formed.
	OutcomeProblem string
	// ExitCode of the process (-1 if killed or in-process).
	ExitCode int
	// TimedOut: the client outlived its deadline and was killed.
	TimedOut bool
	// Crashed: the client exited abnormally (signal, panic in-process).
	Crashed bool
	// Stdout and Stderr, bounded; the tail is kept.
	Stdout, Stderr string
	Started, Ended time.Time
}

// Client runs one Assignment. A returned error is a harness fault (the command
// could not even be started); everything the client did wrong is in Result.
type Client interface {
	Run(ctx context.Context, a driver.Assignment) (Result, error)
	// Describe names the client for reports ("builtin:reference", a command line).
	Describe() string
}
