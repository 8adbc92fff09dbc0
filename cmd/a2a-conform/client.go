package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/a2a-conform/a2a-conform/runner/builtin"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// clientCmd is a built-in client, the reference by default, as a
// driver-contract process: what `--client "a2a-conform client"` runs. With
// A2A_CONFORM_SESSION=1 it takes a session's tasks as JSON lines on stdin
// and keeps one client value across them; otherwise it does one task.
func clientCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("client", "[--policy NAME] [--send-mode poll|block|stream] [--binding jsonrpc|http+json|grpc]", "A built-in client (the reference by default) speaking the driver contract: in one-shot mode it reads A2A_CONFORM_* variables, delegates one task and writes the outcome file; in session mode (A2A_CONFORM_SESSION=1) it reads tasks as JSON lines on stdin and writes one outcome line per task on stdout.", stderr)
	policy := fs.String("policy", builtin.Reference, "built-in client `NAME`: the reference or a mutant ("+strings.Join(builtin.Names(), ", ")+
		"), or an adversarial client that exists to prove the verdicts cannot be had without doing the work ("+strings.Join(builtin.Gallery(), ", ")+")")
	sendMode := fs.String("send-mode", string(refclient.Poll), "how tasks are sent and followed: poll (returnImmediately, then GetTask), block (SendMessage waits for the task to settle) or stream (SendStreamingMessage; poll when the card does not declare streaming)")
	binding := fs.String("binding", "", "binding to prefer when the card offers it: jsonrpc, http+json or grpc (default: the card's order)")
	if code, done := parse(fs, args); done {
		return code
	}
	opts := builtin.Options{SendMode: refclient.SendMode(*sendMode), Binding: *binding}
	if os.Getenv(driver.EnvSession) == "1" {
		do, err := builtin.SessionWith(*policy, opts)
		if err != nil {
			return usageError(stderr, err)
		}
		perTask := func(ctx context.Context, a driver.Assignment) driver.Outcome {
			if a.Deadline > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, a.Deadline)
				defer cancel()
			}
			out := do(ctx, a)
			fmt.Fprintf(stderr, "a2a-conform client (%s): task %d: %s\n", *policy, a.Task, out.Short())
			return out
		}
		if err := driver.Serve(context.Background(), driver.SessionFromEnv(os.Getenv), os.Stdin, stdout, perTask); err != nil {
			fmt.Fprintf(stderr, "a2a-conform client: %v\n", err)
			return 1
		}
		return 0
	}
	play, err := builtin.PlayWith(*policy, opts)
	if err != nil {
		return usageError(stderr, err)
	}
	task, outcomeFile, err := driver.FromEnv(os.Getenv)
	if err != nil {
		return usageError(stderr, err)
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
	fmt.Fprintf(stderr, "a2a-conform client (%s): %s\n", *policy, out.Short())
	return 0
}
