// Package driver is the driver contract between a2a-conform and a client
// under test (docs/driver-contract.md): the assignment a client is handed,
// the credentials it may be granted, the outcome it writes, the fixed
// vocabulary of outcomes and reasons, and the environment variables that
// carry them. It imports nothing else of the module but the grant leaf
// (a2a/grant, the credentials' type, shared with the farm that mints them),
// so a client written in Go can depend on it alone. The JSON Schemas of
// the outcome object and of the session lines are outcome.schema.json and
// session.schema.json beside this file (schema_test.go holds them to the code).
package driver

import (
	"fmt"
	"slices"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/grant"
)

// Environment variables of the driver contract. Never rename one.
const (
	EnvCardURL        = "A2A_CONFORM_CARD_URL"
	EnvMessage        = "A2A_CONFORM_MESSAGE"
	EnvSkill          = "A2A_CONFORM_SKILL"
	EnvCAFile         = "A2A_CONFORM_CA_FILE"
	EnvOAuthClientID  = "A2A_CONFORM_OAUTH_CLIENT_ID"
	EnvOAuthSecret    = "A2A_CONFORM_OAUTH_CLIENT_SECRET"
	EnvBearerToken    = "A2A_CONFORM_BEARER_TOKEN"
	EnvAPIKey         = "A2A_CONFORM_API_KEY"
	EnvClientCertFile = "A2A_CONFORM_CLIENT_CERT_FILE"
	EnvClientKeyFile  = "A2A_CONFORM_CLIENT_KEY_FILE"
	EnvOutcomeFile    = "A2A_CONFORM_OUTCOME_FILE"
	EnvDeadlineMS     = "A2A_CONFORM_DEADLINE_MS"
	EnvRunID          = "A2A_CONFORM_RUN_ID"
	// EnvStateDir is a directory that persists across the tasks of one
	// session, for clients that cache on disk; it is fresh per scenario.
	EnvStateDir = "A2A_CONFORM_STATE_DIR"
	// EnvTask is the task's number in its session, from 1 (one-shot mode).
	EnvTask = "A2A_CONFORM_TASK"
	// EnvSession is "1" when the client is started in session mode: tasks
	// arrive as JSON lines on standard input (session.go).
	EnvSession = "A2A_CONFORM_SESSION"
)

// Mode is how a client takes the tasks of a session.
type Mode string

// The two modes.
const (
	// ModeOneShot: a fresh process per task, handed the assignment in its
	// environment; only the state directory persists between tasks.
	ModeOneShot Mode = "one-shot"
	// ModeSession: one process for all the tasks of a scenario, which
	// keeps whatever it caches in memory.
	ModeSession Mode = "session"
)

// ParseMode accepts "one-shot" and "session".
func ParseMode(s string) (Mode, error) {
	switch Mode(s) {
	case ModeOneShot, ModeSession:
		return Mode(s), nil
	}
	return "", fmt.Errorf("driver: unknown client mode %q (want one-shot or session)", s)
}

// OutcomeKind is how a client says its assignment ended.
type OutcomeKind string

// Outcomes a client reports.
const (
	OutcomeCompleted OutcomeKind = "completed"
	OutcomeAborted   OutcomeKind = "aborted"
	OutcomeFailed    OutcomeKind = "failed"
	OutcomeCanceled  OutcomeKind = "canceled"
	OutcomeRejected  OutcomeKind = "rejected"
)

// OutcomeKinds lists every outcome, in the order of the docs.
func OutcomeKinds() []OutcomeKind {
	return []OutcomeKind{OutcomeCompleted, OutcomeAborted, OutcomeFailed, OutcomeCanceled, OutcomeRejected}
}

// Known reports whether k is one of the outcomes of the contract.
func (k OutcomeKind) Known() bool { return slices.Contains(OutcomeKinds(), k) }

// Reason says why; the vocabulary is fixed (docs/driver-contract.md).
type Reason string

// Reasons of the driver contract.
const (
	ReasonContractChanged    Reason = "contract-changed"
	ReasonUntrustedEndpoint  Reason = "untrusted-endpoint"
	ReasonVersionUnsupported Reason = "version-unsupported"
	// ReasonBindingUnsupported: no interface of the card uses a protocol
	// binding the client speaks, so nothing was sent.
	ReasonBindingUnsupported Reason = "binding-unsupported"
	ReasonContractDiverged   Reason = "contract-diverged"
	ReasonAuthUnavailable    Reason = "auth-unavailable"
	ReasonAuthRequired       Reason = "auth-required"
	ReasonInputRequired      Reason = "input-required"
	ReasonPeerError          Reason = "peer-error"
	ReasonTransportError     Reason = "transport-error"
	ReasonDeadline           Reason = "deadline"
	ReasonTaskFailed         Reason = "task-failed"
	// ReasonExtensionUnsupported: the card requires an extension the client
	// does not speak, so nothing was sent.
	ReasonExtensionUnsupported Reason = "extension-unsupported"
	// ReasonClientError: the client itself broke (bad configuration, a bug).
	ReasonClientError Reason = "client-error"
)

// Reasons lists the vocabulary, in the order of the docs.
func Reasons() []Reason {
	return []Reason{ReasonContractChanged, ReasonUntrustedEndpoint, ReasonVersionUnsupported,
		ReasonBindingUnsupported, ReasonContractDiverged, ReasonAuthUnavailable, ReasonAuthRequired, ReasonInputRequired,
		ReasonPeerError, ReasonTransportError, ReasonDeadline, ReasonTaskFailed,
		ReasonExtensionUnsupported, ReasonClientError}
}

// Known reports whether r is in the vocabulary ("" is no reason, not known).
func (r Reason) Known() bool { return slices.Contains(Reasons(), r) }

// Assignment is what the driver contract hands a client: one task to
// delegate to the agent behind a card.
type Assignment struct {
	CardURL     string
	Message     string
	Skill       string
	CAFile      string
	Credentials Credentials
	// Deadline is the time the client has for this task, from the moment
	// it is handed out.
	Deadline time.Duration
	RunID    string
	// Task is the task's number in its session, from 1; 0 means 1.
	Task int
	// StateDir persists across the tasks of one session ("" if none).
	StateDir string
}

// Credentials granted to the client; empty means not granted. The type is
// the grant leaf's, which the farm that mints them shares.
type Credentials = grant.Credentials

// Outcome is the one JSON object a client writes.
type Outcome struct {
	Outcome OutcomeKind `json:"outcome"`
	Reason  Reason      `json:"reason,omitempty"`
	TaskID  string      `json:"taskId,omitempty"`
	Detail  string      `json:"detail,omitempty"`
}

// Short is "outcome" or "outcome/reason", the form reports print.
func (o Outcome) Short() string {
	if o.Reason == "" {
		return string(o.Outcome)
	}
	return string(o.Outcome) + "/" + string(o.Reason)
}
