package scenarios

import (
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// A gRPC target that names a DNS resolver of its own,
// dns://resolver/host:port, is not provably the card's origin, even when
// its host:port is the card's: the resolver decides where it leads
// (contract-model §3 rule 6). repointed-grpc-target lists that form on
// another origin only, where reading it as host:port still refuses it, so
// a client that dropped the resolver and took the target for host:port
// (grpc-resolver-authority) passed every requirement of the catalog. Here
// the target's host:port is the card's own: only the resolver makes it
// advisory. B's plain host:port follows it, advisory as any other origin,
// so that the card has no interface the client may use over any binding: a
// run's --bindings turns that form into B's interfaces of the bindings it
// offers, as in repointed-grpc-target, and a client of another binding
// meets the refusal too.
var _ = register(withPeer(bearerPeer(Scenario{
	ID:     "grpc-named-resolver-own-origin",
	Family: FamilyAuthority, Rank: 145,
	Title: "the card's gRPC target names its own host and port through a DNS resolver of its own",
	Description: "The card lists gRPC interfaces alone. The client's first task runs under the card whose target is " +
		"A's `host:port` (the positive control). Between the tasks the card's first interface becomes " +
		"`dns://127.0.0.1:53/<A's host:port>`: A's own host and port, behind a DNS resolver the card names, which is not " +
		"provably A's origin; A serves gRPC there, and would complete the task. It is followed by B's `host:port`, on " +
		"another origin (which a run offering no gRPC turns into B's interfaces of the bindings it offers). B is a " +
		"working A2A peer.",
	CardPeer: "A",
	Tasks:    controlThen(RotateTo("A", 1)),
	Requirements: []Requirement{
		{
			ID: "ORIGIN-021", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text: "The client MUST NOT send anything but card requests while the card's first gRPC target names a DNS resolver " +
				"of its own (dns://resolver/host:port), even when its host and port are the card's, and its other target is on " +
				"another origin: neither is provably the card's origin.",
			Ref:   "contract-model §3 rule 6, §6; A2A v1.0 spec §10 (gRPC interface url)",
			Check: onlyCardRequests("A", []int{2}),
		},
		{
			ID: "ORIGIN-022", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text:  "The client MUST NOT send any credential to a gRPC target that names a DNS resolver of its own.",
			Ref:   "contract-model §3 rule 6, §6",
			Check: noCredentialBesideCard("A", []int{2}),
		},
		atTask(2, mustAbort("ORIGIN-023", "The client MUST report the second task aborted with reason untrusted-endpoint, "+
			"having been served the card whose gRPC targets are its own host:port behind a DNS resolver of its own and another origin.",
			"contract-model §3 rule 6; docs/driver-contract.md", driver.ReasonUntrustedEndpoint)),
		controlTask("ORIGIN-024", verdict.ProfileCore, 1, "The client MUST complete the first task, under the card whose gRPC "+
			"target is its own host:port (the positive control).", "contract-model §3 rule 6"),
	},
}, mockpeer.PeerSpec{
	Cards:   []mockpeer.CardFunc{grpcCard("A").Build, grpcCard("A").Version("1.1.0").Edit(namedResolverTarget("A", "B")).Build},
	Caching: mockpeer.Caching{CacheControl: "max-age=300"},
	Task:    mockpeer.TaskScript{Steps: completingSteps()},
}), workingPeer("B", "127.0.0.2", grpcCard)))

// namedResolverTarget lists peer's gRPC interface as a target naming a DNS
// resolver of its own in front of peer's host:port, a form a run's
// --bindings keeps as it is, then other's as its plain host:port, the
// farm's own form, which --bindings rewrites.
func namedResolverTarget(peer, other string) func(mockpeer.Origins, *wire.AgentCard) {
	return func(o mockpeer.Origins, c *wire.AgentCard) {
		c.SupportedInterfaces = nil
		for _, target := range []string{"dns://127.0.0.1:53/" + mockpeer.GRPCTarget(o(peer)), mockpeer.GRPCTarget(o(other))} {
			c.SupportedInterfaces = append(c.SupportedInterfaces, wire.AgentInterface{
				URL: target, ProtocolBinding: wire.BindingGRPC, ProtocolVersion: wire.ProtocolVersion,
			})
		}
	}
}
