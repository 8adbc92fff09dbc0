package mockpeer

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/grant"
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// fetchToken gets an access token from p's token endpoint, asking no scope.
func fetchToken(t *testing.T, c *http.Client, f *Farm, p *Peer) string {
	t.Helper()
	return scopedToken(t, c, f, p, "")
}

func TestAdmissionBySchemeKind(t *testing.T) {
	apiKey := func(location string) map[string]wire.SecurityScheme {
		return map[string]wire.SecurityScheme{"key": {APIKey: &wire.APIKeySecurityScheme{Location: location, Name: "X-Api-Key"}}}
	}
	type request struct {
		cert   bool
		header func(c grant.Credentials, token string) map[string]string
		query  func(c grant.Credentials) string
	}
	bearer := func(v func(grant.Credentials, string) string) func(grant.Credentials, string) map[string]string {
		return func(c grant.Credentials, tok string) map[string]string {
			return map[string]string{"Authorization": "Bearer " + v(c, tok)}
		}
	}
	staticBearer := bearer(func(c grant.Credentials, _ string) string { return c.BearerToken })
	issued := bearer(func(_ grant.Credentials, tok string) string { return tok })
	tests := []struct {
		name    string
		card    cardOpt
		req     request
		admit   bool
		present []string
	}{
		{"open card, nothing presented", func(Origins, *wire.AgentCard) {}, request{}, true, nil},
		{"bearer presented", withSecurity(bearerScheme, wire.Require("bearer")), request{header: staticBearer}, true, []string{journal.CredBearer}},
		{"bearer missing", withSecurity(bearerScheme, wire.Require("bearer")), request{}, false, nil},
		{"bearer scheme given an oauth token", withSecurity(bearerScheme, wire.Require("bearer")), request{header: issued}, false, []string{journal.CredOAuthToken}},
		{"oauth token", oauthScheme("A"), request{header: issued}, true, []string{journal.CredOAuthToken}},
		{"oauth given the static bearer", oauthScheme("A"), request{header: staticBearer}, false, []string{journal.CredBearer}},
		{"api key header", withSecurity(apiKey("header"), wire.Require("key")),
			request{header: func(c grant.Credentials, _ string) map[string]string {
				return map[string]string{"X-Api-Key": c.APIKey}
			}}, true, []string{journal.CredAPIKey}},
		{"api key header in the wrong place", withSecurity(apiKey("header"), wire.Require("key")),
			request{query: func(c grant.Credentials) string { return "X-Api-Key=" + c.APIKey }}, false, []string{journal.CredAPIKey}},
		{"api key query", withSecurity(apiKey("query"), wire.Require("key")),
			request{query: func(c grant.Credentials) string { return "X-Api-Key=" + c.APIKey }}, true, []string{journal.CredAPIKey}},
		{"api key cookie", withSecurity(apiKey("cookie"), wire.Require("key")),
			request{header: func(c grant.Credentials, _ string) map[string]string {
				return map[string]string{"Cookie": "X-Api-Key=" + c.APIKey}
			}}, true, []string{journal.CredAPIKey}},
		{"mtls with certificate", withSecurity(mtlsScheme, wire.Require("mtls")), request{cert: true}, true, []string{journal.CredClientCert}},
		{"mtls without certificate", withSecurity(mtlsScheme, wire.Require("mtls")), request{}, false, nil},
		{"optional security, nothing presented", withSecurity(bearerScheme, wire.Require("bearer"), wire.Require()), request{}, true, nil},
		{"AND needs both, one given", withSecurity(merge(bearerScheme, mtlsScheme), wire.Require("bearer", "mtls")), request{header: staticBearer}, false, []string{journal.CredBearer}},
		{"AND needs both, both given", withSecurity(merge(bearerScheme, mtlsScheme), wire.Require("bearer", "mtls")),
			request{header: staticBearer, cert: true}, true, []string{journal.CredBearer, journal.CredClientCert}},
		{"OR, second alternative", withSecurity(merge(bearerScheme, mtlsScheme), wire.Require("bearer"), wire.Require("mtls")), request{cert: true}, true, []string{journal.CredClientCert}},
		{"unknown scheme name", withSecurity(bearerScheme, wire.Require("nope")), request{header: staticBearer}, false, []string{journal.CredBearer}},
		{"skill requirement overrides the card's", func(o Origins, c *wire.AgentCard) {
			withSecurity(bearerScheme, wire.Require("bearer"))(o, c)
			c.Skills[0].SecurityRequirements = []wire.SecurityRequirement{wire.Require()}
		}, request{}, true, nil},
		{"skill requirement stricter than the card's", func(o Origins, c *wire.AgentCard) {
			withSecurity(merge(bearerScheme, mtlsScheme))(o, c)
			c.Skills[0].SecurityRequirements = []wire.SecurityRequirement{wire.Require("mtls")}
		}, request{header: staticBearer}, false, []string{journal.CredBearer}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, p := onePeer(t, PeerSpec{Cards: []CardFunc{testCard("A", tt.card)}})
			c := httpsClient(t, f, tt.req.cert)
			creds := f.Credentials(Grants{OAuth: true, Bearer: true, APIKey: true})
			target := JSONRPCURL(p.Origin())
			var header map[string]string
			if tt.req.header != nil {
				tok := ""
				if slices.Contains(tt.present, journal.CredOAuthToken) {
					tok = fetchToken(t, httpsClient(t, f, false), f, p)
				}
				header = tt.req.header(creds, tok)
			}
			if tt.req.query != nil {
				target += "?" + tt.req.query(creds)
			}
			_, rpcErr := rpcAt(t, c, target, wire.MethodSendMessage, sendParams("hi", true), header)
			if admitted := rpcErr == nil; admitted != tt.admit {
				t.Fatalf("admitted = %v (%+v), want %v", admitted, rpcErr, tt.admit)
			}
			if !tt.admit && rpcErr.Code != wire.ErrUnauthenticated.RPCCode {
				t.Errorf("error code %d, want %d", rpcErr.Code, wire.ErrUnauthenticated.RPCCode)
			}
			e := lastExchange(t, f, journal.RouteA2A)
			if e.Auth.Admitted != tt.admit || e.Auth.SatisfiesCurrent != tt.admit {
				t.Errorf("journal auth %+v, want admitted and satisfies = %v", e.Auth, tt.admit)
			}
			if !slices.Equal(e.Auth.Presented, tt.present) {
				t.Errorf("presented %v, want %v", e.Auth.Presented, tt.present)
			}
		})
	}
}

func merge(ms ...map[string]wire.SecurityScheme) map[string]wire.SecurityScheme {
	out := map[string]wire.SecurityScheme{}
	for _, m := range ms {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}

func TestTokenEndpoint(t *testing.T) {
	f := startFarm(t, FarmSpec{Peers: []PeerSpec{
		{Name: "A", Skill: testSkill, Cards: []CardFunc{testCard("A", oauthScheme("A"))}},
		{Name: "B", Host: "127.0.0.2", Skill: testSkill, Cards: []CardFunc{testCard("B", oauthScheme("A"))}},
	}})
	a, b, c := f.Peer("A"), f.Peer("B"), httpsClient(t, f, false)
	creds := f.Credentials(Grants{OAuth: true})
	form := "application/x-www-form-urlencoded"
	tests := []struct {
		name, method, body, ctype string
		basic                     [2]string
		status                    int
		errCode                   string
	}{
		{"basic auth", http.MethodPost, "grant_type=client_credentials", form, [2]string{creds.OAuthClientID, creds.OAuthClientSecret}, 200, ""},
		{"form auth", http.MethodPost, "grant_type=client_credentials&client_id=" + creds.OAuthClientID + "&client_secret=" + creds.OAuthClientSecret, form, [2]string{}, 200, ""},
		{"wrong secret", http.MethodPost, "grant_type=client_credentials", form, [2]string{creds.OAuthClientID, "wrong"}, 401, "invalid_client"},
		{"no client auth", http.MethodPost, "grant_type=client_credentials", form, [2]string{}, 401, "invalid_client"},
		{"other grant", http.MethodPost, "grant_type=password", form, [2]string{creds.OAuthClientID, creds.OAuthClientSecret}, 400, "unsupported_grant_type"},
		{"no grant", http.MethodPost, "scope=x", form, [2]string{creds.OAuthClientID, creds.OAuthClientSecret}, 400, "invalid_request"},
		{"json body", http.MethodPost, `{"grant_type":"client_credentials"}`, "application/json", [2]string{creds.OAuthClientID, creds.OAuthClientSecret}, 400, "invalid_request"},
		{"GET", http.MethodGet, "", "", [2]string{}, 405, "invalid_request"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, _ := http.NewRequest(tt.method, TokenURL(a.Origin()), strings.NewReader(tt.body))
			if tt.ctype != "" {
				req.Header.Set("Content-Type", tt.ctype)
			}
			if tt.basic[0] != "" {
				req.SetBasicAuth(tt.basic[0], tt.basic[1])
			}
			resp, err := c.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var body map[string]any
			_ = json.NewDecoder(resp.Body).Decode(&body)
			if resp.StatusCode != tt.status {
				t.Fatalf("status %d (%v), want %d", resp.StatusCode, body, tt.status)
			}
			if tt.errCode != "" {
				if body["error"] != tt.errCode {
					t.Errorf("error %v, want %s", body["error"], tt.errCode)
				}
				return
			}
			if body["token_type"] != "Bearer" || body["expires_in"] != float64(3600) || body["access_token"] == "" {
				t.Errorf("token response %v", body)
			}
			if resp.Header.Get("Cache-Control") != "no-store" {
				t.Errorf("Cache-Control %q, want no-store", resp.Header.Get("Cache-Control"))
			}
		})
	}
	// A token from A is good on B: tokens are farm-wide.
	tok := fetchToken(t, c, f, a)
	if _, rpcErr := rpc(t, c, b, wire.MethodSendMessage, sendParams("x", true), map[string]string{"Authorization": "Bearer " + tok}); rpcErr != nil {
		t.Errorf("A's token refused by B: %+v", rpcErr)
	}
	if _, rpcErr := rpc(t, c, b, wire.MethodSendMessage, sendParams("x", true), map[string]string{"Authorization": "Bearer at-forged"}); rpcErr == nil {
		t.Error("a forged token was admitted")
	}
}

func TestGraceWindow(t *testing.T) {
	cards := []CardFunc{
		testCard("A", withSecurity(bearerScheme, wire.Require("bearer"))),
		testCard("A", withSecurity(mtlsScheme, wire.Require("mtls"))),
	}
	tests := []struct {
		name     string
		grace    int
		admitted []bool
	}{
		{"no grace", 0, []bool{false, false}},
		{"two requests", 2, []bool{true, true, false, false}},
		{"forever", -1, []bool{true, true, true, true, true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, p := onePeer(t, PeerSpec{Cards: cards, GraceRequests: tt.grace})
			c := httpsClient(t, f, false)
			auth := map[string]string{"Authorization": "Bearer " + f.Credentials(Grants{Bearer: true}).BearerToken}
			if _, e := rpc(t, c, p, wire.MethodSendMessage, sendParams("before", true), auth); e != nil {
				t.Fatalf("before rotation: %+v", e)
			}
			if err := p.Rotate(1); err != nil {
				t.Fatal(err)
			}
			for i, want := range tt.admitted {
				_, e := rpc(t, c, p, wire.MethodSendMessage, sendParams("after", true), auth)
				if (e == nil) != want {
					t.Fatalf("request %d after rotation admitted = %v, want %v", i+1, e == nil, want)
				}
				ex := lastExchange(t, f, journal.RouteA2A)
				if ex.Auth.SatisfiesCurrent || ex.Auth.Admitted != want {
					t.Errorf("request %d journaled %+v", i+1, ex.Auth)
				}
			}
		})
	}
}

func TestRequiredExtension(t *testing.T) {
	const ext = "https://example.com/ext/required/v1"
	f, p := onePeer(t, PeerSpec{Cards: []CardFunc{testCard("A", func(_ Origins, c *wire.AgentCard) {
		c.Capabilities.Extensions = []wire.AgentExtension{{URI: ext, Required: true}, {URI: "https://example.com/optional"}}
	})}})
	c := httpsClient(t, f, false)
	if _, e := rpc(t, c, p, wire.MethodSendMessage, sendParams("x", true), nil); e == nil || e.Code != wire.ErrExtensionSupportRequired.RPCCode {
		t.Fatalf("without the extension: %+v, want ExtensionSupportRequired", e)
	}
	if _, e := rpc(t, c, p, wire.MethodSendMessage, sendParams("x", true), map[string]string{"A2A-Extensions": "https://other, " + ext}); e != nil {
		t.Fatalf("with the extension: %+v", e)
	}
	if ex := lastExchange(t, f, journal.RouteA2A); !slices.Contains(ex.Extensions, ext) {
		t.Errorf("journaled extensions %v lack %s", ex.Extensions, ext)
	}
}
