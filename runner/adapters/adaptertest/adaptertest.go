// Package adaptertest plays a driver-contract client (an SDK adapter, an
// example client of docs/examples) through a whole session against a
// one-peer farm of mockpeer/peertest, and checks what came back. It is
// imported only by tests, here and in runner/adapters/a2a-go; like
// peertest it does not import testing: every helper returns an error.
package adaptertest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/mockpeer/peertest"
	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// Run is one session as the runner and the farm saw it.
type Run struct {
	Mode driver.Mode
	// Tasks are the client's results, one per task, in order.
	Tasks []runner.Result
	// Closed is how the session ended (Session.Close).
	Closed runner.Result
	// Journal is the peer's complete journal.
	Journal []journal.Exchange
}

// PlaySession opens a session of c against farm, granting grants, hands it
// one task per message (task numbers from 1, each with deadline), closes
// it, then closes the farm so that the journal is complete.
func PlaySession(ctx context.Context, c runner.Client, farm *mockpeer.Farm, grants mockpeer.Grants, deadline time.Duration, messages ...string) (*Run, error) {
	defer farm.Close()
	s, err := c.Open(ctx, driver.Assignment{CAFile: farm.CAFile(), Credentials: farm.Credentials(grants), RunID: "adapter-test"})
	if err != nil {
		return nil, fmt.Errorf("adaptertest: open: %w", err)
	}
	run := &Run{Mode: s.Mode()}
	for i, msg := range messages {
		res, err := s.Do(ctx, driver.Assignment{Task: i + 1, CardURL: farm.Peer(peertest.AdapterPeer).CardURL(),
			Message: msg, Skill: peertest.AdapterSkill, Deadline: deadline})
		if err != nil {
			s.Close()
			return nil, fmt.Errorf("adaptertest: task %d: %w", i+1, err)
		}
		run.Tasks = append(run.Tasks, res)
	}
	run.Closed = s.Close()
	// Close waits for in-flight requests, so the journal is complete.
	if err := farm.Close(); err != nil {
		return nil, fmt.Errorf("adaptertest: farm: %w", err)
	}
	run.Journal = farm.Journal().All()
	return run, nil
}

// Deadline is each task's deadline in PlayBearer.
const Deadline = 20 * time.Second

// PlayBearer plays a session of c, one task per message, against a
// one-peer farm whose card asks for a bearer token, which the session is
// granted; flat serves the card's security scopes in the flat shape.
func PlayBearer(ctx context.Context, c runner.Client, flat bool, messages ...string) (*Run, error) {
	grants := mockpeer.Grants{Bearer: true}
	card := peertest.AdapterCard("adaptertest peer", peertest.BearerSchemes, wire.Require("bearer"), wire.ProtocolVersion)
	farm, err := peertest.StartAdapterFarm(ctx, card, grants, flat)
	if err != nil {
		return nil, err
	}
	return PlaySession(ctx, c, farm, grants, Deadline, messages...)
}

// Check is the whole check of a PlayBearer session that went right:
// CheckCompleted, CheckCalls(cards), and the bearer token presented on
// every A2A request (peertest.CheckCredentialCalls).
func (r *Run) Check(mode driver.Mode, cards int) error {
	var errs []error
	if r.Mode != mode {
		errs = append(errs, fmt.Errorf("session mode %s, want %s", r.Mode, mode))
	}
	errs = append(errs, r.CheckCompleted(), r.CheckCalls(cards), peertest.CheckCredentialCalls(r.Journal, "bearer"))
	return errors.Join(errs...)
}

// CardFetches counts the card fetches of the journal.
func (r *Run) CardFetches() int { return r.Count(journal.RouteCard, "") }

// JournalText is the journal, one exchange a line.
func (r *Run) JournalText() string { return peertest.JournalLines(r.Journal) }

// CheckCompleted checks that every task completed with a task id of its
// own, and that the session (in one-shot mode each task's process) ended
// cleanly: exit code 0, no crash, no timeout. The error shows the outputs and the journal.
func (r *Run) CheckCompleted() error {
	var errs []error
	seen := map[string]int{}
	for i, res := range r.Tasks {
		o := res.Outcome
		switch {
		case o == nil || res.OutcomeProblem != "":
			errs = append(errs, fmt.Errorf("task %d: no well-formed outcome: %q", i+1, res.OutcomeProblem))
		case o.Outcome != driver.OutcomeCompleted || o.TaskID == "":
			errs = append(errs, fmt.Errorf("task %d: %s %q (%s), want completed with a task id", i+1, o.Short(), o.TaskID, o.Detail))
		case seen[o.TaskID] > 0:
			errs = append(errs, fmt.Errorf("task %d: task id %q already reported by task %d", i+1, o.TaskID, seen[o.TaskID]))
		default:
			seen[o.TaskID] = i + 1
		}
		if res.TimedOut || res.Crashed {
			errs = append(errs, fmt.Errorf("task %d: timed out %v, crashed %v", i+1, res.TimedOut, res.Crashed))
		}
		// One-shot: each task is its own process, and Closed is empty.
		if r.Mode == driver.ModeOneShot && (res.ExitCode != 0 || strings.Contains(res.Stderr, "[runner:")) {
			errs = append(errs, fmt.Errorf("task %d: exit code %d", i+1, res.ExitCode))
		}
	}
	if c := r.Closed; c.ExitCode != 0 || c.Crashed || strings.Contains(c.Stderr, "[runner:") {
		errs = append(errs, fmt.Errorf("session end: exit code %d, crashed %v", c.ExitCode, c.Crashed))
	}
	return r.explain(errs)
}

// CheckCalls checks the journal: cards card fetches, and one SendMessage
// per task.
func (r *Run) CheckCalls(cards int) error {
	var errs []error
	if n := r.Count(journal.RouteCard, ""); n != cards {
		errs = append(errs, fmt.Errorf("%d card fetches, want %d", n, cards))
	}
	if n := r.Count(journal.RouteA2A, wire.MethodSendMessage); n != len(r.Tasks) {
		errs = append(errs, fmt.Errorf("%d SendMessage calls, want %d", n, len(r.Tasks)))
	}
	return r.explain(errs)
}

// Count counts the journal's exchanges of route (and of A2A operation op,
// unless "").
func (r *Run) Count(route, op string) int {
	n := 0
	for _, ex := range r.Journal {
		if ex.Route == route && (op == "" || ex.Op == op) {
			n++
		}
	}
	return n
}

// explain wraps errs with what the client printed and what the peer saw.
func (r *Run) explain(errs []error) error {
	if len(errs) == 0 {
		return nil
	}
	var out strings.Builder
	for i, res := range r.Tasks {
		if r.Mode == driver.ModeOneShot {
			fmt.Fprintf(&out, "task %d stdout:\n%s\ntask %d stderr:\n%s\n", i+1, res.Stdout, i+1, res.Stderr)
		}
	}
	fmt.Fprintf(&out, "session stdout:\n%s\nsession stderr:\n%s\n", r.Closed.Stdout, r.Closed.Stderr)
	return fmt.Errorf("%w\n%sjournal:\n%s", errors.Join(errs...), out.String(), peertest.JournalLines(r.Journal))
}
