package scenarios

import (
	"fmt"
	"net/http"

	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// The card redirects of the catalog, whichever their status: a redirect's
// status says how long it holds and what method the next request uses,
// never whose card it leads to. card-redirect-same-origin played its
// redirect as a 308 and every cross-origin redirect of the catalog was a
// 301 or a 307, so a client that followed a 308 wherever it pointed and
// refused every other status (redirect-308-only) passed them all without
// comparing an origin. card-redirect-same-origin-statuses plays the other
// four statuses to the card's own origin, which the client follows;
// card-redirect-cross-origin-statuses plays a 308, a 302 and a 303 to
// another origin, which it refuses. No status is then followed or refused
// everywhere the catalog plays it.

// redirectSession is a scenario of that shape: routing's farm, A serving
// bearerCard in len(statuses) versions (1.0.0, then 1.1.0, ...: a
// capability change between tasks), a session of one task per version,
// each version put in force right before its task, and A's card URL
// answering the redirect rd, with statuses[v] while version v is in force
// (a zero status: rd's own). others are the farm's other peers.
func redirectSession(s Scenario, rd mockpeer.Redirect, statuses []int, others ...mockpeer.PeerSpec) *Scenario {
	s.Grants = mockpeer.Grants{Bearer: true}
	rd.ByVersion = statuses
	a := mockpeer.PeerSpec{Redirect: &rd}
	for v := range statuses {
		a.Cards = append(a.Cards, bearerCard("A").Version(fmt.Sprintf("1.%d.0", v)).Build)
	}
	out := routing(s, a, others...)
	out.Tasks = []Task{{}}
	for v := 1; v < len(statuses); v++ {
		out.Tasks = append(out.Tasks, Task{Before: RotateTo("A", v)})
	}
	return out
}

// statusName is a redirect status as requirement texts name it ("a 302").
func statusName(status int) string {
	return fmt.Sprintf("a %d %s", status, http.StatusText(status))
}
