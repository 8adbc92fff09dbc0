package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

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
			ID: "PICK-001", Level: verdict.Must, Profile: verdict.ProfileCore,
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
