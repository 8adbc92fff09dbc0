package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/a2a-conform/a2a-conform/runner/builtin"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// clientCmd is a built-in client, the reference by default, as a
// driver-contract process: what `--client "a2a-conform client"` runs.
func clientCmd(args []string, stderr io.Writer) int {
	fs := newFlagSet("client", "[--policy NAME]", "A built-in client (the reference by default) speaking the driver contract: reads A2A_CONFORM_* variables, delegates one task, writes the outcome file.", stderr)
	policy := fs.String("policy", builtin.Reference, "built-in client: "+strings.Join(builtin.Names(), ", "))
	if code, done := parse(fs, args); done {
		return code
	}
	play, err := builtin.Play(*policy)
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
	out := play(ctx, task)
	if err := driver.WriteOutcome(outcomeFile, out); err != nil {
		fmt.Fprintf(stderr, "a2a-conform client: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "a2a-conform client (%s): %s %s\n", *policy, out.Outcome, out.Reason)
	return 0
}
