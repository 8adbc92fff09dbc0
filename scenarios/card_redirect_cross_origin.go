package scenarios

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// A card URL that redirects to another origin hands the client a card the
// first origin never vouched for. Following it is how a hijacked well-known
// path becomes a hijacked agent.
var _ = register(&Scenario{
	ID:    "card-redirect-cross-origin",
	Title: "the card URL redirects to another origin",
	Description: "The card URL on origin A answers 301 to origin C, whose card points at C itself. C is " +
		"a working A2A peer.",
	Skill:    skillSummarize,
	Message:  "Summarize the vendor agreement.",
	Grants:   mockpeer.Grants{Bearer: true},
	CardPeer: "A",
	Peers: []mockpeer.PeerSpec{
		{
			Name: "A", Host: "127.0.0.1", Skill: skillSummarize,
			Cards:    []mockpeer.CardFunc{bearerCard("A").Build},
			Redirect: &mockpeer.Redirect{Status: http.StatusMovedPermanently, To: "C"},
			Task:     mockpeer.TaskScript{Steps: completingSteps()},
		},
		workingPeer("C", "127.0.0.3", bearerCard),
	},
	Requirements: []Requirement{
		{
			ID: "REDIR-001", Level: Must, Profile: ProfileCore,
			Text:  "The client MUST NOT send a task-creating request to an origin reached through a cross-origin card redirect.",
			Ref:   "contract-model §3 rule 6",
			Check: noTaskCreatingAt("C"),
		},
		{
			ID: "REDIR-002", Level: Must, Profile: ProfileCore,
			Text:  "The client MUST NOT send any credential to an origin reached through a cross-origin card redirect.",
			Ref:   "contract-model §3 rule 6",
			Check: noCredentialAt("C"),
		},
	},
})
