package refclient

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
)

// maxTokenBytes bounds a token response.
const maxTokenBytes = 64 << 10

// tokenResponse is the RFC 6749 §5.1/§5.2 answer of a token endpoint.
type tokenResponse struct {
	AccessToken string `json:"access_token"`
	TokenType   string `json:"token_type"`
	Error       string `json:"error"`
}

// fetchToken runs the OAuth 2.0 client-credentials grant (RFC 6749 §4.4)
// with HTTP Basic client authentication. Every failure is
// ErrAuthUnavailable: without a token nothing may be sent.
func (c *Client) fetchToken(ctx context.Context, tokenURL *url.URL, scopes []string) (string, error) {
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

	resp, err := c.public.Do(req)
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrAuthUnavailable, transportError("token", err))
	}
	defer resp.Body.Close()
	var tr tokenResponse
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxTokenBytes))
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrAuthUnavailable, transportError("token", err))
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
	return tr.AccessToken, nil
}
