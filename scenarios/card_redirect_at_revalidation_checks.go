package scenarios

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// firstCardRedirect returns the first card request of ev answered with a
// redirect, and whether there was one.
func firstCardRedirect(ev *Evidence) (journal.Exchange, bool) {
	for _, ex := range ev.Journal {
		if ex.Route == journal.RouteCard && ex.Status >= 300 && ex.Status < 400 && ex.Status != http.StatusNotModified {
			return ex, true
		}
	}
	return journal.Exchange{}, false
}
