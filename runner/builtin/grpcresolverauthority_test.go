package builtin

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// grpcTargetOnA lists A's gRPC interface alone, as target prefixes A's
// host:port.
func grpcTargetOnA(prefix string) edit {
	return func(o mockpeer.Origins, c *wire.AgentCard) {
		c.SupportedInterfaces = []wire.AgentInterface{{
			URL: prefix + mockpeer.GRPCTarget(o("A")), ProtocolBinding: wire.BindingGRPC, ProtocolVersion: "1.0",
		}}
	}
}

// A's card lists its own gRPC host:port alone, behind a DNS resolver of its
// own or as dns:///. The reference refuses the first and completes on the
// second; grpc-resolver-authority reads the first as the second.
func TestGRPCResolverAuthority(t *testing.T) {
	for _, tc := range []struct {
		client, prefix string
		want           driver.Outcome
	}{
		{Reference, "dns://127.0.0.1:53/", untrusted},
		{Reference, "dns:///", completed},
		{GRPCResolverAuthority, "dns://127.0.0.1:53/", completed},
		{GRPCResolverAuthority, "dns:///", completed},
	} {
		t.Run(tc.client+"/"+tc.prefix, func(t *testing.T) {
			out, j := play(t, tc.client, mockpeer.Grants{Bearer: true},
				mockpeer.PeerSpec{Name: "A", Cards: []mockpeer.CardFunc{card("A", "A", requireBearer, grpcTargetOnA(tc.prefix))}})
			wantOutcome(t, out, tc.want.Outcome, tc.want.Reason)
			sends := 0
			if tc.want == completed {
				sends = 1
			}
			wantCount(t, j, "A", journal.RouteA2A, wire.MethodSendMessage, sends)
		})
	}
}
