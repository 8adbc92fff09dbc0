package builtin

import (
	"context"
	"net/url"
	"sync"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// trustNotModified is adversarial (gallery.go): the reference, but a card
// its peer answers 304 Not Modified is, to it, the card it already judged,
// so it skips the judgement: the card is authoritative for every interface
// url and every protocolVersion is spoken, whatever the judgement of that
// card was. It is google/adk-python#6901 with a conditional request: the
// card was kept before it was checked, and once kept it counts as
// checked. A card it refused is served again unchanged, and it runs the
// task on it. It keeps its card in memory, so in one-shot mode, where
// every task starts with no card, it is the reference.
func trustNotModified(cfg *refclient.Config) {
	ref := refclient.Reference()
	seen := &notModified{ref: ref}
	cfg.UnsafeDecisions.Cache = seen
	cfg.UnsafeDecisions.Origins = seen
	cfg.UnsafeDecisions.Protocol = notModifiedProtocol{seen}
}

// notModified remembers whether the card of the task being planned is the
// one held from the session's last task, answered 304.
type notModified struct {
	ref refclient.Decisions

	mu     sync.Mutex
	reused bool
}

func (n *notModified) Plan(ctx context.Context, c *refclient.Client, held *refclient.Card) (*refclient.Card, error) {
	card, err := n.ref.Cache.Plan(ctx, c, held)
	n.mu.Lock()
	defer n.mu.Unlock()
	n.reused = err == nil && held != nil && card == held // FetchCardSince returns what it held on a 304
	return card, err
}

func (n *notModified) isReused() bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.reused
}

// SameOrigin: every interface of a card "judged before" is the card's own.
func (n *notModified) SameOrigin(reach refclient.Reach, card, target *url.URL) bool {
	if reach == refclient.ReachInterface && n.isReused() {
		return true
	}
	return n.ref.Origins.SameOrigin(reach, card, target)
}

// notModifiedProtocol speaks every version of a card "judged before".
type notModifiedProtocol struct{ n *notModified }

func (p notModifiedProtocol) SpeaksVersion(v string) bool {
	return p.n.isReused() || p.n.ref.Protocol.SpeaksVersion(v)
}

func (p notModifiedProtocol) SpeaksExtension(uri string) bool {
	return p.n.ref.Protocol.SpeaksExtension(uri)
}
