package mockpeer

import (
	"slices"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/agent"
)

// interfaceFault is the peer enforcing the routing fields of the card in
// force: a request over a binding the card lists must name the tenant of
// one of that binding's interfaces, and that interface must declare the
// protocol version the request speaks (A2A 1.0: the protocol layer refuses
// any other). A client that follows the card passes; one that ignores a
// tenant, or sends 1.0 requests to an interface of another version, is
// refused, so a completed task proves it followed. A binding the card does
// not list is not judged here: the peer serves what it offers.
func interfaceFault(card *wire.AgentCard, call *agent.Call) *agent.Error {
	var listed, tenants []wire.AgentInterface
	for _, i := range card.SupportedInterfaces {
		if i.ProtocolBinding != call.Binding {
			continue
		}
		listed = append(listed, i)
		if i.Tenant == call.Tenant {
			tenants = append(tenants, i)
		}
	}
	switch {
	case len(listed) == 0:
		return nil
	case len(tenants) == 0:
		return agent.Errorf(wire.ErrPermissionDenied, "the agent card lists no "+call.Binding+
			" interface for tenant "+quoteTenant(call.Tenant))
	case !slices.ContainsFunc(tenants, func(i wire.AgentInterface) bool { return i.ProtocolVersion == call.Version }):
		return agent.Errorf(wire.ErrVersionNotSupported, "the agent card's "+call.Binding+" interface for tenant "+
			quoteTenant(call.Tenant)+" declares protocolVersion "+quoteTenant(tenants[0].ProtocolVersion))
	}
	return nil
}

// quoteTenant quotes client-supplied text for an error message, clipped.
func quoteTenant(t string) string {
	if len(t) > 64 {
		t = t[:64] + "…"
	}
	return `"` + strings.ToValidUTF8(t, "?") + `"`
}
