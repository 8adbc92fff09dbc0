package scenarios

import (
	"maps"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// The credential decision itself (contract-model §8 rule 1): the client
// reads the effective security requirement as the spec writes it, a list
// of alternatives (OR), each naming every scheme it needs (AND), each
// scheme where the card says it goes. Before this scenario every card a
// task was planned on required one scheme, in its default place, so a
// client could take the first alternative, refuse any choice, send
// nothing unless one scheme was asked, or put its API key in a fixed
// header, and pass the whole catalog. The peer admits a request only when
// it satisfies one alternative whole, an API key only under the name and
// in the place its scheme declares (mockpeer/auth.go): a completed task
// proves the right credentials went out.

// credAltKeyName and credAltKeyLocation are where the third card asks for
// the API key: a name of its own, in a cookie. A cookie rather than the
// query: it is a header of every binding, gRPC metadata included, so the
// reference sends it whichever binding is chosen.
const (
	credAltKeyName     = "X-Agent-Key"
	credAltKeyLocation = "cookie"
)

var _ = register(&Scenario{
	ID:     "credential-alternatives",
	Family: FamilyCredentials, Rank: 20,
	Title: "a client reads the security requirement as alternatives of scheme sets, each scheme where the card puts it",
	Description: "The client holds a bearer token and an API key, no client certificate. One session, three tasks to peer A, " +
		"whose card changes between them. The first card requires a TLS client certificate or the bearer token (two " +
		"alternatives, the first not held); the second requires the bearer token and the API key together (one " +
		"alternative of two schemes); the third requires the API key alone, renamed " + credAltKeyName + " and read from a " +
		credAltKeyLocation + ". A conformant client completes each task with exactly the credentials of one alternative, " +
		"each where its scheme says; the peer admits nothing else.",
	Grants:   mockpeer.Grants{Bearer: true, APIKey: true},
	CardPeer: "A",
	Tasks:    []Task{{}, {Before: RotateTo("A", 1)}, {Before: RotateTo("A", 2)}},
	Peers: []mockpeer.PeerSpec{{
		Name: "A",
		Cards: []mockpeer.CardFunc{
			certificateOrBearerCard("A").Build,
			bearerAndAPIKeyCard("A").Version("1.1.0").Build,
			renamedAPIKeyCard("A").Version("1.2.0").Build,
		},
		Task: mockpeer.TaskScript{Steps: completingSteps()},
	}},
	Requirements: []Requirement{
		controlAt("CRED-008", 1, "A", "The client MUST complete the first task, whose card requires a TLS client certificate "+
			"or the bearer token, with the bearer token: an alternative it cannot satisfy is skipped, not the end of the choice.",
			"spec §4.5, §7.3; contract-model §8"),
		{ID: "CRED-009", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text: "The client MUST send, in each task, no credential but those of the alternative it satisfies on the card " +
				"that task was planned on: the bearer token alone in the first (not its API key), the bearer token and the API " +
				"key in the second, the API key alone in the third (not its bearer token, which the card declares but no " +
				"longer requires); on any request, however encoded.",
			Ref: "spec §7.3, §13; A2ACLI_AUTH_008; contract-model §8",
			Check: namedPerTask(map[int][]string{
				1: {journal.CredBearer},
				2: {journal.CredBearer, journal.CredAPIKey},
				3: {journal.CredAPIKey},
			})},
		controlAt("CRED-010", 2, "A", "The client MUST complete the second task, whose card requires the bearer token and "+
			"the API key in one alternative, sending both on its requests.",
			"spec §4.5, §7.3; contract-model §8"),
		controlAt("CRED-011", 3, "A", "The client MUST complete the third task, whose card requires the API key under the name "+
			"("+credAltKeyName+") and in the location ("+credAltKeyLocation+") its scheme declares, sending it there.",
			"spec §4.5, §7.3; contract-model §8"),
	},
})

// certificateOrBearerCard declares a TLS client certificate and a bearer
// scheme and requires either, the certificate first: the alternative the
// client cannot satisfy comes first.
func certificateOrBearerCard(peer string) mockpeer.CardBuilder {
	schemes := func(o mockpeer.Origins) map[string]wire.SecurityScheme {
		s := mockpeer.MTLSScheme("TLS client certificate issued by the agent's CA")(o)
		maps.Copy(s, mockpeer.BearerScheme()(o))
		return s
	}
	return standardCard(peer).Security(schemes, wire.Require(mockpeer.SchemeMTLS), wire.Require(mockpeer.SchemeBearer))
}

// bearerAndAPIKeyCard requires the bearer token and the API key (in its
// default header) together: one alternative of two schemes.
func bearerAndAPIKeyCard(peer string) mockpeer.CardBuilder {
	return standardCard(peer).Security(bearerAndAPIKeySchemes, wire.Require(mockpeer.SchemeBearer, mockpeer.SchemeAPIKey))
}

func bearerAndAPIKeySchemes(o mockpeer.Origins) map[string]wire.SecurityScheme {
	s := mockpeer.BearerScheme()(o)
	maps.Copy(s, mockpeer.APIKeyScheme()(o))
	return s
}

// renamedAPIKeyCard requires the API key alone, under a name and in a
// location of its own; the bearer scheme stays declared, not required.
func renamedAPIKeyCard(peer string) mockpeer.CardBuilder {
	return standardCard(peer).Security(bearerAndAPIKeySchemes, wire.Require(mockpeer.SchemeAPIKey)).
		APIKeyName(mockpeer.SchemeAPIKey, credAltKeyName).
		APIKeyLocation(mockpeer.SchemeAPIKey, credAltKeyLocation)
}
