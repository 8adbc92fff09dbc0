package scenarios

import (
	"fmt"
	"net/http"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// revalidates reports whether the card request ex revalidates a card the
// peer served the client before it, in any task of the session: a GET
// whose every validator, on every If-None-Match and If-Modified-Since line,
// names a card version the peer had answered a GET with, 200 and the card
// (journal.Validators, the peer's reading of the whole request, never the
// journal's bounded copy of the headers). Only then does a 304 say that a
// card the client holds is the card in force. A request with any other
// validator earns a 304 whatever card is in force, or for a card the
// client never held, so it cannot see a change: "*" anywhere (RFC 9110
// §13.1.2: it matches any card), an invented date or the date of a version
// not served yet (the peers date their versions a minute apart, so a
// client can guess the next), the ETag of a version the client learnt by
// a HEAD or a 304 (neither is the card), a member that does not parse.
// A HEAD is no revalidation either: its answer is not the card.
func (ev *Evidence) revalidates(ex journal.Exchange) bool {
	return ex.Route == journal.RouteCard && ex.Method == http.MethodGet && ex.Validators.AllServed()
}

// servedCard: the client was given a card, or a redirect in its place: a
// GET answered 200 (with the body), a redirect, or a 304 to a validator of
// a card it had been served.
func (ev *Evidence) servedCard(ex journal.Exchange) bool {
	if ex.Route != journal.RouteCard || ex.Method != http.MethodGet || ex.CardFault != "" {
		return false // a scripted fault is no card (mockpeer.CardFault)
	}
	switch {
	case ex.Status == http.StatusOK:
		return true
	case ex.Status == http.StatusNotModified:
		return ev.revalidates(ex)
	}
	return ex.Status >= 300 && ex.Status < 400
}

// lostValidators returns the first card GET of exs answered 304 whose
// validators the journal does not hold. The peer answers 304 only to a
// validator it matched and records every one it read, so the harness lost
// them (a journal of another layout, a fault): whether that 304 revalidated
// a card the client held cannot be told, and no check may guess.
func lostValidators(exs []journal.Exchange) (journal.Exchange, bool) {
	for _, ex := range exs {
		if ex.Route == journal.RouteCard && ex.Method == http.MethodGet && ex.Status == http.StatusNotModified && !ex.Validators.Any() {
			return ex, true
		}
	}
	return journal.Exchange{}, false
}

// validatorsLost is the judgement when lostValidators found ex.
func validatorsLost(ex journal.Exchange) verdict.Judgement {
	return harnessLost(fmt.Sprintf("the journal holds no validators of card request #%d, which the peer answered 304: "+
		"the harness lost what the client asked with, so whether it revalidated a card it held cannot be judged", ex.Seq), ex.Seq)
}

// cutNote says, for a field of ex the journal cut (by its JSON name, as in
// journal.Exchange.Truncated), the bound and the size the request had:
// " (cut to the journal's 1024 bytes of its 5000)". "" when it was whole.
func cutNote(ex journal.Exchange, field string) string {
	for _, c := range ex.Cuts {
		if c.Field == field {
			size := fmt.Sprint(c.Seen)
			if c.AtLeast {
				size = "at least " + size
			}
			return fmt.Sprintf(" (cut to the journal's %d bytes of its %s)", c.Limit, size)
		}
	}
	return ""
}
