package refclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/contract"
	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// maxCardBytes bounds a card body; real cards are a few kilobytes.
const maxCardBytes = 1 << 20

// opCard names card requests in errors.
const opCard = "agent card"

// Card is one fetched version of the agent card with what HTTP said about it.
type Card struct {
	// URL is where the card was served from, after same-origin redirects.
	URL *url.URL
	// Raw is the body as received; ContractHash is computed over it.
	Raw  []byte
	Card wire.AgentCard
	// ContractHash is the contract hash of Raw for the client's skill.
	ContractHash string
	// Validators and freshness headers of the response.
	ETag, LastModified, CacheControl, Age string
	// FetchedAt is when the response arrived (the client's clock).
	FetchedAt time.Time
	// Principal is the TLS principal the card's origin presented ("" over
	// plain HTTP): what a signed card's endpoint must present too.
	Principal Principal
	// Public is, for an extended card (GetExtendedAgentCard), the public
	// card it extends; nil for a public card.
	Public *Card
}

// HasValidator reports whether the peer gave a validator, i.e. whether the
// card can be revalidated at all (rule 4 applies when it cannot).
func (k *Card) HasValidator() bool { return k.ETag != "" || k.LastModified != "" }

// FetchCard fetches the card unconditionally.
func (c *Client) FetchCard(ctx context.Context) (*Card, error) {
	return c.FetchCardSince(ctx, nil)
}

// FetchCardSince fetches the card, conditionally on prev's validators
// (If-None-Match, If-Modified-Since) when prev is non-nil: it returns prev
// itself on a 304 Not Modified.
func (c *Client) FetchCardSince(ctx context.Context, prev *Card) (*Card, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.cardURL.String(), nil)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrConfig, err)
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set(wire.HeaderVersion, wire.ProtocolVersion)
	if prev != nil {
		if prev.ETag != "" {
			req.Header.Set("If-None-Match", prev.ETag)
		}
		if prev.LastModified != "" {
			req.Header.Set("If-Modified-Since", prev.LastModified)
		}
		if edit := c.cfg.UnsafeRevalidation; edit != nil {
			edit(req.Header)
		}
	}
	resp, err := c.public.Do(req)
	if err != nil {
		return nil, transportError(opCard, err)
	}
	defer resp.Body.Close()
	raw, err := readBounded(opCard, resp, maxCardBytes)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode == http.StatusNotModified && prev != nil {
		return prev, nil
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, &PeerError{Op: opCard, HTTPStatus: resp.StatusCode}
	}
	card, err := c.parseCard(raw)
	if err != nil {
		return nil, err
	}
	card.URL = resp.Request.URL
	card.ETag = resp.Header.Get("ETag")
	card.LastModified = resp.Header.Get("Last-Modified")
	card.CacheControl = resp.Header.Get("Cache-Control")
	card.Age = resp.Header.Get("Age")
	card.FetchedAt = c.cfg.Now()
	card.Principal = principalOfState(resp.TLS)
	return card, nil
}

// errNotACard: a JSON body without the name and interfaces of a card.
var errNotACard = errors.New("no agent card: no name or no supportedInterfaces")

// parseCard reads a card tolerantly (both scope shapes, unknown members
// ignored) and computes its contract hash with the suite's function.
func (c *Client) parseCard(raw []byte) (*Card, error) {
	k := &Card{Raw: raw}
	if err := json.Unmarshal(raw, &k.Card); err != nil {
		return nil, malformed(opCard, err)
	}
	// JSON that is no card (an error page, a maintenance notice) would
	// hash as a card that lost every contract field: a contract change the
	// peer never made. It is an answer that is not the card.
	if k.Card.Name == "" || len(k.Card.SupportedInterfaces) == 0 {
		return nil, malformed(opCard, errNotACard)
	}
	hash, err := contract.Hash(raw, c.cfg.Skill)
	if err != nil {
		return nil, malformed(opCard, err)
	}
	k.ContractHash = hash
	return k, nil
}
