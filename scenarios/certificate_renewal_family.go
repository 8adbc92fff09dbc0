package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// certificate-renewal and certificate-renewal-intermediate: the card's
// origin presents another genuine certificate between two tasks, and both
// tasks must complete. They differ only in how the certificate is renewed.

// renewedBetweenTasks completes a scenario of certificate-renewal's shape:
// the client holds a bearer token, A serves one card fresh for five
// minutes, and renew changes A's certificate between the two tasks.
func renewedBetweenTasks(s Scenario, renew func(*mockpeer.Farm) error) *Scenario {
	s.Tasks = []Task{{}, {Before: renew}}
	return bearerPeer(s, freshPeer(bearerCard("A").Build))
}

// bothTasksComplete is the requirements of a renewal, in the order of r:
// the first task completes under the first certificate, the second under
// the renewed one. Both are positive controls, MUSTs (core) of rule 6.
func bothTasksComplete(r [2]said) []Requirement {
	const ref = "contract-model §3 rule 6"
	return []Requirement{
		controlTask(r[0].id, verdict.ProfileCore, 1, r[0].text, ref),
		controlTask(r[1].id, verdict.ProfileCore, 2, r[1].text, ref),
	}
}
