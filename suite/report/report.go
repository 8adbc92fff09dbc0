// Package report is the versioned record of one a2a-conform run: the
// schema of report.json, its reader, the summary and exit code, the
// known-failures file, and the renderings of a report (JUnit XML, the
// markdown results page). It knows nothing of Ginkgo, so reading a report
// links nothing but this package and the catalog's vocabulary.
package report

import (
	"time"

	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// SchemaVersion names the JSON report format; bump it on any breaking change.
const SchemaVersion = "a2a-conform.dev/report/v2"

// SuiteVersion is the version of the suite, written into every report.
const SuiteVersion = "0.3.0"

// Exit codes of a run (SPEC §4).
const (
	ExitPass    = 0
	ExitFail    = 1
	ExitHarness = 2
)

// Report is the versioned JSON report of one run. JSON keys are the field
// names in lowerCamelCase, so the schema reads the same in Go and JSON.
type Report struct {
	SchemaVersion string    `json:"schemaVersion"`
	Suite         Suite     `json:"suite"`
	SpecVersion   string    `json:"specVersion"`
	Client        Client    `json:"client"`
	Selection     Selection `json:"selection"`
	StartedAt     time.Time `json:"startedAt"`
	FinishedAt    time.Time `json:"finishedAt"`
	// Interrupted: the run was stopped (a signal, a canceled context)
	// before every selected scenario was played; the rest are errors.
	Interrupted bool        `json:"interrupted,omitempty"`
	Summary     Summary     `json:"summary"`
	ExitCode    int         `json:"exitCode"`
	Scenarios   []*Scenario `json:"scenarios"`

	// Shard, when set, says the run played one share of its selection
	// (run --shard); merge.go puts the shards together.
	Shard *Shard `json:"shard,omitempty"`
	// Explore, when set, says the run also played a generated catalog
	// (run --explore N --seed S): the same seed and N replay it exactly.
	Explore *Explore `json:"explore,omitempty"`
}

// Explore is how a generated catalog was made.
type Explore struct {
	Seed     uint64 `json:"seed"`
	Variants int    `json:"variants"`
	// PairwiseRows is the size of the seed's pairwise covering array: a
	// run of fewer variants covers only part of the pairs.
	PairwiseRows int `json:"pairwiseRows"`
	// Replay is the command-line flags that play the same variants.
	Replay string `json:"replay"`
}

// Suite identifies the suite build.
type Suite struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// Client identifies the client under test.
type Client struct {
	// Name is the client's description (its command line, builtin:NAME).
	Name string `json:"name"`
	// Label is the name its user gave it (--label), e.g. an SDK and version.
	Label string `json:"label,omitempty"`
}

// Title is the label, or the name when there is none.
func (c Client) Title() string {
	if c.Label != "" {
		return c.Label
	}
	return c.Name
}

// Scopes is the shape in which cards serve their security scopes.
type Scopes string

// The two shapes.
const (
	// ScopesSpec is the specification's {"schemes":{"x":{"list":[...]}}}.
	ScopesSpec Scopes = "spec"
	// ScopesFlat is bare arrays, {"schemes":{"x":[...]}}, the only shape
	// a2a-go v2.3.1 parses.
	ScopesFlat Scopes = "flat"
)

// ParseScopes accepts "spec" and "flat".
func ParseScopes(s string) (Scopes, error) {
	switch Scopes(s) {
	case ScopesSpec, ScopesFlat:
		return Scopes(s), nil
	}
	return "", &UsageError{Msg: "security scopes " + quote(s) + ": want spec or flat"}
}

// Selection records what was asked for.
type Selection struct {
	Profiles    []verdict.Profile `json:"profiles,omitempty"`
	Level       verdict.Level     `json:"level,omitempty"`
	LabelFilter string            `json:"labelFilter,omitempty"`
	// SpecVersion is the A2A revision run --spec-version narrowed to.
	SpecVersion   string        `json:"specVersion,omitempty"`
	KnownFailures KnownFailures `json:"knownFailures,omitempty"`
	Strict        bool          `json:"strict,omitempty"`
	// SecurityScopes is the shape of the cards' security scopes.
	SecurityScopes Scopes `json:"securityScopes"`
	// Bindings are the protocol bindings the run narrowed the peers to (run
	// --bindings); absent: all three, as each scenario's cards list them
	// (JSON-RPC, HTTP+JSON, gRPC, but where a scenario narrows on purpose).
	Bindings []string `json:"bindings,omitempty"`
}

// Shard records which share of a run a report holds: its scenarios are
// this shard's share of Catalog, and the other shards hold the rest.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
	// Catalog is every scenario of the run's catalog, in catalog order.
	Catalog []string `json:"catalog"`
	// CatalogDigest identifies the catalog's requirements: shards of
	// different builds of the suite do not merge.
	CatalogDigest string `json:"catalogDigest"`
}

// Counts counts verdicts, one field per verdict.
type Counts struct {
	Pass          int `json:"pass"`
	Fail          int `json:"fail"`
	NotApplicable int `json:"notApplicable"`
	Skipped       int `json:"skipped"`
	Error         int `json:"error"`
}

// add counts one verdict; anything not a verdict (what a broken writer
// could leave) counts as an error.
func (c *Counts) add(v verdict.Verdict) {
	switch v {
	case verdict.Pass:
		c.Pass++
	case verdict.Fail:
		c.Fail++
	case verdict.NotApplicable:
		c.NotApplicable++
	case verdict.Skipped:
		c.Skipped++
	default:
		c.Error++
	}
}

// Summary counts verdicts over all requirements.
type Summary struct {
	Counts
	// KnownFailures failed as the known-failures file expected.
	KnownFailures int `json:"knownFailures"`
	// UnexpectedPasses are known failures that passed: the file is stale.
	UnexpectedPasses int `json:"unexpectedPasses"`
	// StaleKnownFailures are the known-failures entries that nothing failed.
	StaleKnownFailures []string `json:"staleKnownFailures,omitempty"`
	// UnlistedFailures failed without being listed as known (any level).
	UnlistedFailures int `json:"unlistedFailures"`
	// MustFailures are MUST requirements that failed and were not known.
	MustFailures int `json:"mustFailures"`
}

// Scenario is one scenario's play and its verdicts.
type Scenario struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	// Params are the parameters of a generated scenario (run --explore):
	// field, point, validator, binding, card, interfaces, authority. Nil
	// for the fixed catalog.
	Params map[string]string `json:"params,omitempty"`
	// Played: the scenario's farm started and its client ran.
	Played bool `json:"played"`
	// HarnessError says what broke in the harness (never the client).
	HarnessError string `json:"harnessError,omitempty"`
	// ClientMode is how the client took the session's tasks.
	ClientMode driver.Mode `json:"clientMode,omitempty"`
	// Bindings are the protocol bindings of the A2A calls the client made
	// (wire.BindingJSONRPC, wire.BindingHTTPJSON, wire.BindingGRPC),
	// sorted: what the report says was used, and the ACTS reports the
	// scenario goes in.
	Bindings []string `json:"bindings,omitempty"`
	// Tasks are the session's tasks: what the client reported for each.
	Tasks []*Task `json:"tasks,omitempty"`
	// Outcome and OutcomeProblem are the last task's.
	Outcome        *driver.Outcome `json:"outcome,omitempty"`
	OutcomeProblem string          `json:"outcomeProblem,omitempty"`
	ClientExitCode int             `json:"clientExitCode"`
	ClientTimedOut bool            `json:"clientTimedOut,omitempty"`
	ClientCrashed  bool            `json:"clientCrashed,omitempty"`
	// ClientStdout and ClientStderr are tails of the client's output, with
	// farm credentials redacted.
	ClientStdout string `json:"clientStdout,omitempty"`
	ClientStderr string `json:"clientStderr,omitempty"`
	DurationMS   int64  `json:"durationMS"`
	// ExchangeCount is the number of exchanges in the scenario's journal.
	ExchangeCount int `json:"exchangeCount"`
	// JournalFile is the journal's path, relative to the report dir.
	JournalFile string `json:"journalFile,omitempty"`
	// JournalOmitted is how many exchanges did not fit the journal file's
	// budget (a flooding client); they were judged all the same.
	JournalOmitted int    `json:"journalOmitted,omitempty"`
	JournalDigest  string `json:"journalDigest,omitempty"`
	// NoOfferedBinding: the client spoke none of the bindings offered, so
	// every requirement was not applicable (the catalog's Evidence.NoOfferedBinding).
	NoOfferedBinding bool           `json:"noOfferedBinding,omitempty"`
	Requirements     []*Requirement `json:"requirements"`
}

// Task is one task of a scenario's session, as the client ended it.
type Task struct {
	Task int `json:"task"`
	// TaskEnd is how the task ended, as the runner saw it; its members
	// are the task's own in report.json (outcome, outcomeProblem, ...).
	driver.TaskEnd
	// FirstExchange and LastExchange bound the journal's sequence numbers
	// of the exchanges that arrived while the task was the client's.
	FirstExchange int64 `json:"firstExchange"`
	LastExchange  int64 `json:"lastExchange"`
}

// Requirement is the verdict on one requirement in one scenario.
type Requirement struct {
	ID      string          `json:"id"`
	Level   verdict.Level   `json:"level"`
	Profile verdict.Profile `json:"profile"`
	Text    string          `json:"text"`
	Ref     string          `json:"ref"`
	// SpecRefs are the sources Ref cites, with absolute URLs: the A2A spec
	// sections at the pinned spec version, RFC sections, the contract
	// model's rule in the docs of this suite version, public threads.
	SpecRefs []verdict.SpecRef `json:"specRefs,omitempty"`
	Doc      string            `json:"doc"`
	// Verdict starts as error for every selected requirement and changes
	// only when a check judged it: a harness that broke can never pass.
	Verdict verdict.Verdict `json:"verdict"`
	// Control: the selection left it out, but it is its scenario's positive
	// control, judged whenever the scenario is played (Selection.Judges).
	Control bool `json:"control,omitempty"`
	// KnownFailure: the known-failures file lists it (under KnownKey).
	KnownFailure bool   `json:"knownFailure,omitempty"`
	KnownKey     string `json:"knownKey,omitempty"`
	KnownReason  string `json:"knownReason,omitempty"`
	Want         string `json:"want,omitempty"`
	Got          string `json:"got,omitempty"`
	Reason       string `json:"reason,omitempty"`
	// Exchanges are the journal sequence numbers the judgement cites.
	Exchanges []int64 `json:"exchanges,omitempty"`
	// EvidenceDigest is the SHA-256 of the redacted exchanges cited.
	EvidenceDigest string `json:"evidenceDigest,omitempty"`
	// Message is the failure message, evidence on its own (fail and error).
	Message string `json:"message,omitempty"`
}

// Verdicts flattens the report to "scenario/requirement" → verdict (the
// general requirements are judged in every scenario).
func (r *Report) Verdicts() map[string]verdict.Verdict {
	out := map[string]verdict.Verdict{}
	for _, sc := range r.Scenarios {
		for _, req := range sc.Requirements {
			out[sc.ID+"/"+req.ID] = req.Verdict
		}
	}
	return out
}

// UsageError is a configuration problem of the user's: exit code 2.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return "report: " + e.Msg }

func quote(s string) string { return `"` + s + `"` }
