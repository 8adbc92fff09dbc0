package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// A card whose interfaces are on two origins is judged per url: it is
// advisory for those on another origin (no signature vouches for them) and
// authoritative for those on its own. The client skips the first, as it
// skips an interface of a version it does not speak, and takes the first
// interface it can use. A client that sends to the first interface of its
// binding wherever it is fails the refusal; one that refuses any card
// naming another origin anywhere passes every refusal of the repointed
// scenarios without choosing an interface, and fails the completion here.
var _ = register(routing(Scenario{
	ID:     "foreign-origin-listed-first",
	Family: FamilyAuthority, Rank: 15,
	Title: "the card lists interfaces on another origin before its own",
	Description: "The card is served on origin A. The client's first task runs under the honest card, whose " +
		"interfaces are on A (the positive control). Between the tasks the card starts listing, before A's own " +
		"interfaces, one interface of each binding on origin B, with no signature. B is a working A2A peer that " +
		"would complete the task.",
	Grants: mockpeer.Grants{Bearer: true},
	Requirements: []Requirement{
		{
			ID: "REPOINT-013", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text: "The client MUST NOT contact, nor even open a connection to, an interface on another origin that the card " +
				"lists before its own: the card is not authoritative for it.",
			Ref:   "contract-model §3 rules 5 and 6",
			Check: nothingReaches("B"),
		},
		{
			ID: "REPOINT-014", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text:  "The client MUST NOT send any credential to an interface the card lists on another origin.",
			Ref:   "contract-model §3 rule 6",
			Check: noCredentialAt("B"),
		},
		controlTask("REPOINT-015", verdict.ProfileCore, 2,
			"The client MUST complete the second task at an interface on the card's own origin: of the interfaces of its "+
				"binding it skips those the card is not authoritative for and takes the first it can use (the positive "+
				"control of REPOINT-001 to REPOINT-003).",
			"contract-model §3 rules 5 and 6"),
		controlTask("REPOINT-016", verdict.ProfileCore, 1,
			"The client MUST complete the first task, under the card whose interfaces are all on its own origin (the positive control).",
			"contract-model §3 rule 6"),
	},
}, mockpeer.PeerSpec{
	Cards:   []mockpeer.CardFunc{bearerCard("A").Build, ForeignFirst(bearerCard("A").Version("1.1.0"), "B").Build},
	Caching: mockpeer.Caching{CacheControl: "max-age=300"},
}, workingPeer("B", "127.0.0.2", bearerCard)))
