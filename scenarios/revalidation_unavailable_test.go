package scenarios

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// faulted: the peer answered the card request with fault, status status
// (0: no response).
func faulted(fault mockpeer.CardFault, status int) exOpt {
	return func(ex *journal.Exchange) { ex.CardFault, ex.Status = string(fault), status }
}

// splitTasks splits ev's journal into tasks of the given sizes, with outcomes.
func splitTasks(ev *Evidence, sizes []int, outcomes ...driver.Outcome) *Evidence {
	var first int64 = 1
	for i, n := range sizes {
		run := ClientRun{Task: i + 1, FirstSeq: first, LastSeq: first + int64(n) - 1, Deadline: ev.Client.Deadline}
		if i < len(outcomes) {
			run.Outcome = &outcomes[i]
		} else {
			run.OutcomeProblem = "missing"
		}
		ev.Tasks = append(ev.Tasks, run)
		first += int64(n)
	}
	ev.Client = ev.Tasks[len(ev.Tasks)-1]
	return ev
}

func noSendAfterCardFaultCases() []checkCase {
	const want = "no task-creating request after the card request the peer answered with a fault"
	return []checkCase{
		{"the look, the failed revalidation, no send", journalOf(fetch("A"), fetch("A", faulted(mockpeer.CardUnavailable, http.StatusServiceUnavailable))), passed()},
		{"a send before the fault is the card's", journalOf(fetch("A"), send("A"), fetch("A", faulted(mockpeer.CardHangUp, 0))), passed()},
		{"a send in a later task, the card healthy again",
			splitTasks(journalOf(fetch("A"), fetch("A", faulted(mockpeer.CardMalformed, http.StatusOK)), fetch("A"), fetch("A"), send("A")), []int{2, 3}),
			passed()},
		{"a send under the card whose revalidation failed",
			journalOf(fetch("A"), fetch("A", faulted(mockpeer.CardUnavailable, http.StatusServiceUnavailable)), send("A")),
			failed(want, "task 0: the card request #2 was answered 503 (unavailable), then 1 task-creating request(s), first #3 (POST /a2a/jsonrpc)", 2, 3)},
		{"a send after a hang-up and a retry that hung up too",
			splitTasks(journalOf(fetch("A"), send("A"), fetch("A"), fetch("A", faulted(mockpeer.CardHangUp, 0)),
				fetch("A", faulted(mockpeer.CardHangUp, 0)), send("A")), []int{2, 4}),
			failed(want, "task 2: the card request #4 was answered with no response (hang-up), then 1 task-creating request(s), first #6 (POST /a2a/jsonrpc)", 4, 6)},
	}
}

func noCredentialAfterCardFaultCases() []checkCase {
	const want = "no credential presented after the card request the peer answered with a fault"
	fault := fetch("A", faulted(mockpeer.CardRedirectLoop, http.StatusTemporaryRedirect))
	return []checkCase{
		{"no credential after the fault", journalOf(fetch("A"), fault, fetch("A", faulted(mockpeer.CardRedirectLoop, http.StatusTemporaryRedirect))), passed()},
		{"a connection's record names what earlier requests carried", journalOf(fetch("A"), send("A", presenting("bearer")), fault,
			request("A", journal.RouteConnection, "", "", presenting("bearer"))), passed()},
		{"a GetTask with the token after the fault", journalOf(fetch("A"), fault, call("A", "GetTask", presenting("bearer"))),
			failed(want, "task 0: the card request #2 was answered 307 (redirect-loop), then 1 request(s) presenting a credential, first #3 (POST /a2a/jsonrpc)", 2, 3)},
	}
}

func failedOnCardFaultCases() []checkCase {
	const want = "failed/transport-error or failed/peer-error, after the card URL failed"
	transport := driver.Outcome{Outcome: driver.OutcomeFailed, Reason: driver.ReasonTransportError}
	peerError := driver.Outcome{Outcome: driver.OutcomeFailed, Reason: driver.ReasonPeerError}
	completed := driver.Outcome{Outcome: driver.OutcomeCompleted, TaskID: "task-1"}
	changed := driver.Outcome{Outcome: driver.OutcomeAborted, Reason: driver.ReasonContractChanged}
	twoFaults := func(second driver.Outcome) *Evidence {
		return splitTasks(journalOf(fetch("A"), fetch("A", faulted(mockpeer.CardHangUp, 0)),
			fetch("A"), fetch("A", faulted(mockpeer.CardNotACard, http.StatusOK))), []int{2, 2}, transport, second)
	}
	return []checkCase{
		{"each faulted task failed with the failure it met", twoFaults(peerError), passed()},
		{"transport-error for an answer that is not the card is no guess either", twoFaults(transport), passed()},
		{"sent and completed, as if could not ask meant unchanged", twoFaults(completed), failed(want, "task 2: completed")},
		{"a contract change the peer never made",
			twoFaults(changed), failed(want, "task 2: aborted/contract-changed")},
		{"the words without the failure: the client never revalidated",
			splitTasks(journalOf(fetch("A"), send("A")), []int{1, 1}, transport, peerError),
			failed(want, "task 1: failed/transport-error, but the card URL never failed in this task: the client did not revalidate after its look", 1)},
		{"a session that ends early", splitTasks(journalOf(fetch("A"), fetch("A", faulted(mockpeer.CardHangUp, 0))), []int{2}, transport),
			failed("task 2, whose revalidation fails", "the session has 1 task(s)")},
	}
}
