package scenarios

// A minor version above 1.0 is another protocol version too: spec §3.6
// identifies a version by Major.Minor, and only the patch number is
// ignored when versions are negotiated. A client that reads 1.1 as "1.x,
// close enough" (a2a-go's same-major fallback sends it A2A-Version: 1.0)
// passes version-skew's 2.0 and fails here.
var _ = register(skewedTo(Scenario{
	ID:     "version-skew-minor",
	Family: FamilyVersions, Rank: 20,
	Title: "every interface of the card speaks protocol 1.1",
	Description: "As `version-skew`, one minor version up. The client's first task runs under a card whose interfaces " +
		"speak 1.0 (the positive control). Between the tasks the card changes: every interface it lists (JSON-RPC, " +
		"HTTP+JSON, gRPC) declares protocolVersion \"1.1\", which shares 1.0's major version but is not 1.0.",
	Requirements: skewRequirements("1.1", "contract-model §3 rule 5; A2A v1.0 spec §3.6, §3.6.2; https://github.com/a2aproject/a2a-dotnet/issues/331", [3]said{
		{"SKEW-004", "The client MUST NOT send a request labelled A2A 1.0 (or unlabelled) to an interface that declares protocol " +
			"version 1.1: the version is Major.Minor, and a shared major version is no licence to guess."},
		{"SKEW-005", "The client MUST report the second task aborted with reason version-unsupported, having been served the 1.1 card."},
		{"SKEW-006", "The client MUST complete the first task, under the card whose interfaces speak 1.0 (the positive control)."},
	}),
}, "1.1"))
