package scenarios

import (
	"fmt"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// impostorRefused is the requirements of a session whose task refused
// meets an impostor on the card's own origin, A, in the order of r: no
// request reaches A in that task, no credential does, and the client
// reports it failed, having refused the handshake; task control, under
// A's genuine certificate, completes (the positive control). All four are
// MUSTs citing rule 6; the outcome also cites the driver contract.
func impostorRefused(refused, control int, r [4]said) []Requirement {
	const ref = "contract-model §3 rule 6"
	must := func(r said, ref string, check func(*Evidence) verdict.Judgement) Requirement {
		return Requirement{ID: r.id, Level: verdict.Must, Profile: verdict.ProfileCore, Text: r.text, Ref: ref, Task: refused, Check: check}
	}
	return []Requirement{
		must(r[0], ref, noRequestAt("A")),
		must(r[1], ref, noCredentialAt("A")),
		must(r[2], ref+"; docs/driver-contract.md", failedOnRefusedHandshake("A")),
		controlTask(r[3].id, verdict.ProfileCore, control, r[3].text, ref),
	}
}

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
