package scenarios

import (
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// Skill ids used by the catalog. Every scenario delegates to the same
// skill with the same task text: nothing a client is handed tells one
// scenario from another (the card it fetches is the scenario).
const (
	skillSummarize = "summarize"
	skillTranslate = "translate"
)

// taskMessage is the text of every task the catalog hands out.
const taskMessage = "Summarize the attached document."

// The catalog's cards are the farm's default card (mockpeer.NewCard: three
// interfaces on the peer's own origin, JSON-RPC, HTTP+JSON, then gRPC, all
// protocol 1.0) with the standard skills and one kind of security, required
// card-wide. A scenario derives the versions it rotates through from these;
// those about one interface (version-skew's 2.0 card, repointed-grpc-*)
// list fewer.

func bearerCard(peer string) mockpeer.CardBuilder {
	return standardCard(peer).Security(mockpeer.BearerScheme(), wire.Require(mockpeer.SchemeBearer))
}

// oauthCard asks for a scope, so that nothing in the card is an empty
// value (see signed_cards.go).
func oauthCard(peer string) mockpeer.CardBuilder {
	return standardCard(peer).Security(mockpeer.OAuthScheme(peer, map[string]string{"a2a.tasks": "delegate tasks"}),
		wire.SecurityRequirement{Schemes: map[string]wire.StringList{mockpeer.SchemeOAuth: {List: []string{"a2a.tasks"}}}})
}

func mtlsCard(peer string) mockpeer.CardBuilder {
	return standardCard(peer).Security(mockpeer.MTLSScheme("TLS client certificate issued by the agent's CA"),
		wire.Require(mockpeer.SchemeMTLS))
}

func apiKeyCard(peer string) mockpeer.CardBuilder {
	return standardCard(peer).Security(mockpeer.APIKeyScheme(), wire.Require(mockpeer.SchemeAPIKey))
}

func standardCard(peer string) mockpeer.CardBuilder {
	return mockpeer.NewCard(peer).Skills(standardSkills()...)
}

// standardSkills: the target plus unrelated ones, so drift can drop one.
func standardSkills() []wire.AgentSkill {
	return []wire.AgentSkill{
		skill(skillSummarize, "Summarizes a document."),
		skill(skillTranslate, "Translates text between languages."),
		skill("classify", "Classifies a document by topic."),
	}
}

func skill(id, description string) wire.AgentSkill {
	return mockpeer.Skill(id, description, "a2a-conform")
}
