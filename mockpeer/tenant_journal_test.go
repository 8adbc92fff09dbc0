package mockpeer

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// TestTheTenantIsJournaled: the tenant a call names is journaled, whether
// the card lists it (the call is served) or not (the gate refuses it), so
// a check can tell which of two interfaces on one url a client used.
func TestTheTenantIsJournaled(t *testing.T) {
	f := startFarm(t, FarmSpec{Peers: []PeerSpec{{Name: "A", Skill: testSkill,
		Cards: []CardFunc{NewCard("A").Skills(Skill(testSkill, "test", "t")).AddInterface(0, "blue").Build}}}})
	p, c := f.Peer("A"), httpsClient(t, f, false)
	for _, tenant := range []string{"blue", "green", ""} {
		params := sendParams("hi", true)
		if tenant != "" {
			params["tenant"] = tenant
		}
		rpcAt(t, c, JSONRPCURL(p.Origin()), wire.MethodSendMessage, params, nil)
	}
	var got []string
	var codes []int
	for _, e := range f.Journal().All() {
		if e.Route == journal.RouteA2A {
			got, codes = append(got, e.Tenant), append(codes, e.ErrorCode)
		}
	}
	if len(got) != 3 || got[0] != "blue" || got[1] != "green" || got[2] != "" {
		t.Fatalf("journaled tenants %q, want blue, green, none", got)
	}
	if codes[0] != 0 || codes[1] != wire.ErrPermissionDenied.RPCCode || codes[2] != 0 {
		t.Errorf("error codes %v: want the unlisted tenant alone refused", codes)
	}
}
