package mockpeer

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strconv"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// Admin API paths, under AdminPrefix on the farm's admin listener (never
// on a peer's origin). Calls that act on one peer name it with ?peer=NAME,
// which may be left out when the farm has a single peer.
const (
	AdminJournalPath = AdminPrefix + "journal" // GET; ?after=SEQ for the newer ones
	AdminCardPath    = AdminPrefix + "card"    // GET
	AdminRotatePath  = AdminPrefix + "rotate"  // POST ?to=N|next; every peer with ?all
	AdminResetPath   = AdminPrefix + "reset"   // POST; every peer without ?peer=
	// POST; TLS only. The switch PresentImpostor makes, and its way back.
	AdminImpostorPath = AdminPrefix + "impostor"
	AdminGenuinePath  = AdminPrefix + "genuine"
)

// CardVersionHeader carries the version number of /_conform/card answers.
const CardVersionHeader = "X-Card-Version"

// JournalCountsHeader carries, on /_conform/journal answers, the journal's
// counts as JSON: how many exchanges were seen, kept and dropped.
const JournalCountsHeader = "X-Journal-Counts"

// adminIdentity is the TLS identity of the admin listener.
const adminIdentity = "a2a-conform-admin"

// adminServer is the WireMock-style control surface of a farm, on its own
// loopback listener and behind a per-run bearer secret, so that the client
// under test can neither reach it by accident nor use it if it finds it.
type adminServer struct {
	f        *Farm
	listener net.Listener
	server   *http.Server
	origin   string
	views    adminViews
}

// AdminURL is the origin of the farm's admin listener ("https://127.0.0.1:PORT").
func (f *Farm) AdminURL() string { return f.admin.origin }

// AdminSecret is the bearer secret every admin call must carry:
// "Authorization: Bearer SECRET". It is made for the run and never given
// to the client; the journal redacts it as [REDACTED:admin-secret].
func (f *Farm) AdminSecret() string { return f.secrets.admin }

// adminHost is where the admin listener is: its host in AdminAddr, or
// loopback.
func adminHost(spec FarmSpec) string {
	host, _, _ := listenAddr(PeerSpec{Name: "admin", Addr: spec.AdminAddr})
	return host
}

func (f *Farm) bindAdmin(ctx context.Context, scheme string) error {
	host, addr, err := listenAddr(PeerSpec{Name: "admin", Addr: f.spec.AdminAddr})
	if err != nil {
		return err // validate has ruled it out
	}
	var lc net.ListenConfig
	l, err := lc.Listen(ctx, "tcp", addr)
	if err != nil {
		return fmt.Errorf("mockpeer: admin listener: listen on %s: %w", addr, err)
	}
	port := strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
	f.admin = &adminServer{f: f, listener: l, origin: scheme + "://" + net.JoinHostPort(host, port)}
	return nil
}

// ServeHTTP authenticates, serves and journals one admin call. A call
// without the secret is journaled as an unmatched request: only the client
// under test has reason to make one, and the checks judge it.
func (a *adminServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if a.serveView(w, r) {
		return
	}
	a.f.intake(w, r, func(in *arrival) { a.serveAdmitted(in, r) })
}

// serveAdmitted authenticates and serves an admitted call, then journals it.
func (a *adminServer) serveAdmitted(in *arrival, r *http.Request) {
	f, rec := a.f, &in.rec
	route, peer := journal.RouteAdmin, ""
	cred := a.credential(r)
	if a.views.view(r.URL.Path) != nil && r.URL.Query().Has(AdminKeyParam) {
		cred = noCredential // a view's key was wrong, whatever else came with it
	}
	switch {
	case cred == noCredential:
		route = journal.RouteUnmatched
		message := "the admin API needs the run's admin secret as a bearer token"
		if a.views.view(r.URL.Path) != nil {
			message = "open this page with ?" + AdminKeyParam + "=SECRET, the admin secret a2a-conform peer or farm printed"
		}
		rec.Header().Set("WWW-Authenticate", `Bearer realm="a2a-conform admin"`)
		writeJSON(rec, http.StatusUnauthorized, map[string]string{"error": "unauthorized", "message": message})
	case a.crossOrigin(r, cred):
		route = journal.RouteUnmatched
		writeJSON(rec, http.StatusForbidden, map[string]string{
			"error": "forbidden", "message": "an admin call made with the session cookie must come from the admin origin " + a.origin,
		})
	default:
		peer = a.serve(rec, r)
	}
	e := in.exchange(route, r)
	e.Peer, e.Origin = peer, a.origin
	switch {
	case cred == noCredential:
		e.Malformed = "admin API call without the run's admin secret"
	case route == journal.RouteUnmatched:
		e.Malformed = "admin API call with the session cookie from another origin"
	}
	if p := f.byName[peer]; p != nil {
		e.CardVersion = p.Version()
		e.ContractHash = p.versions[e.CardVersion].contractHash()
	}
	e.Auth.Presented = in.tap.presented() // and what the rest of the request held, found when sealed
	f.store(&e, in)
}

// serve answers an authorized call; it returns the peer it acted on.
func (a *adminServer) serve(w http.ResponseWriter, r *http.Request) string {
	route := map[string]struct {
		method string
		serve  func(http.ResponseWriter, *http.Request, *Peer)
		farm   bool // may act on the whole farm
	}{
		AdminJournalPath:  {http.MethodGet, a.journal, true},
		AdminCardPath:     {http.MethodGet, a.card, false},
		AdminRotatePath:   {http.MethodPost, a.rotate, true},
		AdminResetPath:    {http.MethodPost, a.reset, true},
		AdminImpostorPath: {http.MethodPost, a.impostor, false},
		AdminGenuinePath:  {http.MethodPost, a.genuine, false},
	}[r.URL.Path]
	switch {
	case route.serve == nil && a.views.view(r.URL.Path) != nil:
		methodNotAllowed(w, "GET, HEAD", r.URL.Path+" is a read-only view")
		return ""
	case route.serve == nil:
		writeJSON(w, http.StatusNotFound, map[string]string{
			"error": "not_found", "message": "no admin endpoint " + r.URL.Path,
		})
		return ""
	case r.Method != route.method:
		methodNotAllowed(w, route.method, r.URL.Path+" answers "+route.method)
		return ""
	}
	p, fault := a.peer(r)
	if fault == "" && p == nil && !route.farm {
		fault = "name a peer with ?peer= (this farm has " + strconv.Itoa(len(a.f.peers)) + ")"
	}
	if fault != "" {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "bad_peer", "message": fault})
		return ""
	}
	route.serve(w, r, p)
	if p == nil {
		return ""
	}
	return p.spec.Name
}

// peer resolves ?peer=; nil without one on a farm of several peers.
func (a *adminServer) peer(r *http.Request) (*Peer, string) {
	name := r.URL.Query().Get("peer")
	switch {
	case name != "":
		if p := a.f.byName[name]; p != nil {
			return p, ""
		}
		return nil, "no peer " + strconv.Quote(name) + " in this farm"
	case len(a.f.peers) == 1:
		return a.f.peers[0], ""
	}
	return nil, ""
}

// journal streams the farm's journal as JSON lines, record by record;
// with ?peer=NAME only that peer's exchanges (admin calls on it included).
func (a *adminServer) journal(w http.ResponseWriter, r *http.Request, p *Peer) {
	after, _ := strconv.ParseInt(r.URL.Query().Get("after"), 10, 64)
	peer := ""
	if r.URL.Query().Has("peer") {
		peer = p.spec.Name
	}
	counts, _ := json.Marshal(a.f.journal.Counts())
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set(JournalCountsHeader, string(counts))
	_ = a.f.journal.WriteJSONLinesAfter(w, after, peer) // a write error means the caller is gone
}

// card answers the bytes of the card in force.
func (a *adminServer) card(w http.ResponseWriter, _ *http.Request, p *Peer) {
	v := p.inForce()
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set(CardVersionHeader, strconv.Itoa(v.n))
	w.Header().Set("Content-Length", strconv.Itoa(len(v.raw)))
	_, _ = w.Write(v.raw)
}

// reset resets p, or every peer when p is nil.
func (a *adminServer) reset(w http.ResponseWriter, _ *http.Request, p *Peer) {
	peers := a.f.peers
	if p != nil {
		peers = []*Peer{p}
	}
	for _, p := range peers {
		p.Reset()
	}
	writeJSON(w, http.StatusOK, map[string]int{"version": 0})
}

// loopbackCaller reports whether remoteAddr is on 127.0.0.0/8 or ::1.
func loopbackCaller(remoteAddr string) bool {
	host, _, err := net.SplitHostPort(remoteAddr)
	if err != nil {
		host = remoteAddr
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
