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
// any other). The declared version is compared by Major.Minor: spec §3.6
// identifies a version so and ignores a patch number, so an interface
// declaring "1.0.1" speaks 1.0 (contract-model §3 rule 5); the request's
// own A2A-Version stays exactly "1.0" (agent.checkVersion). A client that
// follows the card passes; one that ignores a tenant, or sends 1.0
// requests to an interface of another version, is refused, so a completed
// task proves it followed. A binding the card does not list is not judged
// here: the peer serves what it offers.
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
			speaks = speaks || majorMinor(i.ProtocolVersion) == call.Version
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

// majorMinor is version v as spec §3.6 identifies it, its patch number
// dropped: "1.0.1" is "1.0"; "1.0" and "2" are themselves. A slice of v:
// this runs for every call.
func majorMinor(v string) string {
	major := strings.IndexByte(v, '.')
	if major < 0 {
		return v
	}
	if minor := strings.IndexByte(v[major+1:], '.'); minor >= 0 {
		return v[:major+1+minor]
	}
	return v
}

// quoteTenant quotes client-supplied text for an error message, clipped.
func quoteTenant(t string) string {
	if len(t) > 64 {
		t = t[:64] + "…"
	}
	return `"` + strings.ToValidUTF8(t, "?") + `"`
}
