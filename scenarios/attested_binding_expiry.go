package scenarios

import (
	"fmt"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// Attested bindings expire (rule 6, §6): a client may reuse what it
// attested of a signed card's endpoint on another origin (the signature
// by a key the card's origin publishes, the endpoint's TLS principal) only
// while the card that carried it is fresh by its cache headers. The card's
// freshness runs out on the peer's scripted clock (an Age past its
// max-age), never on the wall clock: no verdict waits on time passing.
//
// Four tasks under one card whose interfaces are all on B, which presents
// A's TLS principal: the first attests; the second, inside the card's
// max-age, may reuse the attestation; before the third the card's TTL has
// passed and B is unchanged, so a client that re-attests goes on; before
// the fourth B starts presenting a key of its own, and a client that
// re-attests refuses it.
var _ = register(&Scenario{
	ID:    "attested-binding-expiry",
	Title: "a signed card's binding to another origin outlives its TTL and the endpoint changes hands",
	Description: "The card is served on origin A with `Cache-Control: max-age=300`; every interface url is on origin " +
		"B, which presents A's TLS certificate, and the card carries valid signatures by keys A publishes (`jku` on A). " +
		"Task 1 attests B and completes there; task 2 runs inside the card's max-age, the card unchanged (the client may " +
		"reuse its attestation). Before task 3 the card's TTL has passed: A answers every card request with `Age: 600`, " +
		"the same card, and B is unchanged (the client re-attests and completes). Before task 4 B presents a certificate " +
		"the run's CA issued for B under a key of its own, another TLS principal, every connection open to it ended: " +
		"a client that re-attests refuses B; one that trusts its first attestation sends B the task and its token.",
	Grants:       mockpeer.Grants{OAuth: true},
	CardPeer:     "A",
	Tasks:        []Task{{}, {}, {Before: RotateTo("A", 1)}, {Before: PresentOwnKey("B")}},
	Requirements: expiryRequirements(),
	Peers: []mockpeer.PeerSpec{{
		Name: "A", Host: "127.0.0.1",
		// Two versions of one card, byte for byte: the second only puts
		// the scripted Age in force, so revalidations are answered 304.
		Cards: []mockpeer.CardFunc{oauthCard("A").Endpoint("B").Build, oauthCard("A").Endpoint("B").Build},
		Caching: mockpeer.Caching{CacheControl: "max-age=300",
			Aged: mockpeer.Aging{FromVersion: 1, Seconds: expiredAge}},
		Signing: &mockpeer.Signing{Algorithms: rotatingKeys, JKU: true},
		Task:    mockpeer.TaskScript{Steps: completingSteps()},
	}, sameKeyAs("A", workingPeer("B", "127.0.0.2", oauthCard))},
})

// expiredAge is the Age that puts the card past its max-age=300.
const expiredAge = 600

const expiryRef = "contract-model §3 rule 6, §6 (attestations expire); RFC 9111 §4.2, §5.1"

func sameKeyAs(identity string, ps mockpeer.PeerSpec) mockpeer.PeerSpec {
	ps.Identity = identity
	return ps
}

func expiryRequirements() []Requirement {
	control := func(id string, task int, text string) Requirement {
		return atTask(task, Requirement{ID: id, Level: Must, Profile: ProfileSignatures, Text: text, Ref: expiryRef,
			Check: completedAt("B"), Control: true})
	}
	return []Requirement{
		atTask(4, Requirement{ID: "EXPIRY-001", Level: Must, Profile: ProfileSignatures, Ref: expiryRef,
			Text: "Once the TTL of a signed card's binding to an endpoint on another origin has passed, the client MUST " +
				"attest the endpoint again before it sends there, and send it nothing (a handshake at most) when it " +
				"presents another TLS principal than the card's origin.",
			Check: noRequestAt("B")}),
		atTask(4, Requirement{ID: "EXPIRY-002", Level: Must, Profile: ProfileSignatures, Ref: expiryRef,
			Text:  "The client MUST NOT send any credential to an endpoint whose expired attestation no longer holds.",
			Check: noCredentialAt("B")}),
		atTask(4, Requirement{ID: "EXPIRY-003", Level: Must, Profile: ProfileSignatures, Ref: expiryRef + "; docs/driver-contract.md",
			Text: "The client MUST report the task aborted with reason untrusted-endpoint, having attested the endpoint " +
				"again: the journal shows its TLS handshake with the endpoint in this task.",
			Check: reattested("B")}),
		control("EXPIRY-004", 1, "The client MUST complete the first task at the endpoint the signed card binds on "+
			"another origin of the same TLS principal (the positive control)."),
		control("EXPIRY-005", 2, "The client MUST complete the second task there too, inside the card's max-age: it "+
			"may reuse its attestation or make it again (the positive control)."),
		control("EXPIRY-006", 3, "The client MUST complete the third task there, once the card's TTL has passed and "+
			"the endpoint still presents the card origin's TLS principal: an expired attestation is made again, "+
			"not refused (the positive control)."),
	}
}

// reattested: the client reports aborted/untrusted-endpoint, grounded,
// and the journal shows it reaching peer's certificate in this task: a
// TLS handshake it completed, or one it refused. A client that refused
// from memory attested nothing.
func reattested(peer string) func(*Evidence) Judgement {
	return func(ev *Evidence) Judgement {
		if j := outcomeIs(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint)(ev); j.Verdict != Pass {
			return j
		}
		seen := ev.Select(func(ex mockpeer.Exchange) bool {
			return ex.Peer == peer && ex.Route == mockpeer.RouteConnection && ex.Conn != nil &&
				(ex.Conn.Handshake == mockpeer.HandshakeComplete || ex.HandshakeRefusedByClient())
		})
		if len(seen) == 0 {
			return failed(fmt.Sprintf("a TLS handshake with peer %s (%s) in this task, then aborted/untrusted-endpoint", peer, ev.Origins[peer]),
				"outcome aborted/untrusted-endpoint, but the journal shows no handshake with the endpoint in this task: it attested nothing")
		}
		return passed()
	}
}
