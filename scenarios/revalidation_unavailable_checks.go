package scenarios

import (
	"fmt"
	"slices"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// firstCardFault returns the first card request of ev answered with a
// scripted fault, and whether there was one.
func firstCardFault(ev *Evidence) (journal.Exchange, bool) {
	i := slices.IndexFunc(ev.Journal, func(ex journal.Exchange) bool {
		return ex.Route == journal.RouteCard && ex.CardFault != ""
	})
	if i < 0 {
		return journal.Exchange{}, false
	}
	return ev.Journal[i], true
}

// afterCardFault: in every task of the session, no request for which bad
// is true came after the first card request the peer answered with a
// fault in that task.
func afterCardFault(want, what string, bad func(journal.Exchange) bool) func(*Evidence) verdict.Judgement {
	return afterFirstCardAnswer(firstCardFault, "the card request the peer answered with a fault", want, what, bad)
}

// afterFirstCardAnswer: in every task of the session, no request for which
// bad is true came after the card request first finds in that task, which
// answered says what it was.
func afterFirstCardAnswer(first func(*Evidence) (journal.Exchange, bool), answered, want, what string,
	bad func(journal.Exchange) bool) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		for n := range ev.Runs() {
			view := ev.Task(n + 1)
			fault, ok := first(view)
			if !ok {
				continue
			}
			after := view.Select(func(ex journal.Exchange) bool { return ex.Seq > fault.Seq && bad(ex) })
			if len(after) > 0 {
				return failed(fmt.Sprintf("%s after %s", want, answered),
					fmt.Sprintf("task %d: the card request #%d was answered %s, then %d %s, first #%d (%s)",
						view.Client.Task, fault.Seq, faultAnswer(fault), len(after), what, after[0].Seq, requestLine(after[0])),
					append([]int64{fault.Seq}, seqs(after)...)...)
			}
		}
		return passed()
	}
}

// presentsCredential: a request (not a bare connection's record, which
// also names what earlier requests on it carried, nor one to the card URL,
// which asks nothing in the card's name) presenting a farm credential.
func presentsCredential(ex journal.Exchange) bool {
	switch ex.Route {
	case journal.RouteConnection, journal.RouteAdmin, journal.RouteCard:
		return false
	}
	return len(ex.Auth.Presented) > 0
}

// faultAnswer says what a faulted or redirected card answer was.
func faultAnswer(ex journal.Exchange) string {
	switch {
	case ex.Status == 0:
		return "with no response (" + ex.CardFault + ")"
	case ex.CardFault == "":
		return fmt.Sprintf("%d", ex.Status)
	}
	return fmt.Sprintf("%d (%s)", ex.Status, ex.CardFault)
}

// failedOnCardFault: each of tasks reported failed / transport-error or
// failed / peer-error, and its journal shows the card URL failing: the
// reason is the failure the client met, not a guess.
func failedOnCardFault(tasks []int) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		for _, n := range tasks {
			view := ev.Task(n)
			if view == nil {
				return failed(fmt.Sprintf("task %d, whose revalidation fails", n), fmt.Sprintf("the session has %d task(s)", len(ev.Runs())))
			}
			if j := failedOnFault(view); j.Verdict != verdict.Pass {
				j.Got = fmt.Sprintf("task %d: %s", n, j.Got)
				return j
			}
		}
		return passed()
	}
}

func failedOnFault(ev *Evidence) verdict.Judgement {
	const want = "failed/transport-error or failed/peer-error, after the card URL failed"
	transport := reported(driver.OutcomeFailed, driver.ReasonTransportError)(ev)
	peer := reported(driver.OutcomeFailed, driver.ReasonPeerError)(ev)
	if transport.Verdict != verdict.Pass && peer.Verdict != verdict.Pass {
		transport.Want = want
		return transport
	}
	if _, ok := firstCardFault(ev); !ok {
		return failed(want, fmt.Sprintf("%s, but the card URL never failed in this task: the client did not revalidate after its look",
			describeOutcome(*ev.Outcome())), seqs(ev.CardFetches(""))...)
	}
	return passed()
}
