package scenarios

// A version is Major.Minor, and a patch number is ignored (spec §3.6;
// contract-model §3 rule 5): an interface declaring 1.0.1 speaks 1.0. The
// same section says patch numbers SHOULD NOT be used in Agent Cards, so
// this card is off-spec, but as a SHOULD NOT of the agent's: a client
// that refuses it enforces on the peer what the spec left to the peer,
// and loses an agent that speaks its version. It tolerates the patch
// number, and labels its requests with the version it speaks, Major.Minor
// (the peer refuses A2A-Version 1.0.1, as it refuses any label but 1.0).
// The positive control beside version-skew-minor: a client that compares
// the version whole (exact-version) passed every other scenario, since no
// other card declares a patch version.
var _ = register(bearerPeer(Scenario{
	ID:     "patch-version-declared",
	Family: FamilyVersions, Rank: 25,
	Title: "every interface of the card declares protocol 1.0.1",
	Description: "Every interface the card lists (JSON-RPC, HTTP+JSON, gRPC) declares protocolVersion \"1.0.1\": " +
		"1.0 with a patch number, which the spec says cards SHOULD NOT carry and negotiation ignores. The peer " +
		"serves 1.0 requests there (labelled `A2A-Version: 1.0`; a 1.0.1 label it refuses).",
	Requirements: []Requirement{
		mustComplete("SKEW-007", "The client MUST complete the task on the interface declaring protocol version 1.0.1, "+
			"its requests labelled `A2A-Version: 1.0`: a version is Major.Minor, and only a patch number is ignored.",
			"contract-model §3 rule 5; A2A v1.0 spec §3.6"),
	},
}, freshPeer(DeclaringPatch(bearerCard("A")).Build)))
