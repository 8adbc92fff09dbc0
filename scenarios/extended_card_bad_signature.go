package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// A signed public card vouches for nothing the extended card says: the
// extended card's signature was spoiled after signing (its interfaces were
// on A when it was signed).
var _ = register(extendedSignedRepoint(Scenario{
	ID:     "extended-card-bad-signature",
	Family: FamilyExtendedCard, Rank: 40,
	Title: "the extended card of a signed agent is repointed after signing",
	Description: "A signs its public cards, which verify. Its extended card carries signatures that do not verify: it " +
		"was signed with its interfaces on A and is served, from the second task on, pointing at B (127.0.0.2), which " +
		"presents the same TLS certificate as A and would complete the task.",
	Requirements: untrustedEndpoint("B", verdict.ProfileSignatures, "contract-model §3 rule 6, §6 and §7; "+extendedRef,
		[4]said{
			{"EXTCARD-011", "The client MUST NOT contact, nor even open a connection to, another origin an extended card points " +
				"at when no signature of the extended card verifies, whatever the public card's signature."},
			{"EXTCARD-012", "The client MUST NOT send any credential to an endpoint a badly signed extended card points at."},
			{"EXTCARD-013", "The client MUST report the second task aborted with reason untrusted-endpoint, having been served " +
				"the card that points elsewhere."},
			{"EXTCARD-014", "The client MUST complete the first task, under the card whose endpoints are on its own origin (the " +
				"positive control)."},
		}),
}, mockpeer.ExtendedCard{Tampered: true}))
