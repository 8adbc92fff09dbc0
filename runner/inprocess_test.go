package runner

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/runner/driver"
)

func TestInProcess(t *testing.T) {
	release := make(chan struct{})
	defer close(release) // frees the abandoned goroutine
	tests := []struct {
		name        string
		fn          func(ctx context.Context, t driver.Assignment) driver.Outcome
		want        *driver.Outcome
		wantProblem string
		wantTimeout bool
		wantCrash   bool
		wantStderr  string
		grace       time.Duration // 0: the default, roomy enough for a loaded machine
	}{
		{
			name: "returns an outcome",
			fn: func(ctx context.Context, task driver.Assignment) driver.Outcome {
				return driver.Outcome{Outcome: driver.OutcomeCompleted, TaskID: task.RunID}
			},
			want: &driver.Outcome{Outcome: driver.OutcomeCompleted, TaskID: "run-1"},
		},
		{
			name: "honours its deadline",
			fn: func(ctx context.Context, task driver.Assignment) driver.Outcome {
				<-ctx.Done()
				return driver.Outcome{Outcome: driver.OutcomeAborted, Reason: driver.ReasonDeadline}
			},
			want: &driver.Outcome{Outcome: driver.OutcomeAborted, Reason: driver.ReasonDeadline},
		},
		{
			name:        "unknown outcome",
			fn:          func(context.Context, driver.Assignment) driver.Outcome { return driver.Outcome{Outcome: "ok"} },
			want:        &driver.Outcome{Outcome: "ok"},
			wantProblem: `unknown outcome "ok"`,
		},
		{
			name:        "panics",
			fn:          func(context.Context, driver.Assignment) driver.Outcome { panic("card parser exploded") },
			wantProblem: driver.ProblemMissing,
			wantCrash:   true,
			wantStderr:  "panic: card parser exploded\n\ngoroutine ",
		},
		{
			name: "hangs past its deadline",
			fn: func(context.Context, driver.Assignment) driver.Outcome {
				<-release
				return driver.Outcome{Outcome: driver.OutcomeCompleted}
			},
			wantProblem: driver.ProblemMissing,
			wantTimeout: true,
			wantStderr:  "[runner: in-process client did not return; abandoned]",
			grace:       50 * time.Millisecond,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &InProcessClient{Name: "builtin:test", Fn: tt.fn, Timeouts: Timeouts{InProcessGrace: tt.grace}}
			res, err := c.Run(context.Background(), driver.Assignment{CardURL: "https://h/c", RunID: "run-1", Deadline: 100 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case (res.Outcome == nil) != (tt.want == nil):
				t.Errorf("outcome = %+v, want %+v", res.Outcome, tt.want)
			case res.Outcome != nil && *res.Outcome != *tt.want:
				t.Errorf("outcome = %+v, want %+v", *res.Outcome, *tt.want)
			}
			if res.OutcomeProblem != tt.wantProblem {
				t.Errorf("problem = %q, want %q", res.OutcomeProblem, tt.wantProblem)
			}
			if res.TimedOut != tt.wantTimeout || res.Crashed != tt.wantCrash || res.ExitCode != -1 {
				t.Errorf("timed out %v, crashed %v, exit %d; want %v, %v, -1", res.TimedOut, res.Crashed, res.ExitCode, tt.wantTimeout, tt.wantCrash)
			}
			if !strings.HasPrefix(res.Stderr, tt.wantStderr) || (tt.wantStderr == "") != (res.Stderr == "") {
				t.Errorf("stderr = %q, want prefix %q", res.Stderr, tt.wantStderr)
			}
		})
	}
}

func TestInProcessContextCancellation(t *testing.T) {
	started := make(chan struct{})
	c := InProcess("builtin:test", func(ctx context.Context, _ driver.Assignment) driver.Outcome {
		close(started)
		<-ctx.Done()
		return driver.Outcome{Outcome: driver.OutcomeCanceled}
	})
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-started
		cancel()
	}()
	res, err := c.Run(ctx, driver.Assignment{CardURL: "https://h/c", Deadline: time.Minute})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if res.Outcome == nil || res.Outcome.Outcome != driver.OutcomeCanceled || res.TimedOut {
		t.Errorf("outcome %+v, timed out %v; want the outcome returned on cancellation", res.Outcome, res.TimedOut)
	}
	if c.Describe() != "builtin:test" {
		t.Errorf("Describe() = %q", c.Describe())
	}
}

func TestInProcessGoexitIsACrash(t *testing.T) {
	c := InProcess("builtin:test", func(context.Context, driver.Assignment) driver.Outcome {
		runtime.Goexit()
		return driver.Outcome{Outcome: driver.OutcomeCompleted}
	})
	res, err := c.Run(context.Background(), driver.Assignment{CardURL: "https://h/c", Deadline: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Crashed || res.TimedOut || res.Outcome != nil || !strings.Contains(res.Stderr, "runtime.Goexit") {
		t.Errorf("crashed %v, timed out %v, outcome %+v, stderr %q; want a crash", res.Crashed, res.TimedOut, res.Outcome, res.Stderr)
	}
}

func TestPanicTextIsBounded(t *testing.T) {
	got := panicText("boom", []byte(strings.Repeat("s", 1000)), 100)
	if !strings.HasPrefix(got, "panic: boom\n\n") || !strings.HasSuffix(got, "[runner: stack truncated]\n") || len(got) > 130 {
		t.Errorf("panicText = %q (%d bytes)", got, len(got))
	}
}

func TestInProcessHarnessErrors(t *testing.T) {
	fn := func(context.Context, driver.Assignment) driver.Outcome {
		return driver.Outcome{Outcome: driver.OutcomeCompleted}
	}
	if _, err := InProcess("x", fn).Run(context.Background(), driver.Assignment{CardURL: "https://h/c"}); err == nil {
		t.Error("no deadline: want an error")
	}
	if _, err := (&InProcessClient{Name: "x"}).Run(context.Background(), driver.Assignment{Deadline: time.Second}); err == nil {
		t.Error("no function: want an error")
	}
}
