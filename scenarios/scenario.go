// Package scenarios is the catalog of a2a-conform: every scenario is a Go
// value (the peers it scripts, the credentials it grants, its deadline, its
// requirements), and every requirement checks recorded evidence. It knows
// nothing of Ginkgo; package suite turns the catalog into specs.
package scenarios

import (
	"fmt"
	"slices"
	"time"

	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// DefaultDeadline is the time a client gets for a task when a scenario
// names none. It is generous on purpose: a verdict must not depend on how
// loaded the machine is, and the only verdicts that read a clock are those
// of a client that outlives its deadline. The slowest built-in client task
// (the gallery's flood) takes a few hundred milliseconds of CPU under the
// race detector, and a few seconds of wall time beside two CPU hogs and
// three other plays (docs/reliability.md, "Verdicts and load"); a client
// that hangs is failed as surely at 30 s as at 10.
const DefaultDeadline = 30 * time.Second

// Scenario is one field failure reproduced by scripted peers.
type Scenario struct {
	ID          string
	Title       string
	Description string
	// Family and Rank place the scenario in the catalog's order (family.go):
	// every list and report shows the families in turn, each by rank.
	Family Family
	Rank   int
	// Peers are the scripted peers; CardPeer names the one whose card URL
	// the client is given ("" means the first).
	Peers    []mockpeer.PeerSpec
	CardPeer string
	Grants   mockpeer.Grants
	Skill    string
	Message  string
	Deadline time.Duration
	// Tasks is the session: the tasks handed to one client in order, with
	// the peers' changes between them. Empty means one task of Message.
	Tasks []Task
	// Requirements specific to the scenario; General() applies to all.
	Requirements []Requirement
	// Params are the parameters a generated scenario was made from
	// (package explore), shown in the reports; nil for the fixed catalog.
	Params map[string]string
}

// AllRequirements is the scenario's own requirements followed by the
// general ones, in a stable order.
func (s *Scenario) AllRequirements() []Requirement {
	return append(slices.Clone(s.Requirements), General()...)
}

// CardPeerName is the name of the peer whose card URL the client is given.
func (s *Scenario) CardPeerName() string {
	if s.CardPeer != "" {
		return s.CardPeer
	}
	return s.Peers[0].Name
}

// Task is one task of a scenario's session.
type Task struct {
	// Message is the task's text; "" means the scenario's Message.
	Message string
	// Before, if non-nil, changes the farm right before the task is handed
	// out: the peers' schedule, which no client action can avoid or
	// trigger (RotateTo, ArmRotation).
	Before func(*mockpeer.Farm) error
	// CardPeer names the peer whose card URL this task is for; "" means
	// the scenario's (CardPeerName). A session may so delegate to several
	// agents, as one long-lived client does.
	CardPeer string
}

// TaskCardPeer is the name of the peer whose card URL task t is for.
func (s *Scenario) TaskCardPeer(t Task) string {
	if t.CardPeer != "" {
		return t.CardPeer
	}
	return s.CardPeerName()
}

// SessionTasks is the session, with the scenario's defaults filled in.
func (s *Scenario) SessionTasks() []Task {
	if len(s.Tasks) == 0 {
		return []Task{{Message: s.Message}}
	}
	out := slices.Clone(s.Tasks)
	for i := range out {
		if out[i].Message == "" {
			out[i].Message = s.Message
		}
	}
	return out
}

// EffectiveDeadline is the time the client gets: Deadline, or the default.
func (s *Scenario) EffectiveDeadline() time.Duration {
	if s.Deadline > 0 {
		return s.Deadline
	}
	return DefaultDeadline
}

// catalog holds every scenario, registered by the file named after it.
var catalog []*Scenario

// register adds s to the catalog with the catalog's defaults filled in:
// every scenario delegates the same task to the same skill (cards.go).
func register(s *Scenario) *Scenario {
	if s.Skill == "" {
		s.Skill = skillSummarize
	}
	if s.Message == "" {
		s.Message = taskMessage
	}
	catalog = append(catalog, s)
	return s
}

// Catalog returns every scenario in a stable order: by family (SPEC §3's
// order, family.go), then by the rank each scenario declares.
func Catalog() []*Scenario {
	out := slices.Clone(catalog)
	slices.SortStableFunc(out, catalogOrder)
	return out
}

// Lookup finds a scenario by ID.
func Lookup(id string) (*Scenario, error) {
	for _, s := range catalog {
		if s.ID == id {
			return s, nil
		}
	}
	return nil, fmt.Errorf("scenarios: no scenario %q (see `a2a-conform list`)", id)
}

// Requirements returns every requirement of the catalog once, general last.
func Requirements() []Requirement {
	var out []Requirement
	for _, s := range Catalog() {
		out = append(out, s.Requirements...)
	}
	return append(out, General()...)
}

// RedirectsA2A reports whether a peer of the scenario answers A2A requests
// with a redirect: gRPC has none, so over it that peer serves the task and
// the scenario plays another session than over HTTP.
func (s *Scenario) RedirectsA2A() bool {
	for _, p := range s.Peers {
		if p.A2ARedirect != nil {
			return true
		}
	}
	return false
}

// CardPeerIndex is the index in Peers of the peer the client is given.
func (s *Scenario) CardPeerIndex() int {
	name := s.CardPeerName()
	for i, p := range s.Peers {
		if p.Name == name {
			return i
		}
	}
	return 0
}

// FarmSpec is the farm the scenario plays on: its peers (copied, so a
// caller may tune them; a peer without a skill gets the scenario's) and
// its grants.
func (s *Scenario) FarmSpec() mockpeer.FarmSpec {
	peers := slices.Clone(s.Peers)
	for i := range peers {
		if peers[i].Skill == "" {
			peers[i].Skill = s.Skill // the peers enforce the contract of the scenario's skill
		}
	}
	return mockpeer.FarmSpec{Peers: peers, Grants: s.Grants}
}
