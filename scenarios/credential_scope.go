package scenarios

import (
	"maps"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// Credentials only where the card names them (contract-model §8): a
// client holding several credentials sends each only where the card in
// hand names it, an OAuth client secret only to the token endpoint it was
// issued for, and a token only to the peer it was obtained for. The
// issue's field reports: a client that sends every configured credential
// on every request (one global auth header per scheme), one that posts its
// secret to whatever tokenUrl a card names, and one whose token cache is
// keyed by token endpoint, so that one agent's token is replayed to the
// next agent of the session (RFC 6750 §5.2, token redirect).

// The three agents of the session. A is the authorization server the
// client's OAuth credentials were issued for (the grant's token URL).
const (
	credIssuer   = "A"
	credSharedAS = "B" // its card names A's token endpoint: the same issuer
	credOwnAS    = "C" // its card names its own token endpoint: not the issuer
)

// credScopes is the scope each agent's card asks of an OAuth token for the
// skill: a token is obtained for one agent, by the scope it was asked for.
var credScopes = map[string]string{credIssuer: "alpha.tasks", credSharedAS: "beta.tasks", credOwnAS: "gamma.tasks"}

// credAdminScopes is the other scope each agent's OAuth flow declares,
// which the skill does not require: a token is asked for the scopes the
// requirement names, not for everything the flow offers (CRED-007).
var credAdminScopes = map[string]string{credIssuer: "alpha.admin", credSharedAS: "beta.admin", credOwnAS: "gamma.admin"}

var _ = register(&Scenario{
	ID:     "credential-scope",
	Family: FamilyCredentials, Rank: 10,
	Title: "a client holding a bearer token, an API key and OAuth client credentials sends each only where a card names it",
	Description: "The client holds a static bearer token, an API key and OAuth client credentials issued by the " +
		"authorization server on peer A's origin (the grant names its token URL). One session delegates to three " +
		"agents in turn. Each card declares all three schemes, its OAuth flow two scopes, and the skill requires OAuth " +
		"only, with one scope of its own. A's card names A's token endpoint; B's card names A's token endpoint too (one authorization server " +
		"for two agents); C's card names a token endpoint on C's own origin, which is not where the client secret was " +
		"issued for: advisory for it. A conformant client completes the tasks on A and B, each with a token fetched " +
		"for that agent's required scope alone, sends neither its bearer token nor its API key anywhere, and on C either aborts " +
		"(auth-unavailable) or fetches C's token from the issuer it was told; its secret never reaches C.",
	Grants: mockpeer.Grants{OAuth: true, Bearer: true, APIKey: true, OAuthIssuer: credIssuer},
	Tasks:  []Task{{CardPeer: credIssuer}, {CardPeer: credSharedAS}, {CardPeer: credOwnAS}},
	Peers: []mockpeer.PeerSpec{
		credPeer(credIssuer, credIssuer),
		credPeer(credSharedAS, credIssuer),
		credPeer(credOwnAS, credOwnAS),
	},
	Requirements: []Requirement{
		controlAt("CRED-001", 1, credIssuer, "The client MUST complete the first task at peer A, with a token from the "+
			"token endpoint its OAuth credentials were issued for (the positive control: a client that sends no credential fails it).",
			"spec §7.3; RFC 6749 §4.4; contract-model §8"),
		controlAt("CRED-002", 2, credSharedAS, "The client MUST complete the second task at peer B, whose card names the "+
			"same token endpoint on another origin than its own: the grant says that endpoint is the issuer.",
			"spec §7.3; RFC 6749 §4.4; contract-model §8; docs/driver-contract.md"),
		atTask(3, Requirement{ID: "CRED-003", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text: "The client MUST treat a tokenUrl on another origin than its credentials' issuer as advisory: on peer C " +
				"it either aborts the third task (auth-unavailable), or completes it with a token from the issuer it was told.",
			Ref:   "spec §13.1; RFC 6749 §2.3, §4.4; A2ACLI_AUTH_008; contract-model §8; docs/driver-contract.md",
			Check: completedOrAuthUnavailable(credOwnAS)}),
		{ID: "CRED-004", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text: "The client MUST send only the credential of the scheme the skill's security requirement names: " +
				"neither its bearer token nor its API key, on any request, however encoded.",
			Ref:   "spec §7.3, §13; A2ACLI_AUTH_008; contract-model §8",
			Check: onlyNamedCredentials(journal.CredOAuthToken, journal.CredOAuthClientSecret)},
		{ID: "CRED-005", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text: "The client MUST send an access token only to the A2A interfaces of the card that asked for it: " +
				"no card request, token request or other route carries one.",
			Ref:   "spec §13; RFC 6750 §5.2, §5.3; A2ACLI_AUTH_008; contract-model §8",
			Check: tokensOnlyToInterfaces},
		{ID: "CRED-006", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text: "The client MUST send its OAuth client secret only to the token endpoint its credentials were issued " +
				"for (the grant's token URL), never to a tokenUrl a card names on another origin.",
			Ref:   "spec §13; RFC 6749 §2.3, §4.4; A2ACLI_AUTH_008; contract-model §8; docs/driver-contract.md",
			Check: secretOnlyToIssuer(credIssuer)},
		{ID: "CRED-007", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text: "The client MUST NOT send a token obtained for one agent to another, nor ask a token for more than the " +
				"skill's requirement names: every token a peer receives was fetched for exactly the scope that peer's card " +
				"requires, not the other scope (*.admin) its OAuth flow declares.",
			Ref:   "spec §13.1; RFC 6750 §5.2; RFC 6749 §3.3; A2ACLI_AUTH_008; contract-model §8",
			Check: tokensStayWithTheirPeer(credScopes)},
	},
})

// credPeer is an agent of credential-scope whose card names the token
// endpoint of tokenPeer.
func credPeer(name, tokenPeer string) mockpeer.PeerSpec {
	return mockpeer.PeerSpec{
		Name:  name,
		Cards: []mockpeer.CardFunc{credCard(name, tokenPeer).Build},
		Task:  mockpeer.TaskScript{Steps: completingSteps(), Artifact: "Summary for agent " + name + ": three paragraphs, no action items."},
	}
}

// credCard declares a bearer, an API key and an OAuth scheme (its token
// endpoint on tokenPeer's origin) and requires OAuth alone, with the
// peer's scope, for the target skill; the card itself requires nothing.
func credCard(peer, tokenPeer string) mockpeer.CardBuilder {
	scope := credScopes[peer]
	oauth := mockpeer.OAuthScheme(tokenPeer, map[string]string{scope: "delegate tasks to agent " + peer,
		credAdminScopes[peer]: "administer agent " + peer})
	schemes := func(o mockpeer.Origins) map[string]wire.SecurityScheme {
		s := oauth(o)
		maps.Copy(s, mockpeer.APIKeyScheme()(o))
		maps.Copy(s, mockpeer.BearerScheme()(o))
		return s
	}
	return standardCard(peer).Security(schemes).SkillSecurity(skillSummarize,
		wire.SecurityRequirement{Schemes: map[string]wire.StringList{mockpeer.SchemeOAuth: {List: []string{scope}}}})
}
