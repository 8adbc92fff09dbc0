package refclient

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

func TestInterfaceVersions(t *testing.T) {
	pki := newTestPKI(t)

	t.Run("2.0 only is never spoken to", func(t *testing.T) {
		peer := startPeer(t, pki, "127.0.0.1")
		card := testCard(peer.origin)
		card.SupportedInterfaces = card.SupportedInterfaces[:1]
		card.SupportedInterfaces[0].ProtocolVersion = "2.0"
		peer.setCards(t, card)

		out := runAgainst(t, pki, peer.cardURL(), driver.Credentials{})
		wantOutcome(t, out, driver.OutcomeAborted, driver.ReasonVersionUnsupported)
		wantCount(t, peer, opSeenCard, 1)
		wantNoA2A(t, peer)
	})

	t.Run("first 1.0 interface in card order wins", func(t *testing.T) {
		peer := startPeer(t, pki, "127.0.0.1")
		card := testCard(peer.origin)
		card.SupportedInterfaces[0].ProtocolVersion = "2.0" // JSON-RPC at 2.0, HTTP+JSON at 1.0
		// A custom binding (spec §5.8: a URI) the client does not speak comes first.
		card.SupportedInterfaces = append([]wire.AgentInterface{{URL: peer.origin + "/soap", ProtocolBinding: "https://example.com/bindings/soap", ProtocolVersion: "1.0"}}, card.SupportedInterfaces...)
		peer.setCards(t, card)

		out := runAgainst(t, pki, peer.cardURL(), driver.Credentials{})
		wantOutcome(t, out, driver.OutcomeCompleted, "")
		for _, s := range peer.requests(a2aOps...) {
			if !strings.HasPrefix(s.Path, "/rest/") {
				t.Errorf("%s went to %s, want the HTTP+JSON interface", s.Op, s.Path)
			}
		}
	})
}

func TestCredentialChoice(t *testing.T) {
	pki := newTestPKI(t)
	cases := []struct {
		name       string
		reqs       []wire.SecurityRequirement
		creds      driver.Credentials
		want       driver.OutcomeKind
		wantBearer bool
	}{
		{"required scheme not held", []wire.SecurityRequirement{wire.Require("mtls")},
			driver.Credentials{BearerToken: testBearer}, driver.OutcomeAborted, false},
		{"optional: send what is held", []wire.SecurityRequirement{wire.Require("bearer"), {}},
			driver.Credentials{BearerToken: testBearer}, driver.OutcomeCompleted, true},
		{"optional, nothing held", []wire.SecurityRequirement{wire.Require("mtls"), {}},
			driver.Credentials{BearerToken: testBearer}, driver.OutcomeCompleted, false},
		{"second alternative satisfiable", []wire.SecurityRequirement{wire.Require("mtls"), wire.Require("bearer")},
			driver.Credentials{BearerToken: testBearer}, driver.OutcomeCompleted, true},
		{"undeclared scheme", []wire.SecurityRequirement{wire.Require("ghost")},
			driver.Credentials{BearerToken: testBearer}, driver.OutcomeAborted, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			peer := startPeer(t, pki, "127.0.0.1")
			card := testCard(peer.origin)
			card.SecuritySchemes = map[string]wire.SecurityScheme{"bearer": bearerScheme(), "mtls": mtlsScheme()}
			card.Skills[0].SecurityRequirements = tc.reqs // the skill's own requirement wins over the card's (none)
			peer.setCards(t, card)

			out := runAgainst(t, pki, peer.cardURL(), tc.creds)
			if tc.want == driver.OutcomeAborted {
				wantOutcome(t, out, driver.OutcomeAborted, driver.ReasonAuthUnavailable)
				wantNoA2A(t, peer)
				return
			}
			wantOutcome(t, out, tc.want, "")
			for _, s := range peer.requests(a2aOps...) {
				if got := s.Header.Get("Authorization") != ""; got != tc.wantBearer {
					t.Errorf("%s carried Authorization: %v, want %v", s.Op, got, tc.wantBearer)
				}
			}
		})
	}
}

func TestPeerErrors(t *testing.T) {
	pki := newTestPKI(t)
	for _, binding := range []string{wire.BindingJSONRPC, wire.BindingHTTPJSON} {
		t.Run("send refused over "+binding, func(t *testing.T) {
			peer := startPeer(t, pki, "127.0.0.1")
			card := testCard(peer.origin)
			if binding == wire.BindingHTTPJSON {
				card.SupportedInterfaces = card.SupportedInterfaces[1:]
			}
			peer.setCards(t, card)
			peer.sendError = &wire.ErrUnauthenticated

			out := runAgainst(t, pki, peer.cardURL(), driver.Credentials{})
			wantOutcome(t, out, driver.OutcomeFailed, driver.ReasonPeerError)
			if !strings.Contains(out.Detail, "Authentication required: scripted") {
				t.Errorf("detail %q does not carry the peer's error text", out.Detail)
			}
		})
	}

	t.Run("card not found", func(t *testing.T) {
		peer := startPeer(t, pki, "127.0.0.1")
		out := runAgainst(t, pki, peer.origin+"/missing.json", driver.Credentials{})
		wantOutcome(t, out, driver.OutcomeFailed, driver.ReasonPeerError)
		wantNoA2A(t, peer)
	})

	t.Run("card not JSON", func(t *testing.T) {
		peer := startPeer(t, pki, "127.0.0.1")
		peer.cards = [][]byte{[]byte("<html>")}
		out := runAgainst(t, pki, peer.cardURL(), driver.Credentials{})
		wantOutcome(t, out, driver.OutcomeFailed, driver.ReasonPeerError)
	})

	t.Run("untrusted server certificate", func(t *testing.T) {
		peer := startPeer(t, pki, "127.0.0.1")
		peer.setCards(t, testCard(peer.origin))
		other := newTestPKI(t) // another CA: the peer is not trusted
		out := runAgainst(t, other, peer.cardURL(), driver.Credentials{})
		wantOutcome(t, out, driver.OutcomeFailed, driver.ReasonTransportError)
		if got := peer.requests(); len(got) != 0 {
			t.Errorf("peer got %d requests over an untrusted connection", len(got))
		}
	})
}

func TestDeadline(t *testing.T) {
	pki := newTestPKI(t)
	peer := startPeer(t, pki, "127.0.0.1")
	peer.setCards(t, testCard(peer.origin))
	peer.steps = []wire.TaskStatus{{State: wire.TaskStateWorking}} // never ends

	out := Run(context.Background(), driver.Assignment{
		CardURL: peer.cardURL(), Message: testMessage, Skill: testSkill,
		CAFile: pki.caFile, Deadline: 1500 * time.Millisecond, // ample time to create the task first
	})
	wantOutcome(t, out, driver.OutcomeFailed, driver.ReasonDeadline)
	if out.TaskID != "task-1" {
		t.Errorf("taskId = %q, want the task that was running", out.TaskID)
	}
	wantCount(t, peer, wire.MethodCancelTask, 0)
}

func TestRunNeverPanics(t *testing.T) {
	cases := []struct {
		name string
		task driver.Assignment
	}{
		{"no card URL", driver.Assignment{Skill: testSkill}},
		{"relative card URL", driver.Assignment{CardURL: "/card", Skill: testSkill}},
		{"missing trust root", driver.Assignment{CardURL: "https://127.0.0.1:1/", Skill: testSkill, CAFile: "/nonexistent/ca.pem"}},
		{"unreadable client certificate", driver.Assignment{CardURL: "https://127.0.0.1:1/", Skill: testSkill,
			Credentials: driver.Credentials{ClientCertFile: "/nonexistent/c.pem", ClientKeyFile: "/nonexistent/k.pem"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out := Run(context.Background(), tc.task)
			wantOutcome(t, out, driver.OutcomeFailed, driver.ReasonClientError)
		})
	}
}
