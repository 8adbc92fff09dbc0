package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// The principal a client checked must be the one it sends to: it pins
// the principal on every connection of the task (contract-model §6
// condition 3), so the endpoint cannot change hands between the check and
// the send. Until this scenario no endpoint changed its certificate
// between the two, so a client that checked the principal with a
// handshake of its own and then sent over connections pinned to nothing
// (unpinned-endpoint) passed the whole catalog.
var _ = register(switchingPrincipal(signedRepoint(Scenario{
	ID:     "repointed-endpoint-principal-switch",
	Family: FamilyAuthority, Rank: 55,
	Title: "a signed card's endpoint presents the card origin's key on one handshake, then another",
	Description: "As `repointed-endpoint-signed`: the card on A points at B and carries valid signatures by keys A " +
		"publishes. Between the tasks every connection open to B is ended, and B presents A's TLS certificate on its " +
		"next handshake only: on every handshake after it, another certificate from the run's CA, for B's names, under " +
		"a key of its own. A client that checks B's principal on one connection and sends on another meets the other key.",
	Requirements: []Requirement{
		{ID: "SIG-028", Level: verdict.Must, Profile: verdict.ProfileSignatures,
			Text: "The client MUST NOT send any request to an endpoint on another origin over a connection that presents " +
				"another TLS principal than the card's origin, though an earlier handshake with that endpoint presented " +
				"the card origin's: in the second task, no request reaches peer B but on the first connection B saw.",
			Ref: "contract-model §3 rule 6 and §6 condition 3", Task: 2, Check: onlyOnFirstConnection("B", false)},
		{ID: "SIG-029", Level: verdict.Must, Profile: verdict.ProfileSignatures,
			Text: "The client MUST NOT send any credential to an endpoint over a connection that presents another TLS " +
				"principal than the card's origin: in the second task, no credential reaches peer B but on the first " +
				"connection B saw.",
			Ref: "contract-model §3 rule 6 and §6 condition 3", Task: 2, Check: onlyOnFirstConnection("B", true)},
		controlTask("SIG-030", verdict.ProfileSignatures, 1, "The client MUST complete the first task, under the card whose "+
			"endpoints are on its own origin (the positive control).", "contract-model §3 rule 6"),
	},
}, mockpeer.Signing{Algorithms: rotatingKeys, JKU: true}, "A")))

// switchingPrincipal arms B, before the second task and once A's card
// points at it, to present A's key on its next handshake only
// (PresentOwnKeyAfterNextHandshake).
func switchingPrincipal(s *Scenario) *Scenario {
	rotate, arm := RotateTo("A", 1), PresentOwnKeyAfterNextHandshake("B")
	s.Tasks = []Task{{}, {Before: func(f *mockpeer.Farm) error {
		if err := rotate(f); err != nil {
			return err
		}
		return arm(f)
	}}}
	return s
}
