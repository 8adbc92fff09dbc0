package scenarios

// Each field in neither of contract-model §1's lists alone, between fetch
// and send (field_before_send_family.go). contract-field-before-send and
// capability-field-before-send change only the fields the model lists, so
// a client whose contract is the card less the capability fields it knows
// (denylist-contract), rather than the projection of the contract fields,
// never had to decide a field outside both lists: an extension offered
// and not required, the extended card's advertisement, a skill's tags and
// examples. The contract hash is unchanged each time, so each task must be
// sent and completed.
var _ = register(fieldsBeforeSend(Scenario{
	ID:     "unlisted-field-before-send",
	Family: FamilyContract, Rank: 45,
	Title: "each field in neither of the model's lists changes alone between fetch and send",
	Description: "As capability-field-before-send, but each later task meets a change of one field that " +
		"contract-model §1 lists neither as contract nor as capability: a second extension offered, not required; " +
		"the params of the extension offered (the frozen-contract one, not required); capabilities.extendedAgentCard " +
		"(the card still lists the target skill); the target skill's tags; its examples. None is in the contract " +
		"projection, so the contract hash is unchanged each time and each task must be sent and completed.",
}, said{"UNLISTED-001", "The client MUST complete the first task, under the card before any change (the positive control)."},
	unlistedFieldRequirements))

// unlistedFieldRequirements are the session's tasks after the control, one
// per field of unlistedFields, in task order (task 2 first).
var unlistedFieldRequirements = []fieldRequirement{
	{"UNLISTED-002", "extension-offered", "The client MUST send task 2 and complete it, never canceling it, when only the extensions " +
		"offered (a second one added, not required) changes between its look at the card and its send (the contract hashes are equal)."},
	{"UNLISTED-003", "extension-params", "The client MUST send task 3 and complete it, never canceling it, when only the params " +
		"of the extension offered (not required) changes between its look at the card and its send (the contract hashes are equal)."},
	{"UNLISTED-004", "extended-card-advertised", "The client MUST send task 4 and complete it, never canceling it, when only " +
		"capabilities.extendedAgentCard changes between its look at the card and its send (the contract hashes are equal)."},
	{"UNLISTED-005", "skill-tags", "The client MUST send task 5 and complete it, never canceling it, when only the target skill's " +
		"tags changes between its look at the card and its send (the contract hashes are equal)."},
	{"UNLISTED-006", "skill-examples", "The client MUST send task 6 and complete it, never canceling it, when only the target " +
		"skill's examples changes between its look at the card and its send (the contract hashes are equal)."},
}
