package a2ago

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/wire"
)

// The farm side of the compatibility tests: one peer, a spec-shaped card,
// and what its journal must show after send → get → cancel. It mirrors
// mockpeer/sdkcompat_test.go (the JS SDK), which lives in another module.

const (
	peerName  = "A"
	skillName = "summarize"
	// bearerScheme is the card's scheme name; a2a-go's AuthInterceptor looks
	// credentials up by it.
	bearerScheme = "bearer"
)

// startFarm starts one peer whose card asks for a bearer token, lists
// JSON-RPC then HTTP+JSON and streams; its tasks stay WORKING long enough
// to be canceled after a GetTask. flatScopes serves securityRequirements in
// the shape a2a-go v2.3.1 parses ({"schemes":{"bearer":[]}}).
func startFarm(t *testing.T, flatScopes bool) *mockpeer.Farm {
	t.Helper()
	farm, err := mockpeer.Start(t.Context(), mockpeer.FarmSpec{
		Dir:    t.TempDir(),
		Grants: mockpeer.Grants{Bearer: true},
		Peers: []mockpeer.PeerSpec{{
			Name:               peerName,
			Skill:              skillName,
			Cards:              []mockpeer.CardFunc{card},
			FlatSecurityScopes: flatScopes,
			Task: mockpeer.TaskScript{Steps: []mockpeer.TaskStep{
				{State: wire.TaskStateWorking, Progress: 25},
				{State: wire.TaskStateWorking, Progress: 50},
				{State: wire.TaskStateWorking, Progress: 75},
				{State: wire.TaskStateCompleted, Progress: 100},
			}},
		}},
	})
	if err != nil {
		t.Fatalf("mockpeer.Start: %v", err)
	}
	t.Cleanup(func() { _ = farm.Close() })
	return farm
}

func card(o mockpeer.Origins) wire.AgentCard {
	origin := o(peerName)
	return wire.AgentCard{
		Name:        "a2a-conform SDK compatibility peer",
		Description: "Scripted A2A v1.0 peer checked against the official client SDKs.",
		SupportedInterfaces: []wire.AgentInterface{
			{URL: mockpeer.JSONRPCURL(origin), ProtocolBinding: wire.BindingJSONRPC, ProtocolVersion: wire.ProtocolVersion},
			{URL: mockpeer.RESTURL(origin), ProtocolBinding: wire.BindingHTTPJSON, ProtocolVersion: wire.ProtocolVersion},
		},
		Provider:             &wire.AgentProvider{Organization: "a2a-conform", URL: "https://a2a-conform.dev"},
		Version:              "1.0.0",
		Capabilities:         wire.AgentCapabilities{Streaming: wire.Bool(true), PushNotifications: wire.Bool(false)},
		SecuritySchemes:      map[string]wire.SecurityScheme{bearerScheme: {HTTPAuth: &wire.HTTPAuthSecurityScheme{Scheme: "Bearer"}}},
		SecurityRequirements: []wire.SecurityRequirement{wire.Require(bearerScheme)},
		DefaultInputModes:    []string{"text/plain"},
		DefaultOutputModes:   []string{"text/plain"},
		Skills: []wire.AgentSkill{{
			ID: skillName, Name: skillName, Description: "Summarizes a document.", Tags: []string{"a2a-conform"},
		}},
	}
}

// httpClient trusts the farm CA and nothing else.
func httpClient(t *testing.T, farm *mockpeer.Farm) *http.Client {
	t.Helper()
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(farm.CAPEM()) {
		t.Fatal("the farm CA PEM holds no certificate")
	}
	transport := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}}
	t.Cleanup(transport.CloseIdleConnections)
	return &http.Client{Transport: transport, Timeout: 30 * time.Second}
}

// checkJournal asserts what the peer saw: one card fetch, then SendMessage,
// GetTask and CancelTask on taskID over binding, each with A2A-Version 1.0,
// the bearer credential and no error.
func checkJournal(t *testing.T, journal []mockpeer.Exchange, binding, taskID string) {
	t.Helper()
	var errs []error
	var calls []mockpeer.Exchange
	cards := 0
	for _, ex := range journal {
		switch ex.Route {
		case mockpeer.RouteCard:
			cards++
			if ex.Status != http.StatusOK {
				errs = append(errs, errors.New("card fetch answered "+ex.Line()))
			}
		case mockpeer.RouteA2A:
			calls = append(calls, ex)
		default:
			errs = append(errs, errors.New("unexpected exchange "+ex.Line()))
		}
	}
	if cards != 1 {
		errs = append(errs, errors.New("want exactly one card fetch"))
	}
	wantOps := []string{wire.MethodSendMessage, wire.MethodGetTask, wire.MethodCancelTask}
	wantStates := []wire.TaskState{wire.TaskStateWorking, wire.TaskStateWorking, wire.TaskStateCanceled}
	if len(calls) != len(wantOps) {
		errs = append(errs, errors.New("want exactly SendMessage, GetTask, CancelTask"))
	}
	for i, ex := range calls[:min(len(calls), len(wantOps))] {
		var bad []string
		if ex.Op != wantOps[i] || ex.Binding != binding {
			bad = append(bad, "want "+binding+" "+wantOps[i])
		}
		if ex.A2AVersion != wire.ProtocolVersion {
			bad = append(bad, "A2A-Version "+ex.A2AVersion)
		}
		if ex.Status != http.StatusOK || ex.ErrorCode != 0 || ex.Malformed != "" {
			bad = append(bad, "not a success: "+ex.Malformed)
		}
		if !slices.Contains(ex.Auth.Presented, "bearer") || !ex.Auth.SatisfiesCurrent {
			bad = append(bad, "bearer not presented")
		}
		if ex.TaskID != taskID || ex.StateAfter != wantStates[i] {
			bad = append(bad, "want task "+taskID+" "+string(wantStates[i]))
		}
		if len(bad) > 0 {
			errs = append(errs, errors.New(ex.Line()+": "+strings.Join(bad, "; ")))
		}
	}
	if len(errs) > 0 {
		t.Errorf("journal:\n%s\nproblems:\n%v", journalLines(journal), errors.Join(errs...))
	}
}

func journalLines(journal []mockpeer.Exchange) string {
	lines := make([]string, len(journal))
	for i, ex := range journal {
		lines[i] = "  " + ex.Line()
	}
	return strings.Join(lines, "\n")
}
