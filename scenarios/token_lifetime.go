package scenarios

import (
	"time"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// An access token is good for the life its grant gives it (RFC 6749 §5.1,
// expires_in) and no longer than the resource server accepts it (RFC 6750
// §3.1, invalid_token). Until this scenario every token the farm granted
// lived an hour, longer than any session, so a client that kept each token
// for the session, never reading expires_in and never asking again after a
// refusal (token-forever), passed every requirement of the catalog.
//
// The token's life ends on the farm's script, between two tasks, never on
// the wall clock: the peers accept a token for as long as the task it was
// granted in runs, however long that takes, and refuse it from the next
// task on. The runner also lets the granted second pass on the wall clock
// before handing out that task, so that a client that honours expires_in
// by its own clock sees the token dead too: no verdict turns on a race.
var _ = register(&Scenario{
	ID:     "token-lifetime",
	Family: FamilyCredentials, Rank: 50,
	Title: "an access token used past its life, or after the server refused it",
	Description: "The client holds OAuth client credentials issued by A's token endpoint, which grants every token " +
		"`expires_in: 1`. Task 1 completes at A with a token (the positive control). Before task 2 the token's life " +
		"has ended, on the peers' scripted clock and on the wall clock alike: A refuses it (401, " +
		"`WWW-Authenticate: Bearer error=\"invalid_token\"`). A conformant client fetches a new token and completes " +
		"task 2, and no request of the session carries a token past its life. Before task 3 A revokes the next valid " +
		"token an A2A request carries, before its life ends, and refuses that request the same way: the client fetches " +
		"a new token and completes task 3, and never sends the refused token again.",
	Grants:   mockpeer.Grants{OAuth: true, OAuthIssuer: "A"},
	CardPeer: "A",
	Tasks:    []Task{{}, {Before: EndTokenLives(tokenLife)}, {Before: RevokeNextToken}},
	Peers: []mockpeer.PeerSpec{{
		Name: "A", Host: "127.0.0.1",
		Cards:         []mockpeer.CardFunc{oauthCard("A").Build},
		Caching:       mockpeer.Caching{CacheControl: "max-age=300"},
		Task:          mockpeer.TaskScript{Steps: completingSteps()},
		TokenLifetime: tokenLife,
	}},
	Requirements: []Requirement{
		controlAt("CRED-020", 1, "A", "The client MUST complete the first task with an access token from the token "+
			"endpoint its OAuth credentials were issued for, which grants it for one second (the positive control).",
			"spec §7.3; RFC 6749 §4.4, §5.1; contract-model §8 rule 5"),
		controlAt("CRED-021", 2, "A", "The client MUST complete the second task, which starts after the first task's "+
			"token has ended its life: with a token fetched anew, not by giving up.",
			"spec §7.3; RFC 6749 §5.1; RFC 6750 §3.1; contract-model §8 rule 5"),
		{ID: "CRED-022", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text: "The client MUST NOT send an access token past the life its grant gave it (expires_in): no request of " +
				"the session carries a token whose life has ended.",
			Ref:   "spec §7.3; RFC 6749 §5.1; RFC 6750 §3.1; contract-model §8 rule 5",
			Check: noTokenIn(mockpeer.TokenExpired)},
		controlAt("CRED-023", 3, "A", "The client MUST complete the third task, in which the server revokes the first "+
			"token it is sent and refuses that request (401, Bearer error=\"invalid_token\"): it fetches a new token "+
			"and retries, rather than giving up.",
			"spec §7.3; RFC 6750 §3.1; contract-model §8 rule 5"),
		{ID: "CRED-024", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text: "The client MUST NOT send an access token again once the server refused it as invalid_token: the " +
				"revoked token reaches the server once, and the retry is bounded, not a loop over the same token.",
			Ref:   "RFC 6750 §3.1; contract-model §8 rule 5; docs/driver-contract.md",
			Check: refusedTokenOnce(mockpeer.TokenRevoked)},
	},
})

// tokenLife is the life token-lifetime's token endpoint grants.
const tokenLife = time.Second

// EndTokenLives ends the life of every access token granted so far,
// between two tasks: first the granted life passes on the wall clock too
// (every token the client holds was granted before this task; a margin
// covers its delivery), so that a client that honours expires_in by its
// own clock sees it ended, then the farm's scripted clock ends it, which
// alone decides what the peers accept (mockpeer.Farm.EndTokenLives).
func EndTokenLives(life time.Duration) func(*mockpeer.Farm) error {
	return func(f *mockpeer.Farm) error {
		time.Sleep(life + 250*time.Millisecond)
		f.EndTokenLives()
		return nil
	}
}

// RevokeNextToken arms the farm to revoke the next valid access token an
// A2A request carries, before its life ends (mockpeer.Farm.RevokeNextToken).
func RevokeNextToken(f *mockpeer.Farm) error {
	f.RevokeNextToken()
	return nil
}
