package scenarios

import (
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// summarizerCardPath is where a registry or an operator points the client
// for agent A: one agent's card on a host serving several.
const summarizerCardPath = summarizerPrefix + "/agent-card.json"

// The card is the document at the card URL the client was given, path
// included (contract-model §3 rule 6). Until this scenario every card URL
// was the well-known one, so a client that kept only the URL's origin and
// fetched the well-known path there (well-known-card) passed every
// requirement of the catalog; so does an SDK called with its default card
// path, which both official SDKs join onto the URL they are given
// (reference/real-sdk-clients.md). On a host serving several agents, that
// path is some other agent's card or none: here none.
var _ = register(bearerPeer(Scenario{
	ID:     "card-url-not-well-known",
	Family: FamilyAuthority, Rank: 158,
	Title: "the card URL names one agent's card on a multi-agent host, not the well-known path",
	Description: "The client is given the card URL `" + summarizerCardPath + "` on origin A, as a registry or an operator " +
		"hands out one agent's card on a host serving several. A serves its card there, with its validators, and " +
		"the well-known card path `" + wire.WellKnownCardPath + "` answers 404. The card's interfaces are on A at " +
		"the usual paths; nothing else about it is unusual; the client holds a bearer token.",
	CardPeer: "A",
	Requirements: []Requirement{
		mustComplete("ORIGIN-020", "The client MUST fetch the card at the card URL it was given, path included, and "+
			"complete the task there: a client that keeps only the URL's origin and reads the well-known path, as an "+
			"SDK called with its default card path does, gets another agent's card, or none.",
			"contract-model §3 rule 6; A2A v1.0 spec §8.2"),
	},
}, with(freshPeer(bearerCard("A").Build), func(p *mockpeer.PeerSpec) { p.CardPath = summarizerCardPath })))
