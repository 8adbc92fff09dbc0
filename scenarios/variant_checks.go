package scenarios

import (
	"fmt"

	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// The building blocks of generated scenarios (package explore): each check
// first holds the farm to the derivation it was made from (servedAsDerived:
// card versions from and to of peer differ in contract exactly when the
// catalog derived so), then judges what the rule derived.

// Change names the change a generated check judges: card versions From
// and To of Peer, its public card's or, when Extended, the extended card
// it serves with them.
type Change struct {
	Peer     string
	From, To int
	Extended bool
}

// AbortedBeforeSend: the task that met the change sent nothing under the
// changed contract, canceled nothing, and reported aborted/contract-
// changed, grounded. When untrustedOK (a signature alone made the endpoint
// authoritative, or the changed card is not authoritative at all),
// aborted/untrusted-endpoint counts too: a client that refuses the
// endpoint never planned on the card.
func AbortedBeforeSend(c Change, untrustedOK bool) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		if j, ok := servedAsDerived(ev, c, true); !ok {
			return j
		}
		outcome := outcomeIs(driver.OutcomeAborted, driver.ReasonContractChanged)
		if o := ev.Outcome(); untrustedOK && o != nil && o.Reason == driver.ReasonUntrustedEndpoint {
			outcome = outcomeIs(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint)
		}
		noSend := noSendAfterContractChange
		if c.Extended {
			noSend = noSendAfterExtendedChange
		}
		return allOf(ev, noSend, noCancel, outcome)
	}
}

// RefusedUntrusted: the task planned on a card that is not authoritative
// for its interfaces (rule 6) sent no task, canceled nothing, and reported
// aborted/untrusted-endpoint, grounded.
func RefusedUntrusted(c Change) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		if j, ok := servedAsDerived(ev, c, true); !ok {
			return j
		}
		if sends := ev.Sends(); len(sends) > 0 {
			return failed("no task-creating request: the card is not authoritative for its interfaces",
				fmt.Sprintf("%s at #%d (peer %s)", sends[0].Op, sends[0].Seq, sends[0].Peer), seqs(sends)...)
		}
		return allOf(ev, noCancel, outcomeIs(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint))
	}
}

// CompletedAfterChange: the task that met the change (differing in
// contract as derived) was sent, never canceled, and completed at c.Peer,
// the peer holding the changed card's task: a completion anywhere else
// went to an endpoint the card did not name.
func CompletedAfterChange(c Change, differs bool) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		if j, ok := servedAsDerived(ev, c, differs); !ok {
			return j
		}
		return allOf(ev, noCancel, completedAt(c.Peer))
	}
}

// FollowedOrRefused: the task planned on the changed card either
// completed at c.Peer (following it), or was refused with reason, nothing sent and
// the card served in this task (grounded): a card requiring an extension
// the client does not speak.
func FollowedOrRefused(c Change, reason driver.Reason) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		if j, ok := servedAsDerived(ev, c, true); !ok {
			return j
		}
		if o := ev.Outcome(); o == nil || o.Outcome == driver.OutcomeCompleted || o.Reason != reason {
			return allOf(ev, noCancel, completedAt(c.Peer))
		}
		if sends := ev.Sends(); len(sends) > 0 {
			return failed("no task-creating request: the card was refused ("+string(reason)+")",
				sends[0].Op+" sent all the same", seqs(sends)...)
		}
		if len(ev.Select(ev.servedCard)) == 0 {
			return failed("an outcome the journal supports: aborted/"+string(reason),
				"the client was served no card in this task: it judged nothing")
		}
		return passed()
	}
}

// CompletedAt: outcome completed, and peer completed the task the client
// names, created by a send of this task.
func CompletedAt(peer string) func(*Evidence) verdict.Judgement { return completedAt(peer) }

// NoCancel: the client never sent CancelTask.
func NoCancel(ev *Evidence) verdict.Judgement { return noCancel(ev) }

// NoCardFetchAfterSend: no card request between the first accepted send
// and the end.
func NoCardFetchAfterSend(ev *Evidence) verdict.Judgement { return noCardFetchAfterSend(ev) }

// WhileRunning marks r as judging what the client did while its task ran
// (Requirement.MidTask).
func WhileRunning(r Requirement) Requirement { return whileRunning(r) }

// AtTask makes r judge task n of the session alone.
func AtTask(n int, r Requirement) Requirement { return atTask(n, r) }

// CompletingSteps works once, at 50 %, and completes; WorkThenComplete is
// a longer task, held submitted for that many advance events, then working
// at each progress point.
var (
	CompletingSteps  = completingSteps
	WorkThenComplete = workThenComplete
)
