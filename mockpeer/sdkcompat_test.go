package mockpeer_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/wire"
)

// Wire compatibility with the official @a2a-js/sdk client: the real SDK,
// driven by runner/adapters/a2a-js/compat/send-get-cancel.mjs, must complete
// SendMessage → GetTask → CancelTask against a farm peer on each binding.
// The a2a-go SDK has the same test in its own module (runner/adapters/a2a-go).

const (
	// envJSSDKDir points at runner/adapters/a2a-js (make sdk-compat sets it).
	envJSSDKDir = "A2A_CONFORM_JS_SDK_DIR"
	// envRequireSDKs turns a missing SDK from a skip into a failure (CI).
	envRequireSDKs = "A2A_CONFORM_REQUIRE_SDKS"
	// compatDeadline bounds one SDK run, card fetch to cancel.
	compatDeadline = 60 * time.Second
)

// jsCompatResult is the one line send-get-cancel.mjs prints.
type jsCompatResult struct {
	Binding string   `json:"binding"`
	TaskID  string   `json:"taskId"`
	States  []string `json:"states"`
}

func TestSDKCompatJS(t *testing.T) {
	dir := jsSDKDir(t)
	node, err := exec.LookPath("node")
	if err != nil {
		sdkMissing(t, "node is not on PATH: "+err.Error())
	}
	for _, binding := range []string{wire.BindingJSONRPC, wire.BindingHTTPJSON} {
		t.Run(binding, func(t *testing.T) {
			farm := startCompatFarm(t)
			peer := farm.Peer(compatPeer)

			ctx, cancel := context.WithTimeout(t.Context(), compatDeadline)
			defer cancel()
			cmd := exec.CommandContext(ctx, node, filepath.Join("compat", "send-get-cancel.mjs"))
			cmd.Dir = dir
			cmd.WaitDelay = 5 * time.Second
			cmd.Env = append(os.Environ(),
				"A2A_CONFORM_CARD_URL="+peer.CardURL(),
				"A2A_CONFORM_BINDING="+binding,
				"A2A_CONFORM_BEARER_TOKEN="+farm.Credentials(farm.Grants()).BearerToken,
				"NODE_EXTRA_CA_CERTS="+farm.CAFile(),
			)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			runErr := cmd.Run()

			// Close waits for in-flight requests, so the journal is complete.
			if err := farm.Close(); err != nil {
				t.Errorf("farm.Close: %v", err)
			}
			journal := farm.Journal().All()
			if runErr != nil {
				t.Fatalf("send-get-cancel.mjs: %v\nstderr:\n%s\njournal:\n%s", runErr, stderr.String(), journalLines(journal))
			}

			var got jsCompatResult
			if err := json.Unmarshal(bytes.TrimSpace(stdout.Bytes()), &got); err != nil {
				t.Fatalf("script output is not one JSON line: %v\nstdout:\n%s", err, stdout.String())
			}
			want := []string{string(wire.TaskStateWorking), string(wire.TaskStateWorking), string(wire.TaskStateCanceled)}
			if got.Binding != binding || !slices.Equal(got.States, want) || got.TaskID == "" {
				t.Errorf("SDK saw %+v, want binding %s, a task id and states %v\njournal:\n%s", got, binding, want, journalLines(journal))
			}
			checkCompatJournal(t, journal, binding, got.TaskID)
		})
	}
}

// jsSDKDir finds runner/adapters/a2a-js with @a2a-js/sdk installed, or
// skips (fails under A2A_CONFORM_REQUIRE_SDKS=1).
func jsSDKDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv(envJSSDKDir)
	if dir == "" {
		// go test runs in the package directory: mockpeer/.
		dir = filepath.Join("..", "runner", "adapters", "a2a-js")
	}
	sdk := filepath.Join(dir, "node_modules", "@a2a-js", "sdk", "package.json")
	if _, err := os.Stat(sdk); err != nil {
		sdkMissing(t, "@a2a-js/sdk is not installed in "+dir+" ("+err.Error()+"): run `make sdk-deps`")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatalf("resolve %s: %v", dir, err)
	}
	return abs
}

func sdkMissing(t *testing.T, why string) {
	t.Helper()
	if os.Getenv(envRequireSDKs) == "1" {
		t.Fatalf("%s (%s=1 requires the SDKs)", why, envRequireSDKs)
	}
	t.Skip(why)
}

const compatPeer = "A"

// startCompatFarm starts one peer with a spec-shaped card (bearer scheme
// and requirement, JSON-RPC then HTTP+JSON, streaming) and a script that
// stays WORKING long enough to be canceled after a GetTask.
func startCompatFarm(t *testing.T) *mockpeer.Farm {
	t.Helper()
	farm, err := mockpeer.Start(t.Context(), mockpeer.FarmSpec{
		Dir:    t.TempDir(),
		Grants: mockpeer.Grants{Bearer: true},
		Peers: []mockpeer.PeerSpec{{
			Name:  compatPeer,
			Skill: "summarize",
			Cards: []mockpeer.CardFunc{compatCard},
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

func compatCard(o mockpeer.Origins) wire.AgentCard {
	origin := o(compatPeer)
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
		SecuritySchemes:      map[string]wire.SecurityScheme{"bearer": {HTTPAuth: &wire.HTTPAuthSecurityScheme{Scheme: "Bearer"}}},
		SecurityRequirements: []wire.SecurityRequirement{wire.Require("bearer")},
		DefaultInputModes:    []string{"text/plain"},
		DefaultOutputModes:   []string{"text/plain"},
		Skills: []wire.AgentSkill{{
			ID: "summarize", Name: "summarize", Description: "Summarizes a document.", Tags: []string{"a2a-conform"},
		}},
	}
}

// checkCompatJournal asserts what the peer saw: one card fetch, then
// SendMessage, GetTask and CancelTask on taskID over binding, each with
// A2A-Version 1.0, the bearer credential and no error.
func checkCompatJournal(t *testing.T, journal []mockpeer.Exchange, binding, taskID string) {
	t.Helper()
	var errs []error
	var calls []mockpeer.Exchange
	cards := 0
	for _, ex := range journal {
		switch ex.Route {
		case mockpeer.RouteCard:
			cards++
			if ex.Status != 200 {
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
		if ex.Status != 200 || ex.ErrorCode != 0 || ex.Malformed != "" {
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
