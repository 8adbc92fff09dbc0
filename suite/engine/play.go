package engine

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
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
	OnExchange func(journal.Exchange)
	// Deadline, if positive, replaces the scenario's deadline.
	Deadline time.Duration
	// SecurityScopes "flat" serves every card's scopes as bare arrays.
	FlatSecurityScopes bool
	// Bindings, if non-nil, are the only bindings the peers offer and serve.
	Bindings []string
	// Journal, if not zero, replaces the farm's journal limits (a test of
	// what a flood leaves need not send eleven thousand requests).
	Journal journal.JournalLimits
}

// playResult is one play: the evidence the checks judge, and the client's
// raw result (output tails, exit code) for the report.
type playResult struct {
	evidence *scenarios.Evidence
	client   runner.Result
}

// PlayOnce starts the scenario's farm, opens a session of the client,
// hands it the scenario's tasks in order (applying the peers' changes
// between them), and returns the evidence and the client's combined
// result (output of the whole session, last outcome). A non-nil error is
// always a *HarnessError; a panic anywhere in the play is one too.
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
	if o.Journal != (journal.JournalLimits{}) {
		spec.Journal = o.Journal
	}
	if o.FlatSecurityScopes {
		FlattenSecurityScopes(&spec)
	}
	if o.Bindings != nil {
		OfferBindings(&spec, o.Bindings)
	}
	farm, err := mockpeer.Start(ctx, spec)
	if err != nil {
		return nil, runner.Result{}, &HarnessError{sc.ID, err}
	}
	defer farm.Close()
	state := filepath.Join(dir, "state")
	if err := os.MkdirAll(state, 0o700); err != nil {
		return nil, runner.Result{}, &HarnessError{sc.ID, err}
	}
	base := driver.Assignment{CAFile: farm.CAFile(), Credentials: farm.Credentials(sc.Grants), RunID: runID(), StateDir: state}
	sess, err := client.Open(ctx, base)
	if err != nil {
		return nil, runner.Result{}, &HarnessError{sc.ID, err}
	}
	ev = &scenarios.Evidence{Mode: sess.Mode(), Origins: map[string]string{}, Cards: map[string][]scenarios.CardVersion{},
		Offered: o.Bindings}
	var outputs []runner.Result
	for i, t := range sc.SessionTasks() {
		if t.Before != nil {
			if err := t.Before(farm); err != nil {
				sess.Close()
				return nil, runner.Result{}, &HarnessError{sc.ID, fmt.Errorf("before task %d: %w", i+1, err)}
			}
		}
		a := driver.Assignment{Task: i + 1, CardURL: farm.Peer(sc.TaskCardPeer(t)).CardURL(), Message: t.Message,
			Skill: sc.Skill, Deadline: deadlineOf(sc, o)}
		first := farm.Journal().Mark() + 1
		r, err := sess.Do(ctx, a)
		if err != nil {
			sess.Close()
			return nil, r, &HarnessError{sc.ID, err}
		}
		redactResult(farm, &r)
		outputs = append(outputs, r)
		ev.Tasks = append(ev.Tasks, scenarios.ClientRun{Task: i + 1, CardPeer: sc.TaskCardPeer(t), FirstSeq: first, LastSeq: farm.Journal().Mark(),
			TaskEnd: r.TaskEnd, ExitCode: r.ExitCode, Deadline: a.Deadline, Ran: ran(r)})
	}
	closing := sess.Close()
	redactResult(farm, &closing)
	res = combine(outputs, closing, sess.Mode())
	// A stream the client dropped is journaled when its handler ends:
	// closing the farm waits for every request in flight.
	if err := farm.Close(); err != nil {
		return nil, res, &HarnessError{sc.ID, err}
	}
	ev.Journal = farm.Journal().All()
	closeWindows(ev.Tasks, farm.Journal().Mark())
	ev.Client = ev.Tasks[len(ev.Tasks)-1]
	counts := farm.Journal().Counts()
	ev.Seen, ev.Kept, ev.Dropped = counts.Seen, int64(farm.Journal().Limits().Exchanges), counts.Dropped
	for i, ps := range sc.Peers {
		p := farm.Peers()[i]
		ev.Origins[ps.Name] = p.Origin()
		for v := range ps.Cards {
			ev.Cards[ps.Name] = append(ev.Cards[ps.Name], scenarios.CardVersion{
				Bytes: p.CardBytes(v), ETag: p.ETag(v), LastModified: p.LastModified(v),
				ContractHash: p.ContractHash(v), ExtendedHash: p.ExtendedContractHash(v), Extended: p.ExtendedCardBytes(v),
			})
		}
	}
	return ev, res, nil
}

func deadlineOf(sc *scenarios.Scenario, o PlayOptions) time.Duration {
	if o.Deadline > 0 {
		return o.Deadline
	}
	return sc.EffectiveDeadline()
}

// redactResult: what the client printed or wrote is not ours to trust; a
// client that echoes its credentials, however encoded, must not leak them
// into a report. Every string the client wrote goes through the farm's
// scan, the one its journal is redacted with (TestRedactResultCoversEveryField
// fills each by reflection). An outcome that held a secret is judged as
// it was: its problem was found before (OutcomeProblem), and a secret is
// never a kind or a reason of the contract, so the mark is not one either.
func redactResult(farm *mockpeer.Farm, r *runner.Result) {
	r.Stdout, r.Stderr, r.OutcomeProblem = redact(farm, r.Stdout), redact(farm, r.Stderr), redact(farm, r.OutcomeProblem)
	if o := r.Outcome; o != nil {
		o.Outcome = driver.OutcomeKind(redact(farm, string(o.Outcome)))
		o.Reason = driver.Reason(redact(farm, string(o.Reason)))
		o.Detail, o.TaskID = redact(farm, o.Detail), redact(farm, o.TaskID)
	}
}

// combine is the session's result for the report: every task's output in
// one-shot mode (each task a process), the session process's otherwise;
// the last task's outcome; any timeout or crash.
func combine(tasks []runner.Result, closing runner.Result, mode driver.Mode) runner.Result {
	out := closing
	last := tasks[len(tasks)-1]
	out.Outcome, out.OutcomeProblem = last.Outcome, last.OutcomeProblem
	if mode == driver.ModeOneShot {
		var stdout, stderr []string
		for i, t := range tasks {
			if len(tasks) > 1 {
				stdout = append(stdout, fmt.Sprintf("[a2a-conform: task %d]\n", i+1))
				stderr = append(stderr, fmt.Sprintf("[a2a-conform: task %d]\n", i+1))
			}
			stdout, stderr = append(stdout, t.Stdout), append(stderr, t.Stderr)
		}
		out.Stdout, out.Stderr, out.ExitCode = strings.Join(stdout, ""), strings.Join(stderr, ""), last.ExitCode
	}
	for _, t := range tasks {
		out.TimedOut = out.TimedOut || t.TimedOut
		out.Crashed = out.Crashed || t.Crashed
	}
	return out
}

// playBounded is Play bounded in time: a play that does not return within
// the client's deadline plus slack (a hung farm hook, a client Run that
// ignores its context) is abandoned and reported as a harness error.
func playBounded(ctx context.Context, sc *scenarios.Scenario, client runner.Client, o PlayOptions, slack time.Duration) (playResult, error) {
	deadline := deadlineOf(sc, o) * time.Duration(len(sc.SessionTasks()))
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

// OfferBindings makes every peer of spec offer and serve only bindings,
// and list only those on its cards (mockpeer.PeerSpec.Bindings).
func OfferBindings(spec *mockpeer.FarmSpec, bindings []string) {
	for i := range spec.Peers {
		spec.Peers[i].Bindings = slices.Clone(bindings)
	}
}

func runID() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// closeWindows leaves no exchange outside a task: what arrived after a
// task's outcome was read belongs to that task until the next one begins,
// and the last task keeps everything up to the journal's end. A client
// must not report an outcome and then do what it said it would not (send
// after "aborted", once the session's last line is read, say) unjudged.
func closeWindows(tasks []scenarios.ClientRun, end int64) {
	for i := range tasks {
		if i+1 < len(tasks) {
			tasks[i].LastSeq = tasks[i+1].FirstSeq - 1
		} else {
			tasks[i].LastSeq = max(tasks[i].LastSeq, end)
		}
	}
}

// ran is how long the runner measured a task to take, 0 if it did not.
func ran(r runner.Result) time.Duration {
	if r.Started.IsZero() || r.Ended.Before(r.Started) {
		return 0
	}
	return r.Ended.Sub(r.Started)
}
