package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// followedMovedCard: the task completed at the card peer, and before its
// first task-creating request the client was served the card at
// MovedCardPath, where the card URL's same-origin redirect points. A
// completion alone would pass a client that took the redirect for a look
// (GEN-004 counts one) and sent to an endpoint it guessed, never reading
// the card the redirect leads to: the control is of following it.
func followedMovedCard(ev *Evidence) verdict.Judgement {
	if j := completedAtCardPeer(ev); j.Verdict != verdict.Pass {
		return j
	}
	var moved int64 = -1
	for _, ex := range ev.Journal {
		switch {
		case moved < 0 && ex.Path == mockpeer.MovedCardPath && ev.servedCard(ex):
			moved = ex.Seq
		case ex.TaskCreating() && moved < 0:
			return failed("the card served at "+mockpeer.MovedCardPath+", where the card URL redirects, before the send",
				"a task-creating request, with no card served there before it", ex.Seq)
		}
	}
	return passed()
}
