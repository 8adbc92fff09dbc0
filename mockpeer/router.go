package mockpeer

import (
	"net/http"
	"strings"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/agent"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// routeOf names the route a path belongs to on a peer serving the HTTP
// bindings at paths. The admin API is not served on a peer's origin: a
// request there under AdminPrefix is unmatched, and judged like any other
// request the client makes.
func routeOf(path string, at a2aPaths) string {
	switch {
	case path == at.card, path == MovedCardPath:
		return journal.RouteCard
	case path == TokenPath:
		return journal.RouteToken
	case path == JWKSPath:
		return journal.RouteJWKS
	case path == at.jsonrpc, path == at.rest, strings.HasPrefix(path, at.restBelow):
		return journal.RouteA2A
	case strings.HasPrefix(path, agent.GRPCPathPrefix):
		return journal.RouteA2A
	}
	return journal.RouteUnmatched
}

// ServeHTTP routes one request and journals it, whatever happens to it.
// The farm serves each peer on its own listener; calling ServeHTTP directly
// (httptest) reaches the same routes, journal included.
func (p *Peer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	connSeq := onRequest(r)
	p.farm.intake(w, r, func(in *arrival) { in.connSeq = connSeq; p.serve(in, r) })
}

// arrival is what a listener takes of a request before serving it: its
// place in the journal, its time, and the recorder and body tap its
// exchange is sealed from. It holds them, and the request's draft, so that
// a request's state is one allocation instead of four.
type arrival struct {
	seq     int64
	connSeq int64 // the connection record's Seq (journal.Exchange.ConnSeq)
	at      time.Time
	rec     recorder
	tap     bodyTap
	draft   draft // what serve collects; cardVersion -1 until a card is served
	ctx     draftContext
	stored  bool // its exchange is in the journal
}

// intake admits one request and hands it to serve, which journals it. A
// farm that has closed answers 503 and journals nothing.
func (f *Farm) intake(w http.ResponseWriter, r *http.Request, serve func(*arrival)) {
	if !f.enter() {
		http.Error(w, "mock peer farm closed", http.StatusServiceUnavailable)
		return
	}
	defer f.leave()
	limit := f.journal.Limits().CaptureBytes()
	in := &arrival{draft: draft{cardVersion: -1}}
	in.rec.start(w, r, f.limits.WriteTimeout, limit)
	in.seq, in.at = f.journal.Reserve(), f.now()
	tapBody(&in.tap, w, &in.rec.rc, r, f.limits, limit, f.secrets)
	defer f.lost.unlessStored(in, r)
	serve(in)
}

// serve routes an admitted request and journals it, as the client sent it.
func (p *Peer) serve(in *arrival, sent *http.Request) {
	r := withoutDotSegments(sent)
	route, rec := routeOf(r.URL.Path, p.paths), &in.rec
	switch {
	case route == journal.RouteA2A && !p.offers(bindingAt(r.URL.Path, p.paths)):
		route = journal.RouteUnmatched // a binding this peer does not offer has no route
	case r.URL.Path == MovedCardPath && !p.movesCard():
		route = journal.RouteUnmatched // nor a card path no redirect of its points at
	}
	d := &in.draft
	call := &d.call
	in.ctx = draftContext{Context: r.Context(), d: d}
	r = r.WithContext(&in.ctx)
	current := p.inForce()
	d.arrivalVersion = current.n
	d.auth.TokenState = p.farm.tokenOnArrival(r)
	d.auth.SatisfiesCurrent = p.satisfies(r, current)

	switch {
	case route == journal.RouteCard:
		p.serveCard(rec, r, d)
	case route == journal.RouteToken && p.spec.TokenRedirect.redirects(current.n):
		p.serveTokenRedirect(rec)
	case route == journal.RouteToken:
		p.serveToken(rec, r)
	case route == journal.RouteJWKS:
		p.serveJWKS(rec, r)
	case route == journal.RouteA2A && p.redirectsA2A(r.URL.Path, current.n):
		p.serveA2ARedirect(rec, r)
	case route == journal.RouteA2A && r.URL.Path == p.paths.jsonrpc:
		p.jsonrpc.ServeHTTP(rec, r)
	case route == journal.RouteA2A && bindingAt(r.URL.Path, p.paths) == wire.BindingGRPC:
		p.serveGRPC(in, r)
	case route == journal.RouteA2A:
		p.rest.ServeHTTP(rec, stripRESTPath(r, p.paths.rest))
	default:
		writeJSON(rec, http.StatusNotFound, map[string]string{
			"error":   "not_found",
			"message": "mock peer " + p.spec.Name + " has no route for " + r.Method + " " + r.URL.Path,
		})
	}
	d.auth.Presented, d.auth.Places = p.presented(r, &in.tap)
	p.record(in.exchange(route, sent), in, r, d, call)
	if d.cardFault == CardHangUp {
		panic(http.ErrAbortHandler) // journaled; now no response at all
	}
}

// exchange is the part of an Exchange every listener records alike.
func (in *arrival) exchange(route string, r *http.Request) journal.Exchange {
	e := journal.Exchange{
		Seq:        in.seq,
		Time:       in.at,
		Route:      route,
		Method:     r.Method,
		Path:       r.URL.Path,
		Query:      r.URL.RawQuery,
		Header:     cloneHeader(r.Header, r.Host),
		Status:     in.rec.statusCode(),
		Response:   in.rec.body.String(),
		A2AVersion: firstValue(r.Header, versionHeaderKey),
		Extensions: headerList(r.Header[extensionsHeaderKey]),
		Fields:     fieldCounts(r),
	}
	if e.A2AVersion == "" && r.URL.RawQuery != "" {
		e.A2AVersion = r.URL.Query().Get(wire.HeaderVersion)
	}
	return e
}

// store seals e with what was captured of its bodies and journals it.
func (f *Farm) store(e *journal.Exchange, in *arrival) {
	var bodyCut bool
	e.Body, bodyCut = in.tap.captured()
	f.seal(e, bodyCut, in.rec.cut)
	f.journal.Append(e)
	in.stored = true
}

// record adds what the peer and the protocol layer learnt to e, then
// stores it.
func (p *Peer) record(e journal.Exchange, in *arrival, r *http.Request, d *draft, call *agent.Call) {
	e.Peer, e.Origin = p.spec.Name, p.origin
	e.TaskID, e.StateBefore, e.StateAfter, e.StateVersion = d.taskID, d.stateBefore, d.stateAfter, d.stateVersion
	e.Auth, e.RequestMetadata = d.auth, d.requestMetadata
	e.Validators, e.RunningShown, e.Announced = d.validators, d.runningShown, d.announced
	e.SentContract = p.sentContract(d.requestMetadata)
	if e.Route == journal.RouteA2A {
		e.Op, e.Binding, e.ErrorCode, e.Malformed = call.Op, call.Binding, call.ErrorCode, call.Malformed
		e.Tenant = call.Tenant
		e.Blocking = d.blocking
		if call.Extensions != nil {
			e.Extensions = call.Extensions
		}
		if e.TaskID == "" {
			e.TaskID = call.TaskID
		}
	}
	if cert := verifiedClient(r); cert != nil {
		e.TLSClient = cert.Subject.CommonName
	}
	e.ConnSeq = in.connSeq
	// A card response names the version it served; any other exchange the
	// version in force when it arrived, which is what the client was up
	// against (a send that fires a rotation was still made under the old one).
	e.CardVersion = d.cardVersion
	if e.CardFault = string(d.cardFault); d.cardFault != "" {
		e.CardVersion = -1 // no version was served
		if d.cardFault == CardHangUp {
			e.Status = 0
		}
	}
	if e.CardVersion < 0 {
		e.CardVersion = d.arrivalVersion
	}
	e.ContractHash = p.versions[e.CardVersion].contractHash()
	p.farm.store(&e, in)
}

// Canonical forms of the A2A header names, computed once: http.Header.Get
// canonicalises its argument on every call ("A2A-Version" is not canonical).
var (
	versionHeaderKey    = http.CanonicalHeaderKey(wire.HeaderVersion)
	extensionsHeaderKey = http.CanonicalHeaderKey(wire.HeaderExtensions)
)

func firstValue(h http.Header, key string) string {
	if v := h[key]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// sentContract reads the frozen-contract hash a task-creating call's
// metadata carried (requestMetadata, whole: the journal bounds its copy).
func (p *Peer) sentContract(meta map[string]any) *journal.SentContract {
	ext, _ := meta[FrozenContractExtension].(map[string]any)
	h, ok := ext["contractHash"].(string)
	if !ok {
		return nil
	}
	for _, v := range p.versions {
		if v.contractHash() == h {
			return &journal.SentContract{Hash: h}
		}
	}
	return &journal.SentContract{}
}

// stripRESTPath is r below restPath (a peer's RESTPath, under its
// A2APrefix if any), which routeOf matched on the decoded path.
// http.StripPrefix would refuse a request whose escaped path spells the
// prefix otherwise ("/a2a/%72est": the same path, RFC 3986 §6.2.2.2), so
// the escaped path is cut after as many segments as the prefix has.
func stripRESTPath(r *http.Request, restPath string) *http.Request {
	r2 := new(http.Request)
	*r2 = *r
	u := *r.URL
	r2.URL = &u
	u.Path = strings.TrimPrefix(r.URL.Path, restPath)
	if r.URL.RawPath != "" {
		cut := strings.Count(restPath, "/") + 1 // the slashes up to the one after the prefix
		segments := strings.SplitAfterN(r.URL.RawPath, "/", cut+1)
		u.RawPath = ""
		if len(segments) == cut+1 {
			u.RawPath = "/" + segments[cut]
		}
	}
	return r2
}
