package mockpeer

import (
	"crypto/tls"
	"crypto/x509"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/agent"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

const needCertText = "This agent now requires mutual TLS: present a client certificate issued by its CA."

// stuckTaskPeer is the peer of the field report: card v0 oauth2, v1 mTLS
// only; old tokens pass for three admitted requests after the rotation; a
// task works, then demands a client certificate; CancelTask demands one
// too once v1 is in force.
func stuckTaskPeer(t *testing.T, st *stepper) (*Farm, *Peer) {
	t.Helper()
	return pacedPeer(t, st, PeerSpec{
		Cards:         []CardFunc{testCard("A", oauthScheme("A")), testCard("A", withVersion("2"), withSecurity(mtlsScheme, wire.Require("mtls")))},
		GraceRequests: 3,
		Task: TaskScript{Steps: []TaskStep{
			{State: wire.TaskStateWorking, Progress: 10},
			{State: wire.TaskStateAuthRequired, Message: needCertText},
		}},
		Hooks: Hooks{Admit: CancelRequiresMTLSWhenCardDoes()},
	}, nil)
}

func TestStuckTaskOfTheFieldReport(t *testing.T) {
	f, p := stuckTaskPeer(t, newStepper(t))
	plain, withCert := httpsClient(t, f, false), httpsClient(t, f, true)
	token := map[string]string{"Authorization": "Bearer " + fetchToken(t, plain, f, p)}

	// Under v0 the hook stays out of the way: the token cancels.
	res, e := rpc(t, plain, p, wire.MethodSendMessage, sendParams("first", true), token)
	if e != nil {
		t.Fatalf("send under v0: %+v", e)
	}
	if _, e := rpc(t, plain, p, wire.MethodCancelTask, map[string]any{"id": sendTask(t, res).ID}, token); e != nil {
		t.Fatalf("cancel under v0 with the token: %+v, want admitted", e)
	}

	// The harness changes the contract before the client's next send; the
	// client sends under its old token without fetching the card.
	if err := p.Arm(1); err != nil {
		t.Fatal(err)
	}
	res, e = rpc(t, plain, p, wire.MethodSendMessage, sendParams("second", true), token)
	if e != nil {
		t.Fatalf("send under the old token inside the grace window: %+v, want accepted", e)
	}
	task := sendTask(t, res)
	if ex := lastExchange(t, f, journal.RouteA2A); task.Status.State != wire.TaskStateWorking || ex.CardVersion != 1 || ex.Auth.SatisfiesCurrent || !ex.Auth.Admitted {
		t.Fatalf("send answered %s, journaled at version %d with %+v; want WORKING, version 1, admitted under grace",
			task.Status.State, ex.CardVersion, ex.Auth)
	}

	// A later GetTask shows it stuck, demanding a certificate.
	res, e = rpc(t, plain, p, wire.MethodGetTask, map[string]any{"id": task.ID}, token)
	if e != nil {
		t.Fatalf("GetTask inside the grace window: %+v", e)
	}
	got := decodeTask(t, res)
	if got.Status.State != wire.TaskStateAuthRequired || got.Status.Message == nil ||
		got.Status.Message.Parts[0].Text == nil || !strings.Contains(*got.Status.Message.Parts[0].Text, "client certificate") {
		t.Fatalf("GetTask answered %+v, want AUTH_REQUIRED demanding a client certificate", got.Status)
	}
	// CancelTask demands mTLS now that v1 is in force; refused, it does
	// not use up the window.
	if _, e := rpc(t, plain, p, wire.MethodCancelTask, map[string]any{"id": task.ID}, token); errCode(e) != wire.ErrUnauthenticated.RPCCode {
		t.Fatalf("cancel with the token under v1: %+v, want unauthenticated", e)
	}
	// The window: send and GetTask used two of three admitted requests.
	if _, e := rpc(t, plain, p, wire.MethodGetTask, map[string]any{"id": task.ID}, token); e != nil {
		t.Fatalf("third request inside the window: %+v", e)
	}
	if _, e := rpc(t, plain, p, wire.MethodGetTask, map[string]any{"id": task.ID}, token); errCode(e) != wire.ErrUnauthenticated.RPCCode {
		t.Fatalf("request after the window: %+v, want unauthenticated", e)
	}
	// Who holds a certificate can still end the task.
	if _, e := rpc(t, withCert, p, wire.MethodCancelTask, map[string]any{"id": task.ID}, nil); e != nil {
		t.Errorf("cancel with the certificate: %+v, want admitted", e)
	}
}

// A paced blocking send answers once the task reaches the interrupted
// state, not before.
func TestStuckTaskBlockingSend(t *testing.T) {
	st := newStepper(t)
	f, p := stuckTaskPeer(t, st)
	c := httpsClient(t, f, false)
	token := "Bearer " + fetchToken(t, c, f, p)
	if err := p.Arm(1); err != nil {
		t.Fatal(err)
	}
	sent := sendAsync(t.Context(), c, bindings[1], p, token)
	tick := st.await()
	select {
	case task := <-sent:
		t.Fatalf("blocking send answered %s while the task was WORKING", task.Status.State)
	default:
	}
	tick <- time.Time{}
	if task := <-sent; task.Status.State != wire.TaskStateAuthRequired {
		t.Fatalf("blocking send answered %q, want AUTH_REQUIRED", task.Status.State)
	}
	if ex := lastExchange(t, f, journal.RouteA2A); ex.CardVersion != 1 || !ex.Auth.Admitted || ex.StateAfter != wire.TaskStateAuthRequired {
		t.Errorf("journaled at version %d, %+v, after %s", ex.CardVersion, ex.Auth, ex.StateAfter)
	}
}

func TestCancelRequiresMTLSWhenCardDoes(t *testing.T) {
	withCert := httptest.NewRequest("POST", "/", nil)
	withCert.TLS = &tls.ConnectionState{VerifiedChains: [][]*x509.Certificate{{{}}}}
	bare := httptest.NewRequest("POST", "/", nil)
	tests := []struct {
		name   string
		state  State
		op     string
		cert   bool
		refuse bool
	}{
		{"the card does not require mTLS", State{MTLSRequired: false}, wire.MethodCancelTask, false, false},
		{"the card requires mTLS, no certificate", State{MTLSRequired: true}, wire.MethodCancelTask, false, true},
		{"the card requires mTLS, a certificate", State{MTLSRequired: true}, wire.MethodCancelTask, true, false},
		{"not a cancel", State{MTLSRequired: true}, wire.MethodGetTask, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := bare
			if tc.cert {
				r = withCert
			}
			e := CancelRequiresMTLSWhenCardDoes()(tc.state, r, &agent.Call{Op: tc.op})
			if (e != nil) != tc.refuse {
				t.Errorf("hook answered %v, want refusal %v", e, tc.refuse)
			}
		})
	}
}

func TestStateMTLSRequired(t *testing.T) {
	tests := []struct {
		name string
		opt  cardOpt
		want bool
	}{
		{"open card", withSecurity(nil), false},
		{"mTLS alone", withSecurity(mtlsScheme, wire.Require("mtls")), true},
		{"mTLS and bearer together", withSecurity(merge(mtlsScheme, bearerScheme), wire.Require("mtls", "bearer")), true},
		{"mTLS or bearer", withSecurity(merge(mtlsScheme, bearerScheme), wire.Require("mtls"), wire.Require("bearer")), false},
		{"mTLS or nothing", withSecurity(mtlsScheme, wire.Require("mtls"), wire.Require()), false},
		{"bearer alone", withSecurity(bearerScheme, wire.Require("bearer")), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, p := onePeer(t, PeerSpec{Cards: []CardFunc{testCard("A", tc.opt)}})
			p.mu.Lock()
			seen := p.stateLocked()
			p.mu.Unlock()
			if seen.MTLSRequired != tc.want {
				t.Errorf("MTLSRequired = %v, want %v", seen.MTLSRequired, tc.want)
			}
		})
	}
}
