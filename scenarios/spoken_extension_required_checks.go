package scenarios

import (
	"fmt"
	"slices"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// activatesRequiredExtension: every A2A request to peer names uri in its
// A2A-Extensions (gRPC: its a2a-extensions metadata), as the peer read
// it. None at all passes: a client that does not speak the extension
// sends nothing. A list the journal cut, without uri in what it kept,
// fails: the client sent it so.
func activatesRequiredExtension(peer, uri string) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		bad := ev.Select(func(ex journal.Exchange) bool {
			return ex.Peer == peer && ex.Route == journal.RouteA2A && !slices.Contains(ex.Extensions, uri)
		})
		if len(bad) == 0 {
			return passed()
		}
		got := fmt.Sprintf("%d A2A request(s) without it, first %s at #%d activating %q", len(bad), bad[0].Op, bad[0].Seq, bad[0].Extensions)
		got += cutNote(bad[0], journal.TruncExtensions)
		return failed("A2A-Extensions naming "+uri+" on every A2A request to peer "+peer, got, seqs(bad)...)
	}
}

// completedIfSpoken: a client that showed, anywhere in the session, that
// it speaks the extension uri (an A2A request activating it, a
// task-creating request carrying the frozen-contract metadata, which the
// peer read whole) completes the task at the card's peer; one that showed
// no sign of it completes it or reports aborted/extension-unsupported, as
// unknown-extension-required asks of an extension it does not speak. The
// suite cannot ask a client which extensions it speaks: what it sent is
// its claim.
func completedIfSpoken(uri string) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		var shown []journal.Exchange
		for _, ex := range ev.session() {
			if ex.Route == journal.RouteA2A && (slices.Contains(ex.Extensions, uri) || ex.TaskCreating() && ex.SentContract != nil) {
				shown = append(shown, ex)
			}
		}
		done := completedAtCardPeer(ev)
		if len(shown) > 0 || done.Verdict == verdict.Pass {
			if done.Verdict != verdict.Pass && len(shown) > 0 {
				done.Want += fmt.Sprintf(" (the client speaks %s: %s at #%d activated it or carried its metadata)", uri, shown[0].Op, shown[0].Seq)
			}
			return done
		}
		if j := outcomeIs(driver.OutcomeAborted, driver.ReasonExtensionUnsupported)(ev); j.Verdict == verdict.Pass {
			return j
		}
		done.Want += " or aborted/extension-unsupported (the client showed no sign of speaking " + uri + ")"
		return done
	}
}
