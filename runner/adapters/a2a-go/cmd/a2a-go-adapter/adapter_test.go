package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/mockpeer/peertest"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	// The farm and the SDK both register lf.a2a.v1 with protobuf.
	_ "github.com/a2a-conform/a2a-conform/runner/adapters/a2a-go/internal/protoconflict"
)

// peerCard is the adapter peer's card with the given security and
// interfaces of protocol version pv.
func peerCard(schemes peertest.Schemes, req wire.SecurityRequirement, pv string) mockpeer.CardFunc {
	return peertest.AdapterCard("a2a-go adapter test peer", schemes, req, pv)
}

// play starts a one-peer farm, delegates one task to it through a fresh
// session and returns the outcome and the peer's complete journal.
func play(t *testing.T, card mockpeer.CardFunc, grants mockpeer.Grants, flat bool) (driver.Outcome, []journal.Exchange) {
	t.Helper()
	return playOn(t, peertest.StartAdapterFarm, card, grants, flat)
}

// startFarm starts the one-peer farm of a test.
type startFarm func(context.Context, mockpeer.CardFunc, mockpeer.Grants, bool) (*mockpeer.Farm, error)

// playOn is play against the farm start makes.
func playOn(t *testing.T, start startFarm, card mockpeer.CardFunc, grants mockpeer.Grants, flat bool) (driver.Outcome, []journal.Exchange) {
	t.Helper()
	farm, err := start(t.Context(), card, grants, flat)
	if err != nil {
		t.Fatal(err)
	}
	defer farm.Close()
	s, err := newSession(driver.Assignment{CAFile: farm.CAFile(), Credentials: farm.Credentials(grants)})
	if err != nil {
		t.Fatal(err)
	}
	defer s.close()
	o := s.delegate(t.Context(), task{number: 1, cardURL: farm.Peer(peertest.AdapterPeer).CardURL(),
		message: "adapter test", stopAt: time.Now().Add(30 * time.Second)})
	// Close waits for in-flight requests, so the journal is complete.
	if err := farm.Close(); err != nil {
		t.Errorf("farm.Close: %v", err)
	}
	return o, journal.Requests(farm.Journal().All())
}

// TestDelegateWiresEachCredential: with the flat scope shape the SDK parses,
// each kind of granted credential reaches every A2A request the SDK's way,
// and the task completes, over the binding the card lists first (JSON-RPC)
// and over gRPC alone (a2agrpc with the session's TLS).
func TestDelegateWiresEachCredential(t *testing.T) {
	for binding, start := range map[string]startFarm{
		wire.BindingJSONRPC: peertest.StartAdapterFarm,
		wire.BindingGRPC:    peertest.StartGRPCAdapterFarm,
	} {
		t.Run(binding, func(t *testing.T) { wiresEachCredential(t, start, binding) })
	}
}

func wiresEachCredential(t *testing.T, start startFarm, binding string) {
	for _, tc := range peertest.CredentialCases() {
		t.Run(tc.Name, func(t *testing.T) {
			o, recorded := playOn(t, start, peerCard(tc.Schemes, tc.Req, wire.ProtocolVersion), tc.Grants, true)
			if o.Outcome != "completed" || o.TaskID == "" {
				t.Fatalf("outcome %+v, want completed with a task id\n%s", o, peertest.JournalLines(recorded))
			}
			if err := peertest.CheckCredentialCalls(recorded, tc.Presented); err != nil {
				t.Error(err)
			}
			if err := peertest.CheckBinding(recorded, binding); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestDelegateSpecShapedCard: the SDK's card parser rejects the spec's
// {"list": [...]} scopes, so nothing but the card fetch happens and the
// outcome says the client broke.
func TestDelegateSpecShapedCard(t *testing.T) {
	o, recorded := play(t, peerCard(peertest.BearerSchemes, wire.Require("bearer"), wire.ProtocolVersion), mockpeer.Grants{Bearer: true}, false)
	if o.Outcome != "failed" || o.Reason != "client-error" || !strings.Contains(o.Detail, "card parsing failed") {
		t.Errorf("outcome %+v, want failed/client-error with the parser's error", o)
	}
	if len(recorded) != 1 || recorded[0].Route != journal.RouteCard {
		t.Errorf("want only the card fetch\n%s", peertest.JournalLines(recorded))
	}
}

// TestDelegateVersionSkew: the SDK's factory refuses a card whose only
// interfaces speak 2.0; that refusal is reported as aborted before a send.
func TestDelegateVersionSkew(t *testing.T) {
	o, recorded := play(t, peerCard(peertest.BearerSchemes, wire.Require("bearer"), "2.0"), mockpeer.Grants{Bearer: true}, true)
	if o.Outcome != "aborted" || o.Reason != "version-unsupported" {
		t.Errorf("outcome %+v, want aborted/version-unsupported", o)
	}
	if len(recorded) != 1 || recorded[0].Route != journal.RouteCard {
		t.Errorf("want only the card fetch\n%s", peertest.JournalLines(recorded))
	}
}
