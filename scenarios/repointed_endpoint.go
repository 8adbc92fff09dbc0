package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// The field report: a card served on one origin whose interfaces point at
// another. An unsigned card is not authoritative for that endpoint; the
// client must send nothing there, credentials least of all. B listens on
// the card's own host at another port: an origin is scheme, host and port,
// and a gate that compares hostnames only must fail here (the other
// repointed scenarios keep B on another host).
var _ = register(routing(Scenario{
	ID:     "repointed-endpoint",
	Family: FamilyAuthority, Rank: 10,
	Title: "the card's endpoints point at another origin",
	Description: "The card is served on origin A. The client's first task runs under the honest card, whose " +
		"interfaces are on A (the positive control). Between the tasks the card is repointed: every interface " +
		"url is on origin B, on the card's own host (127.0.0.1) at another port, with another TLS identity: the " +
		"same host is not the same origin. B is a working A2A peer that would complete the task.",
	Grants: mockpeer.Grants{Bearer: true},
	Requirements: untrustedEndpoint("B", verdict.ProfileCore, "contract-model §3 rule 6",
		[4]said{
			{"REPOINT-001", "The client MUST NOT contact, nor even open a connection to, an endpoint on another origin that the " +
				"card is not authoritative for."},
			{"REPOINT-002", "The client MUST NOT send any credential to an endpoint the card is not authoritative for."},
			{"REPOINT-003", "The client MUST report the second task aborted with reason untrusted-endpoint, having been served " +
				"the card that points elsewhere."},
			{"REPOINT-004", "The client MUST complete the first task, under the card whose endpoints are on its own origin (the " +
				"positive control)."},
		}),
}, mockpeer.PeerSpec{
	Cards:   []mockpeer.CardFunc{bearerCard("A").Build, bearerCard("A").Endpoint("B").Version("1.1.0").Build},
	Caching: mockpeer.Caching{CacheControl: "max-age=300"},
}, workingPeer("B", "127.0.0.1", bearerCard)))
