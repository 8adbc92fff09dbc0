package mockpeer

import (
	"slices"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// ParseBinding maps a name `run --bindings` takes (jsonrpc, http+json,
// grpc, in any case) to its protocolBinding value.
func ParseBinding(name string) (string, bool) {
	for _, b := range AllBindings {
		if strings.EqualFold(name, b) {
			return b, true
		}
	}
	return "", false
}

// offered is spec with its cards listing only the bindings spec.Bindings
// selects on farm origins (see offerBindings), under the A2APrefix of the
// peer serving them (see underPrefixes), then respelt by spec.Respell;
// spec itself when it selects none, no peer has a prefix and it respells
// nothing.
func (f *Farm) offered(spec PeerSpec) PeerSpec {
	prefixes := f.a2aPrefixes()
	if spec.Bindings == nil && spec.Respell == nil && prefixes == nil {
		return spec
	}
	origins := make([]string, 0, len(f.peers))
	for _, p := range f.peers {
		origins = append(origins, p.origin)
	}
	offer := func(i int, build CardFunc) CardFunc {
		return func(o Origins) wire.AgentCard {
			c := build(o)
			if spec.Bindings != nil {
				c.SupportedInterfaces = offerBindings(c.SupportedInterfaces, spec.Bindings, origins)
			}
			if prefixes != nil {
				underPrefixes(c.SupportedInterfaces, origins, prefixes)
			}
			if spec.Respell != nil {
				for j, iface := range c.SupportedInterfaces {
					c.SupportedInterfaces[j].URL = spec.Respell(i, o, iface)
				}
			}
			return c
		}
	}
	cards := make([]CardFunc, len(spec.Cards))
	for i, build := range spec.Cards {
		cards[i] = offer(i, build)
	}
	spec.Cards = cards
	if ext := spec.Extended; ext != nil {
		// The extended card lists the bindings the peer offers, as its public card does.
		offered := *ext
		offered.Cards = make([]CardFunc, len(ext.Cards))
		for i, build := range ext.Cards {
			offered.Cards[i] = offer(i, build)
		}
		spec.Extended = &offered
	}
	return spec
}

// offerBindings rewrites the interfaces a card lists on farm origins. Those
// on one origin with one protocol version and tenant are a group, written
// where its first member stood:
//   - the group keeps its members whose binding is selected, in card order,
//     and gets none added: selecting all three is the default offer, and a
//     scenario that lists gRPC alone on purpose keeps doing so;
//   - a group the selection would empty gets every selected binding instead,
//     in the order of AllBindings: the card still names that endpoint.
//
// Interfaces on other urls (a foreign host, a hand-made url) are kept.
func offerBindings(ifaces []wire.AgentInterface, selected []string, origins []string) []wire.AgentInterface {
	type key struct{ origin, version, tenant string }
	groups := map[key][]string{}
	var order []key
	var placed []any // wire.AgentInterface or key, in card order
	for _, iface := range ifaces {
		origin := farmOrigin(iface, origins)
		if origin == "" {
			placed = append(placed, iface)
			continue
		}
		k := key{origin, iface.ProtocolVersion, iface.Tenant}
		if _, seen := groups[k]; !seen {
			order = append(order, k)
			placed = append(placed, k)
		}
		groups[k] = append(groups[k], iface.ProtocolBinding)
	}
	out := make([]wire.AgentInterface, 0, len(ifaces)+len(order))
	for _, item := range placed {
		k, ok := item.(key)
		if !ok {
			out = append(out, item.(wire.AgentInterface))
			continue
		}
		for _, b := range groupBindings(groups[k], selected) {
			out = append(out, wire.AgentInterface{URL: interfaceURL(b, k.origin), ProtocolBinding: b,
				ProtocolVersion: k.version, Tenant: k.tenant})
		}
	}
	return out
}

// groupBindings applies offerBindings' rules to one group's bindings.
func groupBindings(listed, selected []string) []string {
	var kept []string
	for _, b := range listed {
		if slices.Contains(selected, b) && !slices.Contains(kept, b) {
			kept = append(kept, b)
		}
	}
	if len(kept) == 0 {
		for _, b := range AllBindings {
			if slices.Contains(selected, b) {
				kept = append(kept, b)
			}
		}
	}
	return kept
}

// farmOrigin is the farm origin iface is the farm-made interface of, "" if none.
func farmOrigin(iface wire.AgentInterface, origins []string) string {
	if !slices.Contains(AllBindings, iface.ProtocolBinding) {
		return ""
	}
	for _, o := range origins {
		if iface.URL == interfaceURL(iface.ProtocolBinding, o) {
			return o
		}
	}
	return ""
}

// validateBindings refuses a selection that offers nothing or names a
// binding no peer serves.
func validateBindings(ps PeerSpec) error {
	if ps.Bindings == nil {
		return nil
	}
	if len(ps.Bindings) == 0 {
		return invalid("peer %q offers no binding (Bindings is empty, not nil)", ps.Name)
	}
	for _, b := range ps.Bindings {
		if !slices.Contains(AllBindings, b) {
			return invalid("peer %q: no binding %q (JSONRPC, HTTP+JSON or GRPC)", ps.Name, b)
		}
	}
	return nil
}
