package scenarios

import (
	"fmt"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// onlyOnFirstConnection: every request at peer (credentials: every
// credential) came on the first connection the client opened to it in the
// view, the one whose handshake presented the principal the client could
// attest; a request naming no connection counts against it.
func onlyOnFirstConnection(peer string, credentials bool) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		var first int64
		for _, ex := range ev.ContactsAt(peer) {
			if ex.Route == journal.RouteConnection && (first == 0 || ex.Seq < first) {
				first = ex.Seq
			}
		}
		bad := ev.Select(func(ex journal.Exchange) bool {
			if ex.Peer != peer || ex.Route == journal.RouteAdmin {
				return false
			}
			other := ex.ConnSeq != first
			if ex.Route == journal.RouteConnection {
				other = ex.Seq != first
			}
			if credentials {
				return other && (len(ex.Auth.Presented) > 0 || unscanned(ex))
			}
			return other && (ex.Route != journal.RouteConnection || ex.Conn.Request())
		})
		want := "no request to peer " + peer + " (" + ev.Origins[peer] + ") but on the first connection it saw"
		if credentials {
			want = "no credential sent to peer " + peer + " (" + ev.Origins[peer] + ") but on the first connection it saw"
		}
		if len(bad) > 0 {
			on := bad[0].ConnSeq
			if bad[0].Route == journal.RouteConnection {
				on = bad[0].Seq
			}
			return failed(want, fmt.Sprintf("%d on another connection, first %s, on connection #%d (the first was #%d)",
				len(bad), requestLine(bad[0]), on, first), seqs(bad)...)
		}
		return passed()
	}
}
