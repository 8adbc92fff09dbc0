package scenarios

import (
	"encoding/json"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// placed: the request carried each credential in the places given, as
// "cred@where" pairs; Presented names them.
func placed(pairs ...[2]string) exOpt {
	return func(ex *journal.Exchange) {
		for _, p := range pairs {
			ex.Auth.Presented = mergeCred(ex.Auth.Presented, p[0])
			ex.Auth.Places = append(ex.Auth.Places, journal.Place{Cred: p[0], Where: p[1]})
		}
	}
}

// withAPIKeyCards gives A two card versions: the key in the header
// X-API-Key, then in the cookie agent_key (contract-field-before-send's
// apikey-location and apikey-name changes at once), and B no API key.
func withAPIKeyCards(ev *Evidence) *Evidence {
	card := func(schemes map[string]wire.SecurityScheme) []byte {
		raw, err := json.Marshal(wire.AgentCard{Name: "A", SecuritySchemes: schemes})
		if err != nil {
			panic(err) // a card of plain fields always marshals
		}
		return raw
	}
	key := func(location, name string) map[string]wire.SecurityScheme {
		return map[string]wire.SecurityScheme{"apikey": {APIKey: &wire.APIKeySecurityScheme{Location: location, Name: name}}}
	}
	ev.Cards["A"][0].Bytes = card(key("header", "X-API-Key"))
	ev.Cards["A"][1].Bytes = card(key("cookie", "agent_key"))
	ev.Cards["B"] = []CardVersion{{Bytes: card(nil)}}
	return ev
}

// credentialsInTheirPlaceCases judge CRED-019 (credential_place_checks.go).
func credentialsInTheirPlaceCases() []checkCase {
	const want = "each credential only where its scheme puts it on the card the request was planned on"
	bearer := [2]string{journal.CredBearer, "authorization:bearer"}
	headerKey := [2]string{journal.CredAPIKey, "header:X-Api-Key"}
	cookieKey := [2]string{journal.CredAPIKey, "cookie:agent_key"}
	cases := []checkCase{
		{"no credentials", journalOf(fetch("A"), send("A")), passed()},
		{"the bearer token in Authorization: Bearer, the key where the card says", withAPIKeyCards(journalOf(fetch("A"),
			send("A", placed(bearer, headerKey)))), passed()},
		{"the bearer token in another header", journalOf(fetch("A"),
			send("A", placed([2]string{journal.CredBearer, "header:X-Token"}))),
			failed(want, "bearer in header:X-Token (its place is Authorization: Bearer) at #2 (POST /a2a/jsonrpc, peer A)", 2)},
		{"an access token in the query", journalOf(fetch("A"),
			send("A", placed([2]string{journal.CredOAuthToken, "query:access_token"}))),
			failed(want, "oauth-token in query:access_token (its place is Authorization: Bearer) at #2 (POST /a2a/jsonrpc, peer A)", 2)},
		{"the key also in a cookie the card does not name", withAPIKeyCards(journalOf(fetch("A"),
			send("A", placed(headerKey, [2]string{journal.CredAPIKey, "cookie:api_key"})))),
			failed(want, "api-key in cookie:api_key (the card it was planned on declares header:X-Api-Key) at #2 (POST /a2a/jsonrpc, peer A)", 2)},
		// The card in force when the client last looked is the one it
		// planned on: the key where an earlier card put it is out of place.
		{"the key where the card it looked at last puts it", withAPIKeyCards(journalOf(fetch("A"), send("A", placed(headerKey)),
			fetch("A", underVersion(1)), send("A", underVersion(1), placed(cookieKey)))), passed()},
		{"the key where the card before put it, beside the new place", withAPIKeyCards(journalOf(fetch("A"),
			fetch("A", underVersion(1)), send("A", underVersion(1), placed(cookieKey, headerKey)))),
			failed(want, "api-key in header:X-Api-Key (the card it was planned on declares cookie:agent_key) at #3 (POST /a2a/jsonrpc, peer A)", 3)},
		{"the key with no card that declares one", withAPIKeyCards(journalOf(fetch("B"), send("B", placed(headerKey)))),
			failed(want, "api-key in header:X-Api-Key (no card the request could be planned on declares an API key) at #2 (POST /a2a/jsonrpc, peer B)", 2)},
		{"the client secret in Basic and in a token request's body", journalOf(
			tokenRequest("A", placed([2]string{journal.CredOAuthClientSecret, "authorization:basic"})),
			tokenRequest("A", placed([2]string{journal.CredOAuthClientSecret, "body"}))), passed()},
		{"the client secret in the query", journalOf(tokenRequest("A", placed([2]string{journal.CredOAuthClientSecret, "query:client_secret"}))),
			failed(want, "oauth-client-secret in query:client_secret (its place is Authorization: Basic or the token request's body) "+
				"at #1 (POST /oauth/token, peer A)", 1)},
		{"two Authorization lines", journalOf(fetch("A"), send("A", placed(bearer), fields(journal.FieldCounts{Versions: 1, Authorization: 2}))),
			failed(want, "2 Authorization lines at #2 (POST /a2a/jsonrpc, peer A)", 2)},
		{"a record of no peer that places credentials (no fields counted)", journalOf(fetch("A"), send("A", presenting(journal.CredBearer))),
			passed()},
		{"a credential found in no field the peer places", journalOf(fetch("A"), send("A", presenting(journal.CredBearer),
			fields(journal.FieldCounts{Versions: 1}))),
			failed(want, "bearer presented outside any field the peer places at #2 (POST /a2a/jsonrpc, peer A)", 2)},
		{"a field the scan could not examine", journalOf(fetch("A"), send("A", presenting(journal.CredUnexamined))),
			failed(want, "a field the scan could not examine whole (it held more encoded content than the scan decodes) at #2 (POST /a2a/jsonrpc, peer A)", 2)},
		{"more places than the journal keeps", journalOf(fetch("A"), send("A", placed(bearer), func(ex *journal.Exchange) { ex.Auth.MorePlaces = 20 })),
			failed(want, "credentials in 21 fields at #2 (POST /a2a/jsonrpc, peer A)", 2)},
		{"the client certificate, and connections, are not judged here", journalOf(fetch("A"),
			send("A", placed([2]string{journal.CredClientCert, "tls"})),
			connection("A", journal.HandshakeComplete, 900, presenting(journal.CredBearer))), passed()},
	}
	return cases
}
