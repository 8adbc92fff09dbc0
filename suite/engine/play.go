package engine

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"time"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios"
)

// HarnessError is a fault of the harness, never of the client: the farm
// could not start, the client command could not be launched, the play
// panicked or outlived its bound.
type HarnessError struct {
	Scenario string
	Err      error
}

func (e *HarnessError) Error() string {
	return fmt.Sprintf("engine: harness error in %s: %v", e.Scenario, e.Err)
}

func (e *HarnessError) Unwrap() error { return e.Err }

// ErrPlayTimeout: the play did not return within its bound (the client's
// deadline plus Timeouts.PlaySlack); it was abandoned.
var ErrPlayTimeout = errors.New("engine: play did not end within its bound")

// PlayOptions tune one play.
type PlayOptions struct {
	// Dir receives the farm's CA and client credential files; "" means a
	// temporary directory removed when the play ends.
	Dir string
	// OnExchange, if non-nil, sees every exchange as it is journaled.
	OnExchange func(mockpeer.Exchange)
	// Deadline, if positive, replaces the scenario's deadline.
	Deadline time.Duration
	// SecurityScopes "flat" serves every card's scopes as bare arrays.
	FlatSecurityScopes bool
}

// playResult is one play: the evidence the checks judge, and the client's
// raw result (output tails, exit code) for the report.
type playResult struct {
	evidence *scenarios.Evidence
	client   runner.Result
}

// PlayOnce starts the scenario's farm, runs the client once against it, and
// returns the evidence and the client's result. A non-nil error is always
// a *HarnessError; a panic anywhere in the play is one too.
func PlayOnce(ctx context.Context, sc *scenarios.Scenario, client runner.Client, o PlayOptions) (ev *scenarios.Evidence, res runner.Result, err error) {
	defer func() {
		if p := recover(); p != nil {
			ev, res = nil, runner.Result{}
			err = &HarnessError{sc.ID, fmt.Errorf("panic: %v\n%s", p, debug.Stack())}
		}
	}()
	dir := o.Dir
	if dir == "" {
		if dir, err = os.MkdirTemp("", "a2a-conform-farm-"); err != nil {
			return nil, runner.Result{}, &HarnessError{sc.ID, err}
		}
		defer os.RemoveAll(dir)
	}
	spec := sc.FarmSpec()
	spec.Dir, spec.OnExchange = dir, o.OnExchange
	if o.FlatSecurityScopes {
		FlattenSecurityScopes(&spec)
	}
	farm, err := mockpeer.Start(ctx, spec)
	if err != nil {
		return nil, runner.Result{}, &HarnessError{sc.ID, err}
	}
	defer farm.Close()

	a := driver.Assignment{
		CardURL:     farm.Peer(sc.CardPeerName()).CardURL(),
		Message:     sc.Message,
		Skill:       sc.Skill,
		CAFile:      farm.CAFile(),
		Deadline:    sc.EffectiveDeadline(),
		RunID:       runID(),
		Credentials: farm.Credentials(sc.Grants),
	}
	if o.Deadline > 0 {
		a.Deadline = o.Deadline
	}
	res, err = client.Run(ctx, a)
	if err != nil {
		return nil, res, &HarnessError{sc.ID, err}
	}
	// What the client printed or wrote is not ours to trust: a client that
	// echoes its credentials must not leak them into a report.
	res.Stdout, res.Stderr = farm.Redact(res.Stdout), farm.Redact(res.Stderr)
	if res.Outcome != nil {
		res.Outcome.Detail = farm.Redact(res.Outcome.Detail)
		res.Outcome.TaskID = farm.Redact(res.Outcome.TaskID)
	}
	res.OutcomeProblem = farm.Redact(res.OutcomeProblem)
	ev = &scenarios.Evidence{
		Client: scenarios.ClientRun{Outcome: res.Outcome, OutcomeProblem: res.OutcomeProblem, TimedOut: res.TimedOut,
			Crashed: res.Crashed, ExitCode: res.ExitCode, Deadline: a.Deadline},
		Journal: farm.Journal().All(),
		Origins: map[string]string{}, Cards: map[string][]scenarios.CardVersion{},
	}
	for i, ps := range sc.Peers {
		p := farm.Peers()[i]
		ev.Origins[ps.Name] = p.Origin()
		for v := range ps.Cards {
			ev.Cards[ps.Name] = append(ev.Cards[ps.Name], scenarios.CardVersion{
				Bytes: p.CardBytes(v), ETag: p.ETag(v), ContractHash: p.ContractHash(v),
			})
		}
	}
	return ev, res, nil
}

// playBounded is Play bounded in time: a play that does not return within
// the client's deadline plus slack (a hung farm hook, a client Run that
// ignores its context) is abandoned and reported as a harness error.
func playBounded(ctx context.Context, sc *scenarios.Scenario, client runner.Client, o PlayOptions, slack time.Duration) (playResult, error) {
	deadline := sc.EffectiveDeadline()
	if o.Deadline > 0 {
		deadline = o.Deadline
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type ended struct {
		r   playResult
		err error
	}
	done := make(chan ended, 1) // buffered: an abandoned play can still finish
	go func() {
		ev, res, err := PlayOnce(ctx, sc, client, o)
		done <- ended{playResult{ev, res}, err}
	}()
	bound := time.NewTimer(deadline + slack)
	defer bound.Stop()
	select {
	case e := <-done:
		return e.r, e.err
	case <-bound.C:
		return playResult{}, &HarnessError{sc.ID, fmt.Errorf("%w (%s)", ErrPlayTimeout, deadline+slack)}
	}
}

// FlattenSecurityScopes makes every peer of spec serve its security scopes
// as bare arrays, the only shape a2a-go v2.3.1 parses.
func FlattenSecurityScopes(spec *mockpeer.FarmSpec) {
	for i := range spec.Peers {
		spec.Peers[i].FlatSecurityScopes = true
	}
}

func runID() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
