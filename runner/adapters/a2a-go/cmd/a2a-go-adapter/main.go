// Command a2a-go-adapter is the a2a-conform driver-contract adapter for the
// official Go SDK, github.com/a2aproject/a2a-go/v2 (docs/driver-contract.md).
// It uses the SDK the way its documentation shows: the agentcard resolver,
// a2aclient.NewFromCard with the SDK's transports and AuthInterceptor, then
// SendMessage with ReturnImmediately and GetTask until the task settles. It
// adds no safety logic of its own: the point is to judge the SDK.
//
// It always writes one outcome object and exits 0; errors become outcome
// "failed" with a reason from the vocabulary and the error text as detail.
package main

import (
	"context"
	"fmt"
	"os"
	"time"
)

func main() {
	started := time.Now()
	path := os.Getenv(envOutcomeFile)
	if path == "" {
		fmt.Fprintln(os.Stderr, "a2a-go-adapter: "+envOutcomeFile+" is not set")
		os.Exit(2)
	}
	o := run(started)
	if err := writeOutcome(path, o); err != nil {
		fmt.Fprintln(os.Stderr, "a2a-go-adapter:", err)
		os.Exit(2)
	}
}

// run reads the task and delegates it until the adapter's own deadline.
func run(started time.Time) outcome {
	t, err := readTask(os.Getenv, started)
	if err != nil {
		return fromError(err, "")
	}
	ctx, cancel := context.WithDeadline(context.Background(), t.stopAt)
	defer cancel()
	return delegate(ctx, t)
}
