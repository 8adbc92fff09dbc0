package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// The repointing attack through the extended card: the public card stays
// on its origin, the authenticated card points elsewhere. The extended card
// is judged as any card (rule 6), with the public card's origin as its
// own: it is not authoritative for B, so B gets nothing and the card
// trusted before stays in force, which lacks the skill. B listens on the
// card's own host at another port, as in repointed-endpoint: a gate that
// compares hostnames only fails here.
var _ = register(extendedPeer(Scenario{
	ID:     "extended-card-repointed",
	Family: FamilyExtendedCard, Rank: 30,
	Title: "the extended card points at another origin",
	Description: "As `extended-card-skill`, in two tasks. The first runs under an extended card whose interfaces are on A " +
		"(the positive control). Between the tasks the extended card is repointed: every interface url is on origin B, " +
		"on the card's own host (127.0.0.1) at another port, with another TLS identity: the same host is not the same origin. The public card still points at A. B is a working peer whose " +
		"card lists the skill and would complete the task with the API key.",
	Tasks: controlThen(RotateTo("A", 1)),
	Requirements: untrustedEndpoint("B", verdict.ProfileCore, "contract-model §3 rule 6 and §7; "+extendedRef,
		[4]said{
			{"EXTCARD-007", "The client MUST NOT contact, nor even open a connection to, an origin that an extended card points " +
				"at and that the public card's origin is not."},
			{"EXTCARD-008", "The client MUST NOT send any credential to an endpoint the extended card is not authoritative for."},
			{"EXTCARD-009", "The client MUST report the second task aborted with reason untrusted-endpoint, having been served " +
				"the card that points elsewhere."},
			{"EXTCARD-010", "The client MUST complete the first task, under the card whose endpoints are on its own origin (the " +
				"positive control)."},
		}),
}, mockpeer.Grants{Bearer: true}, mockpeer.PeerSpec{
	Cards:   []mockpeer.CardFunc{publicOf(bearerCard)("A").Build, publicOf(bearerCard)("A").Version("1.1.0").Build},
	Caching: mockpeer.Caching{CacheControl: "max-age=300"},
	Extended: &mockpeer.ExtendedCard{Cards: []mockpeer.CardFunc{
		extendedOf(bearerCard)("A").Build, extendedOf(bearerCard)("A").Endpoint("B").Version("1.1.0").Build,
	}},
}, workingPeer("B", "127.0.0.1", extendedOf(bearerCard))))
