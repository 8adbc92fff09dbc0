package refclient

import (
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/contract"
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// statusWithHash is a status whose message announces a contract hash.
func statusWithHash(state wire.TaskState, hash string) wire.TaskStatus {
	return wire.TaskStatus{State: state, Message: &wire.Message{
		MessageID: "m-" + string(state), Role: wire.RoleAgent, Parts: []wire.Part{wire.TextPart("status")},
		Metadata: map[string]any{FrozenContractExtension: map[string]any{"contractHash": hash}},
	}}
}

func TestFrozenContractExtension(t *testing.T) {
	pki := newTestPKI(t)
	cases := []struct {
		name        string
		divergent   bool
		wantOutcome driver.OutcomeKind
		wantReason  driver.Reason
	}{
		{"same hash throughout", false, driver.OutcomeCompleted, ""},
		{"divergent status message", true, driver.OutcomeFailed, driver.ReasonContractDiverged},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			peer := startPeer(t, pki, "127.0.0.1")
			card := testCard(peer.origin)
			card.Capabilities.Extensions = []wire.AgentExtension{{URI: FrozenContractExtension}}
			peer.setCards(t, card)
			hash, err := contract.Hash(peer.cards[0], testSkill)
			if err != nil {
				t.Fatal(err)
			}
			last := statusWithHash(wire.TaskStateCompleted, hash)
			if tc.divergent {
				last = statusWithHash(wire.TaskStateAuthRequired, strings.Repeat("0", 64))
			}
			peer.steps = []wire.TaskStatus{statusWithHash(wire.TaskStateWorking, hash), last}

			out := runAgainst(t, pki, peer.cardURL(), driver.Credentials{})
			wantOutcome(t, out, tc.wantOutcome, tc.wantReason)
			if out.TaskID != "task-1" {
				t.Errorf("taskId = %q, want task-1", out.TaskID)
			}
			send := wantCount(t, peer, wire.MethodSendMessage, 1)[0]
			meta, _ := send.Params["metadata"].(map[string]any)
			ext, _ := meta[FrozenContractExtension].(map[string]any)
			if ext["contractHash"] != hash {
				t.Errorf("send metadata = %v, want contractHash %s", meta, hash)
			}
			for _, s := range peer.requests(a2aOps...) {
				if got := s.Header.Get(wire.HeaderExtensions); got != FrozenContractExtension {
					t.Errorf("%s A2A-Extensions = %q, want the extension", s.Op, got)
				}
			}
			wantCount(t, peer, wire.MethodCancelTask, 0)
		})
	}
}

func TestExtensionsOffered(t *testing.T) {
	pki := newTestPKI(t)

	t.Run("none declared: none sent", func(t *testing.T) {
		peer := startPeer(t, pki, "127.0.0.1")
		peer.setCards(t, testCard(peer.origin))
		wantOutcome(t, runAgainst(t, pki, peer.cardURL(), driver.Credentials{}), driver.OutcomeCompleted, "")
		send := wantCount(t, peer, wire.MethodSendMessage, 1)[0]
		if send.Header.Get(wire.HeaderExtensions) != "" || send.Params["metadata"] != nil {
			t.Errorf("send carried extension data: header %q metadata %v", send.Header.Get(wire.HeaderExtensions), send.Params["metadata"])
		}
	})

	t.Run("unknown required extension: nothing sent", func(t *testing.T) {
		peer := startPeer(t, pki, "127.0.0.1")
		card := testCard(peer.origin)
		card.Capabilities.Extensions = []wire.AgentExtension{{URI: "https://example.com/ext/secret-handshake/v1", Required: true}}
		peer.setCards(t, card)
		wantOutcome(t, runAgainst(t, pki, peer.cardURL(), driver.Credentials{}), driver.OutcomeAborted, driver.ReasonExtensionUnsupported)
		wantNoA2A(t, peer)
	})
}
