package agent

import (
	"net/http"
	"testing"
)

// The tenant a request names reaches the Call that Admit sees, from the
// JSON-RPC params and from the HTTP+JSON path alike: the peer enforces the
// tenant of the card's interfaces on it.
func TestTheTenantReachesAdmit(t *testing.T) {
	p := newPeer(t)
	p.rpc(t, rpcBody("1", "GetTask", `{"id":"task-1","tenant":"blue"}`))
	if got := p.handler.admits[len(p.handler.admits)-1].Tenant; got != "blue" {
		t.Errorf("JSON-RPC: Admit saw tenant %q, want blue", got)
	}
	p.do(t, http.MethodPost, restPath+"/acme/tasks/task-1:cancel", v1(), "")
	if got := p.handler.admits[len(p.handler.admits)-1].Tenant; got != "acme" {
		t.Errorf("HTTP+JSON: Admit saw tenant %q, want acme", got)
	}
	p.rpc(t, rpcBody("2", "GetTask", `{"id":"task-1"}`))
	if got := p.handler.admits[len(p.handler.admits)-1].Tenant; got != "" {
		t.Errorf("no tenant: Admit saw %q", got)
	}
}
