package refclient

import (
	"context"
	"crypto/rand"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// FrozenContractExtension is the one extension this client speaks
// (contract model rule 7).
const FrozenContractExtension = wire.FrozenContractExtension

// Session talks to the interface a card routes to, with the credentials
// its contract asks for. The contract of a session never changes: a card
// with another contract cannot be adopted, and after the send the card is
// not consulted again (rule 3).
type Session struct {
	client       *Client
	card         *Card
	contractHash string
	iface        wire.AgentInterface
	url          *url.URL
	creds        *credentials
	binding      binding
	// extensions is the A2A-Extensions list; frozen says whether the
	// frozen-contract extension is in use.
	extensions []string
	frozen     bool
	// extra, if non-nil, edits every request after the rest (the
	// ExtendedCards decision's, for GetExtendedAgentCard).
	extra func(*http.Request)
}

// Open decides routing and credentials for card, in that order, before
// anything is sent to the agent: the interface (rule 5, rule 6), the
// extensions, then the credentials (an OAuth token is fetched here). An
// interface the card is authoritative for through a signature is pinned to
// the card origin's TLS principal for the session's lifetime.
func (c *Client) Open(ctx context.Context, card *Card) (*Session, error) {
	return c.open(ctx, card, EffectiveRequirement(&card.Card, c.cfg.Skill))
}

// open is Open satisfying reqs, a security requirement of card.
func (c *Client) open(ctx context.Context, card *Card, reqs []wire.SecurityRequirement) (*Session, error) {
	iface, u, pin, err := c.chooseInterface(ctx, card)
	if err != nil {
		return nil, err
	}
	s := &Session{client: c, contractHash: card.ContractHash, iface: iface, url: u}
	if err := s.Adopt(card); err != nil {
		return nil, err
	}
	alt, err := c.chooseAlternative(card, reqs)
	if err != nil {
		return nil, err
	}
	if s.creds, err = c.acquire(ctx, card, alt); err != nil {
		return nil, err
	}
	hc := c.httpClient(s.creds.cert, pin)
	if c.cfg.UnsafeA2ATransport != nil {
		hc.Transport = c.cfg.UnsafeA2ATransport(hc.Transport)
	}
	if s.creds.token != nil {
		hc.Transport = challengeTap{next: hc.Transport, token: s.creds.token}
	}
	ep := endpoint{http: hc, url: u, tenant: iface.Tenant, decorate: s.decorate}
	switch iface.ProtocolBinding {
	case wire.BindingHTTPJSON:
		s.binding = &rest{endpoint: ep}
	case wire.BindingGRPC:
		g, err := newGRPCBinding(u, iface.Tenant, c.tlsConfig(s.creds.cert, pin), s.decorate, c.cfg.UnsafeGRPCOptions)
		if err != nil {
			return nil, err
		}
		c.mu.Lock()
		c.grpcConns = append(c.grpcConns, g)
		c.mu.Unlock()
		s.binding = g
	default:
		s.binding = &jsonRPC{endpoint: ep}
	}
	if s.creds.token != nil {
		s.binding = tokenBinding{s: s, next: s.binding}
	}
	return s, nil
}

// Adopt makes card the one in force for capability fields (extensions
// offered, skills listed). Its contract must be the session's. Of the
// extensions offered, the session activates those the client speaks
// (Protocol decision) and refuses a card requiring another.
func (s *Session) Adopt(card *Card) error {
	if card.ContractHash != s.contractHash {
		return fmt.Errorf("%w: contract hash %s, session has %s", ErrContractChanged, card.ContractHash, s.contractHash)
	}
	var exts []string
	frozen := false
	for _, e := range card.Card.Capabilities.Extensions {
		switch {
		case s.client.decide.Protocol.SpeaksExtension(e.URI):
			exts = append(exts, e.URI)
			frozen = frozen || e.URI == FrozenContractExtension
		case e.Required:
			return fmt.Errorf("%w: %s", ErrExtensionUnsupported, e.URI)
		}
	}
	s.card, s.extensions, s.frozen = card, exts, frozen
	return nil
}

// Client is the client the session belongs to.
func (s *Session) Client() *Client { return s.client }

// Card is the card in force.
func (s *Session) Card() *Card { return s.card }

// Interface is the interface chosen.
func (s *Session) Interface() wire.AgentInterface { return s.iface }

// ContractHash is the contract the session sends under.
func (s *Session) ContractHash() string { return s.contractHash }

func (s *Session) decorate(req *http.Request) {
	req.Header.Set(wire.HeaderVersion, wire.ProtocolVersion)
	if len(s.extensions) > 0 {
		req.Header.Set(wire.HeaderExtensions, strings.Join(s.extensions, ","))
	}
	s.creds.apply(req)
	if s.extra != nil {
		s.extra(req)
	}
}

// Send creates a task for text with SendMessage: with returnImmediately,
// unless the session's send mode is Block, in which case the peer answers
// once the task is terminal or interrupted. (In Stream mode, Deliver
// streams; Send itself never does.) With the frozen-contract extension the
// contract hash travels along.
func (s *Session) Send(ctx context.Context, text string) (*wire.SendMessageResponse, error) {
	req := s.request(text)
	if s.Mode() != Block {
		req.Configuration = &wire.SendMessageConfiguration{ReturnImmediately: true}
	}
	return s.binding.sendMessage(ctx, req)
}

// request is the SendMessageRequest for text, without configuration
// (returnImmediately false, the default, and meaningless for streams).
func (s *Session) request(text string) *wire.SendMessageRequest {
	msg := &wire.Message{MessageID: newMessageID(), Role: wire.RoleUser, Parts: []wire.Part{wire.TextPart(text)}}
	req := &wire.SendMessageRequest{Message: msg}
	if s.frozen {
		meta := map[string]any{FrozenContractExtension: map[string]any{"contractHash": s.contractHash}}
		req.Metadata, msg.Metadata = meta, meta
		msg.Extensions = []string{FrozenContractExtension}
	}
	return req
}

// GetTask fetches the task without history.
func (s *Session) GetTask(ctx context.Context, id string) (*wire.Task, error) {
	return s.binding.getTask(ctx, id)
}

// CancelTask asks the agent to cancel the task.
func (s *Session) CancelTask(ctx context.Context, id string) (*wire.Task, error) {
	return s.binding.cancelTask(ctx, id)
}

// newMessageID returns a random UUID (version 4).
func newMessageID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // never fails (crypto/rand)
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}
