package refclient

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// opExtendedCard names extended-card requests in errors.
const opExtendedCard = wire.MethodGetExtendedAgentCard

// ExtendedCards decides how the client trusts and asks for the
// authenticated extended card (contract model §7).
//
// The reference asks for it only with the credentials the public card
// names card-wide, over an interface the public card is authoritative for,
// and judges it as any card of the public card's origin: an authenticated
// answer vouches for nothing the card says (rule 6), and a change of its
// contract before the send aborts (rule 2).
type ExtendedCards interface {
	// Vouches reports whether ext is authoritative for every interface it
	// lists because an authenticated call of its agent returned it.
	Vouches(ext *Card) bool
	// Decorate edits each GetExtendedAgentCard request once it carries the
	// credentials the public card names; held are every credential the
	// client holds.
	Decorate(req *http.Request, held driver.Credentials)
}

// judgedAsAnyCard is the reference's ExtendedCards.
type judgedAsAnyCard struct{}

func (judgedAsAnyCard) Vouches(*Card) bool                         { return false }
func (judgedAsAnyCard) Decorate(*http.Request, driver.Credentials) {}

// needsExtended reports whether a task must be planned on the extended
// card: the public card advertises one and does not list the skill.
func (c *Client) needsExtended(public *Card) bool {
	ext := public.Card.Capabilities.ExtendedAgentCard
	return ext != nil && *ext && public.Card.Skill(c.cfg.Skill) == nil
}

// planOn is the card a task is planned on: public itself, or, when the
// task needs it (needsExtended), the extended card public advertises.
func (c *Client) planOn(ctx context.Context, public *Card) (*Card, error) {
	if !c.needsExtended(public) {
		return public, nil
	}
	return c.FetchExtendedCard(ctx, public)
}

// FetchExtendedCard asks the agent of public for its extended card
// (GetExtendedAgentCard) over the interface the public card routes to,
// with the credentials of the public card's card-wide security requirement
// and no other (spec §13.3). The card it returns is a card of the public
// card's origin and TLS principal: its URL and Principal are public's, so
// that rule 6 judges its interfaces as it judges public's. It has no
// validators; Public is the card it extends.
func (c *Client) FetchExtendedCard(ctx context.Context, public *Card) (*Card, error) {
	s, err := c.open(ctx, public, public.Card.SecurityRequirements)
	if err != nil {
		return nil, err
	}
	s.extra = func(req *http.Request) { c.decide.Extended.Decorate(req, c.cfg.Credentials) }
	raw, err := s.binding.getExtendedCard(ctx)
	if err != nil {
		return nil, err
	}
	ext, err := c.parseCard(raw)
	if err != nil {
		return nil, fmt.Errorf("%w (the extended card)", err)
	}
	ext.URL, ext.Principal, ext.Public, ext.FetchedAt = public.URL, public.Principal, public, c.cfg.Now()
	return ext, nil
}

// RevalidateExtended is rule 2 for a task planned on the extended card
// planned: right before the send, once the public card was revalidated
// (fresh is the public card in force), the card the task would now be
// planned on is fetched again and its contract compared. The extended card
// gives no validators, so every revalidation is a fetch.
func (c *Client) RevalidateExtended(ctx context.Context, planned, fresh *Card) (*Card, error) {
	card, err := c.planOn(ctx, fresh)
	if err != nil {
		return nil, err
	}
	if card.ContractHash != planned.ContractHash {
		return nil, fmt.Errorf("%w: extended card contract hash %s, was %s", ErrContractChanged, card.ContractHash, planned.ContractHash)
	}
	return card, nil
}

// getExtendedCard over JSON-RPC: the result, as received.
func (j *jsonRPC) getExtendedCard(ctx context.Context) ([]byte, error) {
	var out json.RawMessage
	if err := j.call(ctx, opExtendedCard, wire.GetExtendedAgentCardRequest{Tenant: j.tenant}, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// getExtendedCard over HTTP+JSON: GET /extendedAgentCard.
func (r *rest) getExtendedCard(ctx context.Context) ([]byte, error) {
	var out json.RawMessage
	if err := r.call(ctx, opExtendedCard, http.MethodGet, r.target("/extendedAgentCard", nil), nil, &out); err != nil {
		return nil, err
	}
	return out, nil
}
