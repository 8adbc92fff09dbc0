package scenarios

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// The authority family's positive controls as building blocks of the
// generated catalog (package explore): each is the edit, redirect or
// signing its fixed scenario plays, so that a variant and the fixed
// scenario cannot drift apart.

// ForeignFirst lists, before card's own interfaces, peer's interfaces of
// bindings (every binding when none is named), unsigned: interfaces the
// card is advisory for, which a client skips for the first it can use
// (foreign-origin-listed-first).
func ForeignFirst(card mockpeer.CardBuilder, peer string, bindings ...string) mockpeer.CardBuilder {
	foreign := mockpeer.NewCard(peer)
	if len(bindings) > 0 {
		foreign = foreign.Bindings(bindings...)
	}
	return card.Edit(func(o mockpeer.Origins, c *wire.AgentCard) {
		c.SupportedInterfaces = append(foreign.Build(o).SupportedInterfaces, c.SupportedInterfaces...)
	})
}

// MovedCard is the redirect of peer's card URL to MovedCardPath on its own
// origin, answered with status: the card stays authoritative for that
// origin whatever the status (card-redirect-same-origin, a 308;
// card-redirect-same-origin-statuses, the others).
func MovedCard(peer string, status int) *mockpeer.Redirect {
	return &mockpeer.Redirect{Status: status, To: peer}
}

// RedirectStatuses are the redirect statuses a card URL may answer with,
// in a fixed order: every one of them is played to the card's own origin,
// which the client follows, and most to another, which it refuses
// (card-redirect-same-origin-statuses, card-redirect-cross-origin-statuses).
func RedirectStatuses() []int {
	return []int{http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther,
		http.StatusTemporaryRedirect, http.StatusPermanentRedirect}
}

// RetiredKeySigning signs every card with two keys, as during a rotation,
// and publishes only the second: the first key's signature stays on the
// card beside a valid one (repointed-endpoint-retired-key).
func RetiredKeySigning() mockpeer.Signing {
	return mockpeer.Signing{Algorithms: rotatingKeys, JKU: true, Retired: 1}
}

// AgentPathPrefix is the path under which endpoint-path-prefixed's agent
// serves A2A on a host shared with other agents (mockpeer.PeerSpec.A2APrefix).
const AgentPathPrefix = summarizerPrefix

// AgentCardPath is where such an agent's card is served and its card URL
// points (card-url-not-well-known): the well-known card path answers 404.
const AgentCardPath = summarizerCardPath
