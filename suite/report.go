package suite

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios"
)

// SchemaVersion names the JSON report format; bump it on any breaking change.
const SchemaVersion = "a2a-conform.dev/report/v1"

// Exit codes of a run (SPEC §4).
const (
	ExitPass    = 0
	ExitFail    = 1
	ExitHarness = 2
)

// Report is the versioned JSON report of one run.
type Report struct {
	SchemaVersion string         `json:"schemaVersion"`
	Suite         SuiteInfo      `json:"suite"`
	SpecVersion   string         `json:"specVersion"`
	Client        ClientInfo     `json:"client"`
	Selection     Selection      `json:"selection"`
	StartedAt     time.Time      `json:"startedAt"`
	FinishedAt    time.Time      `json:"finishedAt"`
	Summary       Summary        `json:"summary"`
	ExitCode      int            `json:"exitCode"`
	Scenarios     []*ScenarioRun `json:"scenarios"`
	mu            sync.Mutex
}

// SuiteInfo identifies the suite build.
type SuiteInfo struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// ClientInfo identifies the client under test.
type ClientInfo struct {
	// Name is the client's description (its command line, builtin:POLICY).
	Name string `json:"name"`
	// Label is the name its user gave it (--label), e.g. an SDK and version.
	Label string `json:"label,omitempty"`
}

// Title is the label, or the name when there is none.
func (c ClientInfo) Title() string {
	if c.Label != "" {
		return c.Label
	}
	return c.Name
}

// Selection records what was asked for.
type Selection struct {
	Profiles      []scenarios.Profile `json:"profiles,omitempty"`
	Level         scenarios.Level     `json:"level,omitempty"`
	LabelFilter   string              `json:"labelFilter,omitempty"`
	KnownFailures map[string]string   `json:"knownFailures,omitempty"`
	Strict        bool                `json:"strict,omitempty"`
	// SecurityScopes is the shape of the cards' security scopes: "spec"
	// ({"list": [...]}) or "flat" (bare arrays).
	SecurityScopes string `json:"securityScopes"`
}

// Summary counts verdicts over all requirements.
type Summary struct {
	Pass          int `json:"pass"`
	Fail          int `json:"fail"`
	NotApplicable int `json:"notApplicable"`
	Skipped       int `json:"skipped"`
	Error         int `json:"error"`
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

// ScenarioRun is one scenario's play and verdicts.
type ScenarioRun struct {
	ID           string          `json:"id"`
	Title        string          `json:"title"`
	Played       bool            `json:"played"`
	HarnessError string          `json:"harnessError,omitempty"`
	Outcome      *driver.Outcome `json:"outcome,omitempty"`
	OutcomeIssue string          `json:"outcomeProblem,omitempty"`
	ExitCode     int             `json:"clientExitCode"`
	TimedOut     bool            `json:"clientTimedOut,omitempty"`
	Crashed      bool            `json:"clientCrashed,omitempty"`
	// ClientStdout and ClientStderr are tails of the client's output, with
	// farm credentials redacted.
	ClientStdout string            `json:"clientStdout,omitempty"`
	ClientStderr string            `json:"clientStderr,omitempty"`
	DurationMS   int64             `json:"durationMs"`
	Exchanges    int               `json:"exchanges"`
	JournalFile  string            `json:"journalFile,omitempty"`
	JournalHash  string            `json:"journalDigest,omitempty"`
	Requirements []*RequirementRun `json:"requirements"`
	journal      []mockpeer.Exchange
	stdout       string
	stderr       string
	evidence     *scenarios.Evidence
}

// RequirementRun is the verdict on one requirement.
type RequirementRun struct {
	ID          string            `json:"id"`
	Level       scenarios.Level   `json:"level"`
	Profile     scenarios.Profile `json:"profile"`
	Text        string            `json:"text"`
	Ref         string            `json:"ref"`
	Doc         string            `json:"doc"`
	Verdict     scenarios.Verdict `json:"verdict"`
	Known       bool              `json:"knownFailure,omitempty"`
	knownKey    string
	KnownReason string  `json:"knownReason,omitempty"`
	Want        string  `json:"want,omitempty"`
	Got         string  `json:"got,omitempty"`
	Reason      string  `json:"reason,omitempty"`
	Exchanges   []int64 `json:"exchanges,omitempty"`
	// EvidenceDigest is the SHA-256 of the redacted exchanges cited.
	EvidenceDigest string `json:"evidenceDigest,omitempty"`
}

func newReport(o Options) *Report {
	selection := Selection{Profiles: o.Profiles, Level: o.Level, LabelFilter: o.LabelFilter,
		KnownFailures: o.KnownFailures, Strict: o.Strict, SecurityScopes: o.securityScopes()}
	return &Report{
		SchemaVersion: SchemaVersion,
		Suite:         SuiteInfo{Name: "a2a-conform", Version: Version},
		SpecVersion:   wire.ProtocolVersion,
		Client:        ClientInfo{Name: o.Client.Describe(), Label: o.ClientLabel},
		Selection:     selection,
		StartedAt:     time.Now().UTC(),
	}
}

// finish counts verdicts and decides the exit code.
func (r *Report) finish() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.FinishedAt = time.Now().UTC()
	s := Summary{}
	// A known-failures entry is stale when what it names was judged and
	// never failed.
	judged, failedKeys := map[string]bool{}, map[string]bool{}
	for _, sc := range r.Scenarios {
		for _, req := range sc.Requirements {
			if req.Known && (req.Verdict == scenarios.Pass || req.Verdict == scenarios.Fail) {
				judged[req.knownKey] = true
				failedKeys[req.knownKey] = failedKeys[req.knownKey] || req.Verdict == scenarios.Fail
			}
			switch req.Verdict {
			case scenarios.Pass:
				s.Pass++
			case scenarios.Fail:
				s.Fail++
				switch {
				case req.Known:
					s.KnownFailures++
				case req.Level == scenarios.Must:
					s.MustFailures++
					s.UnlistedFailures++
				default:
					s.UnlistedFailures++
				}
			case scenarios.NotApplicable:
				s.NotApplicable++
			case scenarios.Skipped:
				s.Skipped++
			case scenarios.Error:
				s.Error++
			}
		}
	}
	for key := range judged {
		if !failedKeys[key] {
			s.StaleKnownFailures = append(s.StaleKnownFailures, key)
		}
	}
	slices.Sort(s.StaleKnownFailures)
	s.UnexpectedPasses = len(s.StaleKnownFailures)
	r.Summary = s
	switch {
	case s.Error > 0:
		r.ExitCode = ExitHarness
	case s.MustFailures > 0 || s.UnexpectedPasses > 0 || (r.Selection.Strict && s.UnlistedFailures > 0):
		r.ExitCode = ExitFail
	default:
		r.ExitCode = ExitPass
	}
}

// Verdicts flattens the report to "scenario/requirement" → verdict (the
// general requirements are judged in every scenario).
func (r *Report) Verdicts() map[string]scenarios.Verdict {
	out := map[string]scenarios.Verdict{}
	for _, sc := range r.Scenarios {
		for _, req := range sc.Requirements {
			out[sc.ID+"/"+req.ID] = req.Verdict
		}
	}
	return out
}

// write puts report.json and the per-scenario journals into the report dir.
func (r *Report) write(o Options) error {
	dir := o.ReportDir
	if err := os.MkdirAll(filepath.Join(dir, "journals"), 0o755); err != nil {
		return fmt.Errorf("suite: report dir: %w", err)
	}
	for _, sc := range r.Scenarios {
		if sc.journal == nil {
			continue
		}
		name := filepath.Join("journals", sc.ID+".jsonl")
		if err := writeJournal(filepath.Join(dir, name), sc.journal); err != nil {
			return err
		}
		sc.JournalFile = name
	}
	path := o.JSONFile
	if path == "" {
		path = filepath.Join(dir, "report.json")
	}
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return fmt.Errorf("suite: report: %w", err)
	}
	if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("suite: report: %w", err)
	}
	return nil
}

func writeJournal(path string, exs []mockpeer.Exchange) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("suite: journal: %w", err)
	}
	enc := json.NewEncoder(f)
	for _, ex := range exs {
		if err := enc.Encode(ex); err != nil {
			f.Close()
			return fmt.Errorf("suite: journal: %w", err)
		}
	}
	return f.Close()
}

// digest is the SHA-256 of the JSON of the given exchanges.
func digest(exs []mockpeer.Exchange) string {
	h := sha256.New()
	enc := json.NewEncoder(h)
	for _, ex := range exs {
		_ = enc.Encode(ex)
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}
