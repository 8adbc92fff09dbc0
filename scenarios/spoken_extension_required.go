package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// unknown-extension-required's positive control: a card that requires an
// extension the client speaks. Until this scenario no task of the fixed
// catalog was to complete under a card requiring an extension, so a client
// that never activated an extension it speaks (no-extensions-header: it
// strips A2A-Extensions from every request) passed every requirement: the
// only required extension was one it must refuse. The peer admits an A2A
// request only when A2A-Extensions names every extension the card in force
// requires, else it answers ExtensionSupportRequiredError (A2A v1.0 spec
// §3.3.4, a MUST for the agent); no grace window honours the card before.
var _ = register(bearerPeer(Scenario{
	ID:     "spoken-extension-required",
	Family: FamilyExtension, Rank: 30,
	Title: "the card requires an extension the client speaks",
	Description: "The client's first task runs under a card that offers the frozen-contract extension (`" +
		mockpeer.FrozenContractExtension + "`), not required (the positive control). Between the tasks the card " +
		"changes: that extension becomes required. The peer admits an A2A request only when its A2A-Extensions " +
		"names the extension, else it answers ExtensionSupportRequiredError. A client that speaks the extension " +
		"activates it and completes the second task; one that does not sends nothing and reports extension-unsupported.",
	Tasks: controlThen(RotateTo("A", 1)),
	Requirements: []Requirement{
		{ID: "EXT-007", Level: verdict.Must, Profile: verdict.ProfileCore, Task: 2,
			Text: "The client MUST name every extension the card requires in the A2A-Extensions of each A2A request it sends " +
				"the agent: in the second task, every A2A request to peer A activates the frozen-contract extension (a client " +
				"that does not speak it sends none).",
			Ref:   "A2A v1.0 spec §3.3.4, §4.6; contract-model §1",
			Check: activatesRequiredExtension("A", mockpeer.FrozenContractExtension)},
		{ID: "EXT-008", Level: verdict.Must, Profile: verdict.ProfileCore, Task: 2,
			Text: "A client that speaks the frozen-contract extension (in the session it activated it in A2A-Extensions, or " +
				"sent its metadata) MUST complete the second task, planned on the card that requires it: an extension the client " +
				"speaks is no reason to refuse, and the peer admits only requests that activate it. A client that shows no sign " +
				"of speaking it MUST complete the task or report it aborted/extension-unsupported.",
			Ref:   "A2A v1.0 spec §4.6; contract-model §3 rule 2 and rule 7",
			Check: completedIfSpoken(mockpeer.FrozenContractExtension)},
		controlTask("EXT-009", verdict.ProfileCore, 1, "The client MUST complete the first task, under a card that offers "+
			"the frozen-contract extension without requiring it (the positive control).", "A2A v1.0 spec §4.6"),
	},
}, freshPeer(
	bearerCard("A").Extensions(frozenContractExtension).Build,
	bearerCard("A").Extensions(frozenContractExtension).RequireExtension(mockpeer.FrozenContractExtension).Version("1.1.0").Build,
)))
