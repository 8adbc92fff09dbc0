package builtin

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// adoptAnyExtended is the reference trusting whatever extended card an
// authenticated GetExtendedAgentCard returns: the call was authenticated,
// so the card is taken as authoritative for every interface it lists,
// wherever they point and whatever its signature (breaking rule 6 for
// the extended card, contract model §7).
func adoptAnyExtended(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Extended = vouchingExtended{}
}

type vouchingExtended struct{}

func (vouchingExtended) Vouches(*refclient.Card) bool               { return true }
func (vouchingExtended) Decorate(*http.Request, driver.Credentials) {}

// extendedEveryCredential is the reference asking for the extended card
// with every credential it holds, not only those of the schemes the public
// card names: the API key goes out in the X-API-Key header (the name most
// agents use), and the bearer token wherever no Authorization is set yet
// (breaking spec §13.3 and contract model §7).
func extendedEveryCredential(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Extended = sprayingExtended{}
}

type sprayingExtended struct{}

func (sprayingExtended) Vouches(*refclient.Card) bool { return false }

func (sprayingExtended) Decorate(req *http.Request, held driver.Credentials) {
	if held.APIKey != "" {
		req.Header.Set("X-API-Key", held.APIKey)
	}
	if held.BearerToken != "" && req.Header.Get("Authorization") == "" {
		req.Header.Set("Authorization", "Bearer "+held.BearerToken)
	}
}
