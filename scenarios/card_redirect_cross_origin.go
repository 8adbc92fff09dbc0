package scenarios

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// A card URL that redirects to another origin hands the client a card the
// first origin never vouched for. Following it is how a hijacked well-known
// path becomes a hijacked agent.
var _ = register(routing(Scenario{
	ID:     "card-redirect-cross-origin",
	Family: FamilyAuthority, Rank: 160,
	Title: "the card URL redirects to another origin",
	Description: "The client's first task runs under A's honest card (the positive control). Between the " +
		"tasks the card URL on origin A starts answering 301 to origin C, whose card points at C itself. C is " +
		"a working A2A peer.",
	Grants: mockpeer.Grants{Bearer: true},
	Requirements: []Requirement{
		{
			ID: "REDIR-001", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text:  "The client MUST NOT send a task-creating request to an origin reached through a cross-origin card redirect.",
			Ref:   "contract-model §3 rule 6",
			Check: noTaskCreatingAt("C"),
		},
		{
			ID: "REDIR-002", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text:  "The client MUST NOT send any credential to an origin reached through a cross-origin card redirect.",
			Ref:   "contract-model §3 rule 6",
			Check: noCredentialAt("C"),
		},
		{
			ID: "REDIR-003", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text:  "The client MUST report the second task aborted with reason untrusted-endpoint, having been served the redirect.",
			Ref:   "contract-model §3 rule 6; docs/driver-contract.md",
			Task:  2,
			Check: outcomeIs(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint),
		},
		{
			ID: "REDIR-005", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text: "The client MUST NOT contact, nor even open a connection to, an origin reached through a cross-origin " +
				"card redirect: nothing can make it authoritative.",
			Ref:   "contract-model §3 rule 6 and §4",
			Check: nothingReaches("C"),
		},
		controlTask("REDIR-004", verdict.ProfileCore, 1, "The client MUST complete the first task, under the card its URL served without a redirect (the positive control).",
			"contract-model §3 rule 6"),
	},
}, mockpeer.PeerSpec{
	Cards:    []mockpeer.CardFunc{bearerCard("A").Build, bearerCard("A").Version("1.1.0").Build},
	Redirect: &mockpeer.Redirect{Status: http.StatusMovedPermanently, To: "C", FromVersion: 1},
}, workingPeer("C", "127.0.0.3", bearerCard)))
