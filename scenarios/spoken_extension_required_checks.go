package scenarios

import (
	"fmt"
	"slices"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
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
