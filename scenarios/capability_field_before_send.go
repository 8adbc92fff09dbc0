package scenarios

// Each capability field alone, between fetch and send (field_before_send_family.go):
// the contract hashes are equal, so each later task must be sent and
// completed.
var _ = register(fieldsBeforeSend(Scenario{
	ID:     "capability-field-before-send",
	Family: FamilyContract, Rank: 40,
	Title: "each capability field alone changes between fetch and send",
	Description: "As contract-field-before-send, but each later task meets a change of one capability field: the " +
		"skills listed, the skill's description, the default input and output modes, streaming, push " +
		"notifications, the agent's name, description and version, the provider, iconUrl and documentationUrl, and " +
		"the target skill no longer listed (its security was the card's all along). " +
		"The contract hash is unchanged each time, so each task must be sent and completed.",
}, said{"CAP-001", "The client MUST complete the first task, under the card before any change (the positive control)."}, capabilityFieldRequirements))

// capabilityFieldRequirements are the session's tasks after the control, one per
// capability field, in task order (task 2 first).
var capabilityFieldRequirements = []fieldRequirement{
	{"CAP-002", "skills", "The client MUST send task 2 and complete it, never canceling it, when only the skills listed (reordered, " +
		"an unrelated one dropped) changes between its look at the card and its send (the contract hashes are equal)."},
	{"CAP-003", "skill-description", "The client MUST send task 3 and complete it, never canceling it, when only the target skill's " +
		"description changes between its look at the card and its send (the contract hashes are equal)."},
	{"CAP-004", "input-modes", "The client MUST send task 4 and complete it, never canceling it, when only defaultInputModes " +
		"changes between its look at the card and its send (the contract hashes are equal)."},
	{"CAP-005", "output-modes", "The client MUST send task 5 and complete it, never canceling it, when only defaultOutputModes " +
		"changes between its look at the card and its send (the contract hashes are equal)."},
	{"CAP-006", "streaming", "The client MUST send task 6 and complete it, never canceling it, when only capabilities.streaming " +
		"changes between its look at the card and its send (the contract hashes are equal)."},
	{"CAP-007", "push-notifications", "The client MUST send task 7 and complete it, never canceling it, when only " +
		"capabilities.pushNotifications changes between its look at the card and its send (the contract hashes are equal)."},
	{"CAP-008", "name", "The client MUST send task 8 and complete it, never canceling it, when only the agent's name changes " +
		"between its look at the card and its send (the contract hashes are equal)."},
	{"CAP-009", "description", "The client MUST send task 9 and complete it, never canceling it, when only the agent's description " +
		"changes between its look at the card and its send (the contract hashes are equal)."},
	{"CAP-010", "version", "The client MUST send task 10 and complete it, never canceling it, when only the agent's version changes " +
		"between its look at the card and its send (the contract hashes are equal)."},
	{"CAP-011", "provider", "The client MUST send task 11 and complete it, never canceling it, when only the provider changes " +
		"between its look at the card and its send (the contract hashes are equal)."},
	{"CAP-012", "icon-url", "The client MUST send task 12 and complete it, never canceling it, when only iconUrl changes between " +
		"its look at the card and its send (the contract hashes are equal)."},
	{"CAP-013", "documentation-url", "The client MUST send task 13 and complete it, never canceling it, when only documentationUrl " +
		"changes between its look at the card and its send (the contract hashes are equal)."},
	{"CAP-014", "target-skill-unlisted", "The client MUST send task 14 and complete it, never canceling it, when only the target " +
		"skill no longer listed (its security was the card's) changes between its look at the card and its send (the contract " +
		"hashes are equal)."},
}
