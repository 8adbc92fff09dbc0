package mockpeer

import (
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
	// Counted and looked at in place: this runs for every call.
	listed, tenant, speaks := false, -1, false
	for n := range card.SupportedInterfaces {
		i := &card.SupportedInterfaces[n]
		if i.ProtocolBinding != call.Binding {
			continue
		}
		listed = true
		if i.Tenant == call.Tenant {
			if tenant < 0 {
				tenant = n
			}
			speaks = speaks || i.ProtocolVersion == call.Version
		}
	}
	switch {
	case !listed:
		return nil
	case tenant < 0:
		return agent.Errorf(wire.ErrPermissionDenied, "the agent card lists no "+call.Binding+
			" interface for tenant "+quoteTenant(call.Tenant))
	case !speaks:
		return agent.Errorf(wire.ErrVersionNotSupported, "the agent card's "+call.Binding+" interface for tenant "+
			quoteTenant(call.Tenant)+" declares protocolVersion "+quoteTenant(card.SupportedInterfaces[tenant].ProtocolVersion))
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
