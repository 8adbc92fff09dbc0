package scenarios

import (
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// repointed-grpc-endpoint with the other target forms gRPC clients dial
// (grpc-go's NewClient, which a2a-go hands the url to, and @grpc/grpc-js):
// a resolver scheme in front of host:port. Such a url has a scheme and no
// host, so a check that compares url hosts compares "" and may wave it
// through. None of them is on the card's origin.
var _ = register(routing(Scenario{
	ID:     "repointed-grpc-target",
	Family: FamilyAuthority, Rank: 140,
	Title: "the card's gRPC endpoint is a resolver target on another origin",
	Description: "As repointed-grpc-endpoint, but the repointed card lists B's gRPC interface in the target forms " +
		"gRPC clients dial, in this order: `dns:///host:port`, `dns://resolver/host:port` (a named DNS " +
		"resolver; B's host is an IP literal, which no resolver is asked about), `passthrough:///host:port`, " +
		"then the plain `host:port` (which a run offering no gRPC turns into B's interfaces of the bindings " +
		"it offers). The positive control's card lists A's gRPC interface as `host:port`.",
	Grants: mockpeer.Grants{Bearer: true},
	Requirements: untrustedEndpoint("B", verdict.ProfileCore, "contract-model §3 rule 6; A2A v1.0 spec §10 (gRPC interface url)",
		[4]said{
			{"REPOINT-009", "The client MUST NOT contact, nor even open a connection to, a gRPC target on another origin, " +
				"whatever resolver scheme names it."},
			{"REPOINT-010", "The client MUST NOT send any credential to a gRPC target the card is not authoritative for."},
			{"REPOINT-011", "The client MUST report the second task aborted with reason untrusted-endpoint, having been served " +
				"the card that points elsewhere."},
			{"REPOINT-012", "The client MUST complete the first task, under the card whose endpoints are on its own origin (the " +
				"positive control)."},
		}),
}, mockpeer.PeerSpec{
	Cards:   []mockpeer.CardFunc{grpcCard("A").Build, grpcCard("A").Version("1.1.0").Edit(resolverTargets("B")).Build},
	Caching: mockpeer.Caching{CacheControl: "max-age=300"},
}, workingPeer("B", "127.0.0.2", grpcCard)))

// resolverTargets lists peer's gRPC interface in the resolver-scheme forms,
// dns:/// first (the one grpc-go makes of a bare host:port), then as the
// bare host:port: the farm's own form, which a run's --bindings rewrites, so
// that a client of another binding also meets the repoint.
func resolverTargets(peer string) func(mockpeer.Origins, *wire.AgentCard) {
	return func(o mockpeer.Origins, c *wire.AgentCard) {
		hostPort := mockpeer.GRPCTarget(o(peer))
		c.SupportedInterfaces = nil
		for _, target := range []string{"dns:///" + hostPort, "dns://127.0.0.1:53/" + hostPort, "passthrough:///" + hostPort, hostPort} {
			c.SupportedInterfaces = append(c.SupportedInterfaces, wire.AgentInterface{
				URL: target, ProtocolBinding: wire.BindingGRPC, ProtocolVersion: wire.ProtocolVersion,
			})
		}
	}
}
