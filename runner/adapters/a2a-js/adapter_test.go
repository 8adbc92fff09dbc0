package a2ajs

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/wire"
	"github.com/a2a-conform/a2a-conform/runner"
)

// The adapter runs through the real driver contract (runner.Command) against
// a one-peer farm, once per kind of credential. Without node or the SDK
// installed (make sdk-deps) the tests skip; A2A_CONFORM_REQUIRE_SDKS=1
// makes that a failure.

const (
	peerName  = "A"
	skillName = "summarize"
	deadline  = 30 * time.Second
)

func adapterCommand(t *testing.T) *runner.Command {
	t.Helper()
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	missing := ""
	if _, err := exec.LookPath("node"); err != nil {
		missing = "node is not on PATH"
	} else if _, err := os.Stat(filepath.Join(dir, "node_modules", "@a2a-js", "sdk", "package.json")); err != nil {
		missing = "@a2a-js/sdk is not installed (make sdk-deps)"
	}
	if missing != "" {
		if os.Getenv("A2A_CONFORM_REQUIRE_SDKS") != "" {
			t.Fatal(missing)
		}
		t.Skip(missing)
	}
	return &runner.Command{Line: "node " + filepath.Join(dir, "adapter.mjs")}
}

func card(schemes func(mockpeer.Origins) map[string]wire.SecurityScheme, req wire.SecurityRequirement, pv string) mockpeer.CardFunc {
	return func(o mockpeer.Origins) wire.AgentCard {
		origin := o(peerName)
		return wire.AgentCard{
			Name: "adapter test peer", Description: "a2a-js adapter test peer", Version: "1.0.0",
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

// play runs the adapter once against a one-peer farm and returns what the
// runner observed and the peer's complete journal.
func play(t *testing.T, c *runner.Command, cf mockpeer.CardFunc, grants mockpeer.Grants) (runner.Result, []mockpeer.Exchange) {
	t.Helper()
	farm, err := mockpeer.Start(t.Context(), mockpeer.FarmSpec{
		Dir: t.TempDir(), Grants: grants,
		Peers: []mockpeer.PeerSpec{{
			Name: peerName, Skill: skillName, Cards: []mockpeer.CardFunc{cf},
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
	ctx, cancel := context.WithTimeout(t.Context(), 2*deadline)
	defer cancel()
	res, err := c.Run(ctx, runner.Task{
		CardURL: farm.Peer(peerName).CardURL(), Message: "adapter test", Skill: skillName,
		CAFile: farm.CAFile(), Deadline: deadline, RunID: "adapter-test",
		Credentials: runner.Credentials{
			OAuthClientID: cr.OAuthClientID, OAuthClientSecret: cr.OAuthClientSecret,
			BearerToken: cr.BearerToken, APIKey: cr.APIKey,
			ClientCertFile: cr.ClientCertFile, ClientKeyFile: cr.ClientKeyFile,
		},
	})
	if err != nil {
		t.Fatalf("runner: %v", err)
	}
	// Close waits for in-flight requests, so the journal is complete.
	if err := farm.Close(); err != nil {
		t.Errorf("farm.Close: %v", err)
	}
	return res, farm.Journal().All()
}

// TestAdapterWiresEachCredential: each kind of granted credential reaches
// every A2A request, and the task completes.
func TestAdapterWiresEachCredential(t *testing.T) {
	c := adapterCommand(t)
	bearer := func(mockpeer.Origins) map[string]wire.SecurityScheme {
		return map[string]wire.SecurityScheme{"bearer": {HTTPAuth: &wire.HTTPAuthSecurityScheme{Scheme: "Bearer"}}}
	}
	oauth := func(o mockpeer.Origins) map[string]wire.SecurityScheme {
		return map[string]wire.SecurityScheme{"oauth": {OAuth2: &wire.OAuth2SecurityScheme{Flows: wire.OAuthFlows{
			ClientCredentials: &wire.ClientCredentialsOAuthFlow{TokenURL: o(peerName) + "/oauth/token", Scopes: map[string]string{"a2a.tasks": "delegate"}},
		}}}}
	}
	apiKey := func(mockpeer.Origins) map[string]wire.SecurityScheme {
		return map[string]wire.SecurityScheme{"apikey": {APIKey: &wire.APIKeySecurityScheme{Location: "header", Name: "X-API-Key"}}}
	}
	mtls := func(mockpeer.Origins) map[string]wire.SecurityScheme {
		return map[string]wire.SecurityScheme{"mtls": {MTLS: &wire.MTLSSecurityScheme{}}}
	}
	cases := []struct {
		name      string
		grants    mockpeer.Grants
		schemes   func(mockpeer.Origins) map[string]wire.SecurityScheme
		req       wire.SecurityRequirement
		presented string
	}{
		{"bearer", mockpeer.Grants{Bearer: true}, bearer, wire.Require("bearer"), "bearer"},
		{"oauth2 client credentials", mockpeer.Grants{OAuth: true}, oauth,
			wire.SecurityRequirement{Schemes: map[string]wire.StringList{"oauth": {List: []string{"a2a.tasks"}}}}, "oauth-token"},
		{"api key", mockpeer.Grants{APIKey: true}, apiKey, wire.Require("apikey"), "api-key"},
		{"mtls", mockpeer.Grants{ClientCert: true}, mtls, wire.Require("mtls"), "client-cert"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, journal := play(t, c, card(tc.schemes, tc.req, wire.ProtocolVersion), tc.grants)
			if o := res.Outcome; o == nil || o.Outcome != runner.OutcomeCompleted || o.TaskID == "" || res.ExitCode != 0 {
				t.Fatalf("result %+v, want completed with a task id and exit 0\n%s", res, lines(journal))
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
				if ex.A2AVersion != wire.ProtocolVersion {
					t.Errorf("%s: A2A-Version %q", ex.Line(), ex.A2AVersion)
				}
			}
			if calls < 2 {
				t.Errorf("want SendMessage and at least one GetTask\n%s", lines(journal))
			}
		})
	}
}

// TestAdapterReportsPeerErrors: the card wants a client certificate the
// adapter was not granted; the SDK sends anyway, the peer refuses, and the
// outcome says peer-error (the adapter still exits 0).
func TestAdapterReportsPeerErrors(t *testing.T) {
	c := adapterCommand(t)
	mtls := func(mockpeer.Origins) map[string]wire.SecurityScheme {
		return map[string]wire.SecurityScheme{"mtls": {MTLS: &wire.MTLSSecurityScheme{}}}
	}
	res, journal := play(t, c, card(mtls, wire.Require("mtls"), wire.ProtocolVersion), mockpeer.Grants{Bearer: true})
	if o := res.Outcome; o == nil || o.Outcome != runner.OutcomeFailed || o.Reason != runner.ReasonPeerError || res.ExitCode != 0 {
		t.Fatalf("result %+v, want failed/peer-error and exit 0\n%s", res, lines(journal))
	}
	if n := len(journal); n != 2 || journal[1].Op != wire.MethodSendMessage || journal[1].ErrorCode == 0 {
		t.Errorf("want the card fetch and one refused SendMessage\n%s", lines(journal))
	}
}

func lines(journal []mockpeer.Exchange) string {
	out := make([]string, len(journal))
	for i, ex := range journal {
		out[i] = "  " + ex.Line()
	}
	return strings.Join(out, "\n")
}
