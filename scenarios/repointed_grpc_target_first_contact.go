package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// repointed-grpc-target on first contact: the session's first card lists
// B's gRPC interface in the resolver-scheme forms gRPC clients dial.
var _ = register(firstContact(routing(Scenario{
	ID:     "repointed-grpc-target-first-contact",
	Family: FamilyFirstContact, Rank: 60,
	Title: "the session's first card has its gRPC endpoint as a resolver target on another origin",
	Description: "As `repointed-grpc-target`, the other way round: the first card the client is served lists B's gRPC " +
		"interface as `dns:///host:port`, `dns://resolver/host:port`, `passthrough:///host:port`, then the plain " +
		"`host:port`. Between the tasks the card lists A's gRPC interface as `host:port`, and the second task runs " +
		"under it (the positive control).",
	Grants: mockpeer.Grants{Bearer: true},
	Requirements: untrustedOnFirstContact("B", verdict.ProfileCore, "contract-model §3 rule 6; A2A v1.0 spec §10 (gRPC interface url)",
		[4]said{
			{"FIRST-021", "The client MUST NOT send any request to a gRPC target on another origin that the session's first card " +
				"names, whatever resolver scheme names it."},
			{"FIRST-022", "The client MUST NOT send any credential to a gRPC target the session's first card is not " +
				"authoritative for."},
			{"FIRST-023", "The client MUST report the first task aborted with reason untrusted-endpoint, having been served, as " +
				"the session's first card, the card that points elsewhere: a card is judged on its own, not against an earlier " +
				"one."},
			{"FIRST-024", "The client MUST complete the second task, under the card whose endpoints are on its own origin, " +
				"served after the one it refused (the positive control)."},
		}),
}, mockpeer.PeerSpec{
	Cards:   []mockpeer.CardFunc{grpcCard("A").Build, grpcCard("A").Version("1.1.0").Edit(resolverTargets("B")).Build},
	Caching: mockpeer.Caching{CacheControl: "max-age=300"},
}, workingPeer("B", "127.0.0.2", grpcCard))))
