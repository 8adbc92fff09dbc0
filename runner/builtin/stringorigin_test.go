package builtin

import (
	"net"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// A's card lists its own interfaces with the port spelt ":0<port>" (the
// same origin), or as userinfo in front of B (another): the reference uses
// the first and refuses the second; string-origin refuses both.
func TestStringOrigin(t *testing.T) {
	paddedPort := func(_ int, o mockpeer.Origins, iface wire.AgentInterface) string {
		host, port, _ := net.SplitHostPort(mockpeer.GRPCTarget(o("A")))
		return "https://" + net.JoinHostPort(host, "0"+port) + mockpeer.JSONRPCPath
	}
	userinfo := func(_ int, o mockpeer.Origins, iface wire.AgentInterface) string {
		return "https://" + mockpeer.GRPCTarget(o("A")) + "@" + mockpeer.GRPCTarget(o("B")) + mockpeer.JSONRPCPath
	}
	for _, tc := range []struct {
		client, spelling string
		respell          func(int, mockpeer.Origins, wire.AgentInterface) string
		want             driver.Outcome
	}{
		{Reference, "port with a leading zero", paddedPort, completed},
		{StringOrigin, "port with a leading zero", paddedPort, untrusted},
		{Reference, "userinfo", userinfo, untrusted},
		{StringOrigin, "userinfo", userinfo, untrusted},
	} {
		t.Run(tc.client+"/"+tc.spelling, func(t *testing.T) {
			out, j := play(t, tc.client, mockpeer.Grants{Bearer: true},
				mockpeer.PeerSpec{Name: "A", Host: "127.0.0.1", Bindings: []string{wire.BindingJSONRPC}, Respell: tc.respell,
					Cards: []mockpeer.CardFunc{card("A", "A", requireBearer)}},
				mockpeer.PeerSpec{Name: "B", Host: "127.0.0.1", Cards: []mockpeer.CardFunc{card("B", "B", requireBearer)}})
			wantOutcome(t, out, tc.want.Outcome, tc.want.Reason)
			wantCount(t, j, "B", "", "", 0)
			if tc.want == untrusted {
				wantCount(t, j, "A", journal.RouteA2A, "", 0)
			}
		})
	}
}
