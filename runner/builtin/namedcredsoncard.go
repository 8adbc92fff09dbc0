package builtin

import (
	"context"
	"net/http"
	"strings"
	"sync"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// namedCredsOnCard is adversarial (gallery.go): the reference, but the
// static credentials (the bearer token, an API key in a header) that the
// card it holds names for the skill go on its card revalidations too, as a
// client that authenticates "to the agent" rather than to its interfaces
// does. Access tokens are left alone. A credential the card names goes to
// the A2A interfaces it is authoritative for and nowhere else
// (contract-model §8 rule 2). Card-route credentials were judged only in
// credential-scope, whose cards name OAuth alone (CRED-005 for access
// tokens, CRED-004 for credentials no card names), so it passed every
// requirement of the catalog in both modes until CRED-012 judged every
// card, key-set and token request of every scenario.
func namedCredsOnCard(cfg *refclient.Config) {
	h := &trackedCard{ref: refclient.Reference()}
	cfg.UnsafeDecisions.Cache = h
	cfg.UnsafeDecisions.Revalidator = h
	skill, creds := cfg.Skill, cfg.Credentials
	cfg.UnsafeRevalidation = func(hdr http.Header) {
		card := h.get()
		if card == nil {
			return
		}
		for _, alt := range refclient.EffectiveRequirement(&card.Card, skill) {
			for name := range alt.Schemes {
				s, ok := card.Card.SecuritySchemes[name]
				if !ok {
					continue
				}
				switch s.Kind() {
				case "http":
					if creds.BearerToken != "" && strings.EqualFold(s.HTTPAuth.Scheme, "bearer") {
						hdr.Set("Authorization", "Bearer "+creds.BearerToken)
					}
				case "apiKey":
					if creds.APIKey != "" && strings.EqualFold(s.APIKey.Location, "header") {
						hdr.Set(s.APIKey.Name, creds.APIKey)
					}
				}
			}
		}
	}
}

// trackedCard is the reference's Cache and Revalidator, remembering the card
// each is asked about.
type trackedCard struct {
	ref  refclient.Decisions
	mu   sync.Mutex
	card *refclient.Card
}

func (h *trackedCard) set(c *refclient.Card) {
	h.mu.Lock()
	h.card = c
	h.mu.Unlock()
}

func (h *trackedCard) get() *refclient.Card {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.card
}

func (h *trackedCard) Plan(ctx context.Context, c *refclient.Client, held *refclient.Card) (*refclient.Card, error) {
	h.set(held)
	return h.ref.Cache.Plan(ctx, c, held)
}

func (h *trackedCard) Revalidate(ctx context.Context, c *refclient.Client, prev *refclient.Card) (*refclient.Card, error) {
	h.set(prev)
	return h.ref.Revalidator.Revalidate(ctx, c, prev)
}
