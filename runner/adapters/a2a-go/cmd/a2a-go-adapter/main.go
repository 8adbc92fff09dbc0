// Command a2a-go-adapter is the a2a-conform driver-contract adapter for the
// official Go SDK, github.com/a2aproject/a2a-go/v2 (docs/driver-contract.md).
// It uses the SDK the way its documentation shows: the agentcard resolver,
// a2aclient.NewFromCard with the SDK's transports and AuthInterceptor, then
// SendMessage with ReturnImmediately and GetTask until the task settles. It
// adds no safety logic of its own: the point is to judge the SDK.
//
// One-shot mode (the default): one task from the A2A_CONFORM_* variables,
// its outcome object written to A2A_CONFORM_OUTCOME_FILE. Session mode
// (A2A_CONFORM_SESSION=1): task lines on stdin, one outcome line each on
// stdout, until stdin closes; one SDK client serves them all (session.go),
// as a long-lived application holds one.
//
// Either way it exits 0; errors become outcome "failed" with a reason from
// the vocabulary and the error text as detail. Logs go to stderr.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/a2a-conform/a2a-conform/runner/driver"
)

func main() {
	started := time.Now()
	if os.Getenv(driver.EnvSession) == "1" {
		os.Exit(serve(os.Getenv, os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(oneShot(os.Getenv, started, os.Stderr))
}

// oneShot runs the one task of the environment and writes its outcome
// file; the deadline runs from started, the process's start.
func oneShot(getenv func(string) string, started time.Time, stderr io.Writer) int {
	path := getenv(driver.EnvOutcomeFile)
	if path == "" {
		fmt.Fprintln(stderr, "a2a-go-adapter: "+driver.EnvOutcomeFile+" is not set")
		return 2
	}
	o := runOne(getenv, started)
	if err := driver.WriteOutcome(path, o); err != nil {
		fmt.Fprintln(stderr, "a2a-go-adapter:", err)
		return 2
	}
	fmt.Fprintln(stderr, "a2a-go-adapter:", o.Short())
	return 0
}

func runOne(getenv func(string) string, started time.Time) driver.Outcome {
	a, _, err := driver.FromEnv(getenv)
	if err != nil {
		return fromError(err, "")
	}
	t, err := taskOf(a, started)
	if err != nil {
		return fromError(err, "")
	}
	s, err := newSession(a)
	if err != nil {
		return fromError(err, "")
	}
	defer s.close()
	return s.delegate(context.Background(), t)
}

// serve answers the task lines of in on out with one session; a task's
// deadline runs from when its line was read. A session that cannot be set
// up (an unreadable CA file) answers every task with that error.
func serve(getenv func(string) string, in io.Reader, out, stderr io.Writer) int {
	base := driver.SessionFromEnv(getenv)
	s, setupErr := newSession(base)
	if setupErr == nil {
		defer s.close()
	}
	err := driver.Serve(context.Background(), base, in, out, func(ctx context.Context, a driver.Assignment) driver.Outcome {
		o := answer(ctx, s, setupErr, a)
		fmt.Fprintf(stderr, "a2a-go-adapter: task %d: %s\n", a.Task, o.Short())
		return o
	})
	if err != nil {
		fmt.Fprintln(stderr, "a2a-go-adapter:", err)
		return 1
	}
	return 0
}

func answer(ctx context.Context, s *session, setupErr error, a driver.Assignment) driver.Outcome {
	if setupErr != nil {
		return fromError(setupErr, "")
	}
	t, err := taskOf(a, time.Now())
	if err != nil {
		return fromError(err, "")
	}
	return s.delegate(ctx, t)
}
