package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient"

	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// credSession scopes the run's credentials in the SDK's credential store.
const credSession = a2aclient.SessionID("a2a-conform")

// errAuthUnavailable: a granted credential could not be obtained.
var errAuthUnavailable = errors.New("credential unavailable")

// credentialStore fills the SDK's in-memory store the way its
// AuthInterceptor looks credentials up: by the card's scheme names. Each
// granted credential is stored under every scheme of its kind; the SDK then
// picks what the card's securityRequirements list.
func credentialStore(ctx context.Context, httpc *http.Client, card *a2a.AgentCard, c driver.Credentials) (*a2aclient.InMemoryCredentialsStore, error) {
	store := a2aclient.NewInMemoryCredentialsStore()
	for name, scheme := range card.SecuritySchemes {
		switch s := scheme.(type) {
		case a2a.HTTPAuthSecurityScheme:
			if c.BearerToken != "" && strings.EqualFold(s.Scheme, "bearer") {
				store.Set(credSession, name, a2aclient.AuthCredential(c.BearerToken))
			}
		case a2a.APIKeySecurityScheme:
			if c.APIKey != "" {
				store.Set(credSession, name, a2aclient.AuthCredential(c.APIKey))
			}
		case a2a.OAuth2SecurityScheme:
			flow, ok := s.Flows.(a2a.ClientCredentialsOAuthFlow)
			if !ok || c.OAuthClientID == "" {
				continue
			}
			token, err := fetchToken(ctx, httpc, flow.TokenURL, c)
			if err != nil {
				return nil, err
			}
			store.Set(credSession, name, a2aclient.AuthCredential(token))
		}
	}
	return store, nil
}

// fetchToken runs the OAuth 2.0 client-credentials grant (RFC 6749 §4.4)
// with HTTP Basic client authentication of the form-encoded id and secret.
func fetchToken(ctx context.Context, httpc *http.Client, tokenURL string, c driver.Credentials) (string, error) {
	form := url.Values{"grant_type": {"client_credentials"}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, tokenURL, strings.NewReader(form.Encode()))
	if err != nil {
		return "", fmt.Errorf("%w: token request: %w", errAuthUnavailable, err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	req.SetBasicAuth(url.QueryEscape(c.OAuthClientID), url.QueryEscape(c.OAuthClientSecret))
	resp, err := httpc.Do(req)
	if err != nil {
		return "", fmt.Errorf("%w: token request: %w", errAuthUnavailable, err)
	}
	defer resp.Body.Close()
	var body struct {
		AccessToken string `json:"access_token"`
		Error       string `json:"error"`
	}
	_ = json.NewDecoder(io.LimitReader(resp.Body, 64<<10)).Decode(&body) // judged below
	if resp.StatusCode != http.StatusOK || body.AccessToken == "" {
		return "", fmt.Errorf("%w: token endpoint %s answered %s %s", errAuthUnavailable, tokenURL, resp.Status, body.Error)
	}
	return body.AccessToken, nil
}
