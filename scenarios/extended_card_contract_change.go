package scenarios

import (
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// Rule 2 for the extended card: its contract changes between the client's
// look at it and its send, while the public card stays byte for byte the
// same (a 304 to every revalidation). Only a look at the extended card
// right before the send sees it; the contract hash of the two extended
// cards decides that it is a change, never this file.
var _ = register(extendedPeer(Scenario{
	ID:     "extended-card-contract-change",
	Family: FamilyExtendedCard, Rank: 20,
	Title: "the extended card's contract changes between fetch and send",
	Description: "As `extended-card-skill`, in two tasks. The first runs under the extended card whose skill requires the API " +
		"key (the positive control). In the second, right after the peer answers GetExtendedAgentCard (or before the send, " +
		"if that comes first), the extended card in force becomes one whose skill requires the bearer token instead, a " +
		"credential the client holds; the public card does not change.",
	Tasks: controlThen(ArmExtendedRotation("A", 1)),
	Requirements: []Requirement{
		{
			ID: "EXTCARD-004", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text: "The client MUST NOT send a task once the contract of the extended card it planned on changed: it " +
				"revalidates the extended card right before the send, as any card.",
			Ref: "contract-model §3 rule 2; " + extendedRef, Task: 2, Check: noSendAfterExtendedChange,
		},
		atTask(2, mustAbort("EXTCARD-005", "The client MUST report the second task aborted with reason contract-changed, having been served the "+
			"extended card whose contract changed.",
			"contract-model §3 rule 2; "+extendedRef+"; docs/driver-contract.md", driver.ReasonContractChanged)),
		controlTask("EXTCARD-006", verdict.ProfileCore, 1, "The client MUST complete the first task, fetching the extended card the "+
			"public card advertises with the credential the public card names and sending with the one the extended card "+
			"names for the skill (the positive control).", extendedRef),
	},
}, mockpeer.Grants{Bearer: true}, mockpeer.PeerSpec{
	Cards: []mockpeer.CardFunc{publicOf(bearerCard)("A").Build, publicOf(bearerCard)("A").Build},
	Extended: &mockpeer.ExtendedCard{Cards: []mockpeer.CardFunc{
		extendedOf(bearerCard)("A").Build,
		extendedOf(bearerCard)("A").SkillSecurity(skillSummarize, wire.Require(mockpeer.SchemeBearer)).Build,
	}},
}))
