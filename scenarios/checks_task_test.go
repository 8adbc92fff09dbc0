package scenarios

import (
	"net/http"
	"strings"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// Tables of the checks that judge the task: was it sent, canceled,
// completed, and what did the client report.

func noCancelCases() []checkCase {
	return []checkCase{
		{"no request at all", journalOf(), passed()},
		{"send and polls", journalOf(send("A"), call("A", wire.MethodGetTask)), passed()},
		{"a request refused unread is no cancel", journalOf(send("A"), unparsedAt("A")), passed()},
		{"send then cancel twice",
			journalOf(send("A"), call("A", wire.MethodCancelTask), call("A", wire.MethodGetTask), call("A", wire.MethodCancelTask)),
			failed("no CancelTask request", "2 CancelTask request(s), first at #2", 2, 4)},
		{"a cancel the peer refused still counts",
			journalOf(call("B", wire.MethodCancelTask, answered(http.StatusUnauthorized, 0))),
			failed("no CancelTask request", "1 CancelTask request(s), first at #1", 1)},
	}
}

// outcomeIsCases judge outcomeIs(aborted, contract-changed), and one
// outcomeIs with any reason through completedWithArtifact's table.
func outcomeIsCases() []checkCase {
	const want = "aborted/contract-changed"
	detailed := reporting(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint)
	detailed.Client.Outcome.Detail = strings.Repeat("x", 250)
	changed := fetch("A", underVersion(1))
	return []checkCase{
		{"the outcome and reason, once served the changed card", reporting(driver.OutcomeAborted, driver.ReasonContractChanged,
			fetch("A"), changed), passed()},
		{"the outcome with a detail", withClient(reporting(driver.OutcomeAborted, driver.ReasonContractChanged, changed),
			func(c *ClientRun) { c.Outcome.Detail = "card v2 requires mtls" }), passed()},
		{"the words without the change: never served a changed card",
			reporting(driver.OutcomeAborted, driver.ReasonContractChanged, fetch("A"), fetch("A", answered(http.StatusNotModified, 0))),
			failed("an outcome the journal supports: aborted/contract-changed",
				"no card with a changed contract was served to the client before it gave up", 1, 2)},
		{"a faulted answer is no card, whatever version was in force",
			reporting(driver.OutcomeAborted, driver.ReasonContractChanged, fetch("A"), fetch("A", underVersion(1), faulted(mockpeer.CardNotACard, http.StatusOK))),
			failed("an outcome the journal supports: aborted/contract-changed",
				"no card with a changed contract was served to the client before it gave up", 1, 2)},
		{"the words without any traffic", reporting(driver.OutcomeAborted, driver.ReasonContractChanged),
			failed("an outcome the journal supports: aborted/contract-changed",
				"no card with a changed contract was served to the client before it gave up")},
		{"another reason, detail clipped", detailed,
			failed(want, `aborted/untrusted-endpoint (detail: "`+strings.Repeat("x", 200)+`…")`)},
		{"another outcome", reporting(driver.OutcomeCompleted, ""), failed(want, "completed")},
		{"no readable outcome", withClient(journalOf(), func(c *ClientRun) { c.OutcomeProblem = `not a JSON object: "ok"` }),
			failed(want, `no readable outcome (not a JSON object: "ok")`)},
		{"killed at the deadline, even with an outcome",
			withClient(reporting(driver.OutcomeAborted, driver.ReasonContractChanged), func(c *ClientRun) { c.TimedOut = true }),
			failed(want+" before the deadline", "the client outlived its deadline (10s) and was killed")},
		{"killed at the deadline, the time it ran measured",
			withClient(reporting(driver.OutcomeAborted, driver.ReasonContractChanged), func(c *ClientRun) { c.TimedOut, c.Ran = true, 10*time.Second+40*time.Millisecond }),
			failed(want+" before the deadline", "the client outlived its deadline (ran 10.04s, deadline 10s) and was killed")},
	}
}

func completedWithArtifactCases() []checkCase {
	const want, got = "a task the peer completed (with its artifact)",
		`outcome completed for task "task-1", but no exchange of this task shows a peer completing it`
	const notCreated = `outcome completed for task "task-1", but no send of this task created it: ` +
		"the client reported a task it did not delegate now"
	return []checkCase{
		{"completed, and the peer completed it",
			reporting(driver.OutcomeCompleted, "", send("A"), call("A", wire.MethodGetTask, after(wire.TaskStateCompleted))), passed()},
		{"completed, any reason", reporting(driver.OutcomeCompleted, driver.ReasonPeerError,
			send("B", after(wire.TaskStateCompleted))), passed()},
		{"completed by the client's word alone",
			reporting(driver.OutcomeCompleted, "", send("A"), call("A", wire.MethodGetTask, after(wire.TaskStateWorking))),
			failed(want, got)},
		{"completed, naming a task the peer did not complete",
			withClient(reporting(driver.OutcomeCompleted, "", send("A", after(wire.TaskStateCompleted)), send("A", taskID("task-9"))),
				func(c *ClientRun) { c.Outcome.TaskID = "task-9" }),
			failed(want, strings.ReplaceAll(got, "task-1", "task-9"))},
		{"completed, naming a task no send of this task created (an earlier task's, replayed)",
			reporting(driver.OutcomeCompleted, "", fetch("A"), call("A", wire.MethodGetTask, after(wire.TaskStateCompleted))),
			failed(want, notCreated)},
		{"a follow-up message to an existing task creates nothing",
			reporting(driver.OutcomeCompleted, "", send("A", stateBefore(wire.TaskStateInputRequired), after(wire.TaskStateCompleted))),
			failed(want, notCreated)},
		{"completed without a task id",
			withClient(reporting(driver.OutcomeCompleted, "", send("A", after(wire.TaskStateCompleted))),
				func(c *ClientRun) { c.Outcome.TaskID = "" }),
			failed(want, "outcome completed without a taskId")},
		{"a card fetch is not a completed task",
			reporting(driver.OutcomeCompleted, "", send("A"), fetch("A", after(wire.TaskStateCompleted))), failed(want, got)},
		{"another outcome", reporting(driver.OutcomeCanceled, "", send("A"), call("A", wire.MethodCancelTask)),
			failed("completed", "canceled")},
		{"no outcome", journalOf(send("A", after(wire.TaskStateCompleted))), failed("completed", "no readable outcome (missing)")},
	}
}

func completedAtCases() []checkCase {
	return []checkCase{
		{"completed at B", reporting(driver.OutcomeCompleted, "", fetch("A"), send("B"),
			call("B", wire.MethodGetTask, after(wire.TaskStateCompleted))), passed()},
		{"completed at A instead", reporting(driver.OutcomeCompleted, "", fetch("A"),
			send("A", after(wire.TaskStateCompleted))),
			failed("the task completed by peer B (https://127.0.0.2:4432)",
				"outcome completed, but no exchange shows peer B completing a task")},
		{"aborted", reporting(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint, fetch("A")),
			failed("completed", "aborted/untrusted-endpoint")},
	}
}

// atCardPeer is ev with the task given peer's card URL.
func atCardPeer(peer string, ev *Evidence) *Evidence {
	ev.Client.CardPeer = peer
	return ev
}

func completedAtCardPeerCases() []checkCase {
	return []checkCase{
		{"completed at the card peer", atCardPeer("A", reporting(driver.OutcomeCompleted, "", fetch("A"),
			send("A", after(wire.TaskStateCompleted)))), passed()},
		{"completed where the refused card pointed", atCardPeer("A", reporting(driver.OutcomeCompleted, "", fetch("A"),
			send("B", after(wire.TaskStateCompleted)))),
			failed("the task completed by peer A (https://127.0.0.1:4431)",
				"outcome completed, but no exchange shows peer A completing a task")},
		{"card peer unknown: any peer", reporting(driver.OutcomeCompleted, "", fetch("A"),
			send("B", after(wire.TaskStateCompleted))), passed()},
	}
}

func taskSentCases() []checkCase {
	const want = "the task is sent: a capability change is no reason to abort"
	return []checkCase{
		{"sent and accepted", journalOf(fetch("A"), send("A")), passed()},
		{"a refused send first", journalOf(send("A", answered(http.StatusUnauthorized, 0)), send("A")), passed()},
		{"aborted before send", reporting(driver.OutcomeAborted, driver.ReasonContractChanged, fetch("A"), fetch("A")),
			failed(want, "no task-creating request; outcome aborted/contract-changed")},
		{"every send refused", journalOf(fetch("A"), send("A", answered(http.StatusOK, -32005)),
			call("A", wire.MethodSendStreamingMessage, answered(http.StatusUnauthorized, 0))),
			failed(want, "no task-creating request", 2, 3)},
		{"a request refused unread is no send", journalOf(fetch("A"), unparsedAt("A")), failed(want, "no task-creating request")},
	}
}

func noCardFetchAfterSendCases() []checkCase {
	return []checkCase{
		{"no task was created", journalOf(fetch("A"), send("A", answered(http.StatusUnauthorized, 0)), fetch("A")),
			notApplicable("no task was created, so there is no task lifetime to judge")},
		{"fetches only before the send", journalOf(fetch("A"), fetch("A", header("If-None-Match", etagV0)), send("A"),
			call("A", wire.MethodGetTask, after(wire.TaskStateCompleted))), passed()},
		{"a request refused unread is no card fetch", journalOf(fetch("A"), send("A"), unparsedAt("A"),
			call("A", wire.MethodGetTask, after(wire.TaskStateCompleted))), passed()},
		{"fetches while the task runs", journalOf(fetch("A"), send("A"), fetch("A"), call("A", wire.MethodGetTask),
			fetch("B")),
			failed("no card request after the send while the task runs",
				"2 card request(s) after the send at #2, first at #3", 3, 5)},
		{"the task lifetime starts at the first accepted send",
			journalOf(fetch("A"), send("A", answered(http.StatusOK, -32005)), fetch("A"), send("A"), fetch("A")),
			failed("no card request after the send while the task runs",
				"1 card request(s) after the send at #4, first at #5", 5)},
	}
}

// moved is a card request answered at MovedCardPath.
func moved(ex *journal.Exchange) { ex.Path = mockpeer.MovedCardPath }

func followedMovedCardCases() []checkCase {
	redirect := fetch("A", func(ex *journal.Exchange) { ex.Status = http.StatusPermanentRedirect })
	return []checkCase{
		{"followed, then sent", atCardPeer("A", reporting(driver.OutcomeCompleted, "", redirect, fetch("A", moved),
			send("A", after(wire.TaskStateCompleted)))), passed()},
		{"the redirect taken for a look, the endpoint guessed", atCardPeer("A", reporting(driver.OutcomeCompleted, "", redirect,
			send("A", after(wire.TaskStateCompleted)))),
			failed("the card served at /agents/card.json, where the card URL redirects, before the send",
				"a task-creating request, with no card served there before it", 2)},
		{"followed only after the send", atCardPeer("A", reporting(driver.OutcomeCompleted, "", redirect,
			send("A", after(wire.TaskStateCompleted)), fetch("A", moved))),
			failed("the card served at /agents/card.json, where the card URL redirects, before the send",
				"a task-creating request, with no card served there before it", 2)},
		{"refused", atCardPeer("A", reporting(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint, redirect)),
			failed("completed", "aborted/untrusted-endpoint")},
	}
}
