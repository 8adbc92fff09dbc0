package scenarios

import (
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// The field report: both sides held day-old caches that agreed with each
// other. The client trusted its cached card (security optional); the peer
// trusted its cached view of the client. An unauthenticated payroll task
// ran silently although the current card required a bearer token.
var _ = register(&Scenario{
	ID:     "mirrored-stale-cache",
	Family: FamilyContract, Rank: 70,
	Title: "stale caches on both sides agree, and an unauthenticated task runs",
	Description: "The skill has optional security ([{bearer}, {}]) and Cache-Control: " +
		"max-age=86400. The client's first task completes under that card (the positive control). Between " +
		"the tasks the skill's security becomes required ([{bearer}]). The peer, stale in the mirror " +
		"direction, keeps enforcing the old optional requirement and completes an unauthenticated task " +
		"silently. The client holds a bearer token: revalidating before the second send, it sees the new " +
		"requirement and sends with its token.",
	Grants: mockpeer.Grants{Bearer: true},
	Tasks:  controlThen(RotateTo("A", 1)),
	Peers: []mockpeer.PeerSpec{{
		Name: "A",
		Cards: []mockpeer.CardFunc{
			payrollCard(wire.Require(mockpeer.SchemeBearer), wire.Require()).Build, // optional
			payrollCard(wire.Require(mockpeer.SchemeBearer)).Build,                 // required
		},
		Caching: mockpeer.Caching{CacheControl: "max-age=86400"},
		Hooks:   mockpeer.Hooks{EnforcedVersion: mockpeer.EnforceVersion(0)},
		Task:    mockpeer.TaskScript{Steps: completingSteps(), Artifact: "Payroll report: 42 employees, total 311,400.00 EUR."},
	}},
	Requirements: []Requirement{
		{
			ID: "STALE-001", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text:  "The client MUST NOT submit a task with weaker authorization than the card current at that moment requires.",
			Ref:   "contract-model §3 rule 2",
			Check: noWeakerAuthorization,
		},
		revalidateBeforeSecondSend("STALE-002", "The client MUST revalidate the card's contract right before the second send, even inside its max-age.",
			"contract-model §3 rule 2", revalidatedBeforeSend("A")),
		controlTask("STALE-003", verdict.ProfileCore, 1, "The client MUST complete the first task, under the card it fetched (the positive control).",
			"contract-model §3 rule 2"),
		controlTask("STALE-004", verdict.ProfileCore, 2, "The client MUST complete the second task, sent with the credential the current card requires.",
			"contract-model §3 rule 2"),
	},
})

// payrollCard offers bearer authentication and leaves the requirement to
// the payroll skill: skillSecurity is its alternatives.
func payrollCard(skillSecurity ...wire.SecurityRequirement) mockpeer.CardBuilder {
	payroll := skill(skillSummarize, "Summarizes payroll documents.")
	payroll.SecurityRequirements = skillSecurity
	return mockpeer.NewCard("A").Security(mockpeer.BearerScheme()).
		Skills(payroll, skill("headcount", "Reports headcount by department."))
}
