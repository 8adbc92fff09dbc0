package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// No validator means no revalidation, not no fetch: a card without
// validators is immutable for a task's lifetime only. The next task is
// planned on the card as it is then (contract-model §3 rule 2, the
// long-lived client), which the client learns only by fetching it again.
var _ = register(&Scenario{
	ID:     "no-validator-between-tasks",
	Family: FamilyValidators, Rank: 20,
	Title: "a card without validators changes between tasks",
	Description: "The card comes without ETag, Last-Modified or Cache-Control. The client's first task completes " +
		"under it (bearer token). Between the tasks the card changes: the skill now requires an API key, which the " +
		"client also holds. The second task must be planned on the card fetched again; a bearer-only send under " +
		"the remembered card is refused.",
	Grants: mockpeer.Grants{Bearer: true, APIKey: true},
	Tasks:  controlThen(RotateTo("A", 1)),
	Requirements: []Requirement{
		{
			ID: "NOVAL-004", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text: "The client MUST plan the second task on the card fetched again in that task, before its send, and complete it: " +
				"a card without validators, fetched in an earlier task, is no basis for a send.",
			Ref:     "contract-model §3 rules 2 and 4",
			Task:    2,
			Check:   sentOnFreshFetch("A"),
			Control: true,
		},
		controlTask("NOVAL-005", verdict.ProfileCore, 1, "The client MUST complete the first task, under the card it fetched (the positive control).",
			"contract-model §3 rule 4"),
	},
	Peers: []mockpeer.PeerSpec{{
		Name:    "A",
		Cards:   []mockpeer.CardFunc{bearerCard("A").Build, apiKeyCard("A").Version("1.1.0").Build},
		Caching: mockpeer.Caching{NoETag: true, NoLastModified: true},
		Task:    mockpeer.TaskScript{Steps: completingSteps()},
	}},
})
