package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// The downgrade: the public card is signed, the extended card is not.
var _ = register(extendedSignedRepoint(Scenario{
	ID:     "extended-card-unsigned",
	Family: FamilyExtendedCard, Rank: 50,
	Title: "the extended card of a signed agent is unsigned and points elsewhere",
	Description: "A signs its public cards, which verify. Its extended card carries no signature and, from the second task " +
		"on, points at B (127.0.0.2), which presents the same TLS certificate as A and would complete the task.",
	Requirements: untrustedEndpoint("B", verdict.ProfileSignatures, "contract-model §3 rule 6, §6 and §7; "+extendedRef,
		[4]said{
			{"EXTCARD-015", "The client MUST NOT contact, nor even open a connection to, another origin an unsigned extended " +
				"card points at: the public card's signature does not cover it."},
			{"EXTCARD-016", "The client MUST NOT send any credential to an endpoint an unsigned extended card points at."},
			{"EXTCARD-017", "The client MUST report the second task aborted with reason untrusted-endpoint, having been served " +
				"the card that points elsewhere."},
			{"EXTCARD-018", "The client MUST complete the first task, under the card whose endpoints are on its own origin (the " +
				"positive control)."},
		}),
}, mockpeer.ExtendedCard{Unsigned: true}))
