package scenarios

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// extendedCards gives A's card versions of ev a public card that names
// the bearer token card-wide (and declares nothing else), and extended
// cards whose contracts differ between the versions.
func extendedCards(ev *Evidence) *Evidence {
	public := []byte(`{"securitySchemes":{"bearer":{"httpAuthSecurityScheme":{"scheme":"Bearer"}}},` +
		`"securityRequirements":[{"schemes":{"bearer":{"list":[]}}}],"capabilities":{"extendedAgentCard":true}}`)
	for i, ext := range []string{"ext-v0", "ext-v1"} {
		ev.Cards["A"][i].Bytes, ev.Cards["A"][i].ExtendedHash = public, ext
	}
	return ev
}

// extendedFetch is a GetExtendedAgentCard call answered with the card.
func extendedFetch(peer string, opts ...exOpt) journal.Exchange {
	return call(peer, wire.MethodGetExtendedAgentCard, append([]exOpt{underVersion(0), taskID("")}, opts...)...)
}

func noSendAfterExtendedChangeCases() []checkCase {
	const want = "abort before send: no task-creating request once the extended card's contract changed"
	return []checkCase{
		{"sent under the first extended card", extendedCards(journalOf(extendedFetch("A"), send("A"))), passed()},
		{"no extended card scripted", journalOf(send("A", underVersion(1))), passed()},
		{"sent after the extended card changed", extendedCards(journalOf(extendedFetch("A"), extendedFetch("A", underVersion(1)),
			send("A", underVersion(1)))),
			failed(want, "SendMessage at #3 under card version 1, whose extended card's contract differs from version 0's", 3)},
		{"a refused send counts too", extendedCards(journalOf(send("A", underVersion(1), answered(http.StatusUnauthorized, 0)))),
			failed(want, "SendMessage at #1 under card version 1, whose extended card's contract differs from version 0's", 1)},
	}
}

func extendedFetchedWithNamedSchemesCases() []checkCase {
	const want = "GetExtendedAgentCard with the credentials of the schemes the public card names (bearer) and no other"
	return []checkCase{
		{"never fetched", extendedCards(journalOf(fetch("A"))), passed()},
		{"fetched with the bearer token", extendedCards(journalOf(fetch("A"), extendedFetch("A", presenting(journal.CredBearer)),
			send("A", presenting(journal.CredAPIKey)))), passed()},
		{"fetched with every credential held", extendedCards(journalOf(fetch("A"),
			extendedFetch("A", presenting(journal.CredBearer, journal.CredAPIKey)))),
			failed(want, "#2 presented api-key", 2)},
		{"fetched with what the scan could not read", extendedCards(journalOf(
			extendedFetch("A", presenting(journal.CredBearer, journal.CredUnexamined)))),
			failed(want, "#1 presented unexamined", 1)},
		{"a refused fetch counts too", extendedCards(journalOf(
			extendedFetch("A", presenting(journal.CredAPIKey), answered(http.StatusUnauthorized, wire.ErrUnauthenticated.RPCCode)))),
			failed(want, "#1 presented api-key", 1)},
		{"a card version the evidence lacks", extendedCards(journalOf(extendedFetch("A", underVersion(1), func(ex *journal.Exchange) {
			ex.CardVersion = 5
		}))), harnessLost("scenarios: peer A has no card version 5 in the evidence", 1)},
	}
}

func noUnnamedCredentialBeforeExtendedCases() []checkCase {
	const want = "no credential the public card does not name before the extended card was fetched"
	return []checkCase{
		{"the key after the extended card", extendedCards(journalOf(fetch("A"), extendedFetch("A", presenting(journal.CredBearer)),
			send("A", presenting(journal.CredAPIKey)))), passed()},
		{"the public card's credential alone, no extended card", extendedCards(journalOf(fetch("A"),
			send("A", presenting(journal.CredBearer)))), passed()},
		{"every credential on the send, no extended card", extendedCards(journalOf(fetch("A"),
			send("A", presenting(journal.CredBearer, journal.CredAPIKey)))),
			failed(want, "#2 (POST /a2a/jsonrpc) presented api-key, and no extended card had been served before it", 2)},
		{"the key on a refused extended-card fetch", extendedCards(journalOf(
			extendedFetch("A", presenting(journal.CredAPIKey), answered(http.StatusUnauthorized, wire.ErrUnauthenticated.RPCCode)),
			extendedFetch("A", presenting(journal.CredBearer)), send("A", presenting(journal.CredAPIKey)))),
			failed(want, "#1 (POST /a2a/jsonrpc) presented api-key, and no extended card had been served before it", 1)},
		{"the key on a card request", extendedCards(journalOf(fetch("A", presenting(journal.CredAPIKey)))),
			failed(want, "#1 (GET /.well-known/agent-card.json) presented api-key, and no extended card had been served before it", 1)},
	}
}

// extendedContractChangedCases: an extended card whose contract changed
// grounds aborted/contract-changed, as a changed public card does.
func extendedContractChangedCases() []checkCase {
	want := "an outcome the journal supports: aborted/contract-changed"
	return []checkCase{
		{"served the changed extended card", extendedCards(reporting(driver.OutcomeAborted, driver.ReasonContractChanged,
			fetch("A"), extendedFetch("A", underVersion(1)))), passed()},
		{"served the first extended card only", extendedCards(reporting(driver.OutcomeAborted, driver.ReasonContractChanged,
			fetch("A"), extendedFetch("A"))),
			failed(want, "no card with a changed contract was served to the client before it gave up", 1)},
		{"the changed extended card refused", extendedCards(reporting(driver.OutcomeAborted, driver.ReasonContractChanged,
			fetch("A"), extendedFetch("A", underVersion(1), answered(http.StatusUnauthorized, wire.ErrUnauthenticated.RPCCode)))),
			failed(want, "no card with a changed contract was served to the client before it gave up", 1)},
	}
}

// extendedUntrustedCases: an extended card served grounds
// aborted/untrusted-endpoint, as a public card served does.
func extendedUntrustedCases() []checkCase {
	return []checkCase{
		{"served the extended card only", extendedCards(reporting(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint,
			extendedFetch("A", underVersion(1)))), passed()},
		{"the extended card refused", extendedCards(reporting(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint,
			extendedFetch("A", answered(http.StatusUnauthorized, wire.ErrUnauthenticated.RPCCode)))),
			failed("an outcome the journal supports: aborted/untrusted-endpoint",
				"the client was served no card (nor redirect) in this task: it judged nothing")},
	}
}
