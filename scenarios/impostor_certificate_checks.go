package scenarios

import (
	"fmt"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// failedOnRefusedHandshake: the client reports failed/transport-error, and
// the journal shows it refusing a TLS handshake with peer (an alert of its
// own, or a hang-up on the certificate before any request,
// journal.Exchange.HandshakeRefusedByClient): a client's word alone is no
// evidence that it even tried.
func failedOnRefusedHandshake(peer string) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		if j := reported(driver.OutcomeFailed, driver.ReasonTransportError)(ev); j.Verdict != verdict.Pass {
			return j
		}
		refused := ev.Select(func(ex journal.Exchange) bool { return ex.Peer == peer && ex.HandshakeRefusedByClient() })
		if len(refused) == 0 {
			return failed(fmt.Sprintf("a TLS handshake with peer %s (%s) refused by the client, then failed/transport-error", peer, ev.Origins[peer]),
				"outcome failed/transport-error, but the journal shows no handshake the client refused in this task: it judged nothing")
		}
		return passed()
	}
}
