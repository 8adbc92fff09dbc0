package scenarios

import (
	"fmt"
	"slices"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// The checks below are shared by several scenarios. Each returns a
// violation as data; none of them calls Gomega.

// noCancel: the client never sent CancelTask.
func noCancel(ev *Evidence) verdict.Judgement {
	if c := ev.Op(wire.MethodCancelTask); len(c) > 0 {
		return failed("no CancelTask request",
			fmt.Sprintf("%d CancelTask request(s), first at #%d", len(c), c[0].Seq), seqs(c)...)
	}
	return passed()
}

// outcomeIs: the client reported this outcome (and reason, if non-empty),
// and the journal gives it grounds (grounded, outcomes.go): a client's word
// alone is not evidence.
func outcomeIs(outcome driver.OutcomeKind, reason driver.Reason) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		if j := reported(outcome, reason)(ev); j.Verdict != verdict.Pass {
			return j
		}
		return grounded(ev, *ev.Outcome())
	}
}

// reported: the client reported this outcome (and reason, if non-empty).
func reported(outcome driver.OutcomeKind, reason driver.Reason) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		want := string(outcome)
		if reason != "" {
			want += "/" + string(reason)
		}
		o := ev.Outcome()
		switch {
		case ev.Client.TimedOut:
			return failed(want+" before the deadline", fmt.Sprintf("the client outlived its deadline (%s) and was killed", ev.Client.overran()))
		case o == nil:
			return failed(want, "no readable outcome ("+ev.Client.OutcomeProblem+")")
		case o.Outcome != outcome || (reason != "" && o.Reason != reason):
			return failed(want, describeOutcome(*o)+bindingHint(ev, *o))
		}
		return passed()
	}
}

// bindingHint names --bindings when a client said it speaks none of the
// bindings the peers offered: run narrowed to the ones it does speak, the
// scenarios that need another binding are not applicable instead of
// failed (docs/running-in-ci.md).
func bindingHint(ev *Evidence, o driver.Outcome) string {
	if o.Reason != driver.ReasonBindingUnsupported {
		return ""
	}
	offered := "all three bindings (JSON-RPC, HTTP+JSON, gRPC)"
	if len(ev.Offered) > 0 {
		offered = strings.Join(ev.Offered, ", ")
	}
	return "; the peers offered " + offered + ": run with --bindings naming only the bindings the client speaks"
}

func describeOutcome(o driver.Outcome) string {
	s := string(o.Outcome)
	if o.Reason != "" {
		s += "/" + string(o.Reason)
	}
	if o.Detail != "" {
		s += fmt.Sprintf(" (detail: %q)", clip(o.Detail, 200))
	}
	return s
}

// completedWithArtifact: outcome completed, and the peer did complete the
// task it reported.
func completedWithArtifact(ev *Evidence) verdict.Judgement {
	return completedBy(ev, "", "a task the peer completed (with its artifact)", "")
}

// completedAtCardPeer: outcome completed, and the peer whose card URL the
// task was given completed it, under a card whose endpoints are on its own
// origin: a positive control is not passed by a task completed where a
// card the client should have refused pointed (any peer when the card
// peer is unknown, as in hand-built evidence).
func completedAtCardPeer(ev *Evidence) verdict.Judgement {
	if ev.Client.CardPeer == "" {
		return completedWithArtifact(ev)
	}
	return completedAt(ev.Client.CardPeer)(ev)
}

// completedAt: outcome completed, and that peer completed the task.
func completedAt(peer string) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		return completedBy(ev, peer, fmt.Sprintf("the task completed by peer %s (%s)", peer, ev.Origins[peer]),
			"outcome completed, but no exchange shows peer "+peer+" completing a task")
	}
}

// completedBy: the client reports completed, naming a task that a send of
// this task created and an A2A exchange at peer ("" means any) shows
// completed; a client's word alone is not evidence, and neither is a task
// an earlier delegation created (replaying it sends nothing new).
func completedBy(ev *Evidence, peer, want, got string) verdict.Judgement {
	if j := reported(driver.OutcomeCompleted, "")(ev); j.Verdict != verdict.Pass {
		return j
	}
	o := ev.Outcome()
	if o.TaskID == "" {
		return failed(want, "outcome completed without a taskId")
	}
	if !createdBySend(ev, o.TaskID) {
		return failed(want, fmt.Sprintf("outcome completed for task %q, but no send of this task created it: "+
			"the client reported a task it did not delegate now", o.TaskID))
	}
	var done int
	for _, ex := range ev.A2A() {
		if ex.TaskID != o.TaskID || ex.StateAfter != wire.TaskStateCompleted {
			continue
		}
		if peer == "" || ex.Peer == peer {
			done++
		}
	}
	switch {
	case done > 0:
		return passed()
	case peer == "":
		return failed(want, fmt.Sprintf("outcome completed for task %q, but no exchange of this task shows a peer completing it", o.TaskID))
	}
	return failed(want, got)
}

// createdBySend: a task-creating request in view made the peer create the
// task id (it had no state before the exchange, and one after).
func createdBySend(ev *Evidence, taskID string) bool {
	for _, ex := range ev.Sends() {
		if ex.TaskID == taskID && ex.StateBefore == "" && ex.StateAfter != "" {
			return true
		}
	}
	return false
}

// noSendAfterContractChange: no task-creating request reached a peer while
// the card in force there had another contract than the one the client
// fetched first.
func noSendAfterContractChange(ev *Evidence) verdict.Judgement {
	var bad []journal.Exchange
	for _, ex := range ev.Sends() {
		if ex.ContractHash != "" && ex.ContractHash != ev.InitialHash(ex.Peer) {
			bad = append(bad, ex)
		}
	}
	if len(bad) > 0 {
		return failed("abort before send: no task-creating request once the contract changed",
			fmt.Sprintf("%s at #%d under card version %d, whose contract differs from version 0",
				bad[0].Op, bad[0].Seq, bad[0].CardVersion), seqs(bad)...)
	}
	return passed()
}

// revalidatedBeforeSend: a conditional card request carrying validators
// the peer gave, and only those (revalidates), happened before the first
// send (or before the client gave up, when it never sent). A client that
// never looked at the card fails: revalidating is a MUST of every send
// whose contract may have changed.
func revalidatedBeforeSend(peer string) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		return revalidatedWith(ev, peer, "a conditional card request (If-None-Match with the ETag given, or If-Modified-Since with the Last-Modified given, "+
			"and no validator the peer never gave) right before the send", func(journal.Exchange) bool { return true })
	}
}

// revalidatedWithETag: like revalidatedBeforeSend, but the revalidation
// must be an If-None-Match carrying the ETag the peer gave (and, as any
// revalidation, no validator it did not).
func revalidatedWithETag(peer string) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		if j := revalidatedBeforeSend(peer)(ev); j.Verdict != verdict.Pass {
			return j
		}
		return revalidatedWith(ev, peer, "If-None-Match: "+ev.Cards[peer][0].ETag+", the ETag given, and no validator the peer never gave",
			func(f journal.Exchange) bool { return f.Validators.TagCount > 0 })
	}
}

// revalidatedWith: a card request at peer before the first send (or
// before the end, when the client never sent) revalidates a card the peer
// served (revalidates) and is as also says. A 304 whose validators the
// journal lost is an error, unless another request passes.
func revalidatedWith(ev *Evidence, peer, want string, also func(journal.Exchange) bool) verdict.Judgement {
	fetches := ev.CardFetches(peer)
	if len(fetches) == 0 {
		return failed(want, "no card request at all: the client never looked at the card")
	}
	if s := ev.Sends(); len(s) > 0 {
		fetches = slices.DeleteFunc(fetches, func(f journal.Exchange) bool { return f.Seq > s[0].Seq })
	}
	for _, f := range fetches {
		if ev.revalidates(f) && also(f) {
			return passed()
		}
	}
	if ex, lost := lostValidators(fetches); lost {
		return validatorsLost(ex)
	}
	got := fmt.Sprintf("%d card request(s) before the send, none revalidating with validators the peer gave and only those%s",
		len(fetches), unservedNote(fetches))
	return failed(want, got, seqs(fetches)...)
}

// unservedNote says which of the requests carried a validator the peer
// never gave, "" when none did.
func unservedNote(fetches []journal.Exchange) string {
	for _, f := range fetches {
		if v := f.Validators; v.Any() && v.Unserved > 0 {
			note := fmt.Sprintf(" (#%d carried %d validator(s) of %d naming no card the peer had served", f.Seq, v.Unserved, v.TagCount+v.DateCount)
			if v.Star {
				note += `, "*" among them`
			}
			return note + ")"
		}
	}
	return ""
}

// noCardFetchAfterSend: between the first accepted send and the end, the
// client fetched no card (the contract is frozen; a fetch is renegotiation).
func noCardFetchAfterSend(ev *Evidence) verdict.Judgement {
	send, ok := ev.FirstSend()
	if !ok {
		return notApplicable("no task was created, so there is no task lifetime to judge")
	}
	after := ev.Select(func(ex journal.Exchange) bool {
		return ex.Route == journal.RouteCard && ex.Seq > send.Seq
	})
	if len(after) > 0 {
		return failed("no card request after the send while the task runs",
			fmt.Sprintf("%d card request(s) after the send at #%d, first at #%d", len(after), send.Seq, after[0].Seq),
			seqs(after)...)
	}
	return passed()
}

// taskSent: at least one task-creating request was accepted.
func taskSent(ev *Evidence) verdict.Judgement {
	if _, ok := ev.FirstSend(); ok {
		return passed()
	}
	got := "no task-creating request"
	if o := ev.Outcome(); o != nil {
		got += "; outcome " + describeOutcome(*o)
	}
	return failed("the task is sent: a capability change is no reason to abort", got, seqs(ev.Sends())...)
}

// nothingReaches: no contact of any kind with the peer: no request, and no
// connection either, not even a bare handshake or a connect and close. It
// judges an endpoint the card could never make authoritative, which a
// client has no reason to reach at all.
func nothingReaches(peer string) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		if got := ev.ContactsAt(peer); len(got) > 0 {
			return failed("no contact with peer "+peer+" ("+ev.Origins[peer]+"), not even a connection",
				fmt.Sprintf("%d contact(s), first %s", len(got), requestLine(got[0])), seqs(got)...)
		}
		return passed()
	}
}

// noRequestAt: no request of any kind reached the peer; a connection that
// carried none (a TLS handshake the client completed or refused, then
// left) is allowed. It judges an endpoint the client may have to
// handshake with to decide: a signed card's endpoint, whose TLS principal
// it must learn, or the card's own origin presenting an impostor's
// certificate, which it must see to refuse.
func noRequestAt(peer string) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		if got := ev.AtPeer(peer); len(got) > 0 {
			return failed("no request to peer "+peer+" ("+ev.Origins[peer]+"), a handshake at most",
				fmt.Sprintf("%d request(s), first %s", len(got), requestLine(got[0])), seqs(got)...)
		}
		return passed()
	}
}

// noTaskCreatingAt: no task-creating request reached the peer.
func noTaskCreatingAt(peer string) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		var bad []journal.Exchange
		for _, ex := range ev.Sends() {
			if ex.Peer == peer {
				bad = append(bad, ex)
			}
		}
		if len(bad) > 0 {
			return failed("no task-creating request to peer "+peer+" ("+ev.Origins[peer]+")",
				fmt.Sprintf("%s at #%d", bad[0].Op, bad[0].Seq), seqs(bad)...)
		}
		return passed()
	}
}

// noCredentialAt: no farm credential reached the peer, in any request or
// on any connection: the connection's record names what its handshake
// (server name, ALPN, a client certificate) and every byte the client sent
// on it held, parsed or not. It fails closed on a connection part of which
// could not be scanned: what credential it carried is unknown, and it
// reached a peer it must not.
func noCredentialAt(peer string) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		var bad []journal.Exchange
		for _, ex := range ev.ContactsAt(peer) {
			if len(ex.Auth.Presented) > 0 || unscanned(ex) {
				bad = append(bad, ex)
			}
		}
		if len(bad) == 0 {
			return passed()
		}
		got := fmt.Sprintf("%s presented at #%d (%s)", strings.Join(bad[0].Auth.Presented, ", "), bad[0].Seq, requestLine(bad[0]))
		if len(bad[0].Auth.Presented) == 0 {
			got = fmt.Sprintf("credentials unknown at #%d (%s): %s, whatever it carried reached the peer",
				bad[0].Seq, requestLine(bad[0]), bad[0].Conn.Unscanned)
		}
		return failed("no credential sent to peer "+peer+" ("+ev.Origins[peer]+")", got, seqs(bad)...)
	}
}

// unscanned: ex is a connection part of which could not be scanned.
func unscanned(ex journal.Exchange) bool {
	return ex.Route == journal.RouteConnection && ex.Conn != nil && ex.Conn.Unscanned != ""
}

// requestLine names a request: its method and path, or, for a connection,
// what came of it.
func requestLine(ex journal.Exchange) string {
	if ex.Route == journal.RouteConnection {
		return "a connection, " + connectionSummary(ex)
	}
	return ex.Method + " " + ex.Path
}

// connectionSummary says what a connection showed, in a few words.
func connectionSummary(ex journal.Exchange) string {
	c := ex.Conn
	if c == nil {
		return "of which nothing is known"
	}
	var s string
	switch c.Handshake {
	case journal.HandshakeNone:
		s = "closed without a byte"
	case journal.HandshakeNotTLS:
		s = fmt.Sprintf("%d bytes that are not TLS", c.Bytes)
	case journal.HandshakeFailed:
		s = "its TLS handshake failed (" + ex.Malformed + ")"
	case journal.HandshakeComplete:
		s = fmt.Sprintf("a TLS handshake, then %d bytes", c.Bytes)
	default:
		s = fmt.Sprintf("%d bytes", c.Bytes)
	}
	if c.Bytes > 0 && c.Requests < 1 {
		s += " no handler saw"
	}
	if c.ServerName != "" {
		s += ", server name " + c.ServerName
	}
	return s
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
