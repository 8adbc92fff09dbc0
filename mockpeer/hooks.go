package mockpeer

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/agent"
)

// Hooks are a peer's extension points. The zero value is the plain peer;
// each hook a scenario sets changes one decision. The ready-made hooks
// below (EnforceVersion, CancelRequiresMTLS, CancelRequiresMTLSWhenCardDoes,
// RejectRunningTasks, AnnounceContractHash) cover the catalog; a scenario
// may write its own.
//
// Hooks see the State left by every rotation the peer's triggers fired, so a
// hook can depend on the card version in force and still change on the
// peer's schedule. Hooks other than Admit run with the peer's lock held:
// they must be quick and must not call the Peer's methods.
type Hooks struct {
	// EnforcedVersion, if non-nil, picks the card version whose security
	// the peer enforces; otherwise it enforces the version in force. While
	// it picks another version than the one in force, no grace window
	// applies: the peer is not following its rotations.
	EnforcedVersion VersionFunc
	// Admit, if non-nil, is one more admission rule for every well-formed
	// A2A operation, run after the card's security has passed and before
	// its required extensions are checked. A non-nil error is the answer.
	Admit AdmitFunc
	// OnCardFetch, if non-nil, is called for every task that is not
	// terminal each time the card URL is requested (before any redirect or
	// 304). A non-nil StatusChange moves that task.
	OnCardFetch CardFetchFunc
	// StepMetadata, if non-nil, adds entries to the status message metadata
	// of every step a task enters, and the URIs of the extensions they
	// belong to. A step that adds something always carries a message.
	StepMetadata StepMetadataFunc
}

// VersionFunc chooses a card version given the peer's state.
type VersionFunc func(s State) int

// AdmitFunc is an admission rule: r is the request, call what the protocol
// layer decoded (the operation is call.Op). nil admits.
type AdmitFunc func(s State, r *http.Request, call *agent.Call) *agent.Error

// CardFetchFunc decides what a card fetch does to a running task; nil
// leaves it as it is.
type CardFetchFunc func(s State, t TaskView) *StatusChange

// StepMetadataFunc returns what to add to the status message of the step
// t has just entered: metadata entries and the extension URIs they belong
// to. Empty results add nothing.
type StepMetadataFunc func(s State, t TaskView) (metadata map[string]any, extensions []string)

// State is the peer as a hook sees it when called.
type State struct {
	Version      int    // card version in force
	Previous     int    // version the last rotation replaced; -1 before any
	ContractHash string // contract hash of the version in force for the peer's skill
	Sends        int    // tasks created so far
	// MTLSRequired: every alternative of the skill's effective security
	// requirement on the card in force names an mTLS scheme.
	MTLSRequired bool
}

// TaskView is a task as a hook sees it.
type TaskView struct {
	ID    string
	State wire.TaskState
	Step  int // index of the script step in force
}

// StatusChange moves a task to State, with an agent message saying Text
// when Text is not empty.
type StatusChange struct {
	State wire.TaskState
	Text  string
}

// EnforceVersion makes the peer enforce the security of card version v
// whatever is in force: a peer whose view of its own contract is stale
// (the mirror image of a client's stale cache).
func EnforceVersion(v int) VersionFunc {
	return func(State) int { return v }
}

// CancelRequiresMTLS answers CancelTask without a verified TLS client
// certificate as unauthenticated, whatever the card says.
func CancelRequiresMTLS() AdmitFunc {
	return cancelRequiresMTLS(func(State) bool { return true })
}

// CancelRequiresMTLSWhenCardDoes is CancelRequiresMTLS only while the card
// in force requires mTLS (State.MTLSRequired): before the rotation to such
// a card, CancelTask is judged by the card's security alone; after it, the
// old credentials a grace window still admits do not cancel. The stuck
// task of the field report.
func CancelRequiresMTLSWhenCardDoes() AdmitFunc {
	return cancelRequiresMTLS(func(s State) bool { return s.MTLSRequired })
}

func cancelRequiresMTLS(applies func(State) bool) AdmitFunc {
	return func(s State, r *http.Request, call *agent.Call) *agent.Error {
		if call.Op == wire.MethodCancelTask && applies(s) && verifiedClient(r) == nil {
			return agent.Errorf(wire.ErrUnauthenticated, "CancelTask requires a verified TLS client certificate")
		}
		return nil
	}
}

// rejectedOnCardFetchText is the message of RejectRunningTasks.
const rejectedOnCardFetchText = "The agent card was fetched while the task was running; the peer takes that as renegotiation and rejects the task."

// RejectRunningTasks takes a card fetch while a task runs as
// renegotiation: every task not yet terminal moves to TASK_STATE_REJECTED.
func RejectRunningTasks() CardFetchFunc {
	return func(State, TaskView) *StatusChange {
		return &StatusChange{State: wire.TaskStateRejected, Text: rejectedOnCardFetchText}
	}
}

// AnnounceContractHash puts the contract hash of the card in force into
// every status message, under the frozen-contract extension's URI.
func AnnounceContractHash() StepMetadataFunc {
	return func(s State, _ TaskView) (map[string]any, []string) {
		return map[string]any{FrozenContractExtension: map[string]any{"contractHash": s.ContractHash}},
			[]string{FrozenContractExtension}
	}
}

// stateLocked is the peer's State for a hook.
func (p *Peer) stateLocked() State {
	return State{
		Version:      p.state.version,
		Previous:     p.state.previous,
		ContractHash: p.versions[p.state.version].contractHash(),
		Sends:        p.state.sends,
		MTLSRequired: p.versions[p.state.version].requiresMTLS(),
	}
}

func (t *task) view() TaskView {
	return TaskView{ID: t.id, State: t.status.State, Step: t.step}
}

// enforcedLocked is the card version whose security the peer enforces:
// the one in force unless the EnforcedVersion hook picks another. A hook
// that picks no existing version is answered as an InternalError.
func (p *Peer) enforcedLocked(s State) (*cardVersion, *agent.Error) {
	hook := p.spec.Hooks.EnforcedVersion
	if hook == nil {
		return p.versions[s.Version], nil
	}
	v := hook(s)
	if v < 0 || v >= len(p.versions) {
		return nil, agent.Errorf(wire.ErrInternal, fmt.Sprintf("the EnforcedVersion hook picked card version %d; peer %q has versions 0..%d",
			v, p.spec.Name, len(p.versions)-1))
	}
	return p.versions[v], nil
}

// cardFetchedLocked runs the OnCardFetch hook over the running tasks.
func (p *Peer) cardFetchedLocked() {
	hook := p.spec.Hooks.OnCardFetch
	if hook == nil {
		return
	}
	s := p.stateLocked()
	for _, t := range p.tasks.byID {
		if t.status.State.Terminal() {
			continue
		}
		if c := hook(s, t.view()); c != nil {
			p.changeStatusLocked(t, *c)
		}
	}
}

// changeStatusLocked applies a hook's StatusChange to t. The message id
// names the new state ("task-1-rejected"), so it is stable across runs.
func (p *Peer) changeStatusLocked(t *task, c StatusChange) {
	var msg *wire.Message
	if c.Text != "" {
		msg = &wire.Message{
			MessageID: t.id + "-" + strings.ToLower(strings.TrimPrefix(string(c.State), "TASK_STATE_")),
			ContextID: t.contextID,
			TaskID:    t.id,
			Role:      wire.RoleAgent,
			Parts:     []wire.Part{wire.TextPart(c.Text)},
		}
	}
	p.setStatusLocked(t, c.State, msg)
}
