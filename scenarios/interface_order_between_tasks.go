package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// duplicate-binding-order across a session: between two tasks the card
// reverses the order of the two interfaces of each binding. Which one the
// client uses is decided on the card the task is planned on (contract
// model §3 rule 5), never kept from an earlier card: both are served, so a
// client that keeps the session's first choice in front
// (sticky-interface) completes, and only the tenant it names tells it
// apart. No other scenario of the catalog reorders the usable interfaces
// of a card between tasks.
var _ = register(routing(Scenario{
	ID:     "interface-order-between-tasks",
	Family: FamilyVersions, Rank: 45,
	Title: "the card reverses the order of the two interfaces of each binding between tasks",
	Description: "As `duplicate-binding-order`: the card lists six interfaces on its own origin, all protocolVersion " +
		"\"1.0\", one per binding (JSON-RPC, HTTP+JSON, gRPC) under tenant \"" + tenantFirst + "\", then the same urls " +
		"again under tenant \"" + tenantSecond + "\". Between the tasks the card lists the \"" + tenantSecond + "\" " +
		"interfaces first, then the \"" + tenantFirst + "\" ones. The peer serves both throughout.",
	Grants: mockpeer.Grants{Bearer: true},
	Requirements: []Requirement{
		atTask(1, Requirement{
			ID: "PICK-005", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text: "In the first task the client MUST use, of the two interfaces of its binding, the one the card lists " +
				"first: every A2A request names tenant \"" + tenantFirst + "\".",
			Ref:   "contract-model §3 rule 5; A2A v1.0 spec §8.3.2",
			Check: onlyInterface(tenantFirst),
		}),
		atTask(2, Requirement{
			ID: "PICK-006", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text: "In the second task, planned on the card that now lists the \"" + tenantSecond + "\" interfaces first, the " +
				"client MUST use the one that card lists first: every A2A request names tenant \"" + tenantSecond + "\", " +
				"not the interface it chose on an earlier card.",
			Ref:   "contract-model §3 rules 2 and 5; A2A v1.0 spec §8.3.2",
			Check: onlyInterface(tenantSecond),
		}),
		controlTask("PICK-007", verdict.ProfileCore, 1, "The client MUST complete the first task (the positive control).",
			"A2A v1.0 spec §8.3.2"),
		controlTask("PICK-008", verdict.ProfileCore, 2, "The client MUST complete the second task, under the reordered card "+
			"(the positive control: the interface it chose before is still served).", "contract-model §3 rule 2; A2A v1.0 spec §8.3.2"),
	},
}, mockpeer.PeerSpec{
	Cards: []mockpeer.CardFunc{
		twoPerBinding("A", tenantFirst, tenantSecond).Build,
		twoPerBinding("A", tenantSecond, tenantFirst).Build,
	},
}))
