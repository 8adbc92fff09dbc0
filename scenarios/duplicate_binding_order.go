package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

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
			ID: "PICK-003", Level: verdict.Must, Profile: verdict.ProfileCore,
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
