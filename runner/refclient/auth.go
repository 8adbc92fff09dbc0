package refclient

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// credentials are what every A2A request of a session carries.
type credentials struct {
	mu      sync.Mutex // guards header, which a renewed token changes
	token   *heldToken // the OAuth access token carried, if any
	header  http.Header
	query   url.Values
	cookies []*http.Cookie
	cert    *tls.Certificate
	// schemes names the security schemes satisfied, for descriptions.
	schemes []string
}

func (cr *credentials) apply(req *http.Request) {
	cr.mu.Lock()
	for k, v := range cr.header {
		req.Header[k] = v
	}
	cr.mu.Unlock()
	if len(cr.query) > 0 {
		q := req.URL.Query()
		for k, v := range cr.query {
			q[k] = v
		}
		req.URL.RawQuery = q.Encode()
	}
	for _, ck := range cr.cookies {
		req.AddCookie(ck)
	}
}

// setHeader sets one header of every request from the next on.
func (cr *credentials) setHeader(k, v string) {
	cr.mu.Lock()
	defer cr.mu.Unlock()
	cr.header.Set(k, v)
}

// EffectiveRequirement is the security requirement of the skill: its own
// when the skill lists one (even an empty one), else the card's.
func EffectiveRequirement(card *wire.AgentCard, skill string) []wire.SecurityRequirement {
	if s := card.Skill(skill); s != nil && s.SecurityRequirements != nil {
		return s.SecurityRequirements
	}
	return card.SecurityRequirements
}

// chooseAlternative picks the alternative of reqs (the skill's effective
// requirement, or the card-wide one for the extended card) to satisfy,
// through the CredentialChoice decision. The returned requirement has no
// schemes when nothing is to be sent.
func (c *Client) chooseAlternative(card *Card, reqs []wire.SecurityRequirement) (wire.SecurityRequirement, error) {
	return c.decide.Credentials.Choose(reqs, func(alt wire.SecurityRequirement) error { return c.satisfiable(card, alt) })
}

// satisfiable says why the held credentials cannot satisfy alt, or nil.
func (c *Client) satisfiable(card *Card, alt wire.SecurityRequirement) error {
	cr := c.cfg.Credentials
	headers := map[string]string{} // header name -> scheme, to catch two schemes fighting over one header
	claim := func(header, scheme string) error {
		header = http.CanonicalHeaderKey(header)
		if other, taken := headers[header]; taken {
			return fmt.Errorf("schemes %s and %s both need header %s", other, scheme, header)
		}
		headers[header] = scheme
		return nil
	}
	for _, name := range sortedSchemes(alt) {
		s, ok := card.Card.SecuritySchemes[name]
		if !ok {
			return fmt.Errorf("scheme %q is not declared", name)
		}
		var err error
		switch s.Kind() {
		case "http":
			if !strings.EqualFold(s.HTTPAuth.Scheme, "bearer") || cr.BearerToken == "" {
				return fmt.Errorf("scheme %q: no %s credential held", name, s.HTTPAuth.Scheme)
			}
			err = claim("Authorization", name)
		case "oauth2":
			if _, err := c.tokenURL(card, s.OAuth2); err != nil {
				return fmt.Errorf("scheme %q: %w", name, err)
			}
			err = claim("Authorization", name)
		case "apiKey":
			if cr.APIKey == "" {
				return fmt.Errorf("scheme %q: no API key held", name)
			}
			switch strings.ToLower(s.APIKey.Location) {
			case "header":
				err = claim(s.APIKey.Name, name)
			case "query", "cookie":
			default:
				return fmt.Errorf("scheme %q: API key location %q", name, s.APIKey.Location)
			}
		case "mtls":
			if c.cert == nil {
				return fmt.Errorf("scheme %q: no client certificate held", name)
			}
		default:
			return fmt.Errorf("scheme %q: %q schemes are not supported", name, s.Kind())
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// tokenURL returns the client-credentials token endpoint of s if this
// client can use it: the flow it speaks, credentials held, and an endpoint
// the TokenSource lets the client secret go to.
func (c *Client) tokenURL(card *Card, s *wire.OAuth2SecurityScheme) (*url.URL, error) {
	flow := s.Flows.ClientCredentials
	if flow == nil {
		return nil, errors.New("only the client-credentials flow is supported")
	}
	if c.cfg.Credentials.OAuthClientID == "" || c.cfg.Credentials.OAuthClientSecret == "" {
		return nil, errors.New("no OAuth client credentials held")
	}
	return c.decide.Tokens.Endpoint(c, card, flow)
}

// acquire turns a chosen alternative into credentials, fetching an OAuth
// token where one is needed.
func (c *Client) acquire(ctx context.Context, card *Card, alt wire.SecurityRequirement) (*credentials, error) {
	cr := &credentials{header: http.Header{}, query: url.Values{}}
	for _, name := range sortedSchemes(alt) {
		s := card.Card.SecuritySchemes[name]
		cr.schemes = append(cr.schemes, name)
		switch s.Kind() {
		case "http":
			cr.header.Set("Authorization", "Bearer "+c.cfg.Credentials.BearerToken)
		case "oauth2":
			u, err := c.tokenURL(card, s.OAuth2)
			if err != nil {
				return nil, fmt.Errorf("%w: %w", ErrAuthUnavailable, err)
			}
			scopes := alt.Schemes[name].List
			token, err := c.decide.Tokens.Token(ctx, c, u, scopes)
			if err != nil {
				return nil, err
			}
			cr.header.Set("Authorization", "Bearer "+token)
			cr.token = &heldToken{value: token, endpoint: u, scopes: scopes}
		case "apiKey":
			key := c.cfg.Credentials.APIKey
			switch strings.ToLower(s.APIKey.Location) {
			case "header":
				cr.header.Set(s.APIKey.Name, key)
			case "query":
				cr.query.Set(s.APIKey.Name, key)
			case "cookie":
				cr.cookies = append(cr.cookies, &http.Cookie{Name: s.APIKey.Name, Value: key})
			}
		case "mtls":
			cr.cert = c.cert
		}
	}
	return cr, nil
}

func sortedSchemes(alt wire.SecurityRequirement) []string {
	names := make([]string, 0, len(alt.Schemes))
	for n := range alt.Schemes {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// maxTokenBytes bounds a token response.
const maxTokenBytes = 64 << 10

// tokenResponse is the RFC 6749 §5.1/§5.2 answer of a token endpoint.
type tokenResponse struct {
	AccessToken string `json:"access_token"`
	TokenType   string `json:"token_type"`
	// ExpiresIn is the token's life in seconds from the answer (RFC 6749
	// §5.1); absent or not a positive number: not given.
	ExpiresIn json.RawMessage `json:"expires_in"`
	Error     string          `json:"error"`
}

// FetchToken runs the OAuth 2.0 client-credentials grant (RFC 6749 §4.4)
// at tokenURL for scopes, with HTTP Basic client authentication (§2.3.1).
// Every failure is ErrAuthUnavailable: without a token nothing may be sent.
func (c *Client) FetchToken(ctx context.Context, tokenURL *url.URL, scopes []string) (string, error) {
	form := url.Values{"grant_type": {"client_credentials"}}
	if len(scopes) > 0 {
		form.Set("scope", strings.Join(scopes, " "))
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, tokenURL.String(), strings.NewReader(form.Encode()))
	if err != nil {
		return "", fmt.Errorf("%w: token request: %w", ErrAuthUnavailable, err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	// RFC 6749 §2.3.1: form-encode the client id and secret before Basic.
	cr := c.cfg.Credentials
	req.SetBasicAuth(url.QueryEscape(cr.OAuthClientID), url.QueryEscape(cr.OAuthClientSecret))

	asked := c.cfg.Now()
	resp, err := c.public.Do(req)
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrAuthUnavailable, transportError("token", err))
	}
	defer resp.Body.Close()
	var tr tokenResponse
	body, err := readBounded("token", resp, maxTokenBytes)
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrAuthUnavailable, err)
	}
	_ = json.Unmarshal(body, &tr) // judged below, field by field
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("%w: token endpoint answered HTTP %d %s", ErrAuthUnavailable, resp.StatusCode, tr.Error)
	}
	if tr.AccessToken == "" {
		return "", fmt.Errorf("%w: token endpoint gave no access_token", ErrAuthUnavailable)
	}
	if tr.TokenType != "" && !strings.EqualFold(tr.TokenType, "bearer") {
		return "", fmt.Errorf("%w: token type %q is not bearer", ErrAuthUnavailable, tr.TokenType)
	}
	c.noteTokenLife(tr.AccessToken, asked, tr.ExpiresIn)
	return tr.AccessToken, nil
}
