package mockpeer

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/agent"
)

// maxRequestBody bounds what the router reads of a request; the protocol
// layer applies its own, smaller limit to A2A calls.
const maxRequestBody = 8 << 20

// routeOf names the route a path belongs to.
func routeOf(path string) string {
	switch {
	case path == wire.WellKnownCardPath:
		return RouteCard
	case path == TokenPath:
		return RouteToken
	case path == JWKSPath:
		return RouteJWKS
	case path == JSONRPCPath, path == RESTPath, strings.HasPrefix(path, RESTPath+"/"):
		return RouteA2A
	case strings.HasPrefix(path, AdminPrefix):
		return RouteAdmin
	}
	return RouteUnmatched
}

// ServeHTTP routes one request and journals it, whatever happens to it.
// The farm serves each peer on its own listener; calling ServeHTTP directly
// (httptest) reaches the same routes, journal included.
func (p *Peer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f := p.farm
	if !f.enter() {
		http.Error(w, "mock peer farm closed", http.StatusServiceUnavailable)
		return
	}
	defer f.leave()

	seq, arrival := f.journal.reserve(), f.now()
	route := routeOf(r.URL.Path)
	var body []byte
	var readFault bool
	if r.Body != nil && r.Body != http.NoBody {
		var err error
		body, err = io.ReadAll(io.LimitReader(r.Body, maxRequestBody+1))
		readFault = err != nil || len(body) > maxRequestBody
		r.Body = io.NopCloser(bytes.NewReader(body))
	}

	d := &draft{cardVersion: -1}
	call := &agent.Call{}
	r = r.WithContext(agent.WithCall(withDraft(r.Context(), d), call))
	current := p.inForce()
	d.arrivalVersion = current.n
	d.auth.Presented = p.presented(r, body)
	d.auth.SatisfiesCurrent = p.satisfies(r, current)

	rec := newRecorder(w)
	switch {
	case readFault:
		writeJSON(rec, http.StatusRequestEntityTooLarge, map[string]string{
			"error": "request_too_large", "message": "the request body could not be read whole",
		})
	case route == RouteCard:
		p.serveCard(rec, r, d)
	case route == RouteToken:
		p.serveToken(rec, r)
	case route == RouteJWKS:
		p.serveJWKS(rec, r)
	case route == RouteA2A && r.URL.Path == JSONRPCPath:
		p.jsonrpc.ServeHTTP(rec, r)
	case route == RouteA2A:
		http.StripPrefix(RESTPath, p.rest).ServeHTTP(rec, r)
	case route == RouteAdmin:
		p.serveAdmin(rec, r)
	default:
		writeJSON(rec, http.StatusNotFound, map[string]string{
			"error":   "not_found",
			"message": "mock peer " + p.spec.Name + " has no route for " + r.Method + " " + r.URL.Path,
		})
	}
	p.record(seq, arrival, route, r, body, rec, d, call)
}

// record builds, redacts and journals the exchange of one request.
func (p *Peer) record(seq int64, at time.Time, route string, r *http.Request, body []byte, rec *recorder, d *draft, call *agent.Call) {
	e := Exchange{
		Seq:             seq,
		Time:            at,
		Peer:            p.spec.Name,
		Origin:          p.origin,
		Route:           route,
		Method:          r.Method,
		Path:            r.URL.Path,
		Query:           r.URL.RawQuery,
		Header:          cloneHeader(r.Header),
		Body:            string(body[:min(len(body), maxRecordedBody+captureMargin)]),
		Status:          rec.statusCode(),
		Response:        string(rec.body),
		A2AVersion:      firstValue(r.Header, versionHeaderKey),
		TaskID:          d.taskID,
		StateBefore:     d.stateBefore,
		StateAfter:      d.stateAfter,
		Auth:            d.auth,
		RequestMetadata: d.requestMetadata,
		Extensions:      headerList(r.Header[extensionsHeaderKey]),
	}
	if r.Host != "" {
		e.Header["Host"] = []string{r.Host}
	}
	if e.A2AVersion == "" && r.URL.RawQuery != "" {
		e.A2AVersion = r.URL.Query().Get(wire.HeaderVersion)
	}
	if route == RouteA2A {
		e.Op, e.Binding, e.ErrorCode, e.Malformed = call.Op, call.Binding, call.ErrorCode, call.Malformed
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
	// A card response names the version it served; any other exchange the
	// version in force when it arrived, which is what the client was up
	// against (a send that fires a rotation was still made under the old one).
	e.CardVersion = d.cardVersion
	if e.CardVersion < 0 {
		e.CardVersion = d.arrivalVersion
	}
	e.ContractHash = p.versions[e.CardVersion].hash
	p.farm.secrets.redact(&e)
	p.farm.journal.append(e)
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
