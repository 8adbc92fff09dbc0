package engine

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// DefaultPlaySlack is how long past the client's deadline a play may take
// (farm start, killing the client's processes, draining its output)
// before it is abandoned as a harness error.
const DefaultPlaySlack = 20 * time.Second

// Options configure a run. Client is required; the zero value of every
// other field means "the default".
type Options struct {
	Client runner.Client
	// ClientLabel names the client in reports ("@a2a-js/sdk 1.3.0").
	ClientLabel   string
	Selection     Selection
	KnownFailures report.KnownFailures
	// Strict makes any failure not listed as known fail the run, whatever
	// its level: for pinning a client's exact verdicts in CI.
	Strict         bool
	SecurityScopes report.Scopes
	// Bindings, if non-nil, are the only bindings the peers offer and serve
	// (mockpeer.PeerSpec.Bindings); nil: all three, as each scenario's cards
	// list them (JSON-RPC, HTTP+JSON, gRPC, but where a scenario narrows).
	Bindings []string
	// Catalog is what is played; nil means scenarios.Catalog().
	Catalog []*scenarios.Scenario
	// Progress, if non-nil, gets one line per scenario once it is judged.
	Progress io.Writer
	// PlaySlack bounds a play past the client's deadline; 0 means
	// DefaultPlaySlack.
	PlaySlack time.Duration
	// Parallel is how many scenarios Run plays at once (each has its own
	// farm and client); 0 or 1 means one after the other. The verdicts
	// and the report's order do not depend on it.
	Parallel int
	// Shard, if set, makes the run play only its share of the selection
	// (shard.go); the report records it for merging.
	Shard Shard
	// Explore, if non-nil, records in the report how the generated
	// scenarios of Catalog were made (run --explore).
	Explore *report.Explore
}

// Engine plays and judges one run. Its methods are safe for concurrent use.
type Engine struct {
	o       Options
	catalog []*scenarios.Scenario

	mu       sync.Mutex
	rep      *report.Report
	byID     map[string]*report.Scenario
	selected map[string]bool   // "scenario/requirement"; read-only after New
	journals map[string][]byte // JSON lines, within the journal file budget
	shard    *report.Shard     // what a shard records; nil for a whole run
}

// New checks the options and builds the run's record: every selected
// requirement starts as error ("not judged"), every other one as skipped.
func New(o Options) (*Engine, error) {
	if o.Client == nil {
		return nil, &UsageError{"no client under test"}
	}
	if err := o.Selection.Validate(); err != nil {
		return nil, err
	}
	if o.SecurityScopes == "" {
		o.SecurityScopes = report.ScopesSpec
	}
	if o.PlaySlack <= 0 {
		o.PlaySlack = DefaultPlaySlack
	}
	e := &Engine{o: o, catalog: o.Catalog, byID: map[string]*report.Scenario{}, selected: map[string]bool{},
		journals: map[string][]byte{}}
	if e.catalog == nil {
		e.catalog = scenarios.Catalog()
	}
	if err := e.checkKnownFailures(); err != nil {
		return nil, err
	}
	if err := e.selectAndShard(); err != nil {
		return nil, err
	}
	e.rep = &report.Report{
		SchemaVersion: report.SchemaVersion,
		Suite:         report.Suite{Name: "a2a-conform", Version: report.SuiteVersion},
		SpecVersion:   wire.ProtocolVersion,
		Client:        report.Client{Name: o.Client.Describe(), Label: o.ClientLabel},
		Selection: report.Selection{Profiles: o.Selection.Profiles, Level: o.Selection.Level,
			LabelFilter: o.Selection.LabelFilter, SpecVersion: o.Selection.SpecVersion, KnownFailures: o.KnownFailures, Strict: o.Strict,
			SecurityScopes: o.SecurityScopes, Bindings: o.Bindings},
		StartedAt: time.Now().UTC(),
		Shard:     e.shard,
		Explore:   o.Explore,
	}
	for _, sc := range e.catalog {
		rec := e.newRecord(sc)
		e.rep.Scenarios = append(e.rep.Scenarios, rec)
		e.byID[sc.ID] = rec
	}
	return e, nil
}

// selectAndShard decides what is judged: the selected requirements of the
// whole catalog with the positive controls of their scenarios
// (Selection.Judges), refused when they are none, then, for a shard, the
// catalog cut to its share. The refusal looks at the whole selection, so
// that no shard trips it or evades it.
func (e *Engine) selectAndShard() error {
	for _, sc := range e.catalog {
		for _, r := range sc.AllRequirements() {
			if e.o.Selection.Judges(sc, r) {
				e.selected[sc.ID+"/"+r.ID] = true
			}
		}
	}
	if len(e.Scenarios()) == 0 {
		return e.o.Selection.NoMatch(e.catalog)
	}
	if e.o.Shard.IsZero() {
		return nil
	}
	share, rec, err := e.o.Shard.cut(e.catalog, e.Scenarios())
	if err != nil {
		return err
	}
	e.catalog, e.shard = share, rec
	inShare := map[string]bool{}
	for _, sc := range share {
		inShare[sc.ID] = true
	}
	for key := range e.selected {
		if id, _, _ := strings.Cut(key, "/"); !inShare[id] {
			delete(e.selected, key)
		}
	}
	return nil
}

// newRecord is sc's record before it is played: every selected
// requirement an error until judged.
func (e *Engine) newRecord(sc *scenarios.Scenario) *report.Scenario {
	rec := &report.Scenario{ID: sc.ID, Title: sc.Title, Params: sc.Params, ClientExitCode: -1}
	for _, r := range sc.AllRequirements() {
		rec.Requirements = append(rec.Requirements, e.newRequirement(sc, r))
	}
	return rec
}

func (e *Engine) newRequirement(sc *scenarios.Scenario, r scenarios.Requirement) *report.Requirement {
	rr := &report.Requirement{ID: r.ID, Level: r.Level, Profile: r.Profile, Text: r.Text, Ref: r.Ref,
		SpecRefs: report.ResolveSpecRefs(r.SpecRefs(), report.SuiteVersion), Doc: r.DocAnchor(), Verdict: verdict.Skipped}
	if reason, key, ok := e.o.KnownFailures.Lookup(sc.ID, r.ID); ok {
		rr.KnownFailure, rr.KnownKey, rr.KnownReason = true, key, reason
	}
	if e.selected[sc.ID+"/"+r.ID] {
		rr.Control = !e.o.Selection.Selects(sc, r)
		rr.Verdict, rr.Reason = verdict.Error, "not judged: the scenario was not played"
	}
	return rr
}

// checkKnownFailures rejects entries that name no requirement of the
// catalog: a typo would otherwise hide a failure forever.
func (e *Engine) checkKnownFailures() error {
	known := map[string]bool{}
	for _, sc := range e.catalog {
		for _, r := range sc.AllRequirements() {
			known[r.ID], known[sc.ID+"/"+r.ID] = true, true
		}
	}
	for id := range e.o.KnownFailures {
		if !known[id] {
			return &UsageError{fmt.Sprintf("known-failures file names unknown requirement %q (write ID or scenario/ID)", id)}
		}
	}
	return nil
}

// Scenarios are the scenarios with at least one selected requirement, in
// catalog order: what Run plays.
func (e *Engine) Scenarios() []*scenarios.Scenario {
	var out []*scenarios.Scenario
	for _, sc := range e.catalog {
		for _, r := range sc.AllRequirements() {
			if e.selected[sc.ID+"/"+r.ID] {
				out = append(out, sc)
				break
			}
		}
	}
	return out
}

// Selected reports whether requirement id of scenario sc is judged.
func (e *Engine) Selected(sc *scenarios.Scenario, id string) bool { return e.selected[sc.ID+"/"+id] }

// Run plays every selected scenario, o.Parallel at a time, starting them
// in catalog order, and returns the finished report. When ctx ends, the
// scenarios being played are stopped (their clients killed), the rest are
// not played, and the report is marked interrupted. The error is a
// configuration problem only; harness faults are error verdicts in the
// report.
func Run(ctx context.Context, o Options) (*Engine, error) {
	e, err := New(o)
	if err != nil {
		return nil, err
	}
	e.Schedule(ctx).Wait()
	e.Finish(ctx)
	return e, nil
}

// FailsRun reports whether a judged requirement fails the run
// (report.Selection.FailsRun), as the exit code will say.
func (e *Engine) FailsRun(rr *report.Requirement) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.rep.Selection.FailsRun(rr)
}

// StaleKnownFailures are the known-failures entries that nothing played so
// far failed although their requirement was judged.
func (e *Engine) StaleKnownFailures() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return StaleKnownFailures(e.rep)
}

// Report is the run's record so far (finished once Finish was called).
func (e *Engine) Report() *report.Report {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.rep
}

// Finish marks what was not played, counts the verdicts and decides the
// exit code. A canceled ctx marks the run interrupted.
func (e *Engine) Finish(ctx context.Context) *report.Report {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.rep.FinishedAt = time.Now().UTC()
	if ctx.Err() != nil {
		e.rep.Interrupted = true
		for _, rec := range e.rep.Scenarios {
			if rec.Played || rec.HarnessError != "" {
				continue // judged, or stopped mid-play with its reason
			}
			for _, rr := range rec.Requirements {
				if rr.Verdict == verdict.Error {
					rr.Reason = "the run was interrupted before the scenario was played"
				}
			}
		}
	}
	Conclude(e.rep)
	return e.rep
}
