package mockpeer

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// scopedToken runs the client-credentials grant at p for scope (none
// asked when scope is empty).
func scopedToken(t *testing.T, c *http.Client, f *Farm, p *Peer, scope string) string {
	t.Helper()
	creds := f.Credentials(Grants{OAuth: true})
	form := url.Values{"grant_type": {"client_credentials"}}
	if scope != "" {
		form.Set("scope", scope)
	}
	req, _ := http.NewRequest(http.MethodPost, TokenURL(p.Origin()), strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(url.QueryEscape(creds.OAuthClientID), url.QueryEscape(creds.OAuthClientSecret))
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var tok tokenResponse
	if err := json.NewDecoder(resp.Body).Decode(&tok); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("token endpoint: %d %v", resp.StatusCode, err)
	}
	return tok.AccessToken
}

// TestTokenScopesJournaled: every token found in a request is journaled
// with the scope it was issued for, wherever and however it was sent, and
// the credential keeps its one name (in Presented and in redaction marks).
func TestTokenScopesJournaled(t *testing.T) {
	f, p := onePeer(t, PeerSpec{Cards: []CardFunc{testCard("A", oauthScheme("A"))}})
	c := httpsClient(t, f, false)
	alpha := scopedToken(t, c, f, p, "alpha.tasks  a2a.read")
	beta := scopedToken(t, c, f, p, "beta.tasks")
	none := scopedToken(t, c, f, p, "")
	tests := []struct {
		name   string
		header map[string]string
		want   []string
	}{
		{"one token, as sent", map[string]string{"Authorization": "Bearer " + alpha}, []string{"a2a.read alpha.tasks"}},
		{"another peer's token, base64 in an ordinary header", map[string]string{"Authorization": "Bearer " + beta,
			"X-Trace": base64.StdEncoding.EncodeToString([]byte("t:" + alpha))}, []string{"a2a.read alpha.tasks", "beta.tasks"}},
		{"a token requested with no scope", map[string]string{"Authorization": "Bearer " + none}, []string{""}},
		{"no token", map[string]string{"Authorization": "Bearer nope"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _ = rpcAt(t, c, JSONRPCURL(p.Origin()), wire.MethodSendMessage, sendParams("hi", true), tt.header)
			e := lastExchange(t, f, journal.RouteA2A)
			if !slices.Equal(e.Auth.TokenScopes, tt.want) {
				t.Errorf("token scopes %q, want %q", e.Auth.TokenScopes, tt.want)
			}
			wantPresented := []string(nil)
			if tt.want != nil {
				wantPresented = []string{journal.CredOAuthToken}
			}
			if !slices.Equal(e.Auth.Presented, wantPresented) {
				t.Errorf("presented %v, want %v", e.Auth.Presented, wantPresented)
			}
			if auth := strings.Join(e.Header.Values("Authorization"), ""); tt.want != nil && auth != "Bearer [REDACTED:oauth-token]" {
				t.Errorf("Authorization journaled as %q", auth)
			}
		})
	}
}

// TestTokenScopeRedacted: a scope is the client's text; one that holds a
// farm secret is journaled redacted.
func TestTokenScopeRedacted(t *testing.T) {
	f, p := onePeer(t, PeerSpec{Cards: []CardFunc{testCard("A", oauthScheme("A"))}})
	c := httpsClient(t, f, false)
	tok := scopedToken(t, c, f, p, "x "+f.Credentials(Grants{Bearer: true}).BearerToken)
	_, _ = rpcAt(t, c, JSONRPCURL(p.Origin()), wire.MethodSendMessage, sendParams("hi", true), map[string]string{"Authorization": "Bearer " + tok})
	e := lastExchange(t, f, journal.RouteA2A)
	if len(e.Auth.TokenScopes) != 1 || strings.Contains(e.Auth.TokenScopes[0], "bt-") || !strings.Contains(e.Auth.TokenScopes[0], "[REDACTED:bearer]") {
		t.Errorf("token scopes %q", e.Auth.TokenScopes)
	}
}

func TestNormalScope(t *testing.T) {
	for in, want := range map[string]string{"": "", " b  a b ": "a b", "a": "a", strings.Repeat("s", 300): strings.Repeat("s", maxScopeLen) + "…"} {
		if got := normalScope(in); got != want {
			t.Errorf("normalScope(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestOAuthIssuerGrant: the grant tells the client the issuer's token
// endpoint; an issuer that is no peer, or without OAuth, is refused.
func TestOAuthIssuerGrant(t *testing.T) {
	peers := []PeerSpec{{Name: "A", Skill: testSkill, Cards: []CardFunc{testCard("A")}}, {Name: "B", Skill: testSkill, Cards: []CardFunc{testCard("B")}}}
	f := startFarm(t, FarmSpec{Peers: peers, Grants: Grants{OAuth: true, OAuthIssuer: "B"}})
	if got, want := f.Credentials(f.Grants()).OAuthTokenURL, TokenURL(f.Peer("B").Origin()); got != want {
		t.Errorf("token URL %q, want %q", got, want)
	}
	if got := f.Credentials(Grants{OAuth: true}).OAuthTokenURL; got != "" {
		t.Errorf("no issuer granted, token URL %q", got)
	}
	for _, g := range []Grants{{OAuth: true, OAuthIssuer: "C"}, {OAuthIssuer: "A"}} {
		if _, err := Start(t.Context(), FarmSpec{Peers: peers, Grants: g, Dir: t.TempDir()}); !errors.Is(err, ErrInvalidSpec) {
			t.Errorf("grants %+v: err %v, want ErrInvalidSpec", g, err)
		}
	}
}

// TestLineNamesTokenScopes: the journal's line says whose tokens a
// request carried.
func TestLineNamesTokenScopes(t *testing.T) {
	ex := journal.Exchange{Seq: 4, Peer: "B", Route: journal.RouteA2A, Method: http.MethodPost, Path: JSONRPCPath,
		Auth: journal.AuthSeen{Presented: []string{journal.CredOAuthToken}, TokenScopes: []string{"alpha.tasks", "beta.tasks"}}}
	if line, want := ex.Line(), `tokens for scope "alpha.tasks", "beta.tasks"`; !strings.Contains(line, want) {
		t.Errorf("line %q does not say %s", line, want)
	}
	ex.Auth.TokenScopes = nil
	if line := ex.Line(); strings.Contains(line, "tokens for") {
		t.Errorf("line %q names scopes it has none of", line)
	}
}
