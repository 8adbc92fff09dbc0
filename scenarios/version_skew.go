package scenarios

// An interface that speaks another protocol version is outside the 1.0
// contract calculus: sending 1.0 requests to it is a guess.
var _ = register(skewedTo(Scenario{
	ID:     "version-skew",
	Family: FamilyVersions, Rank: 10,
	Title: "every interface of the card speaks protocol 2.0",
	Description: "The client's first task runs under a card whose interfaces speak 1.0 (the positive control). " +
		"Between the tasks the card changes: every interface it lists (JSON-RPC, HTTP+JSON, gRPC) declares protocolVersion \"2.0\".",
	Requirements: skewRequirements("2.0", "contract-model §3 rule 5", [3]said{
		{"SKEW-001", "The client MUST NOT send A2A 1.0 requests to an interface that declares another protocol version."},
		{"SKEW-002", "The client MUST report the second task aborted with reason version-unsupported, having been served the card."},
		{"SKEW-003", "The client MUST complete the first task, under the card whose interfaces speak 1.0 (the positive control)."},
	}),
}, "2.0"))
