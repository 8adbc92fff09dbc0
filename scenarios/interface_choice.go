package scenarios

import (
	"fmt"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// Which interface a client picks. Spec §8.3.2: select the first supported
// interface, prefer earlier entries, and name the entry's tenant in every
// request. Both cards list every interface on the card's own origin, each
// twice per binding on the same url, told apart by their tenants (which
// the peer journals, and whose interface it enforces: a 1.0 request under
// a 0.3 interface's tenant is refused). Nothing about authority is at
// stake: only the choice among interfaces the card is authoritative for.

// Tenants of the two interfaces per binding.
const (
	tenantLegacy  = "legacy"
	tenantCurrent = "current"
	tenantFirst   = "first"
	tenantSecond  = "second"
)

// twoPerBinding is bearerCard with each of its three interfaces (JSON-RPC,
// HTTP+JSON, gRPC) named first, then each again as second: six interfaces,
// the first three first.
func twoPerBinding(peer, first, second string) mockpeer.CardBuilder {
	b := bearerCard(peer)
	for i := range 3 {
		b = b.InterfaceTenant(i, first)
	}
	for i := range 3 {
		b = b.AddInterface(i, second)
	}
	return b
}

// A dual-stack agent lists its 0.3 interfaces first (spec §3.6.2: an agent
// may expose several versions over one transport, on the same url). The
// client speaks 1.0, so the earlier entries are not supported interfaces
// for it: it skips them (a client that takes the first entry of its
// binding whatever its version sends 1.0 under the 0.3 tenant) and never
// falls back to 0.3, which it does not speak (a2a-dotnet#331 asks for such
// a fallback; a 1.0 client that falls back silently loses what 1.0 has).
var _ = register(bearerPeer(Scenario{
	ID:     "older-version-listed-first",
	Family: FamilyVersions, Rank: 30,
	Title: "the card lists a 0.3 interface before the 1.0 interface of each binding",
	Description: "The card lists six interfaces on its own origin: for each binding (JSON-RPC, HTTP+JSON, gRPC) an " +
		"interface declaring protocolVersion \"0.3\" under tenant \"" + tenantLegacy + "\", then, after all three, the " +
		"same urls declaring \"1.0\" under tenant \"" + tenantCurrent + "\". The peer refuses a 1.0 request under the " +
		"0.3 interface's tenant, and serves the 1.0 ones.",
	Requirements: []Requirement{
		{
			ID: "PICK-001", Level: Must, Profile: ProfileCore,
			Text: "The client MUST NOT send any request to an interface declaring protocol version 0.3, listed before a 1.0 " +
				"interface of the same binding: every A2A request names the 1.0 interface's tenant and carries `A2A-Version: 1.0`.",
			Ref: "contract-model §3 rule 5; A2A v1.0 spec §3.6.1, §3.6.2, §8.3.2; A2ACLI_VER_001; " +
				"https://github.com/a2aproject/a2a-dotnet/issues/331",
			Check: onlyInterfaceAt1(tenantCurrent),
		},
		mustComplete("PICK-002", "The client MUST complete the task on the 1.0 interface (the positive control).",
			"contract-model §3 rule 5; A2A v1.0 spec §8.3.2"),
	},
}, mockpeer.PeerSpec{
	Cards: []mockpeer.CardFunc{legacyFirst("A").Build},
	Task:  mockpeer.TaskScript{Steps: completingSteps()},
}))

// legacyFirst is twoPerBinding with the 0.3 interfaces first.
func legacyFirst(peer string) mockpeer.CardBuilder {
	b := twoPerBinding(peer, tenantCurrent, tenantLegacy)
	for i := range 3 {
		b = b.InterfaceProtocolVersion(3+i, "0.3").SwapInterfaces(i, 3+i)
	}
	return b
}

// The same binding twice on one origin, both 1.0: the card's order says
// which it prefers, and the client uses the first (the JS SDK keeps the
// last entry per binding instead). Both are served, so a client taking the
// last completes: only the choice tells them apart.
var _ = register(bearerPeer(Scenario{
	ID:     "duplicate-binding-order",
	Family: FamilyVersions, Rank: 40,
	Title: "the card lists each binding twice on its own origin",
	Description: "The card lists six interfaces on its own origin, all protocolVersion \"1.0\": one per binding " +
		"(JSON-RPC, HTTP+JSON, gRPC) under tenant \"" + tenantFirst + "\", then the same urls again under tenant \"" +
		tenantSecond + "\". The peer serves both.",
	Requirements: []Requirement{
		{
			ID: "PICK-003", Level: Must, Profile: ProfileCore,
			Text: "Of two interfaces of the binding it uses, the client MUST use the one the card lists first: every A2A " +
				"request names the first interface's tenant.",
			Ref:   "A2A v1.0 spec §8.3.1, §8.3.2; contract-model §1",
			Check: onlyInterface(tenantFirst),
		},
		mustComplete("PICK-004", "The client MUST complete the task (the positive control).", "A2A v1.0 spec §8.3.2"),
	},
}, mockpeer.PeerSpec{
	Cards: []mockpeer.CardFunc{twoPerBinding("A", tenantFirst, tenantSecond).Build},
	Task:  mockpeer.TaskScript{Steps: completingSteps()},
}))

// onlyInterface: every A2A request names tenant, the interface the client
// should have picked; a request to a path no A2A peer serves was sent to
// no interface the card lists, and fails it too (a 0.3 client's path). A
// request the peer refused before reading it (Malformed) named no
// interface it served. A tenant the journal cut was longer than any the
// card lists, so it fails.
func onlyInterface(tenant string) func(*Evidence) Judgement {
	return func(ev *Evidence) Judgement {
		return pickedInterface(ev, tenant, false)
	}
}

// onlyInterfaceAt1 is onlyInterface, every request also labelled
// A2A-Version 1.0: an unlabelled one is a 0.3 request (spec §3.6.2), sent
// to the 0.3 interface whatever its tenant.
func onlyInterfaceAt1(tenant string) func(*Evidence) Judgement {
	return func(ev *Evidence) Judgement {
		return pickedInterface(ev, tenant, true)
	}
}

func pickedInterface(ev *Evidence, tenant string, labelled bool) Judgement {
	calls := ev.Select(func(ex mockpeer.Exchange) bool {
		return ex.Route == mockpeer.RouteA2A || ex.Route == mockpeer.RouteUnmatched
	})
	if len(calls) == 0 {
		return notApplicable("the client sent no A2A request")
	}
	want := fmt.Sprintf("every A2A request to the interface under tenant %q", tenant)
	if labelled {
		want += ", labelled A2A-Version " + wire.ProtocolVersion
	}
	for _, ex := range calls {
		switch {
		case ex.Route == mockpeer.RouteUnmatched:
			return failed(want, fmt.Sprintf("#%d %s %s: a path no interface of the card has", ex.Seq, ex.Method, ex.Path), ex.Seq)
		case labelled && ex.A2AVersion != wire.ProtocolVersion:
			return failed(want, fmt.Sprintf("%s at #%d carried A2A-Version %q%s", opOrPath(ex), ex.Seq, clip(ex.A2AVersion, 64),
				cutNote(ex, "a2aVersion")), ex.Seq)
		case ex.Malformed != "":
			// Refused before the peer read which interface it named: GEN-001
			// and GEN-002 judge it, it reached no interface.
		case ex.Tenant != tenant:
			return failed(want, fmt.Sprintf("%s at #%d named tenant %q%s", ex.Op, ex.Seq, clip(ex.Tenant, 64), cutNote(ex, "tenant")), ex.Seq)
		}
	}
	return passed()
}
