package scenarios

import (
	"maps"
	"slices"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// FieldKind is what docs/contract-model.md §1 calls a card field.
type FieldKind string

// The two kinds of card field.
const (
	ContractField   FieldKind = "contract"
	CapabilityField FieldKind = "capability"
)

// Field is one card field a scenario changes alone: the field tables of
// the fixed catalog (contract-field-before-send, capability-field-before-
// send) and of the generated one (package explore) are this one table.
// Kind is the table's claim; the verdicts never read it: they are derived
// from the contract hashes of the cards Change makes (FieldChanges), and
// fields_test.go holds the claim to the projection.
type Field struct {
	// ID is stable: generated variants are named after it.
	ID   string
	Kind FieldKind
	// What names the field in requirement texts ("an interface's tenant").
	What string
	// Change derives the changed card from a card of the field family
	// (FieldCard) whose interfaces are laid out as bindings says.
	Change func(b mockpeer.CardBuilder, bindings []string) mockpeer.CardBuilder
	// MayRefuse is the reason a client that cannot follow the changed card
	// may give instead of completing its task, without sending it ("" for
	// none): a required extension it does not speak.
	MayRefuse string
}

// Fields is the field table: every contract field of the projection, then
// every capability field §1 lists, then the fields in neither list (which
// are capability fields too, §1's "everything else"), each with the
// change a scenario makes to it.
func Fields() []Field {
	return slices.Concat(contractFields(), capabilityFields(), unlistedFields())
}

// SpaceFields are the IDs of the fields the generated catalog draws
// (scenarios/explore): the two lists of contract-model §1, not the fields
// in neither (unlistedFields), which the fixed catalog plays each alone
// (unlisted-field-before-send). The field factor is the space's largest:
// with §1's 23 fields, by the four levels of the points, the interface
// lists and the authority classes, a covering array needs 92 rows at
// least and has 92 to 100 for 198 of seeds 0 to 199, so one level more
// would take --explore 100 past covering every pair for most seeds
// (docs/explore.md).
func SpaceFields() []string {
	var ids []string
	for _, f := range slices.Concat(contractFields(), capabilityFields()) {
		ids = append(ids, f.ID)
	}
	return ids
}

// The field family's card: the interfaces the layout lists, a second entry
// to the first one's endpoint under tenant "secondary" (so that the
// interfaces can be reordered, and one changed that the client need not
// use), three schemes of which the API key is required card-wide (so that
// each scheme's parameters are contract without changing what the client
// sends, but the API key's decide it), and the frozen-contract extension
// offered, not required.
const (
	secondaryTenant = "secondary"
	// FieldCardTenant is the tenant the tenant field changes to.
	fieldTenant  = "blue"
	fieldVersion = "2.0"
)

// FieldGrants are the credentials a client of the field family holds.
var FieldGrants = mockpeer.Grants{APIKey: true, Bearer: true, OAuth: true}

// FieldCard is the field family's card for peer, its interfaces on the
// origin of endpoint (peer itself, or the peer a signed card vouches for)
// over bindings, in order, followed by the secondary entry to the first.
func FieldCard(peer, endpoint string, bindings ...string) mockpeer.CardBuilder {
	return standardCard(peer).Endpoint(endpoint).Bindings(bindings...).AddInterface(0, secondaryTenant).
		Security(fieldSchemes(peer), wire.Require(mockpeer.SchemeAPIKey)).
		Extensions(frozenContractExtension)
}

func fieldSchemes(peer string) mockpeer.Schemes {
	oauth := mockpeer.OAuthScheme(peer, map[string]string{"a2a.tasks": "delegate tasks"})
	return func(o mockpeer.Origins) map[string]wire.SecurityScheme {
		s := oauth(o)
		maps.Copy(s, mockpeer.APIKeyScheme()(o))
		maps.Copy(s, mockpeer.BearerScheme()(o))
		return s
	}
}

func contractFields() []Field {
	return []Field{
		{ID: "tenant", Kind: ContractField, What: "the first interface's tenant",
			Change: func(b mockpeer.CardBuilder, _ []string) mockpeer.CardBuilder {
				return b.InterfaceTenant(0, fieldTenant)
			}},
		{ID: "protocol-binding", Kind: ContractField, What: "the second interface's protocolBinding",
			Change: func(b mockpeer.CardBuilder, bindings []string) mockpeer.CardBuilder {
				return b.InterfaceBinding(1, otherBinding(secondOf(bindings)))
			}},
		{ID: "protocol-version", Kind: ContractField, What: "the first interface's protocolVersion",
			Change: func(b mockpeer.CardBuilder, _ []string) mockpeer.CardBuilder {
				return b.InterfaceProtocolVersion(0, fieldVersion)
			}},
		{ID: "interface-order", Kind: ContractField, What: "the order of the interfaces (the first and the secondary entry swapped)",
			Change: func(b mockpeer.CardBuilder, bindings []string) mockpeer.CardBuilder {
				return b.SwapInterfaces(0, len(bindings)) // the secondary entry is last
			}},
		{ID: "extension-required", Kind: ContractField, What: "an extension becoming required",
			Change: func(b mockpeer.CardBuilder, _ []string) mockpeer.CardBuilder {
				return b.RequireExtension(mockpeer.FrozenContractExtension)
			},
			MayRefuse: "extension-unsupported"},
		{ID: "skill-security", Kind: ContractField, What: "the target skill's own securityRequirements",
			Change: func(b mockpeer.CardBuilder, _ []string) mockpeer.CardBuilder {
				return b.SkillSecurity(skillSummarize, wire.Require(mockpeer.SchemeBearer))
			}},
		{ID: "oauth-token-url", Kind: ContractField, What: "the OAuth scheme's tokenUrl",
			Change: func(b mockpeer.CardBuilder, _ []string) mockpeer.CardBuilder {
				return b.OAuthTokenURL(mockpeer.SchemeOAuth, func(u string) string { return u + "?realm=tasks" })
			}},
		{ID: "oauth-scopes", Kind: ContractField, What: "the OAuth scheme's scopes",
			Change: func(b mockpeer.CardBuilder, _ []string) mockpeer.CardBuilder {
				return b.OAuthScopes(mockpeer.SchemeOAuth, map[string]string{"a2a.tasks": "delegate tasks", "a2a.audit": "read the audit log"})
			}},
		{ID: "apikey-name", Kind: ContractField, What: "the API-key scheme's name",
			Change: func(b mockpeer.CardBuilder, _ []string) mockpeer.CardBuilder {
				return b.APIKeyName(mockpeer.SchemeAPIKey, "X-Agent-Key")
			}},
		{ID: "apikey-location", Kind: ContractField, What: "the API-key scheme's location",
			Change: func(b mockpeer.CardBuilder, _ []string) mockpeer.CardBuilder {
				return b.APIKeyLocation(mockpeer.SchemeAPIKey, "cookie")
			}},
	}
}

func capabilityFields() []Field {
	capability := func(id, what string, change func(mockpeer.CardBuilder) mockpeer.CardBuilder) Field {
		return Field{ID: id, Kind: CapabilityField, What: what,
			Change: func(b mockpeer.CardBuilder, _ []string) mockpeer.CardBuilder { return change(b) }}
	}
	return []Field{
		capability("skills", "the skills listed (reordered, an unrelated one dropped)", func(b mockpeer.CardBuilder) mockpeer.CardBuilder {
			return b.Skills(standardSkills()[1], standardSkills()[0])
		}),
		capability("skill-description", "the target skill's description", func(b mockpeer.CardBuilder) mockpeer.CardBuilder {
			return b.SkillDescription(skillSummarize, "Summarizes a document in three sentences.")
		}),
		capability("input-modes", "defaultInputModes", func(b mockpeer.CardBuilder) mockpeer.CardBuilder {
			return b.InputModes("text/plain", "application/pdf")
		}),
		capability("output-modes", "defaultOutputModes", func(b mockpeer.CardBuilder) mockpeer.CardBuilder {
			return b.OutputModes("text/plain", "text/markdown")
		}),
		capability("streaming", "capabilities.streaming", func(b mockpeer.CardBuilder) mockpeer.CardBuilder {
			return b.Streaming(false)
		}),
		capability("push-notifications", "capabilities.pushNotifications", func(b mockpeer.CardBuilder) mockpeer.CardBuilder {
			return b.PushNotifications(true)
		}),
		capability("name", "the agent's name", func(b mockpeer.CardBuilder) mockpeer.CardBuilder {
			return b.Name("a2a-conform summarizer")
		}),
		capability("description", "the agent's description", func(b mockpeer.CardBuilder) mockpeer.CardBuilder {
			return b.Description("Summarizes and translates documents.")
		}),
		capability("version", "the agent's version", func(b mockpeer.CardBuilder) mockpeer.CardBuilder {
			return b.Version("1.1.0")
		}),
		capability("provider", "the provider", func(b mockpeer.CardBuilder) mockpeer.CardBuilder {
			return b.Provider(&wire.AgentProvider{Organization: "a2a-conform labs", URL: "https://labs.a2a-conform.dev"})
		}),
		capability("icon-url", "iconUrl", func(b mockpeer.CardBuilder) mockpeer.CardBuilder {
			return b.IconURL("https://a2a-conform.dev/icon.png")
		}),
		capability("documentation-url", "documentationUrl", func(b mockpeer.CardBuilder) mockpeer.CardBuilder {
			return b.DocumentationURL("https://a2a-conform.dev/docs")
		}),
		// The skill the task needs moved elsewhere (the field's skill
		// reorganisation, before the send): it had no security of its own,
		// so its effective requirement is the card's, unchanged. A client
		// taking the listing for contract aborts; rule 1 says send and let
		// the task fail on its own if it must.
		capability("target-skill-unlisted", "the target skill no longer listed (its security was the card's)", func(b mockpeer.CardBuilder) mockpeer.CardBuilder {
			return b.Skills(standardSkills()[1], standardSkills()[2])
		}),
	}
}

// tracingExtension is an extension the field card's change offers beside
// the frozen-contract one, not required: no client of the suite speaks it.
var tracingExtension = wire.AgentExtension{
	URI:         "https://a2a-conform.dev/ext/tracing/v1",
	Description: "The agent returns a trace of its work when asked.",
	Params:      map[string]any{"format": "w3c-trace-context"},
}

// unlistedFields are card fields in neither of contract-model §1's lists,
// so capability fields (§1's "everything else"): a client whose contract
// is the card less the capability fields it knows (denylist-contract)
// takes each for contract and aborts, where the projection says the
// contract holds. A member the A2A 1.0 card does not define is not among
// them: ProtoJSON parsers reject unknown fields unless told to ignore them
// (spec §5.7 says only SHOULD ignore), and a signature over a card
// carrying one breaks for a verifier that canonicalizes through its proto
// model (@a2a-js/sdk's verifyAgentCardSignature) or over a gRPC
// re-encoding (the extended card's), which is no client's fault. Nor is a
// re-signed card: signing is a peer's, not a card version's, and the
// signed scenarios change signatures with every card they change.
func unlistedFields() []Field {
	capability := func(id, what string, change func(mockpeer.CardBuilder) mockpeer.CardBuilder) Field {
		return Field{ID: id, Kind: CapabilityField, What: what,
			Change: func(b mockpeer.CardBuilder, _ []string) mockpeer.CardBuilder { return change(b) }}
	}
	return []Field{
		capability("extension-offered", "the extensions offered (a second one added, not required)", func(b mockpeer.CardBuilder) mockpeer.CardBuilder {
			return b.Edit(func(_ mockpeer.Origins, c *wire.AgentCard) {
				c.Capabilities.Extensions = append(c.Capabilities.Extensions, tracingExtension)
			})
		}),
		capability("extension-params", "the params of the extension offered (not required)", func(b mockpeer.CardBuilder) mockpeer.CardBuilder {
			return b.Edit(func(_ mockpeer.Origins, c *wire.AgentCard) {
				for i := range c.Capabilities.Extensions {
					if e := &c.Capabilities.Extensions[i]; e.URI == mockpeer.FrozenContractExtension && !e.Required {
						e.Params = map[string]any{"announce": "every-status"}
						return
					}
				}
				panic("scenarios: the card offers no frozen-contract extension to change the params of")
			})
		}),
		// Toggled: advertised on the public card, withdrawn from an
		// extended card that repeats the advertisement, so that the
		// change is one on every card of the field family. The public
		// card lists the target skill, so the task needs no extended card.
		capability("extended-card-advertised", "capabilities.extendedAgentCard", func(b mockpeer.CardBuilder) mockpeer.CardBuilder {
			return b.Edit(func(_ mockpeer.Origins, c *wire.AgentCard) {
				was := c.Capabilities.ExtendedAgentCard
				c.Capabilities.ExtendedAgentCard = wire.Bool(was == nil || !*was)
			})
		}),
		capability("skill-tags", "the target skill's tags", func(b mockpeer.CardBuilder) mockpeer.CardBuilder {
			return editSkill(b, skillSummarize, func(s *wire.AgentSkill) { s.Tags = []string{"documents", "summaries"} })
		}),
		capability("skill-examples", "the target skill's examples", func(b mockpeer.CardBuilder) mockpeer.CardBuilder {
			return editSkill(b, skillSummarize, func(s *wire.AgentSkill) { s.Examples = []string{"Summarize this report in three sentences."} })
		}),
	}
}

// editSkill edits skill id of the built card; a card without it panics
// when built, as a script error should.
func editSkill(b mockpeer.CardBuilder, id string, edit func(*wire.AgentSkill)) mockpeer.CardBuilder {
	return b.Edit(func(_ mockpeer.Origins, c *wire.AgentCard) {
		for i := range c.Skills {
			if c.Skills[i].ID == id {
				edit(&c.Skills[i])
				return
			}
		}
		panic("scenarios: the card lists no skill " + id)
	})
}

// secondOf is the binding of the field card's second interface: the
// layout's second binding, or the first again (the secondary entry).
func secondOf(bindings []string) string {
	if len(bindings) > 1 {
		return bindings[1]
	}
	return bindings[0]
}

// otherBinding is a binding other than b that the peers speak.
func otherBinding(b string) string {
	if b == wire.BindingJSONRPC {
		return wire.BindingHTTPJSON
	}
	return wire.BindingJSONRPC
}

// LookupField finds a field of the table by ID.
func LookupField(id string) (Field, bool) {
	for _, f := range Fields() {
		if f.ID == id {
			return f, true
		}
	}
	return Field{}, false
}
