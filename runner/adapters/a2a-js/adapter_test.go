package a2ajs

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/mockpeer/peertest"
	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/runner/adapters/adaptertest"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// The adapter runs through the real driver contract (runner.Command) against
// a one-peer farm, once per kind of credential (one-shot mode), and with
// two tasks in each mode (session_test.go). Without node or the SDK
// installed (make sdk-deps) the tests skip; A2A_CONFORM_REQUIRE_SDKS=1
// makes that a failure.

const deadline = 30 * time.Second

func adapterCommand(t *testing.T) *runner.Command {
	t.Helper()
	js, err := peertest.FindJSSDK(".")
	if errors.Is(err, peertest.ErrSkip) {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	return &runner.Command{Line: "node " + filepath.Join(js.Dir, "adapter.mjs")}
}

// card is the adapter peer's card with the given security.
func card(schemes peertest.Schemes, req wire.SecurityRequirement) mockpeer.CardFunc {
	return peertest.AdapterCard("a2a-js adapter test peer", schemes, req, wire.ProtocolVersion)
}

// play runs the adapter once (one task, one-shot mode) against a one-peer
// farm and returns what the runner observed and the peer's complete journal.
func play(t *testing.T, c *runner.Command, cf mockpeer.CardFunc, grants mockpeer.Grants) (runner.Result, []journal.Exchange) {
	t.Helper()
	return playOn(t, c, peertest.StartAdapterFarm, cf, grants)
}

// playOn is play against the farm start makes.
func playOn(t *testing.T, c *runner.Command, start startFarm, cf mockpeer.CardFunc, grants mockpeer.Grants) (runner.Result, []journal.Exchange) {
	t.Helper()
	farm, err := start(t.Context(), cf, grants, false)
	if err != nil {
		t.Fatal(err)
	}
	run, err := adaptertest.PlaySession(t.Context(), c, farm, grants, deadline, "adapter test")
	if err != nil {
		t.Fatal(err)
	}
	return run.Tasks[0], journal.Requests(run.Journal)
}

// startFarm starts the one-peer farm of a test.
type startFarm func(context.Context, mockpeer.CardFunc, mockpeer.Grants, bool) (*mockpeer.Farm, error)

// TestAdapterWiresEachCredential: each kind of granted credential reaches
// every A2A request, and the task completes, over the binding the card
// lists first (JSON-RPC) and over gRPC alone (the SDK's gRPC transport,
// TLS with the farm CA, the credentials as call credentials).
func TestAdapterWiresEachCredential(t *testing.T) {
	c := adapterCommand(t)
	for binding, start := range map[string]startFarm{
		wire.BindingJSONRPC: peertest.StartAdapterFarm,
		wire.BindingGRPC:    peertest.StartGRPCAdapterFarm,
	} {
		t.Run(binding, func(t *testing.T) { wiresEachCredential(t, c, start, binding) })
	}
}

func wiresEachCredential(t *testing.T, c *runner.Command, start startFarm, binding string) {
	for _, tc := range peertest.CredentialCases() {
		t.Run(tc.Name, func(t *testing.T) {
			res, recorded := playOn(t, c, start, card(tc.Schemes, tc.Req), tc.Grants)
			if o := res.Outcome; o == nil || o.Outcome != driver.OutcomeCompleted || o.TaskID == "" || res.ExitCode != 0 {
				t.Fatalf("result %+v, want completed with a task id and exit 0\n%s", res, peertest.JournalLines(recorded))
			}
			if err := peertest.CheckCredentialCalls(recorded, tc.Presented); err != nil {
				t.Error(err)
			}
			if err := peertest.CheckBinding(recorded, binding); err != nil {
				t.Error(err)
			}
			for _, ex := range peertest.A2ACalls(recorded) {
				if ex.A2AVersion != wire.ProtocolVersion {
					t.Errorf("%s: A2A-Version %q", ex.Line(), ex.A2AVersion)
				}
			}
		})
	}
}

// TestAdapterReportsPeerErrors: the card wants a client certificate the
// adapter was not granted; the SDK sends anyway, the peer refuses, and the
// outcome says peer-error (the adapter still exits 0).
func TestAdapterReportsPeerErrors(t *testing.T) {
	c := adapterCommand(t)
	res, recorded := play(t, c, card(peertest.MTLSSchemes, wire.Require("mtls")), mockpeer.Grants{Bearer: true})
	if o := res.Outcome; o == nil || o.Outcome != driver.OutcomeFailed || o.Reason != driver.ReasonPeerError || res.ExitCode != 0 {
		t.Fatalf("result %+v, want failed/peer-error and exit 0\n%s", res, peertest.JournalLines(recorded))
	}
	if n := len(recorded); n != 2 || recorded[1].Op != wire.MethodSendMessage || recorded[1].ErrorCode == 0 {
		t.Errorf("want the card fetch and one refused SendMessage\n%s", peertest.JournalLines(recorded))
	}
}
