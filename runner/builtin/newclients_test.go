package builtin

import (
	"slices"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// The clients that exist so that GEN-001, SKEW-001 and EXT-001 can fail
// without the SDKs: each differs from the reference in that one respect.

func TestNoVersionHeader(t *testing.T) {
	restFirst := func(_ mockpeer.Origins, c *wire.AgentCard) { slices.Reverse(c.SupportedInterfaces) }
	for _, binding := range []struct {
		name  string
		edits []edit
	}{{wire.BindingJSONRPC, nil}, {wire.BindingHTTPJSON, []edit{restFirst}}} {
		for _, client := range []string{Reference, NoVersionHeader} {
			t.Run(binding.name+"/"+client, func(t *testing.T) {
				out, j := play(t, client, mockpeer.Grants{}, mockpeer.PeerSpec{Name: "A", Cards: []mockpeer.CardFunc{card("A", "A", binding.edits...)}})
				wantOutcome(t, out, driver.OutcomeCompleted, "")
				calls := at(j, "A", journal.RouteA2A, "")
				var bare, versioned int
				for _, e := range calls {
					switch {
					case e.Binding != binding.name:
						t.Errorf("%s: binding %s, want %s", e.Line(), e.Binding, binding.name)
					case e.A2AVersion == wire.ProtocolVersion:
						versioned++
					case e.A2AVersion == "" && e.ErrorCode == wire.ErrVersionNotSupported.RPCCode:
						bare++
					default:
						t.Errorf("%s: A2A-Version %q, error %d", e.Line(), e.A2AVersion, e.ErrorCode)
					}
				}
				// no-version-header repeats each refused request once, with the header.
				wantBare, sends := 0, 1
				if client == NoVersionHeader {
					wantBare, sends = versioned, 2
				}
				if versioned == 0 || bare != wantBare {
					t.Errorf("%d requests without A2A-Version and %d with, want %d and more than 0", bare, versioned, wantBare)
				}
				wantCount(t, j, "A", journal.RouteA2A, wire.MethodSendMessage, sends)
			})
		}
	}
}

func TestIgnoreProtocolVersion(t *testing.T) {
	v2only := func(_ mockpeer.Origins, c *wire.AgentCard) {
		c.SupportedInterfaces = c.SupportedInterfaces[:1]
		c.SupportedInterfaces[0].ProtocolVersion = "2.0"
	}
	for _, tc := range []struct {
		client string
		want   driver.Outcome
	}{
		{Reference, driver.Outcome{Outcome: driver.OutcomeAborted, Reason: driver.ReasonVersionUnsupported}},
		// It sends 1.0 requests there all the same; the peer, which enforces
		// its interfaces' protocol version, refuses them.
		{IgnoreProtocolVersion, driver.Outcome{Outcome: driver.OutcomeFailed, Reason: driver.ReasonPeerError}},
	} {
		t.Run(tc.client, func(t *testing.T) {
			out, j := play(t, tc.client, mockpeer.Grants{}, mockpeer.PeerSpec{Name: "A", Cards: []mockpeer.CardFunc{card("A", "A", v2only)}})
			wantOutcome(t, out, tc.want.Outcome, tc.want.Reason)
			calls := at(j, "A", journal.RouteA2A, "")
			if tc.client == Reference {
				wantCount(t, j, "A", journal.RouteA2A, "", 0)
				return
			}
			for _, e := range calls {
				if e.A2AVersion != wire.ProtocolVersion {
					t.Errorf("%s: A2A-Version %q, want the 1.0 this client speaks", e.Line(), e.A2AVersion)
				}
			}
			wantCount(t, j, "A", journal.RouteA2A, wire.MethodSendMessage, 1)
		})
	}
}

// The peer declares the frozen-contract extension, rotates its contract
// mid-task and announces the new hash with an AUTH_REQUIRED status.
func TestNoFrozenContract(t *testing.T) {
	offered := func(_ mockpeer.Origins, c *wire.AgentCard) {
		c.Capabilities.Extensions = []wire.AgentExtension{{URI: wire.FrozenContractExtension}}
	}
	for _, tc := range []struct {
		client string
		want   driver.Outcome
		frozen bool
	}{
		{Reference, driver.Outcome{Outcome: driver.OutcomeFailed, Reason: driver.ReasonContractDiverged}, true},
		{NoFrozenContract, driver.Outcome{Outcome: driver.OutcomeFailed, Reason: driver.ReasonAuthRequired}, false},
	} {
		t.Run(tc.client, func(t *testing.T) {
			out, j := play(t, tc.client, mockpeer.Grants{Bearer: true}, mockpeer.PeerSpec{
				Name:          "A",
				Cards:         []mockpeer.CardFunc{card("A", "A", requireBearer, offered), card("A", "A", requireMTLS, offered)},
				Rotations:     []mockpeer.Rotation{{On: mockpeer.Trigger{Kind: mockpeer.AtTaskStep, N: 2}, To: 1}},
				GraceRequests: -1,
				Hooks:         mockpeer.Hooks{StepMetadata: mockpeer.AnnounceContractHash()},
				Task: mockpeer.TaskScript{Steps: []mockpeer.TaskStep{
					{State: wire.TaskStateWorking}, {State: wire.TaskStateWorking}, {State: wire.TaskStateAuthRequired},
				}},
			})
			wantOutcome(t, out, tc.want.Outcome, tc.want.Reason)
			send := wantCount(t, j, "A", journal.RouteA2A, wire.MethodSendMessage, 1)[0]
			ext, _ := send.RequestMetadata[wire.FrozenContractExtension].(map[string]any)
			hash, _ := ext["contractHash"].(string)
			if got := hash != "" && slices.Contains(send.Extensions, wire.FrozenContractExtension); got != tc.frozen {
				t.Errorf("send carries the contract hash %q and extensions %v; want the extension used: %v", hash, send.Extensions, tc.frozen)
			}
		})
	}
}
