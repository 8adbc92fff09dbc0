package scenarios

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// card-redirect-cross-origin on first contact: the first answer of the card
// URL is a redirect to another origin, whose card points at itself. A
// client that follows it meets C's card as its first, and a client that
// trusts its first card trusts C.
var _ = register(routing(Scenario{
	ID:     "card-redirect-cross-origin-first-contact",
	Family: FamilyFirstContact, Rank: 70,
	Title: "the card URL redirects to another origin on first contact",
	Description: "As `card-redirect-cross-origin`, the other way round: in the first task the card URL on origin A " +
		"answers 301 to origin C, whose card points at C itself; C is a working A2A peer. Between the tasks the " +
		"redirect ends: A serves its honest card, and the second task runs under it (the positive control).",
	Grants: mockpeer.Grants{Bearer: true},
	Requirements: []Requirement{
		{
			ID: "FIRST-025", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text:  "The client MUST NOT send a task-creating request to an origin reached through a cross-origin card redirect, on first contact too.",
			Ref:   "contract-model §3 rule 6",
			Check: noTaskCreatingAt("C"),
		},
		{
			ID: "FIRST-026", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text:  "The client MUST NOT send any credential to an origin reached through a cross-origin card redirect, on first contact too.",
			Ref:   "contract-model §3 rule 6",
			Check: noCredentialAt("C"),
		},
		{
			ID: "FIRST-027", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text:  "The client MUST report the first task aborted with reason untrusted-endpoint, having been served the redirect as its first answer.",
			Ref:   "contract-model §3 rule 6; docs/driver-contract.md",
			Task:  1,
			Check: outcomeIs(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint),
		},
		controlTask("FIRST-028", verdict.ProfileCore, 2, "The client MUST complete the second task, under the card its URL served "+
			"without a redirect after the one it refused (the positive control).", "contract-model §3 rule 6"),
	},
}, mockpeer.PeerSpec{
	Cards:    []mockpeer.CardFunc{bearerCard("A").Build, bearerCard("A").Version("1.1.0").Build},
	Redirect: &mockpeer.Redirect{Status: http.StatusMovedPermanently, To: "C", UntilVersion: 1},
}, workingPeer("C", "127.0.0.3", bearerCard)))
