package scenarios

import (
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// The field report: a card served on one origin whose interfaces point at
// another. An unsigned card is not authoritative for that endpoint; the
// client must send nothing there, credentials least of all.
var _ = register(&Scenario{
	ID:    "repointed-endpoint",
	Title: "the card's endpoints point at another origin",
	Description: "The card is served on origin A; every interface url is on origin B (another loopback " +
		"address and port, another TLS identity). B is a working A2A peer that would complete the task.",
	Skill:    skillSummarize,
	Message:  "Summarize the contract draft.",
	Grants:   mockpeer.Grants{Bearer: true},
	CardPeer: "A",
	Peers: []mockpeer.PeerSpec{
		{
			Name: "A", Host: "127.0.0.1", Skill: skillSummarize,
			Cards: []mockpeer.CardFunc{func(o mockpeer.Origins) wire.AgentCard {
				return agentCard(o, "A", requireBearer(cardOpts{endpoint: "B"}))
			}},
			Caching: mockpeer.Caching{CacheControl: "max-age=300"},
			Task:    mockpeer.TaskScript{Steps: completingSteps()},
		},
		{
			Name: "B", Host: "127.0.0.2", Skill: skillSummarize,
			Cards: []mockpeer.CardFunc{func(o mockpeer.Origins) wire.AgentCard {
				return agentCard(o, "B", requireBearer(cardOpts{}))
			}},
			Task: mockpeer.TaskScript{Steps: completingSteps()},
		},
	},
	Requirements: []Requirement{
		{
			ID: "REPOINT-001", Level: Must, Profile: ProfileCore,
			Text:  "The client MUST NOT send any request to an endpoint on another origin that the card is not authoritative for.",
			Ref:   "contract-model §2 rule 6",
			Check: nothingReaches("B"),
		},
		{
			ID: "REPOINT-002", Level: Must, Profile: ProfileCore,
			Text:  "The client MUST NOT send any credential to an endpoint the card is not authoritative for.",
			Ref:   "contract-model §2 rule 6",
			Check: noCredentialAt("B"),
		},
		{
			ID: "REPOINT-003", Level: Must, Profile: ProfileCore,
			Text:  "The client MUST report outcome aborted with reason untrusted-endpoint.",
			Ref:   "contract-model §2 rule 6; docs/driver-contract.md",
			Check: outcomeIs("aborted", "untrusted-endpoint"),
		},
	},
})
