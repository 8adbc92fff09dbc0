package refclient

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// An access token lives as long as its grant says (RFC 6749 §5.1,
// expires_in), and no longer than the resource server accepts it (RFC 6750
// §3.1, invalid_token). The reference fetches a token per task, and within
// a task it asks the TokenSource again before any request once the token's
// life has ended on the client's clock (timed from before the token
// request, so never later than the server's), and once more after a
// refusal with a Bearer error="invalid_token" challenge, retrying that
// request once with what it gets: a token that was revoked, or whose life
// the server ended sooner, is replaced, and a refused token is never the
// answer to a refusal (a bounded retry, not a loop).

// noteTokenLife records when token, asked for at asked, ends its life by
// the expires_in of its grant (raw, a JSON number or a string of one).
func (c *Client) noteTokenLife(token string, asked time.Time, raw json.RawMessage) {
	text := strings.Trim(string(raw), `"`)
	secs, err := strconv.ParseFloat(text, 64)
	if err != nil || secs <= 0 || secs > 1<<31 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.tokenEnds == nil {
		c.tokenEnds = map[string]time.Time{}
	}
	c.tokenEnds[token] = asked.Add(time.Duration(secs * float64(time.Second)))
}

// tokenEnded reports whether token's life, as its grant gave it, has
// ended on the client's clock.
func (c *Client) tokenEnded(token string) bool {
	c.mu.Lock()
	end, ok := c.tokenEnds[token]
	c.mu.Unlock()
	return ok && !c.cfg.Now().Before(end)
}

// heldToken is the OAuth access token a session's credentials carry, and
// what it was asked for, to ask again.
type heldToken struct {
	mu       sync.Mutex
	header   string // the Authorization header it is set as
	value    string
	endpoint *url.URL
	scopes   []string
	// refused are tokens the server refused as invalid_token.
	refused map[string]bool
}

// current is the token carried now.
func (h *heldToken) current() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.value
}

// refuse records that the server refused tok as invalid_token.
func (h *heldToken) refuse(tok string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.refused == nil {
		h.refused = map[string]bool{}
	}
	h.refused[tok] = true
}

func (h *heldToken) wasRefused(tok string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.refused[tok]
}

// renewToken asks the TokenSource again for the session's token and
// carries what it gets from the next request on.
func (s *Session) renewToken(ctx context.Context) error {
	h := s.creds.token
	tok, err := s.client.decide.Tokens.Token(ctx, s.client, h.endpoint, h.scopes)
	if err != nil {
		return err
	}
	h.mu.Lock()
	h.value = tok
	h.mu.Unlock()
	s.creds.setHeader("Authorization", "Bearer "+tok)
	return nil
}

// freshToken renews the session's token before a request once its life
// has ended.
func (s *Session) freshToken(ctx context.Context) error {
	if h := s.creds.token; h != nil && s.client.tokenEnded(h.current()) {
		return s.renewToken(ctx)
	}
	return nil
}

// refusedToken reports whether err is the server's refusal of the token
// the request carried as invalid_token (RFC 6750 §3.1): an unauthenticated
// error with that challenge, read from the WWW-Authenticate header on HTTP
// (challengeTap) or, on gRPC, from the error's ErrorInfo.
func (s *Session) refusedToken(err error, sent string) bool {
	var pe *PeerError
	if s.creds.token == nil || sent == "" || !errors.As(err, &pe) {
		return false
	}
	unauthenticated := pe.HTTPStatus == http.StatusUnauthorized || pe.Code == wire.ErrUnauthenticated.RPCCode ||
		pe.Status == wire.ErrUnauthenticated.GRPCStatus
	return unauthenticated && (s.creds.token.wasRefused(sent) || invalidTokenChallenge(pe.Challenge))
}

// invalidTokenChallenge reports whether a WWW-Authenticate value is a
// Bearer challenge with error="invalid_token".
func invalidTokenChallenge(v string) bool {
	scheme, params, _ := strings.Cut(strings.TrimSpace(v), " ")
	if !strings.EqualFold(scheme, "bearer") {
		return false
	}
	for _, p := range strings.Split(params, ",") {
		k, val, ok := strings.Cut(strings.TrimSpace(p), "=")
		if ok && strings.EqualFold(strings.TrimSpace(k), "error") && strings.Trim(strings.TrimSpace(val), `"`) == "invalid_token" {
			return true
		}
	}
	return false
}

// withToken runs call with the session's token fresh, and once more with
// a renewed one when the server refused the token it carried.
func withToken[T any](ctx context.Context, s *Session, call func() (T, error)) (T, error) {
	if s.creds.token == nil {
		return call()
	}
	var zero T
	if err := s.freshToken(ctx); err != nil {
		return zero, err
	}
	sent := s.creds.token.current()
	v, err := call()
	if !s.refusedToken(err, sent) {
		return v, err
	}
	s.creds.token.refuse(sent)
	if err := s.renewToken(ctx); err != nil {
		return zero, err
	}
	if s.creds.token.wasRefused(s.creds.token.current()) {
		return v, err // the same token again: no second refusal asked for
	}
	return call()
}

// challengeTap records, on the session's HTTP bindings, the token of every
// request answered with an invalid_token challenge.
type challengeTap struct {
	next  http.RoundTripper
	token *heldToken
}

func (t challengeTap) RoundTrip(req *http.Request) (*http.Response, error) {
	sent := ""
	if scheme, cred, ok := strings.Cut(req.Header.Get("Authorization"), " "); ok && strings.EqualFold(scheme, "bearer") {
		sent = strings.TrimSpace(cred)
	}
	resp, err := t.next.RoundTrip(req)
	if err == nil && sent != "" {
		for _, v := range resp.Header.Values("WWW-Authenticate") {
			if invalidTokenChallenge(v) {
				t.token.refuse(sent)
			}
		}
	}
	return resp, err
}

// tokenBinding is a binding whose every call goes withToken.
type tokenBinding struct {
	s    *Session
	next binding
}

func (b tokenBinding) sendMessage(ctx context.Context, req *wire.SendMessageRequest) (*wire.SendMessageResponse, error) {
	return withToken(ctx, b.s, func() (*wire.SendMessageResponse, error) { return b.next.sendMessage(ctx, req) })
}

func (b tokenBinding) getTask(ctx context.Context, id string) (*wire.Task, error) {
	return withToken(ctx, b.s, func() (*wire.Task, error) { return b.next.getTask(ctx, id) })
}

func (b tokenBinding) cancelTask(ctx context.Context, id string) (*wire.Task, error) {
	return withToken(ctx, b.s, func() (*wire.Task, error) { return b.next.cancelTask(ctx, id) })
}

func (b tokenBinding) sendStreaming(ctx context.Context, req *wire.SendMessageRequest) (*eventStream, error) {
	return withToken(ctx, b.s, func() (*eventStream, error) { return b.next.sendStreaming(ctx, req) })
}

func (b tokenBinding) subscribe(ctx context.Context, id string) (*eventStream, error) {
	return withToken(ctx, b.s, func() (*eventStream, error) { return b.next.subscribe(ctx, id) })
}

func (b tokenBinding) getExtendedCard(ctx context.Context) ([]byte, error) {
	return withToken(ctx, b.s, func() ([]byte, error) { return b.next.getExtendedCard(ctx) })
}
