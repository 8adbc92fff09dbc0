package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// repointed-grpc-endpoint on first contact: the session's first card lists
// one gRPC interface, B's host:port.
var _ = register(firstContact(routing(Scenario{
	ID:     "repointed-grpc-endpoint-first-contact",
	Family: FamilyFirstContact, Rank: 50,
	Title: "the session's first card has its gRPC endpoint on another origin",
	Description: "As `repointed-grpc-endpoint`, the other way round: the first card the client is served lists one " +
		"interface, gRPC, whose url is B's target `host:port` (another loopback address and port, another TLS " +
		"identity). Between the tasks the card's gRPC interface is A's own `host:port`, and the second task runs " +
		"under it (the positive control). B is a working A2A peer that would complete the task.",
	Grants: mockpeer.Grants{Bearer: true},
	Requirements: untrustedOnFirstContact("B", verdict.ProfileCore, "contract-model §3 rule 6; A2A v1.0 spec §10 (gRPC interface url)",
		[4]said{
			{"FIRST-017", "The client MUST NOT send any request to a gRPC endpoint on another origin that the session's first " +
				"card is not authoritative for."},
			{"FIRST-018", "The client MUST NOT send any credential to a gRPC endpoint the session's first card is not " +
				"authoritative for."},
			{"FIRST-019", "The client MUST report the first task aborted with reason untrusted-endpoint, having been served, as " +
				"the session's first card, the card that points elsewhere: a card is judged on its own, not against an earlier " +
				"one."},
			{"FIRST-020", "The client MUST complete the second task, under the card whose endpoints are on its own origin, " +
				"served after the one it refused (the positive control)."},
		}),
}, mockpeer.PeerSpec{
	Cards:   []mockpeer.CardFunc{grpcCard("A").Build, grpcCard("A").Endpoint("B").Version("1.1.0").Build},
	Caching: mockpeer.Caching{CacheControl: "max-age=300"},
}, workingPeer("B", "127.0.0.2", grpcCard))))
