package scenarios

import (
	"fmt"

	"github.com/a2a-conform/a2a-conform/a2a/cardsig"
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// The signature scenarios share one farm shape: A serves a card whose
// interfaces are all on B (another loopback address and port); A signs it
// as signing says; B presents bIdentity's TLS principal ("A": the same as
// A's; "": its own). B is a working peer that would complete the task.
//
// The cards use OAuth client credentials with a scope, so that nothing in
// them is an empty value: @a2a-js/sdk 1.3.0 canonicalizes empty values
// away and could not verify them (docs/contract-model.md, rule 6).
func signedRepointPeers(signing mockpeer.Signing, bIdentity string) []mockpeer.PeerSpec {
	card := func(self, at string) mockpeer.CardFunc {
		return func(o mockpeer.Origins) wire.AgentCard {
			return agentCard(o, self, cardOpts{schemes: oauthScheme(o, self), requirements: oauthRequirement(),
				skills: standardSkills(), endpoint: at})
		}
	}
	return []mockpeer.PeerSpec{
		{
			Name: "A", Host: "127.0.0.1", Skill: skillSummarize,
			Cards:   []mockpeer.CardFunc{card("A", "B")},
			Caching: mockpeer.Caching{CacheControl: "max-age=300"},
			Signing: &signing,
			Task:    mockpeer.TaskScript{Steps: completingSteps()},
		},
		{
			Name: "B", Host: "127.0.0.2", Identity: bIdentity, Skill: skillSummarize,
			Cards: []mockpeer.CardFunc{card("B", "")},
			Task:  mockpeer.TaskScript{Steps: completingSteps()},
		},
	}
}

// rotatingKeys sign with two keys at once, as during a key rotation.
var rotatingKeys = []string{cardsig.ES256, cardsig.RS256}

// completedAt: outcome completed, and the peer completed the task.
func completedAt(peer string) func(*Evidence) Judgement {
	return func(ev *Evidence) Judgement {
		if j := outcomeIs("completed", "")(ev); j.Verdict != Pass {
			return j
		}
		done := ev.Select(func(ex mockpeer.Exchange) bool {
			return ex.Peer == peer && ex.Route == mockpeer.RouteA2A && ex.StateAfter == wire.TaskStateCompleted
		})
		if len(done) == 0 {
			return failed(fmt.Sprintf("the task completed by peer %s (%s)", peer, ev.Origins[peer]),
				"outcome completed, but no exchange shows peer "+peer+" completing a task")
		}
		return passed()
	}
}
