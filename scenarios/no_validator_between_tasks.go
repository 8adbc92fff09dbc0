package scenarios

import (
	"fmt"
	"net/http"

	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// No validator means no revalidation, not no fetch: a card without
// validators is immutable for a task's lifetime only. The next task is
// planned on the card as it is then (contract-model §3 rule 2, the
// long-lived client), which the client learns only by fetching it again.
var _ = register(&Scenario{
	ID:     "no-validator-between-tasks",
	Family: FamilyLater, Rank: 20,
	Title: "a card without validators changes between tasks",
	Description: "The card comes without ETag, Last-Modified or Cache-Control. The client's first task completes " +
		"under it (bearer token). Between the tasks the card changes: the skill now requires an API key, which the " +
		"client also holds. The second task must be planned on the card fetched again; a bearer-only send under " +
		"the remembered card is refused.",
	Grants: mockpeer.Grants{Bearer: true, APIKey: true},
	Tasks:  controlThen(RotateTo("A", 1)),
	Requirements: []Requirement{
		{
			ID: "NOVAL-004", Level: Must, Profile: ProfileCore,
			Text: "The client MUST plan the second task on the card fetched again in that task, before its send, and complete it: " +
				"a card without validators, fetched in an earlier task, is no basis for a send.",
			Ref:     "contract-model §3 rules 2 and 4",
			Task:    2,
			Check:   sentOnFreshFetch("A"),
			Control: true,
		},
		controlTask("NOVAL-005", ProfileCore, 1, "The client MUST complete the first task, under the card it fetched (the positive control).",
			"contract-model §3 rule 4"),
	},
	Peers: []mockpeer.PeerSpec{{
		Name:    "A",
		Cards:   []mockpeer.CardFunc{bearerCard("A").Build, apiKeyCard("A").Version("1.1.0").Build},
		Caching: mockpeer.Caching{NoETag: true, NoLastModified: true},
		Task:    mockpeer.TaskScript{Steps: completingSteps()},
	}},
})

// sentOnFreshFetch: the task completed, and its first accepted send came
// after the peer served the client, in this task, the card version in
// force at the send, whole (a 200 GET of it): the send was planned on the
// card as it was then, not on one remembered.
func sentOnFreshFetch(peer string) func(*Evidence) Judgement {
	return func(ev *Evidence) Judgement {
		if j := completedWithArtifact(ev); j.Verdict != Pass {
			return j
		}
		send, _ := ev.FirstSend() // completed: a send of this task created it
		fetched := ev.Select(func(ex mockpeer.Exchange) bool {
			return ex.Peer == peer && ex.Route == mockpeer.RouteCard && ex.Method == http.MethodGet && ex.Status == http.StatusOK &&
				ex.CardFault == "" && ex.CardVersion == send.CardVersion && ex.Seq < send.Seq
		})
		if len(fetched) == 0 {
			return failed(fmt.Sprintf("the send planned on card v%d, fetched in this task before it", send.CardVersion),
				fmt.Sprintf("the send at #%d followed no 200 of that card in this task: it was planned on a card remembered "+
					"from an earlier task", send.Seq), append(seqs(ev.CardFetches(peer)), send.Seq)...)
		}
		return passed()
	}
}
