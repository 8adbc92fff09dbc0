package mockpeer

import (
	"net/http"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// redirectsA2A reports whether the peer answers an A2A request at path with
// its A2ARedirect while card version v is in force: only the HTTP bindings
// are redirected (gRPC has no redirects; a 3xx there is no answer).
func (p *Peer) redirectsA2A(path string, v int) bool {
	rd := p.spec.A2ARedirect
	if !rd.redirects(v) {
		return false
	}
	b := bindingAt(path, p.paths)
	return b == wire.BindingJSONRPC || b == wire.BindingHTTPJSON
}

// serveA2ARedirect answers an A2A request with the peer's A2ARedirect: its
// status and, as Location, the same binding's endpoint on peer To, the
// HTTP+JSON operation's path and the query kept, as a server that moved its
// API elsewhere answers. Nothing of the request is served here.
func (p *Peer) serveA2ARedirect(w http.ResponseWriter, r *http.Request) {
	rd := p.spec.A2ARedirect
	to := p.farm.byName[rd.To]
	loc := to.origin + to.paths.jsonrpc
	if bindingAt(r.URL.Path, p.paths) == wire.BindingHTTPJSON {
		loc = to.origin + to.paths.rest + strings.TrimPrefix(r.URL.Path, p.paths.rest)
	}
	if r.URL.RawQuery != "" {
		loc += "?" + r.URL.RawQuery
	}
	w.Header().Set("Location", loc)
	w.WriteHeader(rd.Status)
}

// serveTokenRedirect answers a token request with the peer's TokenRedirect:
// its status and, as Location, peer To's token endpoint. The request is not
// served here: no secret is checked, no token minted.
func (p *Peer) serveTokenRedirect(w http.ResponseWriter) {
	rd := p.spec.TokenRedirect
	w.Header().Set("Location", TokenURL(p.farm.byName[rd.To].origin))
	w.WriteHeader(rd.Status)
}
