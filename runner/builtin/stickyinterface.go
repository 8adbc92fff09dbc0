package builtin

import (
	"context"
	"slices"
	"sync"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// stickyInterface is adversarial (gallery.go): the reference, but the
// interface it chose on the session's first card stays its choice for the
// session while later cards still list it: it is moved to the front of
// every later card's list (the card's Raw, and so its contract hash,
// untouched), whatever order the agent prefers now (spec §8.3.2, rule 5:
// the first interface the client can use). A new order between two tasks
// is a new routing decision; this client makes it once.
func stickyInterface(cfg *refclient.Config) {
	s := &stickyRoute{}
	ref := refclient.Reference()
	cfg.UnsafeDecisions.Cache = stickyCache{s, ref.Cache}
	cfg.UnsafeDecisions.Revalidator = stickyRevalidator{s, ref.Revalidator}
}

type stickyRoute struct {
	mu    sync.Mutex
	first *wire.AgentInterface
}

func (s *stickyRoute) apply(card *refclient.Card) *refclient.Card {
	if card == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ifaces := card.Card.SupportedInterfaces
	if s.first == nil {
		for _, i := range ifaces {
			if i.ProtocolVersion == wire.ProtocolVersion {
				i := i
				s.first = &i
				break
			}
		}
		return card
	}
	at := slices.IndexFunc(ifaces, func(i wire.AgentInterface) bool { return i == *s.first })
	if at > 0 {
		moved := append([]wire.AgentInterface{ifaces[at]}, slices.Delete(slices.Clone(ifaces), at, at+1)...)
		card.Card.SupportedInterfaces = moved
	}
	return card
}

type stickyCache struct {
	s    *stickyRoute
	next refclient.CardCache
}

func (c stickyCache) Plan(ctx context.Context, cl *refclient.Client, held *refclient.Card) (*refclient.Card, error) {
	card, err := c.next.Plan(ctx, cl, held)
	return c.s.apply(card), err
}

type stickyRevalidator struct {
	s    *stickyRoute
	next refclient.Revalidator
}

func (r stickyRevalidator) Revalidate(ctx context.Context, cl *refclient.Client, prev *refclient.Card) (*refclient.Card, error) {
	card, err := r.next.Revalidate(ctx, cl, prev)
	return r.s.apply(card), err
}
