package builtin

import (
	"net/http"
	"slices"

	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// extendedPublicOrigins is adversarial (gallery.go): the reference, but an
// extended card is authoritative for every interface on an origin its
// public card lists, whether or not the public card is authoritative
// there. The extended card is judged as any card of the public card's
// origin (contract-model §7 item 3): an origin the public card merely
// lists, unsigned, is one it is advisory for, and listing it vouches for
// nothing. No public card of the extended-card family listed another
// origin until extended-card-repointed-public-listed, so it passed every
// requirement of the catalog in both modes.
func extendedPublicOrigins(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Extended = publicListed{}
}

// publicListed vouches for an extended card whose every interface is on an
// origin its public card lists.
type publicListed struct{}

func (publicListed) Decorate(*http.Request, driver.Credentials) {}

func (publicListed) Vouches(ext *refclient.Card) bool {
	if ext.Public == nil {
		return false
	}
	var listed []refclient.Origin
	for _, i := range ext.Public.Card.SupportedInterfaces {
		if u, err := refclient.Endpoint(ext.Public, i); err == nil {
			listed = append(listed, refclient.OriginOf(u))
		}
	}
	for _, i := range ext.Card.SupportedInterfaces {
		u, err := refclient.Endpoint(ext, i)
		if err != nil || !slices.Contains(listed, refclient.OriginOf(u)) {
			return false
		}
	}
	return true
}
