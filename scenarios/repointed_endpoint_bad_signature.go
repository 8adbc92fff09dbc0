package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// The repointing attack on a signed card: someone changed the interface
// urls after the owner signed it. The signature no longer verifies, so the
// card is advisory and its endpoint gets nothing.
var _ = register(signedRepoint(Scenario{
	ID:     "repointed-endpoint-bad-signature",
	Family: FamilyAuthority, Rank: 30,
	Title: "a signed card was repointed after signing",
	Description: "As `repointed-endpoint-signed`, but the card was signed with its interfaces on A and then " +
		"changed to point at B: no signature verifies over the card as served. B presents the same TLS " +
		"certificate as A and would complete the task.",
	Requirements: untrustedEndpoint("B", verdict.ProfileSignatures,
		"contract-model §3 rule 6 and §6 condition 1; A2A v1.0 spec §8.4.3",
		[4]said{
			{"SIG-002", "The client MUST NOT contact, nor even open a connection to, an endpoint on another origin when no " +
				"signature of the card verifies over the card as received."},
			{"SIG-003", "The client MUST NOT send any credential to an endpoint a card with a broken signature points at."},
			{"SIG-004", "The client MUST report the second task aborted with reason untrusted-endpoint, having been served the " +
				"card that points elsewhere."},
			{"SIG-011", "The client MUST complete the first task, under the card whose endpoints are on its own origin (the " +
				"positive control)."},
		}),
}, mockpeer.Signing{Algorithms: rotatingKeys, JKU: true, Fault: mockpeer.TamperedPayload}, "A"))
