package builtin

import (
	"context"
	"fmt"
	"maps"
	"net/url"
	"slices"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// hardcodedEndpoint is adversarial (gallery.go): it never requests the
// card. Every task is planned and sent under a card of its own making, the
// endpoint a client hard-codes from the card URL: one JSON-RPC interface,
// protocol 1.0, at the farm's path (mockpeer.JSONRPCPath) on the card URL's
// origin, and, withCredentials, a security requirement asking for every
// credential the client was granted: the bearer token, a token from the
// client-credentials grant at that origin's mockpeer.TokenPath, the API key
// in the farm's header, the client certificate. (A bearer token and an
// OAuth token both go in Authorization: the OAuth token is sent when both
// are granted.) The rest is the reference: SendMessage with A2A-Version
// 1.0, GetTask polls until the task is terminal or interrupted, and the
// honest outcome with the task id.
func hardcodedEndpoint(withCredentials bool) func(*refclient.Config) {
	return func(cfg *refclient.Config) {
		card, err := forgedCard(cfg, withCredentials)
		h := hardcoded{card, err}
		cfg.UnsafeDecisions.Cache, cfg.UnsafeDecisions.Revalidator = h, h
	}
}

// hardcoded plans on the forged card and never revalidates it.
type hardcoded struct {
	card *refclient.Card
	err  error
}

func (h hardcoded) Plan(context.Context, *refclient.Client, *refclient.Card) (*refclient.Card, error) {
	return h.card, h.err
}

func (h hardcoded) Revalidate(_ context.Context, _ *refclient.Client, prev *refclient.Card) (*refclient.Card, error) {
	return prev, nil
}

// forgedCard is the card hard-coded for cfg's card URL.
func forgedCard(cfg *refclient.Config, withCredentials bool) (*refclient.Card, error) {
	u, err := url.Parse(cfg.CardURL)
	if err != nil || !u.IsAbs() {
		return nil, fmt.Errorf("builtin: %w: card URL %q is not absolute", refclient.ErrConfig, cfg.CardURL)
	}
	origin := u.Scheme + "://" + u.Host
	c := wire.AgentCard{
		Name: "hard-coded", Description: "never fetched", Version: "0",
		SupportedInterfaces: []wire.AgentInterface{{URL: mockpeer.JSONRPCURL(origin),
			ProtocolBinding: wire.BindingJSONRPC, ProtocolVersion: wire.ProtocolVersion}},
		Skills: []wire.AgentSkill{{ID: cfg.Skill, Name: cfg.Skill}},
	}
	if withCredentials {
		c.SecuritySchemes, c.SecurityRequirements = everyGrant(origin, cfg.Credentials)
	}
	return &refclient.Card{URL: u, Card: c}, nil
}

// everyGrant is a security requirement that sends every credential held,
// in the schemes of the farm's cards, the token endpoint on origin.
func everyGrant(origin string, cr driver.Credentials) (map[string]wire.SecurityScheme, []wire.SecurityRequirement) {
	at := func(string) string { return origin }
	schemes := map[string]wire.SecurityScheme{}
	add := func(s mockpeer.Schemes) { maps.Copy(schemes, s(at)) }
	var both, authorization []string // sent together; one of them in Authorization
	if cr.APIKey != "" {
		add(mockpeer.APIKeyScheme())
		both = append(both, mockpeer.SchemeAPIKey)
	}
	if cr.ClientCertFile != "" {
		add(mockpeer.MTLSScheme("the client certificate granted"))
		both = append(both, mockpeer.SchemeMTLS)
	}
	if cr.OAuthClientID != "" {
		add(mockpeer.OAuthScheme("", nil))
		authorization = append(authorization, mockpeer.SchemeOAuth)
	}
	if cr.BearerToken != "" {
		add(mockpeer.BearerScheme())
		authorization = append(authorization, mockpeer.SchemeBearer)
	}
	if len(authorization) == 0 {
		if len(both) == 0 {
			return nil, nil
		}
		return schemes, []wire.SecurityRequirement{wire.Require(both...)}
	}
	alternatives := make([]wire.SecurityRequirement, 0, len(authorization))
	for _, a := range authorization {
		alternatives = append(alternatives, wire.Require(append(slices.Clone(both), a)...))
	}
	return schemes, alternatives
}
