package refclient

import (
	"strconv"
	"strings"
	"time"
)

// DefaultFreshness is how long the ttl-cache policy trusts a card that
// gives no Cache-Control (spec §8.6: the client MAY apply its own TTL).
const DefaultFreshness = 24 * time.Hour

// freshness is the card's freshness lifetime as a private RFC 9111 cache
// sees it: max-age, zero for no-cache/no-store, DefaultFreshness when the
// peer said nothing.
func (k *Card) freshness() time.Duration {
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
func (k *Card) fresh(now time.Time) bool {
	age := now.Sub(k.FetchedAt)
	if secs, err := strconv.Atoi(k.Age); err == nil && secs > 0 {
		age += time.Duration(secs) * time.Second
	}
	return age < k.freshness()
}
