package scenarios

import (
	"slices"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// withoutAccounted is journal, one task's exchanges, with each connection
// record's credentials reduced to those no request of its own presented.
// A connection is journaled at its start (its Seq) with everything it
// carried: on a connection kept alive across tasks, that is the
// credentials of later tasks' requests too, which those requests present
// themselves, in their own task. What is left is what the client sent on
// the connection outside any request a handler parsed (a smuggled token,
// a header block no request came of), judged where the connection
// began. A credential that could not be examined stays: it fails closed.
// session is the whole session's journal, where the requests are found
// by their ConnSeq.
func withoutAccounted(exchanges, session []journal.Exchange) []journal.Exchange {
	out, copied := exchanges, false
	for i, ex := range exchanges {
		if ex.Route != journal.RouteConnection || len(ex.Auth.Presented) == 0 {
			continue
		}
		var own []string
		for _, r := range session {
			if r.ConnSeq == ex.Seq && r.Route != journal.RouteConnection {
				own = append(own, r.Auth.Presented...)
			}
		}
		left := slices.DeleteFunc(slices.Clone(ex.Auth.Presented), func(n string) bool {
			return n != journal.CredUnexamined && slices.Contains(own, n)
		})
		if len(left) == len(ex.Auth.Presented) {
			continue
		}
		if !copied {
			out, copied = slices.Clone(exchanges), true // the session's records are shared: change a copy
		}
		out[i].Auth.Presented = left
	}
	return out
}
