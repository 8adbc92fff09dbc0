// Package runner launches a client under test through the driver contract
// (docs/driver-contract.md): environment in, one outcome JSON object out,
// a deadline, and the whole process group killed when it is exceeded. It
// knows nothing of scenarios or Ginkgo.
package runner

import (
	"context"
	"time"
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
)

// Outcomes a client reports.
const (
	OutcomeCompleted = "completed"
	OutcomeAborted   = "aborted"
	OutcomeFailed    = "failed"
	OutcomeCanceled  = "canceled"
	OutcomeRejected  = "rejected"
)

// Reasons: the fixed vocabulary of docs/driver-contract.md.
const (
	ReasonContractChanged    = "contract-changed"
	ReasonUntrustedEndpoint  = "untrusted-endpoint"
	ReasonVersionUnsupported = "version-unsupported"
	ReasonContractDiverged   = "contract-diverged"
	ReasonAuthUnavailable    = "auth-unavailable"
	ReasonAuthRequired       = "auth-required"
	ReasonInputRequired      = "input-required"
	ReasonPeerError          = "peer-error"
	ReasonTransportError     = "transport-error"
	ReasonDeadline           = "deadline"
	ReasonTaskFailed         = "task-failed"
	// ReasonExtensionUnsupported: the card requires an extension the client
	// does not speak, so nothing was sent.
	ReasonExtensionUnsupported = "extension-unsupported"
	// ReasonClientError: the client itself broke (bad configuration, a bug).
	ReasonClientError = "client-error"
)

// Task is what the driver contract hands a client for one scenario.
type Task struct {
	CardURL     string
	Message     string
	Skill       string
	CAFile      string
	Credentials Credentials
	// Deadline is the time the client has, from its start.
	Deadline time.Duration
	RunID    string
}

// Credentials granted to the client; empty means not granted.
type Credentials struct {
	OAuthClientID     string
	OAuthClientSecret string
	BearerToken       string
	APIKey            string
	ClientCertFile    string
	ClientKeyFile     string
}

// Outcome is the one JSON object a client writes.
type Outcome struct {
	Outcome string `json:"outcome"`
	Reason  string `json:"reason,omitempty"`
	TaskID  string `json:"taskId,omitempty"`
	Detail  string `json:"detail,omitempty"`
}

// Result is everything the runner observed of one client run. Faults of the
// client (no outcome, garbage, crash, deadline) are data here, never errors.
type Result struct {
	// Outcome is the parsed outcome, nil if none could be read.
	Outcome *Outcome
	// OutcomeProblem says why Outcome is nil or suspect ("missing",
	// "not JSON: ...", "unknown outcome \"x\""); "" when well-formed.
	OutcomeProblem string
	// ExitCode of the process (-1 if killed or in-process).
	ExitCode int
	// TimedOut: the client outlived its deadline and was killed.
	TimedOut bool
	// Crashed: the client exited abnormally (signal, panic in-process).
	Crashed bool
	// Stdout and Stderr, bounded; the tail is kept.
	Stdout, Stderr string
	Started, Ended time.Time
}

// Client runs one Task. A returned error is a harness fault (the command
// could not even be started); everything the client did wrong is in Result.
type Client interface {
	Run(ctx context.Context, t Task) (Result, error)
	// Describe names the client for reports ("builtin:reference", a command line).
	Describe() string
}
