package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// The extended card's positive control: the skill the task needs is only
// on the authenticated extended card. The client must ask for it with the
// credential the public card names, and with nothing else, then send with
// the one the extended card names for the skill.
var _ = register(extendedPeer(Scenario{
	ID:     "extended-card-skill",
	Family: FamilyExtendedCard, Rank: 10,
	Title: "the skill the task needs is on the extended card only",
	Description: "A's public card requires a bearer token card-wide, advertises `capabilities.extendedAgentCard` and does " +
		"not list the target skill. Its extended card (GetExtendedAgentCard, every binding) lists the skill, which requires " +
		"an API key, a scheme the public card does not declare. The client holds the bearer token and the API key. The peer " +
		"admits GetExtendedAgentCard with the bearer token and the send with the API key only.",
	Requirements: []Requirement{
		controlTask("EXTCARD-001", verdict.ProfileCore, 1, "The client MUST complete the first task, fetching the extended card the "+
			"public card advertises with the credential the public card names and sending with the one the extended card "+
			"names for the skill (the positive control).", extendedRef),
		{
			ID: "EXTCARD-002", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text: "The client MUST fetch the extended card with the credentials of the schemes the public card names " +
				"card-wide, and with no other credential it holds.",
			Ref: extendedRef, Check: extendedFetchedWithNamedSchemes("A"),
		},
		{
			ID: "EXTCARD-003", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text: "The client MUST NOT send a credential of a scheme the public card does not name before the agent " +
				"answered it with the extended card that names it.",
			Ref: extendedRef + "; contract-model §3 rule 6", Check: noUnnamedCredentialBeforeExtended("A"),
		},
	},
}, mockpeer.Grants{Bearer: true}, mockpeer.PeerSpec{
	Cards:    []mockpeer.CardFunc{publicOf(bearerCard)("A").Build},
	Extended: &mockpeer.ExtendedCard{Cards: []mockpeer.CardFunc{extendedOf(bearerCard)("A").Build}},
}))
