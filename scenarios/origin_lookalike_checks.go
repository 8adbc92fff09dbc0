package scenarios

import (
	"fmt"
	"slices"
	"strings"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// inTasks judges check in the view of each of tasks (numbered from 1): the
// first failure, named by its task, fails the whole.
func inTasks(ev *Evidence, tasks []int, check func(*Evidence) verdict.Judgement) verdict.Judgement {
	for _, n := range tasks {
		view := ev.Task(n)
		if view == nil {
			return failed(fmt.Sprintf("task %d of the session", n), "the session has no such task")
		}
		if j := check(view); j.Verdict != verdict.Pass {
			j.Got = fmt.Sprintf("task %d: %s", n, j.Got)
			return j
		}
	}
	return passed()
}

// onlyCardRequests: in each of tasks, every request any peer saw is a card
// request at cardPeer. A look-alike of the card's origin may be served by
// the card peer's own socket, so what that received counts too.
func onlyCardRequests(cardPeer string, tasks []int) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		return inTasks(ev, tasks, func(view *Evidence) verdict.Judgement {
			return onlyCardRequestsWith(view, cardPeer, func(ex journal.Exchange) bool { return cardRequestAt(cardPeer, ex) })
		})
	}
}

// onlyCardRequestsWith judges one task's view: every request is a look at
// cardPeer's card (look).
func onlyCardRequestsWith(view *Evidence, cardPeer string, look func(journal.Exchange) bool) verdict.Judgement {
	bad := view.Select(func(ex journal.Exchange) bool { return clientRequest(cardPeer, ex) && !look(ex) })
	if len(bad) > 0 {
		return failed("nothing but card requests to peer "+cardPeer+" ("+view.Origins[cardPeer]+")",
			fmt.Sprintf("%d other request(s), first %s at peer %s", len(bad), requestLine(bad[0]), bad[0].Peer), seqs(bad)...)
	}
	return passed()
}

// noCredentialBesideCard: in each of tasks, no request other than a card
// request at cardPeer carried a credential, and no connection either, its
// handshake included, but for the credentials those card requests carried
// on connections to cardPeer; nor could a connection not be scanned whole
// (whatever it carried reached the peer).
func noCredentialBesideCard(cardPeer string, tasks []int) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		return inTasks(ev, tasks, func(view *Evidence) verdict.Judgement {
			return noCredentialBesideCardWith(view, cardPeer, func(ex journal.Exchange) bool { return cardRequestAt(cardPeer, ex) })
		})
	}
}

// noCredentialBesideCardWith judges one task's view: credentials only on
// looks at cardPeer's card (look), and on connections to cardPeer only
// those the looks carried, or, on a connection kept alive into a later
// task (keptAliveTLS), that requests handled later on cardPeer carried.
func noCredentialBesideCardWith(view *Evidence, cardPeer string, look func(journal.Exchange) bool) verdict.Judgement {
	var onCards []string
	for _, ex := range view.Select(look) {
		onCards = append(onCards, ex.Auth.Presented...)
	}
	bad := view.Select(func(ex journal.Exchange) bool {
		switch {
		case ex.Route == journal.RouteAdmin || look(ex):
			return false
		case ex.Route == journal.RouteConnection && ex.Peer == cardPeer:
			if unscanned(ex) {
				return true
			}
			excused := onCards
			if keptAliveTLS(ex) {
				excused = append(slices.Clone(onCards), handledLater(view, cardPeer, ex.Seq)...)
			}
			return slices.ContainsFunc(ex.Auth.Presented, func(n string) bool { return !slices.Contains(excused, n) })
		}
		return len(ex.Auth.Presented) > 0 || unscanned(ex)
	})
	if len(bad) == 0 {
		return passed()
	}
	got := fmt.Sprintf("%s presented at #%d (%s, peer %s)", strings.Join(bad[0].Auth.Presented, ", "), bad[0].Seq, requestLine(bad[0]), bad[0].Peer)
	if len(bad[0].Auth.Presented) == 0 {
		got = fmt.Sprintf("credentials unknown at #%d (%s, peer %s): %s, whatever it carried reached the peer",
			bad[0].Seq, requestLine(bad[0]), bad[0].Peer, bad[0].Conn.Unscanned)
	}
	return failed("no credential outside card requests to peer "+cardPeer+" ("+view.Origins[cardPeer]+")", got, seqs(bad)...)
}

// handledLater are the credentials requests to cardPeer that a handler
// served presented from seq on, in the whole session: a connection kept
// alive past the task it was opened in carries the later tasks' requests
// too, and each of those is journaled, and judged, itself (a request of
// the refusing task with a credential fails on its own). What no handled
// request presented was in bytes no handler saw.
func handledLater(view *Evidence, cardPeer string, seq int64) []string {
	var out []string
	for _, ex := range view.session() {
		if ex.Seq > seq && ex.Peer == cardPeer && ex.Route != journal.RouteConnection && ex.Route != journal.RouteAdmin {
			out = append(out, ex.Auth.Presented...)
		}
	}
	return out
}

// keptAliveTLS: a TLS connection a handler served requests on, whose
// handshake revealed no secret: what it carried past the task that opened
// it may be the later tasks' requests. Bytes that are not TLS, or that no
// handler saw, are excused by nothing.
func keptAliveTLS(ex journal.Exchange) bool {
	c := ex.Conn
	return c != nil && c.Handshake == journal.HandshakeComplete && c.Requests > 0 && !c.HandshakeRevealed()
}

// clientRequest: an exchange the client caused that is a request (not an
// admin call, not a connection that carried none: see Evidence.AtPeer). A
// connection to cardPeer is one only for bytes no handler saw (plain HTTP
// on its TLS port, a request net/http refused): the requests handled on it
// are journaled, and judged, themselves.
func clientRequest(cardPeer string, ex journal.Exchange) bool {
	if ex.Route == journal.RouteConnection {
		return ex.Conn.Request() && (ex.Peer != cardPeer || ex.Conn.Requests == 0)
	}
	return ex.Route != journal.RouteAdmin
}

func cardRequestAt(peer string, ex journal.Exchange) bool {
	return ex.Peer == peer && ex.Route == journal.RouteCard
}
