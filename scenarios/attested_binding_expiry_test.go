package scenarios

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

func reattestedCases() []checkCase {
	const (
		want   = "a TLS handshake with peer B (https://127.0.0.2:4432) in this task, then aborted/untrusted-endpoint"
		noLook = "outcome aborted/untrusted-endpoint, but the journal shows no handshake with the endpoint in this task: it attested nothing"
	)
	untrusted := func(exs ...journal.Exchange) *Evidence {
		return reporting(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint, append([]journal.Exchange{fetch("A")}, exs...)...)
	}
	return []checkCase{
		{"a bare handshake to learn B's principal, then the refusal", untrusted(connection("B", journal.HandshakeComplete, 0)), passed()},
		{"a handshake the client refused on a pin", untrusted(refusedHandshake("B")), passed()},
		{"refused from memory: no look at B", untrusted(), failed(want, noLook)},
		{"a look at A, not at B", untrusted(connection("A", journal.HandshakeComplete, 0)), failed(want, noLook)},
		{"a connection that never reached B's certificate", untrusted(connection("B", journal.HandshakeNone, 0)), failed(want, noLook)},
		{"completed at B: the expired attestation trusted", reporting(driver.OutcomeCompleted, "", fetch("A"),
			connection("B", journal.HandshakeComplete, 300), send("B", after("TASK_STATE_COMPLETED"))),
			failed("aborted/untrusted-endpoint", "completed")},
		{"the words without a card", reporting(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint, connection("B", journal.HandshakeComplete, 0)),
			failed("an outcome the journal supports: aborted/untrusted-endpoint",
				"the client was served no card (nor redirect) in this task: it judged nothing")},
	}
}

func refetchedKeysCases() []checkCase {
	const (
		want   = "a request for the key set of peer A (https://127.0.0.1:4431) in this task, then aborted/untrusted-endpoint"
		noLook = "outcome aborted/untrusted-endpoint, but the journal shows no key set request in this task: it attested nothing"
	)
	jwks := func(peer string) journal.Exchange {
		return request(peer, journal.RouteJWKS, http.MethodGet, mockpeer.JWKSPath)
	}
	return []checkCase{
		{"A's key set fetched again, then the refusal", reporting(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint, fetch("A"), jwks("A")), passed()},
		{"refused from memory: the key set not asked for", reporting(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint, fetch("A")),
			failed(want, noLook)},
		{"a key set asked of B, not of the card's origin", reporting(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint, fetch("A"), jwks("B")),
			failed(want, noLook)},
		{"completed at B under the withdrawn key", reporting(driver.OutcomeCompleted, "", fetch("A"), send("B", after("TASK_STATE_COMPLETED"))),
			failed("aborted/untrusted-endpoint", "completed")},
	}
}
