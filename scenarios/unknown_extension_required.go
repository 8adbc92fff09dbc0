package scenarios

import (
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// unspokenExtension is an extension no client of the suite speaks: the
// reference speaks the frozen-contract one only.
var unspokenExtension = wire.AgentExtension{
	URI:         "https://a2a-conform.dev/ext/unspoken/v1",
	Description: "An extension the agent defines for itself; no client of the suite speaks it.",
}

// A card that requires an extension the client does not speak is one the
// client cannot honour (A2A v1.0 spec §4.6, contract-model §1: a required
// extension is a contract field): the client sends nothing and reports
// extension-unsupported. Until this scenario the only extension any card
// required was the frozen-contract one, which the reference speaks, so a
// client that activated every extension a card required, spoken or not
// (claim-every-extension), passed every requirement of the catalog. An
// extension merely declared is no reason to refuse: the first task is the
// positive control.
var _ = register(bearerPeer(Scenario{
	ID:     "unknown-extension-required",
	Family: FamilyExtension, Rank: 20,
	Title: "the card requires an extension the client does not speak",
	Description: "The client's first task runs under a card that declares the extension `" + unspokenExtension.URI +
		"`, not required (the positive control). Between the tasks the card changes: that extension becomes required. " +
		"No client of the suite speaks it; the peer would take a task anyway.",
	Tasks: controlThen(RotateTo("A", 1)),
	Requirements: []Requirement{
		{ID: "EXT-004", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text: "The client MUST NOT send any A2A request to an agent whose card requires an extension the client does not speak: " +
				"in the second task, nothing but card requests reach peer A.",
			Ref: "A2A v1.0 spec §4.4.4, §4.6; contract-model §1", Check: onlyCardRequests("A", []int{2})},
		atTask(2, mustAbort("EXT-005", "The client MUST report the second task aborted with reason extension-unsupported, "+
			"having been served the card that requires the extension.",
			"A2A v1.0 spec §4.4.4, §4.6; docs/driver-contract.md", driver.ReasonExtensionUnsupported)),
		controlTask("EXT-006", verdict.ProfileCore, 1, "The client MUST complete the first task, under a card that declares "+
			"the extension without requiring it (the positive control): an extension merely declared is no reason to refuse.",
			"A2A v1.0 spec §4.6"),
	},
}, freshPeer(
	bearerCard("A").Extensions(unspokenExtension).Build,
	bearerCard("A").Extensions(unspokenExtension).RequireExtension(unspokenExtension.URI).Version("1.1.0").Build,
)))
