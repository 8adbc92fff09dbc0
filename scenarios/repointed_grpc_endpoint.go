package scenarios

import (
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// repointed-endpoint over gRPC: the card's only interface is gRPC, whose
// url is a target ("host:port", the spec's form), not an https URL. An
// origin check that parses only https URLs finds no origin in it to
// compare, and lets it through.
var _ = register(routing(Scenario{
	ID:     "repointed-grpc-endpoint",
	Family: FamilyAuthority, Rank: 130,
	Title: "the card's gRPC endpoint points at another origin",
	Description: "The card is served on origin A and lists one interface, gRPC, whose url is a target " +
		"`host:port` (the spec's form). The client's first task runs under the honest card, whose gRPC " +
		"interface is A's own `host:port` (the positive control). Between the tasks the card is repointed: " +
		"the gRPC interface is B's `host:port` (another loopback address and port, another TLS identity). " +
		"B is a working A2A peer that would complete the task.",
	Grants: mockpeer.Grants{Bearer: true},
	Requirements: untrustedEndpoint("B", verdict.ProfileCore, "contract-model §3 rule 6; A2A v1.0 spec §10 (gRPC interface url)",
		[4]said{
			{"REPOINT-005", "The client MUST NOT contact, nor even open a connection to, a gRPC endpoint on another origin that " +
				"the card is not authoritative for."},
			{"REPOINT-006", "The client MUST NOT send any credential to a gRPC endpoint the card is not authoritative for."},
			{"REPOINT-007", "The client MUST report the second task aborted with reason untrusted-endpoint, having been served " +
				"the card that points elsewhere."},
			{"REPOINT-008", "The client MUST complete the first task, under the card whose endpoints are on its own origin (the " +
				"positive control)."},
		}),
}, mockpeer.PeerSpec{
	Cards:   []mockpeer.CardFunc{grpcCard("A").Build, grpcCard("A").Endpoint("B").Version("1.1.0").Build},
	Caching: mockpeer.Caching{CacheControl: "max-age=300"},
}, workingPeer("B", "127.0.0.2", grpcCard)))

// grpcCard is the bearer card with gRPC as its only interface.
func grpcCard(peer string) mockpeer.CardBuilder {
	return bearerCard(peer).Bindings(wire.BindingGRPC)
}
