// Package live is the live view of a standalone farm (`a2a-conform peer`):
// a page on the farm's admin listener that draws report.html's sequence
// diagram as exchanges arrive, pushed by server-sent events, with a button
// for each card version of each peer and for reset, so that a person can
// point any client at the peers and watch it meet the scenario's changes.
//
// A farm of many copies (`a2a-conform farm`) gets the same page for one
// copy at a time (?copy=K), under an overview of the whole farm: the
// busiest copies, the counts, and buttons that rotate or reset every peer.
//
// The page is behind the admin secret (mockpeer.Farm.MountAdminView): it
// is opened once with the secret as its key, which trades it for a session
// cookie; the buttons call the admin API with that cookie.
package live

import (
	"context"
	"net/http"
	"net/url"
	"sync/atomic"
	"time"

	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// Paths of the live view on the admin listener.
const (
	Path       = mockpeer.AdminPrefix + "live" // the page
	EventsPath = Path + "/events"              // its server-sent events
)

// Timing of the view. Frames are re-rendered whole, so a flood of
// exchanges is drawn at most once per frameInterval (longer when a render
// costs more); a viewer that cannot take a frame within writeTimeout is cut.
const (
	frameInterval     = 100 * time.Millisecond
	writeTimeout      = 10 * time.Second
	keepaliveInterval = 15 * time.Second
)

// Scenario is what the page says of the scenario the farm plays.
type Scenario struct {
	ID, Title, Description string
	// CardPeer names the peer whose card URL the client is given.
	CardPeer       string
	Skill, Message string
}

// View is the live view of one farm.
type View struct {
	farm   *mockpeer.Farm
	copies []Copy
	copyOf map[string]int // farm peer name → its copy's index
	// peerAt names the peer at each origin, for the cards' summaries.
	peerAt map[string]string
	// commonVersions is how many card versions every peer has: the
	// versions the farm overview can put in force everywhere at once.
	commonVersions int
	hubs           *copyHubs
	renders        atomic.Int64
}

// Mount serves the live view of farm, whose peers play sc, on its admin
// listener until ctx ends.
func Mount(ctx context.Context, farm *mockpeer.Farm, sc Scenario) (*View, error) {
	c := Copy{Name: "1", Scenario: sc}
	for _, p := range farm.Peers() {
		c.Peers = append(c.Peers, p.Name())
	}
	return MountFarm(ctx, farm, []Copy{c})
}

// MountFarm serves the live view of a farm of copies on its admin listener
// until ctx ends. With one copy it is Mount's page.
func MountFarm(ctx context.Context, farm *mockpeer.Farm, copies []Copy) (*View, error) {
	if err := checkCopies(farm, copies); err != nil {
		return nil, err
	}
	v := &View{farm: farm, copies: copies, copyOf: map[string]int{}, peerAt: map[string]string{}}
	for i, c := range copies {
		for _, name := range c.Peers {
			v.copyOf[name] = i
		}
	}
	for i, p := range farm.Peers() {
		v.peerAt[p.Origin()] = p.Name()
		if i == 0 || p.CardVersions() < v.commonVersions {
			v.commonVersions = p.CardVersions()
		}
	}
	v.hubs = newCopyHubs(ctx, v.render, farm.Journal().Watch)
	if err := farm.MountAdminView(Path, v); err != nil {
		return nil, err
	}
	return v, nil
}

// Changed tells the view of a change the journal does not record, such as
// a rotation on a schedule: its viewers get a fresh frame.
func (v *View) Changed() { v.hubs.signal() }

// isFarm: the page shows the farm overview and one copy at a time.
func (v *View) isFarm() bool { return len(v.copies) > 1 }

// URL is the page's address with the admin secret as its key, for the
// operator only: opening it once gives the browser the session cookie,
// and the page then redirects to Path without the key.
func (v *View) URL() string {
	return v.farm.AdminURL() + Path + "?" + mockpeer.AdminKeyParam + "=" + url.QueryEscape(v.farm.AdminSecret())
}

// ServeHTTP serves the page and its events; the farm has authorized the
// request (see mockpeer.Farm.MountAdminView).
func (v *View) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.URL.Path {
	case Path:
		v.servePage(w, r)
	case EventsPath:
		v.serveEvents(w, r)
	default:
		http.NotFound(w, r)
	}
}
