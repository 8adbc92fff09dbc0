package scenarios

import (
	"fmt"
	"net/http"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// sentOnFreshFetch: the task completed, and its first accepted send came
// after the peer served the client, in this task, the card version in
// force at the send, whole (a 200 GET of it): the send was planned on the
// card as it was then, not on one remembered.
func sentOnFreshFetch(peer string) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		if j := completedAtCardPeer(ev); j.Verdict != verdict.Pass {
			return j
		}
		send, _ := ev.FirstSend() // completed: a send of this task created it
		fetched := ev.Select(func(ex journal.Exchange) bool {
			return ex.Peer == peer && ex.Route == journal.RouteCard && ex.Method == http.MethodGet && ex.Status == http.StatusOK &&
				ex.CardFault == "" && ex.CardVersion == send.CardVersion && ex.Seq < send.Seq
		})
		if len(fetched) == 0 {
			return failed(fmt.Sprintf("the send planned on card v%d, fetched in this task before it", send.CardVersion),
				fmt.Sprintf("the send at #%d followed no 200 of that card in this task: it was planned on a card remembered "+
					"from an earlier task", send.Seq), append(seqs(ev.CardFetches(peer)), send.Seq)...)
		}
		return passed()
	}
}
