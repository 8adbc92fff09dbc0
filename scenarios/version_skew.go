package scenarios

import (
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// An interface that speaks another protocol version is outside the 1.0
// contract calculus: sending 1.0 requests to it is a guess.
var _ = register(bearerPeer(Scenario{
	ID:     "version-skew",
	Family: FamilyVersions, Rank: 10,
	Title: "every interface of the card speaks protocol 2.0",
	Description: "The client's first task runs under a card whose interfaces speak 1.0 (the positive control). " +
		"Between the tasks the card changes: every interface it lists (JSON-RPC, HTTP+JSON, gRPC) declares protocolVersion \"2.0\".",
	Tasks: controlThen(RotateTo("A", 1)),
	Requirements: []Requirement{
		atTask(2, mustLabelOnly("SKEW-001", "The client MUST NOT send A2A 1.0 requests to an interface that declares another protocol version.",
			"contract-model §3 rule 5", "2.0")),
		atTask(2, mustAbort("SKEW-002", "The client MUST report the second task aborted with reason version-unsupported, having been served the card.",
			"contract-model §3 rule 5; docs/driver-contract.md", driver.ReasonVersionUnsupported)),
		controlTask("SKEW-003", verdict.ProfileCore, 1, "The client MUST complete the first task, under the card whose interfaces speak 1.0 (the positive control).",
			"contract-model §3 rule 5"),
	},
}, freshPeer(bearerCard("A").Build,
	bearerCard("A").ProtocolVersion("2.0").Version("2.0.0").Build)))
