package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// The positive control of the extended card's refusals: an extended card
// judged as any card (contract model §7, rule 3) is authoritative for
// another origin when a key its origin publishes signed it and the
// endpoint presents the same TLS principal, as a public card is
// (repointed-endpoint-signed). A client that refuses every extended card
// pointing elsewhere passes the unsigned and badly signed ones unread.
// A MUST of the signatures profile, as the signed binding's controls are
// (EXPIRY-004 to EXPIRY-006): a client that verifies signatures takes a
// valid one; one that verifies none selects the core profile.
var _ = register(extendedSignedRepoint(Scenario{
	ID:     "extended-card-signed",
	Family: FamilyExtendedCard, Rank: 45,
	Title: "the extended card of a signed agent points at another origin, signed",
	Description: "A signs its public cards and its extended cards, which verify, with keys A publishes in its JWKS. " +
		"From the second task on the extended card points at B (127.0.0.2), which presents the same TLS " +
		"certificate as A and completes the task.",
	Requirements: []Requirement{
		{
			ID: "EXTCARD-019", Level: verdict.Must, Profile: verdict.ProfileSignatures,
			Text: "The client MUST treat an extended card signed by a key its origin publishes as authoritative for an " +
				"endpoint on another origin that presents the same TLS principal, and complete the task there, as it " +
				"would under such a public card.",
			Ref:   "contract-model §3 rule 6, §6 and §7; " + extendedRef,
			Task:  2,
			Check: completedAt("B"),
		},
		controlTask("EXTCARD-020", verdict.ProfileSignatures, 1,
			"The client MUST complete the first task, under the signed extended card whose endpoints are on its own origin "+
				"(the positive control).",
			"contract-model §3 rule 6 and §7"),
	},
}, mockpeer.ExtendedCard{}))
