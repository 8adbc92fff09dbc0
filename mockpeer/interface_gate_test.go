package mockpeer

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// The peer enforces the routing fields of its card: a request names the
// tenant of one of its binding's interfaces, and that interface declares
// the version the request speaks. Within a grace window the card replaced
// still counts, as for credentials.
func TestThePeerEnforcesTenantAndProtocolVersion(t *testing.T) {
	open := NewCard("A").Skills(Skill(testSkill, "summarizes", "text"))
	tests := []struct {
		name   string
		card   CardBuilder
		tenant string
		code   int // 0: admitted
	}{
		{"no tenant listed, none named", open, "", 0},
		{"no tenant listed, one named", open, "blue", wire.ErrPermissionDenied.RPCCode},
		{"tenant listed, named", open.InterfaceTenant(0, "blue"), "blue", 0},
		{"tenant listed, none named", open.InterfaceTenant(0, "blue"), "", wire.ErrPermissionDenied.RPCCode},
		{"a second interface's tenant", open.AddInterface(0, "secondary"), "secondary", 0},
		{"the interface speaks 2.0", open.InterfaceProtocolVersion(0, "2.0"), "", wire.ErrVersionNotSupported.RPCCode},
		// A patch number is ignored (spec §3.6): a 1.0 request is the 1.0.1
		// interface's; 1.1.0 is still another version.
		{"the interface declares 1.0.1", open.InterfaceProtocolVersion(0, "1.0.1"), "", 0},
		{"the interface declares 1.1.0", open.InterfaceProtocolVersion(0, "1.1.0"), "", wire.ErrVersionNotSupported.RPCCode},
		{"the interface declares 1", open.InterfaceProtocolVersion(0, "1"), "", wire.ErrVersionNotSupported.RPCCode},
		{"the other interface of the tenant speaks 1.0", open.InterfaceProtocolVersion(0, "2.0").AddInterface(0, "secondary").
			InterfaceProtocolVersion(3, wire.ProtocolVersion), "secondary", 0},
		{"the card lists no JSON-RPC interface", open.Bindings(wire.BindingHTTPJSON), "blue", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, p := onePeer(t, PeerSpec{Cards: []CardFunc{tc.card.Build}})
			params := map[string]any{"id": "nope", "tenant": tc.tenant}
			_, e := rpc(t, httpsClient(t, f, false), p, wire.MethodGetTask, params, nil)
			got := 0
			if e != nil && e.Code != wire.ErrTaskNotFound.RPCCode {
				got = e.Code
			}
			if got != tc.code {
				t.Errorf("answered %v, want code %d (0: admitted)", e, tc.code)
			}
		})
	}
}

// The declared version is read by Major.Minor, the request's is not: a
// request labelled A2A-Version 1.0.1 is refused even by an interface that
// declares 1.0.1, since requests carry Major.Minor only (agent.checkVersion).
func TestPatchVersionIgnoredOnlyInTheCard(t *testing.T) {
	for v, want := range map[string]string{"1.0.1": "1.0", "1.0": "1.0", "1.0.1.2": "1.0", "2": "2", "": "", "1.": "1.", ".0.1": ".0"} {
		if got := majorMinor(v); got != want {
			t.Errorf("majorMinor(%q) = %q, want %q", v, got, want)
		}
	}
	card := NewCard("A").Skills(Skill(testSkill, "summarizes", "text")).InterfaceProtocolVersion(0, "1.0.1")
	f, p := onePeer(t, PeerSpec{Cards: []CardFunc{card.Build}})
	_, e := rpc(t, httpsClient(t, f, false), p, wire.MethodGetTask, map[string]any{"id": "nope"}, map[string]string{"A2A-Version": "1.0.1"})
	if e == nil || e.Code != wire.ErrVersionNotSupported.RPCCode {
		t.Errorf("a request labelled 1.0.1 answered %v, want code %d", e, wire.ErrVersionNotSupported.RPCCode)
	}
}

func TestTheReplacedCardsTenantHoldsWithinTheGraceWindow(t *testing.T) {
	open := NewCard("A").Skills(Skill(testSkill, "summarizes", "text"))
	for _, grace := range []int{0, -1} {
		f, p := onePeer(t, PeerSpec{Cards: []CardFunc{open.Build, open.InterfaceTenant(0, "blue").
			Extensions(wire.AgentExtension{URI: "urn:x"}).RequireExtension("urn:x").Build}, GraceRequests: grace})
		if err := p.Rotate(1); err != nil {
			t.Fatal(err)
		}
		_, e := rpc(t, httpsClient(t, f, false), p, wire.MethodGetTask, map[string]any{"id": "nope"}, nil)
		admitted := e == nil || e.Code == wire.ErrTaskNotFound.RPCCode
		if admitted != (grace != 0) {
			t.Errorf("grace %d: the old tenant and no extension answered %v", grace, e)
		}
	}
}
