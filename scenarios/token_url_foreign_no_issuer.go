package scenarios

import (
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// A client secret goes only to the token endpoint it was issued for
// (contract-model §8 rule 3). A grant that names no issuer leaves rule 6's
// answer: a token endpoint on the card's own origin; a tokenUrl on any
// other origin is advisory, and with no issuer to fall back to the client
// has no token to send. Until this scenario every card whose client held
// such a grant named a token endpoint on its own origin, so a client that
// posted its secret to whatever tokenUrl a card names when the grant named
// no issuer (tokens-anywhere-no-issuer) passed every requirement of the
// catalog.
var _ = register(&Scenario{
	ID:     "token-url-foreign-no-issuer",
	Family: FamilyCredentials, Rank: 30,
	Title: "a card names a token endpoint on another origin, and the grant names no issuer",
	Description: "The client holds OAuth client credentials, and the grant names no token URL (no issuer). Peer A's first " +
		"card names A's own token endpoint (the positive control). Between the tasks the card changes one thing: its " +
		"OAuth flow's tokenUrl is on origin B, a working authorization server on another host that would issue a token. " +
		"A conformant client treats that endpoint as advisory: it aborts the second task (auth-unavailable), and its " +
		"client secret never reaches B.",
	Grants:   mockpeer.Grants{OAuth: true},
	CardPeer: "A",
	Tasks:    controlThen(RotateTo("A", 1)),
	Peers: []mockpeer.PeerSpec{{
		Name: "A", Host: "127.0.0.1",
		Cards:   []mockpeer.CardFunc{tokenURLCard("A", "A").Build, tokenURLCard("A", "B").Version("1.1.0").Build},
		Caching: mockpeer.Caching{CacheControl: "max-age=300"},
		Task:    mockpeer.TaskScript{Steps: completingSteps()},
	}, workingPeer("B", "127.0.0.2", oauthCard)},
	Requirements: []Requirement{
		controlAt("CRED-013", 1, "A", "The client MUST complete the first task, whose card names a token endpoint on its "+
			"own origin, with a token from there (the positive control).",
			"spec §7.3; RFC 6749 §4.4; contract-model §8 rule 3"),
		atTask(2, mustAbort("CRED-014", "The client MUST report the second task aborted with reason auth-unavailable: "+
			"the card names a token endpoint on another origin, and the grant names no issuer the client could ask instead.",
			"spec §13.1; RFC 6749 §2.3; contract-model §8 rule 3; docs/driver-contract.md", driver.ReasonAuthUnavailable)),
		{ID: "CRED-015", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text: "The client MUST NOT send its client secret, nor any credential, to a token endpoint on another origin " +
				"than the card's when the grant names no issuer: nothing it holds reaches B.",
			Ref:   "spec §13; RFC 6749 §2.3; A2ACLI_AUTH_008; contract-model §8 rule 3",
			Check: noCredentialAt("B")},
	},
})

// tokenURLCard is peer's OAuth card (interfaces on peer) whose
// client-credentials flow names the token endpoint of tokenPeer.
func tokenURLCard(peer, tokenPeer string) mockpeer.CardBuilder {
	return standardCard(peer).Security(mockpeer.OAuthScheme(tokenPeer, map[string]string{"a2a.tasks": "delegate tasks"}),
		wire.SecurityRequirement{Schemes: map[string]wire.StringList{mockpeer.SchemeOAuth: {List: []string{"a2a.tasks"}}}})
}
