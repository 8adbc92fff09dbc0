// Package live is the live view of a standalone farm (`a2a-conform peer`):
// a page on the farm's admin listener that draws report.html's sequence
// diagram as exchanges arrive, pushed by server-sent events, with a button
// for each card version of each peer and for reset, so that a person can
// point any client at the peers and watch it meet the scenario's changes.
//
// The page is behind the admin secret (mockpeer.Farm.MountAdminView): it
// is opened once with the secret as its key, which trades it for a session
// cookie; the buttons call the admin API with that cookie.
package live

import (
	"context"
	"net/http"
	"net/url"
	"time"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/suite/report"
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
	farm  *mockpeer.Farm
	sc    Scenario
	peers []peerView
	// start is each peer's card before any exchange: the diagram marks a
	// change made before a peer's first exchange too.
	start map[string]report.CardInForce
	hub   *hub
}

// Mount serves the live view of farm on its admin listener until ctx ends.
func Mount(ctx context.Context, farm *mockpeer.Farm, sc Scenario) (*View, error) {
	v := &View{farm: farm, sc: sc, start: map[string]report.CardInForce{}}
	for _, p := range farm.Peers() {
		v.peers = append(v.peers, describePeer(p, farm))
		v.start[p.Name()] = report.CardInForce{Version: 0, ContractHash: p.ContractHash(0)}
	}
	v.hub = newHub(v.render, frameInterval)
	if err := farm.MountAdminView(Path, v); err != nil {
		return nil, err
	}
	changed, stop := farm.Journal().Watch()
	go func() {
		defer stop()
		v.hub.run(ctx, changed)
	}()
	return v, nil
}

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
