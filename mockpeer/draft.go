package mockpeer

import (
	"context"
	"github.com/a2a-conform/a2a-conform/mockpeer/agent"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"net/http"
	"slices"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// draft collects, while a request is served, the facts only the serving
// code knows; the router turns it into the Exchange afterwards.
type draft struct {
	cardVersion     int // version a card response was made from; -1 if none
	arrivalVersion  int // version in force when the request arrived, or that an armed rotation it fired put in force
	taskID          string
	stateBefore     wire.TaskState
	stateAfter      wire.TaskState
	stateVersion    int  // card version in force when the task entered stateAfter
	blocking        bool // a SendMessage the handler held to the task's end
	auth            journal.AuthSeen
	requestMetadata map[string]any
	validators      *journal.Validators // of a card request
	runningShown    []int               // Exchange.RunningShown
	announced       []string            // Exchange.Announced
	cardFault       CardFault           // Exchange.CardFault
	// call is what the protocol layer records of the request, kept here
	// so that a request allocates one record of both.
	call agent.Call
}

func (d *draft) before(t *task) {
	d.taskID = t.id
	d.stateBefore = t.status.State
}

func (d *draft) after(t *task) {
	d.taskID = t.id
	d.stateAfter, d.stateVersion = t.status.State, t.statusVersion
}

// sight is what one answer (a snapshot, a stream event) showed the client
// of a task: its state, the card version in force when the answer was
// made, and the contract hash its status message announced ("" if none).
type sight struct {
	state     wire.TaskState
	version   int
	announced string
}

// sightLocked is what an answer made now shows of t.
func (p *Peer) sightLocked(t *task) sight {
	return sight{state: t.status.State, version: p.state.version, announced: announcedHash(t.status.Message)}
}

// Bounds of what a draft collects of its answers' sights: one entry per
// card version at most, so only a peer of many versions reaches them.
const (
	maxRunningShown = 16
	maxAnnounced    = 8
)

// saw records that the answer showed the client s, once it was sent: the
// hash announced, and, unless the handler held the answer to the task's
// end (blocking), the card version in force while it showed the task in a
// state not yet terminal.
func (d *draft) saw(s sight) {
	if s.announced != "" && len(d.announced) < maxAnnounced && !slices.Contains(d.announced, s.announced) {
		d.announced = append(d.announced, s.announced)
	}
	if d.blocking || s.state == "" || s.state.Terminal() {
		return
	}
	if len(d.runningShown) < maxRunningShown && !slices.Contains(d.runningShown, s.version) {
		d.runningShown = append(d.runningShown, s.version)
	}
}

// announcedHash is the contract hash a status message announces under the
// frozen-contract extension (AnnounceContractHash), "" if none.
func announcedHash(m *wire.Message) string {
	if m == nil {
		return ""
	}
	ext, _ := m.Metadata[FrozenContractExtension].(map[string]any)
	h, _ := ext["contractHash"].(string)
	return h
}

type draftKey struct{}

// draftContext carries a request's draft and the protocol layer's Call
// kept in it (agent.CallKey{}) on top of the request's context: one layer
// that the router keeps in the request's arrival, where two WithValue
// layers were two allocations a request. Every other key, cancellation and
// deadline are the parent's.
type draftContext struct {
	context.Context
	d *draft
}

func (c *draftContext) Value(key any) any {
	switch key {
	case draftKey{}:
		return c.d
	case agent.CallKey{}:
		return &c.d.call
	}
	return c.Context.Value(key)
}

func draftFrom(ctx context.Context) *draft {
	d, _ := ctx.Value(draftKey{}).(*draft)
	return d
}

// draftOf returns r's draft, or a throwaway one when r did not come through
// the router (a handler called directly).
func draftOf(r *http.Request) *draft {
	if d := draftFrom(r.Context()); d != nil {
		return d
	}
	return &draft{cardVersion: -1}
}
