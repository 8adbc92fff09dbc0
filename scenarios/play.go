package scenarios

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// HarnessError is a fault of the harness, never of the client: the farm
// could not start, the client command could not be launched.
type HarnessError struct {
	Scenario string
	Err      error
}

func (e *HarnessError) Error() string {
	return fmt.Sprintf("scenarios: harness error in %s: %v", e.Scenario, e.Err)
}

func (e *HarnessError) Unwrap() error { return e.Err }

// PlayOptions tune one play.
type PlayOptions struct {
	// Dir receives the farm's CA and client credential files; "" means a
	// temporary directory.
	Dir string
	// OnExchange, if non-nil, sees every exchange as it is journaled.
	OnExchange func(mockpeer.Exchange)
	// Deadline, if positive, replaces the scenario's deadline.
	Deadline time.Duration
	// FlatSecurityScopes serves every card's securityRequirements scopes as
	// bare arrays (mockpeer.PeerSpec.FlatSecurityScopes), the shape a2a-go
	// v2.3.1 parses, so that the rest of such a client can still be judged.
	FlatSecurityScopes bool
}

// Play starts the scenario's farm, runs the client once against it, and
// returns the evidence. A non-nil error is always a *HarnessError.
func Play(ctx context.Context, sc *Scenario, client runner.Client, o PlayOptions) (*Evidence, runner.Result, error) {
	spec := FarmSpecFor(sc)
	spec.Dir, spec.OnExchange = o.Dir, o.OnExchange
	if o.FlatSecurityScopes {
		FlattenSecurityScopes(&spec)
	}
	farm, err := mockpeer.Start(ctx, spec)
	if err != nil {
		return nil, runner.Result{}, &HarnessError{sc.ID, err}
	}
	defer farm.Close()

	task := driver.Assignment{
		CardURL:     farm.Peer(sc.cardPeer()).CardURL(),
		Message:     sc.Message,
		Skill:       sc.Skill,
		CAFile:      farm.CAFile(),
		Deadline:    sc.deadline(),
		RunID:       runID(),
		Credentials: farm.Credentials(sc.Grants),
	}
	if o.Deadline > 0 {
		task.Deadline = o.Deadline
	}
	res, err := client.Run(ctx, task)
	if err != nil {
		return nil, runner.Result{}, &HarnessError{sc.ID, err}
	}
	// What the client printed or wrote is not ours to trust: a client that
	// echoes its credentials must not leak them into a report.
	res.Stdout, res.Stderr = farm.Redact(res.Stdout), farm.Redact(res.Stderr)
	if res.Outcome != nil {
		res.Outcome.Detail = farm.Redact(res.Outcome.Detail)
	}
	ev := &Evidence{
		Client: ClientRun{Outcome: res.Outcome, OutcomeProblem: res.OutcomeProblem, TimedOut: res.TimedOut,
			Crashed: res.Crashed, ExitCode: res.ExitCode, Deadline: task.Deadline},
		Journal: farm.Journal().All(),
		Origins: map[string]string{}, Cards: map[string][]CardVersion{},
	}
	for i, spec := range sc.Peers {
		p := farm.Peers()[i]
		ev.Origins[spec.Name] = p.Origin()
		for v := range spec.Cards {
			ev.Cards[spec.Name] = append(ev.Cards[spec.Name], CardVersion{
				Bytes: p.CardBytes(v), ETag: p.ETag(v), ContractHash: p.ContractHash(v),
			})
		}
	}
	return ev, res, nil
}

// Judge runs every requirement of the scenario over the evidence. A check
// that panics is a harness fault, reported as an Error verdict.
func Judge(ev *Evidence, reqs []Requirement) map[string]Judgement {
	out := make(map[string]Judgement, len(reqs))
	for _, r := range reqs {
		out[r.ID] = judgeOne(ev, r)
	}
	return out
}

func judgeOne(ev *Evidence, r Requirement) (j Judgement) {
	defer func() {
		if p := recover(); p != nil {
			j = Judgement{Verdict: Error, Reason: fmt.Sprintf("check %s panicked: %v", r.ID, p)}
		}
	}()
	return r.Check(ev)
}

func runID() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// FarmSpecFor is the farm a scenario plays on, for standalone peers.
func FarmSpecFor(sc *Scenario) mockpeer.FarmSpec {
	peers := make([]mockpeer.PeerSpec, len(sc.Peers))
	copy(peers, sc.Peers)
	return mockpeer.FarmSpec{Peers: peers, Grants: sc.Grants}
}

// CardPeerIndex is the index in Peers of the peer the client is given.
func CardPeerIndex(sc *Scenario) int {
	name := sc.cardPeer()
	for i, p := range sc.Peers {
		if p.Name == name {
			return i
		}
	}
	return 0
}

// FlattenSecurityScopes makes every peer of spec serve its security scopes
// as bare arrays, the only shape a2a-go v2.3.1 parses.
func FlattenSecurityScopes(spec *mockpeer.FarmSpec) {
	for i := range spec.Peers {
		spec.Peers[i].FlatSecurityScopes = true
	}
}
