package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// clientCmd is the reference client (or a mutant) as a driver-contract
// process: what `--client "a2a-conform client"` runs.
func clientCmd(args []string, stderr io.Writer) int {
	fs := newFlagSet("client", "[--policy NAME]", "The reference client (or a built-in variant) speaking the driver contract: reads A2A_CONFORM_* variables, delegates one task, writes the outcome file.", stderr)
	policy := fs.String("policy", string(refclient.Reference), "decision policy: "+refclient.PolicyNames())
	if code, done := parse(fs, args); done {
		return code
	}
	p, err := refclient.ParsePolicy(*policy)
	if err != nil {
		fmt.Fprintf(stderr, "a2a-conform client: %v\n", err)
		return 2
	}
	task, outcomeFile, err := driver.FromEnv(os.Getenv)
	if err != nil {
		fmt.Fprintf(stderr, "a2a-conform client: %v\n", err)
		return 2
	}
	ctx, cancel := context.WithCancel(context.Background())
	if task.Deadline > 0 {
		ctx, cancel = context.WithTimeout(context.Background(), task.Deadline)
	}
	defer cancel()
	out := refclient.Run(ctx, task, p)
	if err := driver.WriteOutcome(outcomeFile, out); err != nil {
		fmt.Fprintf(stderr, "a2a-conform client: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "a2a-conform client (%s): %s %s\n", p, out.Outcome, out.Reason)
	return 0
}
