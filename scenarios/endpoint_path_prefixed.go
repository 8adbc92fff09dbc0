package scenarios

import "github.com/a2a-conform/a2a-conform/mockpeer"

// summarizerPrefix is where agent A sits on its host, as one of several
// agents sharing an origin under different paths.
const summarizerPrefix = "/agents/summarizer"

// An interface url is where the client sends, whole, path included
// (contract-model §3 rule 6): the card names its endpoint, the client
// does not build one from the binding. On a host that serves several
// agents under different paths, a client that takes the url's origin and
// appends the binding's usual path hands tasks and credentials to
// whichever agent sits there. Before it every peer served A2A at the same
// fixed paths, so a client guessing the path (guessed-path) passed every
// requirement of the catalog in both modes. The origin is the card's own,
// so this is the authority family's positive control for the path, beside
// the look-alike origins' for the origin; gRPC's url is host:port and
// names no path, so over gRPC alone the scenario asks what any does.
var _ = register(bearerPeer(Scenario{
	ID:     "endpoint-path-prefixed",
	Family: FamilyAuthority, Rank: 157,
	Title: "the agent serves A2A under a path of its own on a multi-agent host",
	Description: "The card is served on origin A at the well-known card path, and A serves A2A only under the path " +
		"`" + summarizerPrefix + "`, as one agent of a host serving several: the card's JSON-RPC interface is " +
		"`" + summarizerPrefix + mockpeer.JSONRPCPath + "` and its HTTP+JSON interface `" + summarizerPrefix +
		mockpeer.RESTPath + "` (gRPC at host:port, as always). The usual paths `" + mockpeer.JSONRPCPath + "` and `" +
		mockpeer.RESTPath + "` answer 404 there. Nothing else about it is unusual; the client holds a bearer token.",
	CardPeer: "A",
	Requirements: []Requirement{
		mustComplete("ORIGIN-019", "The client MUST complete the task at the interface url the card names, path included: "+
			"an interface url is where the client sends, whole, and a client that builds the endpoint from the binding "+
			"instead reaches whatever the host serves at the guessed path.",
			"contract-model §3 rule 6; A2A v1.0 spec §8.3.2"),
	},
}, with(freshPeer(bearerCard("A").Build), func(p *mockpeer.PeerSpec) { p.A2APrefix = summarizerPrefix })))
