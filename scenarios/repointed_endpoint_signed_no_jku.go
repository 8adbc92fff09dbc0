package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// repointed-endpoint-signed without jku: jku is optional in a JWS header
// (RFC 7515 §4.1.2), and without it the key is looked up in the card
// origin's well-known key set (contract-model §6 condition 2). Until the
// no-jku scenarios every signed card of the catalog named a jku, so a
// verifier that took a signature naming none as verified, unread
// (no-jku-trusted), passed the whole catalog; this is the honest card of
// its forgery, repointed-endpoint-bad-signature-no-jku.
var _ = register(signedRepoint(Scenario{
	ID:     "repointed-endpoint-signed-no-jku",
	Family: FamilyAuthority, Rank: 22,
	Title: "a signed card whose signatures name no jku points at another origin of the same TLS principal",
	Description: "As `repointed-endpoint-signed`: the card is served on origin A, every interface url on origin B, and it " +
		"carries two valid signatures (ES256 and RS256) by keys A publishes; but their protected headers name no `jku`: " +
		"the keys are in A's key set at `" + mockpeer.JWKSPath + "`. B presents the same TLS certificate as A.",
	Requirements: []Requirement{
		{
			ID: "SIG-022", Level: verdict.Should, Profile: verdict.ProfileSignatures,
			Text: "The client SHOULD treat a card signed by a key its own origin publishes at its well-known key set, the " +
				"signatures naming no jku, as authoritative for an endpoint on another origin that presents the same TLS " +
				"principal, and complete the task there.",
			Ref:   "contract-model §3 rule 6 and §6 condition 2; A2A v1.0 spec §8.4; RFC 7515 §4.1.2",
			Task:  2,
			Check: completedAt("B"),
		},
		controlTask("SIG-023", verdict.ProfileSignatures, 1, "The client MUST complete the first task, under the signed card "+
			"whose endpoints are on its own origin, its signatures naming no jku (the positive control).",
			"contract-model §3 rule 6"),
	},
}, mockpeer.Signing{Algorithms: rotatingKeys}, "A"))
