package scenarios

import (
	"net/http"
	"slices"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// grounded: an outcome counts only when the journal of the task supports
// it. A client that sends nothing and writes the expected words gets a
// failure that says what it never saw.
//   - completed: the journal holds the task the client names, completed;
//   - aborted/contract-changed: the client was served a card whose contract
//     differs from the one it started with;
//   - aborted/untrusted-endpoint, aborted/version-unsupported: the client
//     was served the card (or its redirect, or an extended card) it judged;
//   - failed/contract-diverged: a peer answered the client about its task
//     after the peer's contract changed.
func grounded(ev *Evidence, o driver.Outcome) verdict.Judgement {
	want := "an outcome the journal supports: " + o.Short()
	switch {
	case o.Outcome == driver.OutcomeCompleted:
		return completedBy(ev, "", want, "")
	case o.Reason == driver.ReasonContractChanged:
		if changed := ev.Select(servedChangedCard(ev)); len(changed) == 0 {
			return failed(want, "no card with a changed contract was served to the client before it gave up",
				seqs(ev.CardFetches(""))...)
		}
	case o.Reason == driver.ReasonUntrustedEndpoint || o.Reason == driver.ReasonVersionUnsupported:
		// An extended card served is a card judged (contract model §7).
		if served := ev.Select(ev.servedCard); len(served) == 0 && len(ev.ExtendedCardsServed("")) == 0 {
			if ex, lost := lostValidators(ev.Journal); lost {
				return validatorsLost(ex)
			}
			return failed(want, "the client was served no card (nor redirect) in this task: it judged nothing")
		}
	case o.Reason == driver.ReasonContractDiverged:
		if len(ev.Select(answeredAfterChange(ev))) == 0 {
			return failed(want, "no peer answered about the task after its contract changed: nothing diverged")
		}
	}
	return passed()
}

// servedChangedCard: a card whose contract differs from the peer's first,
// or an extended card whose contract differs from the first extended card.
func servedChangedCard(ev *Evidence) func(journal.Exchange) bool {
	return func(ex journal.Exchange) bool {
		if ex.Route == journal.RouteA2A && ex.Op == wire.MethodGetExtendedAgentCard {
			h := ev.ExtendedHash(ex.Peer, ex.CardVersion)
			return ex.Status < 300 && ex.ErrorCode == 0 && h != "" && h != ev.ExtendedHash(ex.Peer, 0)
		}
		return ex.Route == journal.RouteCard && ex.Method == http.MethodGet && ex.Status == http.StatusOK && ex.CardFault == "" && ex.ContractHash != "" &&
			ex.ContractHash != ev.InitialHash(ex.Peer)
	}
}

// answeredAfterChange: an answer about a task once the peer's contract
// had changed, or one whose status messages announced another contract
// hash than the first (journal.Exchange.Announced: the peer's record of
// its own status messages, never a parse of the bounded response, whose
// history also echoes the client's messages).
func answeredAfterChange(ev *Evidence) func(journal.Exchange) bool {
	return func(ex journal.Exchange) bool {
		if ex.Route != journal.RouteA2A || ex.TaskID == "" || ex.Status >= 300 {
			return false
		}
		initial := ev.InitialHash(ex.Peer)
		if ex.ContractHash != "" && ex.ContractHash != initial {
			return true
		}
		return slices.ContainsFunc(ex.Announced, func(h string) bool { return h != initial })
	}
}
