package scenarios

import (
	"fmt"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// reattested: the client reports aborted/untrusted-endpoint, grounded,
// and the journal shows it reaching peer's certificate in this task: a
// TLS handshake it completed, or one it refused. A client that refused
// from memory attested nothing.
func reattested(peer string) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		if j := outcomeIs(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint)(ev); j.Verdict != verdict.Pass {
			return j
		}
		seen := ev.Select(func(ex journal.Exchange) bool {
			return ex.Peer == peer && ex.Route == journal.RouteConnection && ex.Conn != nil &&
				(ex.Conn.Handshake == journal.HandshakeComplete || ex.HandshakeRefusedByClient())
		})
		if len(seen) == 0 {
			return failed(fmt.Sprintf("a TLS handshake with peer %s (%s) in this task, then aborted/untrusted-endpoint", peer, ev.Origins[peer]),
				"outcome aborted/untrusted-endpoint, but the journal shows no handshake with the endpoint in this task: it attested nothing")
		}
		return passed()
	}
}

// refetchedKeys: the client reports aborted/untrusted-endpoint, grounded,
// and the journal shows it fetching peer's key set in this task: a client
// that refused from memory attested nothing.
func refetchedKeys(peer string) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		if j := outcomeIs(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint)(ev); j.Verdict != verdict.Pass {
			return j
		}
		if fetched := ev.Select(func(ex journal.Exchange) bool { return ex.Peer == peer && ex.Route == journal.RouteJWKS }); len(fetched) == 0 {
			return failed(fmt.Sprintf("a request for the key set of peer %s (%s) in this task, then aborted/untrusted-endpoint", peer, ev.Origins[peer]),
				"outcome aborted/untrusted-endpoint, but the journal shows no key set request in this task: it attested nothing")
		}
		return passed()
	}
}
