package main

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/wire"
)

const (
	peerName  = "A"
	skillName = "summarize"
)

// peerCard is a one-skill card with the given security and interfaces of
// protocol version pv.
func peerCard(schemes func(o mockpeer.Origins) map[string]wire.SecurityScheme, req wire.SecurityRequirement, pv string) mockpeer.CardFunc {
	return func(o mockpeer.Origins) wire.AgentCard {
		origin := o(peerName)
		return wire.AgentCard{
			Name: "adapter test peer", Description: "a2a-go adapter test peer", Version: "1.0.0",
			SupportedInterfaces: []wire.AgentInterface{
				{URL: mockpeer.JSONRPCURL(origin), ProtocolBinding: wire.BindingJSONRPC, ProtocolVersion: pv},
				{URL: mockpeer.RESTURL(origin), ProtocolBinding: wire.BindingHTTPJSON, ProtocolVersion: pv},
			},
			Capabilities:         wire.AgentCapabilities{Streaming: wire.Bool(false), PushNotifications: wire.Bool(false)},
			SecuritySchemes:      schemes(o),
			SecurityRequirements: []wire.SecurityRequirement{req},
			DefaultInputModes:    []string{"text/plain"}, DefaultOutputModes: []string{"text/plain"},
			Skills: []wire.AgentSkill{{ID: skillName, Name: skillName, Description: "Summarizes.", Tags: []string{"test"}}},
		}
	}
}

func bearerSchemes(mockpeer.Origins) map[string]wire.SecurityScheme {
	return map[string]wire.SecurityScheme{"bearer": {HTTPAuth: &wire.HTTPAuthSecurityScheme{Scheme: "Bearer"}}}
}

func oauthSchemes(o mockpeer.Origins) map[string]wire.SecurityScheme {
	return map[string]wire.SecurityScheme{"oauth": {OAuth2: &wire.OAuth2SecurityScheme{Flows: wire.OAuthFlows{
		ClientCredentials: &wire.ClientCredentialsOAuthFlow{TokenURL: o(peerName) + "/oauth/token", Scopes: map[string]string{"a2a.tasks": "delegate"}},
	}}}}
}

func apiKeySchemes(mockpeer.Origins) map[string]wire.SecurityScheme {
	return map[string]wire.SecurityScheme{"apikey": {APIKey: &wire.APIKeySecurityScheme{Location: "header", Name: "X-API-Key"}}}
}

func mtlsSchemes(mockpeer.Origins) map[string]wire.SecurityScheme {
	return map[string]wire.SecurityScheme{"mtls": {MTLS: &wire.MTLSSecurityScheme{}}}
}

// play starts a one-peer farm, runs the adapter's delegate against it and
// returns the outcome and the peer's complete journal.
func play(t *testing.T, card mockpeer.CardFunc, grants mockpeer.Grants, flat bool) (outcome, []mockpeer.Exchange) {
	t.Helper()
	farm, err := mockpeer.Start(t.Context(), mockpeer.FarmSpec{
		Dir: t.TempDir(), Grants: grants,
		Peers: []mockpeer.PeerSpec{{
			Name: peerName, Skill: skillName, Cards: []mockpeer.CardFunc{card}, FlatSecurityScopes: flat,
			Task: mockpeer.TaskScript{Steps: []mockpeer.TaskStep{
				{State: wire.TaskStateWorking, Progress: 50},
				{State: wire.TaskStateCompleted, Progress: 100},
			}},
		}},
	})
	if err != nil {
		t.Fatalf("mockpeer.Start: %v", err)
	}
	t.Cleanup(func() { _ = farm.Close() })
	cr := farm.Credentials(grants)
	tk := task{
		cardURL: farm.Peer(peerName).CardURL(), message: "adapter test", caFile: farm.CAFile(),
		creds: credentials{
			oauthClientID: cr.OAuthClientID, oauthClientSecret: cr.OAuthClientSecret,
			bearerToken: cr.BearerToken, apiKey: cr.APIKey,
			clientCertFile: cr.ClientCertFile, clientKeyFile: cr.ClientKeyFile,
		},
	}
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	o := delegate(ctx, tk)
	// Close waits for in-flight requests, so the journal is complete.
	if err := farm.Close(); err != nil {
		t.Errorf("farm.Close: %v", err)
	}
	return o, farm.Journal().All()
}

// TestDelegateWiresEachCredential: with the flat scope shape the SDK parses,
// each kind of granted credential reaches every A2A request the SDK's way,
// and the task completes.
func TestDelegateWiresEachCredential(t *testing.T) {
	cases := []struct {
		name      string
		grants    mockpeer.Grants
		schemes   func(mockpeer.Origins) map[string]wire.SecurityScheme
		req       wire.SecurityRequirement
		presented string
	}{
		{"bearer", mockpeer.Grants{Bearer: true}, bearerSchemes, wire.Require("bearer"), "bearer"},
		{"oauth2 client credentials", mockpeer.Grants{OAuth: true}, oauthSchemes,
			wire.SecurityRequirement{Schemes: map[string]wire.StringList{"oauth": {List: []string{"a2a.tasks"}}}}, "oauth-token"},
		{"api key", mockpeer.Grants{APIKey: true}, apiKeySchemes, wire.Require("apikey"), "api-key"},
		{"mtls", mockpeer.Grants{ClientCert: true}, mtlsSchemes, wire.Require("mtls"), "client-cert"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o, journal := play(t, peerCard(tc.schemes, tc.req, wire.ProtocolVersion), tc.grants, true)
			if o.Outcome != "completed" || o.TaskID == "" {
				t.Fatalf("outcome %+v, want completed with a task id\n%s", o, lines(journal))
			}
			calls := 0
			for _, ex := range journal {
				if ex.Route != mockpeer.RouteA2A {
					continue
				}
				calls++
				if !slices.Contains(ex.Auth.Presented, tc.presented) || !ex.Auth.SatisfiesCurrent {
					t.Errorf("%s: want %s presented and satisfying the card", ex.Line(), tc.presented)
				}
			}
			if calls < 2 {
				t.Errorf("want SendMessage and at least one GetTask\n%s", lines(journal))
			}
		})
	}
}

// TestDelegateSpecShapedCard: the SDK's card parser rejects the spec's
// {"list": [...]} scopes, so nothing but the card fetch happens and the
// outcome says the client broke.
func TestDelegateSpecShapedCard(t *testing.T) {
	o, journal := play(t, peerCard(bearerSchemes, wire.Require("bearer"), wire.ProtocolVersion), mockpeer.Grants{Bearer: true}, false)
	if o.Outcome != "failed" || o.Reason != "client-error" || !strings.Contains(o.Detail, "card parsing failed") {
		t.Errorf("outcome %+v, want failed/client-error with the parser's error", o)
	}
	if len(journal) != 1 || journal[0].Route != mockpeer.RouteCard {
		t.Errorf("want only the card fetch\n%s", lines(journal))
	}
}

// TestDelegateVersionSkew: the SDK's factory refuses a card whose only
// interfaces speak 2.0; that refusal is reported as aborted before a send.
func TestDelegateVersionSkew(t *testing.T) {
	o, journal := play(t, peerCard(bearerSchemes, wire.Require("bearer"), "2.0"), mockpeer.Grants{Bearer: true}, true)
	if o.Outcome != "aborted" || o.Reason != "version-unsupported" {
		t.Errorf("outcome %+v, want aborted/version-unsupported", o)
	}
	if len(journal) != 1 || journal[0].Route != mockpeer.RouteCard {
		t.Errorf("want only the card fetch\n%s", lines(journal))
	}
}

func lines(journal []mockpeer.Exchange) string {
	out := make([]string, len(journal))
	for i, ex := range journal {
		out[i] = "  " + ex.Line()
	}
	return strings.Join(out, "\n")
}
