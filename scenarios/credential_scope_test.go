package scenarios

import (
	"net/http"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// testCredScopes are the scopes of the tables: A's, B's and C's cards.
var testCredScopes = map[string]string{"A": "a.tasks", "B": "b.tasks", "C": "c.tasks"}

// withTokens: the request carried tokens issued for scopes.
func withTokens(scopes ...string) exOpt {
	return func(ex *journal.Exchange) {
		ex.Auth.Presented = mergeCred(ex.Auth.Presented, journal.CredOAuthToken)
		ex.Auth.TokenScopes = scopes
	}
}

func mergeCred(names []string, name string) []string {
	for _, n := range names {
		if n == name {
			return names
		}
	}
	return append(names, name)
}

func tokenRequest(peer string, opts ...exOpt) journal.Exchange {
	return request(peer, journal.RouteToken, http.MethodPost, mockpeer.TokenPath,
		append([]exOpt{presenting(journal.CredOAuthClientSecret)}, opts...)...)
}

func onlyNamedCredentialsCases() []checkCase {
	const want = "no credential but oauth-token and oauth-client-secret on any request"
	return []checkCase{
		{"a token and the secret where they go", journalOf(fetch("A"), tokenRequest("A"), send("A", withTokens("a.tasks")),
			connection("A", journal.HandshakeComplete, 900, withTokens("a.tasks"))), passed()},
		{"the API key beside the token", journalOf(fetch("A"), tokenRequest("A"),
			send("A", withTokens("a.tasks"), func(ex *journal.Exchange) { ex.Auth.Presented = append(ex.Auth.Presented, journal.CredAPIKey) })),
			failed(want, "api-key presented at #3 (POST "+mockpeer.JSONRPCPath+", peer A)", 3)},
		{"the bearer token on the card fetch, and more", journalOf(fetch("B", presenting(journal.CredBearer)),
			fetch("C", presenting(journal.CredBearer, journal.CredAPIKey))),
			failed(want, "bearer presented at #1 (GET "+wire.WellKnownCardPath+", peer B), and 1 more", 1, 2)},
		{"a connection that could not be scanned", journalOf(fetch("A"),
			connection("A", journal.HandshakeComplete, 90, func(ex *journal.Exchange) { ex.Conn.Unscanned = "HTTP/2: a header block that does not decode" })),
			failed(want, "credentials unknown at #2 (a connection, a TLS handshake, then 90 bytes no handler saw, peer A): "+
				"HTTP/2: a header block that does not decode, whatever it carried reached the peer", 2)},
	}
}

func tokensOnlyToInterfacesCases() []checkCase {
	const want = "access tokens on A2A requests only"
	return []checkCase{
		{"tokens on sends and their connections", journalOf(fetch("A"), tokenRequest("A"), send("A", withTokens("a.tasks")),
			connection("A", journal.HandshakeComplete, 900, withTokens("a.tasks"))), passed()},
		{"a token on the next card fetch", journalOf(fetch("A"), tokenRequest("A"), send("A", withTokens("a.tasks")),
			fetch("B", withTokens("a.tasks"))),
			failed(want, "an access token presented at #4 (GET "+wire.WellKnownCardPath+", peer B)", 4)},
		{"a token on a token request", journalOf(fetch("A"), tokenRequest("A", withTokens("a.tasks"))),
			failed(want, "an access token presented at #2 (POST "+mockpeer.TokenPath+", peer A)", 2)},
		{"a request the scan could not finish", journalOf(send("A", presenting(journal.CredUnexamined))),
			failed(want, "credentials unknown at #1 (POST "+mockpeer.JSONRPCPath+", peer A): it held more encoded content "+
				"than the scan decodes, whatever it carried reached the peer", 1)},
	}
}

func secretOnlyToIssuerCases() []checkCase {
	const want = "the client secret only at the token endpoint of peer A (https://127.0.0.1:4431), its issuer"
	return []checkCase{
		{"the secret at the issuer, on its token route and connection", journalOf(fetch("C"), tokenRequest("A"),
			connection("A", journal.HandshakeComplete, 400, presenting(journal.CredOAuthClientSecret)), send("C", withTokens("c.tasks"))), passed()},
		{"the secret to the tokenUrl C's card names", journalOf(fetch("C"), tokenRequest("C"), send("C", withTokens("c.tasks"))),
			failed(want, "the client secret presented at #2 (POST "+mockpeer.TokenPath+", peer C)", 2)},
		{"the secret to the issuer's card route", journalOf(fetch("A", presenting(journal.CredOAuthClientSecret))),
			failed(want, "the client secret presented at #1 (GET "+wire.WellKnownCardPath+", peer A)", 1)},
		{"the secret on a connection to another peer", journalOf(connection("B", journal.HandshakeComplete, 400, presenting(journal.CredOAuthClientSecret))),
			failed(want, "the client secret presented at #1 (a connection, a TLS handshake, then 400 bytes no handler saw, peer B)", 1)},
	}
}

func tokensStayWithTheirPeerCases() []checkCase {
	const want = "every token at a peer fetched for exactly the scope that peer's card names"
	return []checkCase{
		{"each peer its own token", journalOf(send("A", withTokens("a.tasks")), send("B", withTokens("b.tasks")),
			send("C", withTokens("c.tasks c.tasks")), connection("B", journal.HandshakeComplete, 900, withTokens("b.tasks"))), passed()},
		{"a token for every scope the flow declares", journalOf(send("C", withTokens("c.admin c.tasks"))),
			failed(want, `a token fetched for scope "c.admin c.tasks", more than its card names presented to peer C (scope "c.tasks") at #1 (POST `+mockpeer.JSONRPCPath+`, peer C)`, 1)},
		{"another scope the card does not name", journalOf(send("C", withTokens("c.tasks x.read"))),
			failed(want, `a token fetched for scope "c.tasks x.read", more than its card names presented to peer C (scope "c.tasks") at #1 (POST `+mockpeer.JSONRPCPath+`, peer C)`, 1)},
		{"A's token replayed to B", journalOf(send("A", withTokens("a.tasks")), send("B", withTokens("a.tasks"))),
			failed(want, `a token fetched for peer A (scope "a.tasks") presented to peer B (scope "b.tasks") at #2 (POST `+mockpeer.JSONRPCPath+`, peer B)`, 2)},
		{"one token for two agents", journalOf(send("B", withTokens("a.tasks b.tasks"))),
			failed(want, `a token fetched for peer A and B (scope "a.tasks b.tasks") presented to peer B (scope "b.tasks") at #1 (POST `+mockpeer.JSONRPCPath+`, peer B)`, 1)},
		{"a token fetched with no scope", journalOf(send("A", withTokens(""))),
			failed(want, `a token fetched with no scope (for no agent in particular) presented to peer A (scope "a.tasks") at #1 (POST `+mockpeer.JSONRPCPath+`, peer A)`, 1)},
		{"B's own token beside A's, hidden in another header", journalOf(send("B", withTokens("a.tasks", "b.tasks"))),
			failed(want, `a token fetched for peer A (scope "a.tasks") presented to peer B (scope "b.tasks") at #1 (POST `+mockpeer.JSONRPCPath+`, peer B)`, 1)},
	}
}

func completedOrAuthUnavailableCases() []checkCase {
	const want = "aborted/auth-unavailable after judging peer C's card, nothing sent to it"
	return []checkCase{
		{"aborted after the card", reporting(driver.OutcomeAborted, driver.ReasonAuthUnavailable, fetch("C")), passed()},
		{"completed at C", reporting(driver.OutcomeCompleted, "", fetch("C"), tokenRequest("A"), send("C"),
			call("C", wire.MethodGetTask, after(wire.TaskStateCompleted))), passed()},
		{"aborted without a look at the card", reporting(driver.OutcomeAborted, driver.ReasonAuthUnavailable),
			failed(want, "the client was served no card of peer C in this task: it judged nothing")},
		{"aborted after sending", reporting(driver.OutcomeAborted, driver.ReasonAuthUnavailable, fetch("C"), send("C", answered(http.StatusUnauthorized, 0))),
			failed(want, "1 A2A request(s) to peer C, first POST "+mockpeer.JSONRPCPath, 2)},
		{"another abort", reporting(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint, fetch("C")),
			failed("completed at peer C, or aborted/auth-unavailable", "aborted/untrusted-endpoint")},
	}
}

// TestCredentialScopeScenario: the scenario's tasks go to its three
// peers, the grant names the issuer, and each card's skill requires OAuth
// alone with the peer's scope at the token endpoint the design says.
func TestCredentialScopeScenario(t *testing.T) {
	sc, err := Lookup("credential-scope")
	if err != nil {
		t.Fatal(err)
	}
	var peers []string
	for _, task := range sc.SessionTasks() {
		peers = append(peers, sc.TaskCardPeer(task))
	}
	if want := []string{credIssuer, credSharedAS, credOwnAS}; !equalStrings(peers, want) {
		t.Errorf("tasks go to %v, want %v", peers, want)
	}
	if sc.Grants.OAuthIssuer != credIssuer || !sc.Grants.Bearer || !sc.Grants.APIKey || !sc.Grants.OAuth {
		t.Errorf("grants %+v", sc.Grants)
	}
	origins := func(p string) string { return testOrigins[p] }
	for peer, tokenPeer := range map[string]string{credIssuer: credIssuer, credSharedAS: credIssuer, credOwnAS: credOwnAS} {
		card := credCard(peer, tokenPeer).Build(origins)
		if got := len(card.SecuritySchemes); got != 3 {
			t.Errorf("%s: %d schemes, want bearer, API key and OAuth", peer, got)
		}
		req := card.Skill(skillSummarize).SecurityRequirements
		if len(req) != 1 || len(req[0].Schemes) != 1 || !equalStrings(req[0].Schemes[mockpeer.SchemeOAuth].List, []string{credScopes[peer]}) {
			t.Errorf("%s: skill requirement %+v", peer, req)
		}
		if got, want := card.SecuritySchemes[mockpeer.SchemeOAuth].OAuth2.Flows.ClientCredentials.TokenURL, mockpeer.TokenURL(testOrigins[tokenPeer]); got != want {
			t.Errorf("%s: tokenUrl %s, want %s", peer, got, want)
		}
	}
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func credentialsOnlyToInterfacesCases() []checkCase {
	const want = "no credential on card, key-set or token requests (the client secret on token requests only)"
	return []checkCase{
		{"credentials on A2A requests, the secret on the token request", journalOf(fetch("A"), tokenRequest("A"),
			send("A", withTokens("a.tasks"), presenting(journal.CredBearer, journal.CredOAuthToken)),
			connection("A", journal.HandshakeComplete, 900, presenting(journal.CredBearer, journal.CredClientCert))), passed()},
		{"the bearer token on a revalidation", journalOf(fetch("A"), send("A", presenting(journal.CredBearer)),
			fetch("A", presenting(journal.CredBearer), answered(http.StatusNotModified, 0))),
			failed(want, "bearer presented at #3 (GET "+wire.WellKnownCardPath+", peer A)", 3)},
		{"the API key on a key-set request", journalOf(request("A", journal.RouteJWKS, http.MethodGet, mockpeer.JWKSPath, presenting(journal.CredAPIKey))),
			failed(want, "api-key presented at #1 (GET "+mockpeer.JWKSPath+", peer A)", 1)},
		{"a token beside the secret on a token request", journalOf(tokenRequest("A", withTokens("a.tasks"))),
			failed(want, "oauth-token presented at #1 (POST "+mockpeer.TokenPath+", peer A)", 1)},
		{"the client certificate under a card request", journalOf(fetch("B", presenting(journal.CredClientCert))),
			failed(want, "client-cert presented at #1 (GET "+wire.WellKnownCardPath+", peer B)", 1)},
		{"a card request the scan could not finish", journalOf(fetch("A", presenting(journal.CredUnexamined))),
			failed(want, "credentials unknown at #1 (GET "+wire.WellKnownCardPath+", peer A): it held more encoded content "+
				"than the scan decodes, whatever it carried reached the peer", 1)},
	}
}

// sizedTasks makes ev a session of tasks, each of the given number of
// exchanges, in journal order.
func sizedTasks(ev *Evidence, sizes ...int64) *Evidence {
	var first int64 = 1
	ev.Tasks = nil
	for i, n := range sizes {
		ev.Tasks = append(ev.Tasks, ClientRun{Task: i + 1, FirstSeq: first, LastSeq: first + n - 1})
		first += n
	}
	ev.Client = ev.Tasks[0]
	return ev
}

func namedPerTaskCases() []checkCase {
	const want = "no credential but api-key on any request"
	return []checkCase{
		{"each task its card's credentials", sizedTasks(journalOf(
			fetch("A"), send("A", presenting(journal.CredBearer)),
			fetch("A"), send("A", presenting(journal.CredBearer, journal.CredAPIKey)),
			fetch("A"), send("A", presenting(journal.CredAPIKey))), 2, 2, 2), passed()},
		{"the bearer token kept for the third task", sizedTasks(journalOf(
			fetch("A"), send("A", presenting(journal.CredBearer)),
			fetch("A"), send("A", presenting(journal.CredBearer, journal.CredAPIKey)),
			fetch("A"), send("A", presenting(journal.CredBearer, journal.CredAPIKey))), 2, 2, 2),
			failed(want, "task 3: bearer presented at #6 (POST "+mockpeer.JSONRPCPath+", peer A)", 6)},
		{"the API key in the first task", sizedTasks(journalOf(
			fetch("A"), send("A", presenting(journal.CredBearer, journal.CredAPIKey))), 2),
			failed("no credential but bearer on any request", "task 1: api-key presented at #2 (POST "+mockpeer.JSONRPCPath+", peer A)", 2)},
	}
}

func noClientCertificateCases() []checkCase {
	const want = "the client certificate in no handshake"
	return []checkCase{
		{"bearer tokens only", journalOf(fetch("A"), send("A", presenting(journal.CredBearer)),
			connection("A", journal.HandshakeComplete, 900, presenting(journal.CredBearer))), passed()},
		{"the certificate to the card's origin", journalOf(fetch("A"), send("A", presenting(journal.CredBearer)),
			connection("A", journal.HandshakeComplete, 900, presenting(journal.CredBearer, journal.CredClientCert))),
			failed(want, "the client certificate presented at #3 (a connection, a TLS handshake, then 900 bytes no handler saw, peer A)", 3)},
		{"the certificate in a bare handshake with another origin", journalOf(connection("B", journal.HandshakeComplete, 0, presenting(journal.CredClientCert))),
			failed(want, "the client certificate presented at #1 (a connection, a TLS handshake, then 0 bytes, peer B)", 1)},
	}
}
