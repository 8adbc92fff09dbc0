package scenarios

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// refusedHandshake is the journal entry of a client that refused peer's
// certificate with an alert, as the peer words it.
func refusedHandshake(peer string) journal.Exchange {
	return connection(peer, journal.HandshakeFailed, 0, func(ex *journal.Exchange) {
		ex.Malformed = "TLS handshake failed: remote error: tls: bad certificate"
		ex.Conn.Impostor = true
	})
}

func failedOnRefusedHandshakeCases() []checkCase {
	const (
		want  = "a TLS handshake with peer A (https://127.0.0.1:4431) refused by the client, then failed/transport-error"
		noTry = "outcome failed/transport-error, but the journal shows no handshake the client refused in this task: it judged nothing"
	)
	refusedByPeer := connection("A", journal.HandshakeFailed, 0, func(ex *journal.Exchange) {
		ex.Malformed = "TLS handshake failed: tls: client didn't provide a certificate"
	})
	return []checkCase{
		{"the client refused the impostor", reporting(driver.OutcomeFailed, driver.ReasonTransportError, refusedHandshake("A")), passed()},
		{"the client hung up on the certificate, without an alert (Node)", reporting(driver.OutcomeFailed, driver.ReasonTransportError,
			connection("A", journal.HandshakeFailed, 0, func(ex *journal.Exchange) {
				ex.Malformed = "TLS handshake failed: the client hung up on the impostor's certificate during the handshake, without an alert (EOF)"
			})), passed()},
		{"the client hung up right after the handshake, without a byte", reporting(driver.OutcomeFailed, driver.ReasonTransportError,
			connection("A", journal.HandshakeComplete, 0, func(ex *journal.Exchange) {
				ex.Malformed = "TLS handshake refused after the fact: the client hung up on the impostor's certificate right after the handshake, without a request"
			})), passed()},
		{"the same, over several attempts", reporting(driver.OutcomeFailed, driver.ReasonTransportError,
			refusedHandshake("A"), refusedHandshake("A")), passed()},
		{"the words without the attempt", reporting(driver.OutcomeFailed, driver.ReasonTransportError), failed(want, noTry)},
		{"a handshake the peer refused is not the client's judgement",
			reporting(driver.OutcomeFailed, driver.ReasonTransportError, refusedByPeer), failed(want, noTry)},
		{"a refusal at another peer", reporting(driver.OutcomeFailed, driver.ReasonTransportError, refusedHandshake("B")), failed(want, noTry)},
		{"the impostor's card judged as advisory", reporting(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint, fetch("A")),
			failed("failed/transport-error", "aborted/untrusted-endpoint")},
		{"another reason", reporting(driver.OutcomeFailed, driver.ReasonPeerError, refusedHandshake("A")),
			failed("failed/transport-error", "failed/peer-error")},
		{"the task completed at the impostor", reporting(driver.OutcomeCompleted, "", fetch("A"), send("A", after("TASK_STATE_COMPLETED"))),
			failed("failed/transport-error", "completed")},
	}
}

// The scenario judges task 2 alone: what the client did under the genuine
// certificate in task 1 (its card, its task, its token) is the control.
func TestImpostorCertificateJudgesTheSecondTask(t *testing.T) {
	sc, err := Lookup("impostor-certificate")
	if err != nil {
		t.Fatal(err)
	}
	two := func(task2 ...journal.Exchange) *Evidence {
		exs := append([]journal.Exchange{fetch("A"), send("A", presenting(journal.CredBearer), after("TASK_STATE_COMPLETED"), taskID("task-1"))}, task2...)
		ev := journalOf(exs...)
		ev.Tasks = []ClientRun{
			{Task: 1, FirstSeq: 1, LastSeq: 2, TaskEnd: driver.TaskEnd{Outcome: &driver.Outcome{Outcome: driver.OutcomeCompleted, TaskID: "task-1"}}},
			{Task: 2, FirstSeq: 3, LastSeq: int64(len(exs)), TaskEnd: driver.TaskEnd{Outcome: &driver.Outcome{Outcome: driver.OutcomeFailed, Reason: driver.ReasonTransportError}}},
		}
		ev.Client = ev.Tasks[1]
		return ev
	}
	verdicts := func(ev *Evidence) map[string]verdict.Verdict {
		out := map[string]verdict.Verdict{}
		for _, r := range sc.AllRequirements() {
			out[r.ID] = r.Judge(ev).Verdict
		}
		return out
	}
	refusing := verdicts(two(refusedHandshake("A")))
	for id, v := range refusing {
		if v != verdict.Pass {
			t.Errorf("a client refusing the impostor: %s is %s, want pass", id, v)
		}
	}
	trusting := verdicts(two(fetch("A", presenting()), send("A", presenting(journal.CredBearer))))
	for _, id := range []string{"TLS-001", "TLS-002", "TLS-003"} {
		if trusting[id] != verdict.Fail {
			t.Errorf("a client talking to the impostor: %s is %s, want fail", id, trusting[id])
		}
	}
	if trusting["TLS-004"] != verdict.Pass {
		t.Errorf("TLS-004 (task 1) is %s for a client that completed task 1", trusting["TLS-004"])
	}
}
