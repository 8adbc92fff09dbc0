package mockpeer

import (
	"slices"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// a2aPaths are where a peer serves its card and the HTTP bindings: the
// well-known paths, the bindings' under its A2APrefix and the card at its
// CardPath if it has them. Computed once per peer, so routing a request
// concatenates nothing.
type a2aPaths struct {
	card          string
	jsonrpc, rest string
	restBelow     string // rest + "/": the operations' paths begin with it
}

func pathsUnder(prefix string) a2aPaths {
	return a2aPaths{card: wire.WellKnownCardPath,
		jsonrpc: prefix + JSONRPCPath, rest: prefix + RESTPath, restBelow: prefix + RESTPath + "/"}
}

// pathsOf are the paths ps scripts.
func pathsOf(ps PeerSpec) a2aPaths {
	at := pathsUnder(ps.A2APrefix)
	if ps.CardPath != "" {
		at.card = ps.CardPath
	}
	return at
}

// interfaceURLUnder is where a peer at origin serving under prefix serves
// binding: gRPC's url is host:port whatever the prefix.
func interfaceURLUnder(binding, origin, prefix string) string {
	switch binding {
	case wire.BindingJSONRPC:
		return JSONRPCURL(origin + prefix)
	case wire.BindingGRPC:
		return GRPCTarget(origin)
	}
	return RESTURL(origin + prefix)
}

// a2aPrefixes maps the origin of every peer with an A2APrefix to it; nil
// when no peer has one, so that a farm without prefixes builds its cards
// exactly as before.
func (f *Farm) a2aPrefixes() map[string]string {
	var prefixes map[string]string
	for _, p := range f.peers {
		if p.spec.A2APrefix == "" {
			continue
		}
		if prefixes == nil {
			prefixes = map[string]string{}
		}
		prefixes[p.origin] = p.spec.A2APrefix
	}
	return prefixes
}

// underPrefixes lists the farm-made interfaces on a prefixed peer's origin
// at that peer's urls, whichever card names them: PeerSpec.A2APrefix is the
// one place a prefix is stated, and a card of any peer naming that endpoint
// names where it is served. Other interfaces are kept as they are.
func underPrefixes(ifaces []wire.AgentInterface, origins []string, prefixes map[string]string) {
	for i, iface := range ifaces {
		origin := farmOrigin(iface, origins)
		if prefix := prefixes[origin]; prefix != "" {
			ifaces[i].URL = interfaceURLUnder(iface.ProtocolBinding, origin, prefix)
		}
	}
}

// validA2APrefix: "" or one or more "/segment" of unreserved characters
// (RFC 3986 §2.3), so that the path a card names is the path routed, with
// no dot segment a server would resolve and nothing under the admin API.
func validA2APrefix(prefix string) bool {
	return prefix == "" || validPath(prefix)
}

// validCardPath: "" or a path validA2APrefix takes that no other route of
// a peer serving at holds, so that the card is the one thing served there.
func validCardPath(path string, at a2aPaths) bool {
	if path == "" {
		return true
	}
	return validPath(path) && routeOf(path, at) == journal.RouteUnmatched
}

// validPath: one or more "/segment" of unreserved characters, outside the
// admin API.
func validPath(prefix string) bool {
	if !strings.HasPrefix(prefix, "/") || strings.HasPrefix(prefix+"/", AdminPrefix) {
		return false
	}
	return !slices.ContainsFunc(strings.Split(prefix[1:], "/"), func(seg string) bool {
		return seg == "" || seg == "." || seg == ".." || strings.Trim(seg, unreserved) != ""
	})
}

const unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
