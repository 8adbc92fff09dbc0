package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// extended-card-repointed with B listed on the public card too, before A's
// own interfaces and unsigned: the public card is advisory for B, so the
// client skips it there (foreign-origin-listed-first), and listing B
// vouches for nothing. The extended card is a card of the public card's
// origin, judged as any card (contract-model §7 item 3): what makes it
// authoritative for B is B being that origin, or a valid signature by a
// key it publishes, never B appearing on the public card. Until this
// scenario no public card of the extended-card family listed another
// origin, so a client that took an extended card as authoritative for
// every origin the public card lists (extended-public-origins) passed
// every requirement of the catalog.
var _ = register(extendedPeer(Scenario{
	ID:     "extended-card-repointed-public-listed",
	Family: FamilyExtendedCard, Rank: 35,
	Title: "the extended card points at another origin that the public card lists, unsigned",
	Description: "As `extended-card-repointed`, with B on another host (127.0.0.2) and its interfaces listed on the public " +
		"card too: every version of the public card lists one interface of each binding on origin B before A's own, " +
		"with no signature, so it is advisory for them. The first task runs under an extended card whose interfaces " +
		"are on A (the positive control). Between the tasks the extended card is repointed: every interface url is on " +
		"B. B is a working peer whose card lists the skill and would complete the task with the API key.",
	Tasks: controlThen(RotateTo("A", 1)),
	Requirements: untrustedEndpoint("B", verdict.ProfileCore, "contract-model §3 rule 6 and §7; "+extendedRef,
		[4]said{
			{"EXTCARD-021", "The client MUST NOT contact, nor even open a connection to, an origin that an extended card points " +
				"at and that the public card lists without being authoritative for it: a listing vouches for nothing."},
			{"EXTCARD-022", "The client MUST NOT send any credential to an endpoint the extended card is not authoritative for, " +
				"whatever origins the public card lists."},
			{"EXTCARD-023", "The client MUST report the second task aborted with reason untrusted-endpoint, having been served " +
				"the extended card that points at an origin the public card only lists."},
			{"EXTCARD-024", "The client MUST complete the first task at A, under the extended card whose endpoints are on its " +
				"own origin, skipping the public card's interfaces on B (the positive control)."},
		}),
}, mockpeer.Grants{Bearer: true}, mockpeer.PeerSpec{
	Cards: []mockpeer.CardFunc{ForeignFirst(publicOf(bearerCard)("A"), "B").Build,
		ForeignFirst(publicOf(bearerCard)("A").Version("1.1.0"), "B").Build},
	Caching: mockpeer.Caching{CacheControl: "max-age=300"},
	Extended: &mockpeer.ExtendedCard{Cards: []mockpeer.CardFunc{
		extendedOf(bearerCard)("A").Build, extendedOf(bearerCard)("A").Endpoint("B").Version("1.1.0").Build,
	}},
}, workingPeer("B", "127.0.0.2", extendedOf(bearerCard))))
