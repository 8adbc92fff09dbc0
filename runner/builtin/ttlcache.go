package builtin

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// DefaultFreshness is how long ttl-cache trusts a card that gives no
// Cache-Control (spec §8.6: the client MAY apply its own TTL).
const DefaultFreshness = 24 * time.Hour

// ttlCache is an RFC 9111 private cache, which is what spec §8.6.2
// recommends: it trusts its cached card for the card's max-age and
// revalidates only after that (breaking rule 2), and sends a credential
// only where the cached card requires one.
func ttlCache(cfg *refclient.Config) {
	ref := refclient.Reference()
	cfg.UnsafeDecisions.Cache = freshCache{now: time.Now}
	cfg.UnsafeDecisions.Revalidator = freshCache{next: ref.Revalidator, now: time.Now}
	cfg.UnsafeDecisions.Credentials = optionalMeansNone{next: ref.Credentials}
}

// freshCache plans and sends under a card still fresh without asking the
// peer.
type freshCache struct {
	next refclient.Revalidator
	now  func() time.Time
}

func (f freshCache) Plan(ctx context.Context, c *refclient.Client, held *refclient.Card) (*refclient.Card, error) {
	if held != nil && fresh(held, f.now()) {
		return held, nil
	}
	return c.FetchCardSince(ctx, held)
}

func (f freshCache) Revalidate(ctx context.Context, c *refclient.Client, prev *refclient.Card) (*refclient.Card, error) {
	if fresh(prev, f.now()) {
		return prev, nil
	}
	return f.next.Revalidate(ctx, c, prev)
}

// optionalMeansNone sends nothing when the requirement lists an empty
// alternative, whatever it holds.
type optionalMeansNone struct {
	next refclient.CredentialChoice
}

func (o optionalMeansNone) Choose(alts []wire.SecurityRequirement, held func(wire.SecurityRequirement) error) (wire.SecurityRequirement, error) {
	if slices.ContainsFunc(alts, func(r wire.SecurityRequirement) bool { return len(r.Schemes) == 0 }) {
		return wire.SecurityRequirement{}, nil
	}
	return o.next.Choose(alts, held)
}

// freshness is the card's freshness lifetime as a private RFC 9111 cache
// sees it: max-age, zero for no-cache/no-store, DefaultFreshness when the
// peer said nothing.
func freshness(k *refclient.Card) time.Duration {
	if k.CacheControl == "" {
		return DefaultFreshness
	}
	lifetime := time.Duration(0)
	for _, d := range strings.Split(k.CacheControl, ",") {
		name, value, _ := strings.Cut(strings.TrimSpace(d), "=")
		switch strings.ToLower(name) {
		case "no-cache", "no-store":
			return 0
		case "max-age":
			if secs, err := strconv.Atoi(strings.Trim(value, `"`)); err == nil && secs > 0 {
				lifetime = time.Duration(secs) * time.Second
			}
		}
	}
	return lifetime
}

// fresh reports whether the card is still fresh at now (RFC 9111 §4.2),
// counting the Age the peer reported.
func fresh(k *refclient.Card, now time.Time) bool {
	age := now.Sub(k.FetchedAt)
	if secs, err := strconv.Atoi(k.Age); err == nil && secs > 0 {
		age += time.Duration(secs) * time.Second
	}
	return age < freshness(k)
}
