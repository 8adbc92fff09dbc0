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
// the fourth B starts presenting a key of its own (in the withdrawn-key
// twin: A withdraws the keys that sign the card), and a client that
// re-attests refuses B.
var _ = register(expiring(Scenario{
	ID:     "attested-binding-expiry",
	Family: FamilyLater, Rank: 50,
	Title: "a signed card's binding to another origin outlives its TTL and the endpoint changes hands",
	Description: expiryShape + " Before task 4 B presents a certificate the run's CA issued for B under a key of its " +
		"own, another TLS principal, every connection open to it ended: a client that re-attests refuses B; one that " +
		"trusts its first attestation sends B the task and its token.",
	Requirements: expiryRequirements([6]said{
		{"EXPIRY-001", "Once the TTL of a signed card's binding to an endpoint on another origin has passed, the client MUST " +
			"attest the endpoint again before it sends there, and send it nothing (a handshake at most) when it presents " +
			"another TLS principal than the card's origin."},
		{"EXPIRY-002", "The client MUST NOT send any credential to an endpoint whose expired attestation no longer holds."},
		{"EXPIRY-003", "The client MUST report the task aborted with reason untrusted-endpoint, having attested the endpoint " +
			"again: the journal shows its TLS handshake with the endpoint in this task."},
		{"EXPIRY-004", "The client MUST complete the first task at the endpoint the signed card binds on another origin of the " +
			"same TLS principal (the positive control)."},
		{"EXPIRY-005", "The client MUST complete the second task there too, inside the card's max-age: it may reuse its " +
			"attestation or make it again (the positive control)."},
		{"EXPIRY-006", "The client MUST complete the third task there, once the card's TTL has passed and the attestation still " +
			"holds: an expired attestation is made again, not refused (the positive control)."},
	}, noRequestAt, reattested("B")),
}, 2, PresentOwnKey("B"), 0))

// The same, the endpoint unchanged but the key withdrawn: once the TTL has
// passed, A's JWKS publishes successors of its keys, and the card, still
// signed by the old ones, no longer speaks for B.
var _ = register(expiring(Scenario{
	ID:     "attested-binding-expiry-withdrawn-key",
	Family: FamilyLater, Rank: 60,
	Title: "a signed card's binding to another origin outlives its TTL and the signing key is withdrawn",
	Description: expiryShape + " Before task 4 A withdraws the keys that sign the card: its JWKS publishes a " +
		"successor of each instead, and the card, re-served signed by the old keys, no longer verifies; B is unchanged. " +
		"A client that re-attests fetches A's keys again and refuses B; one that trusts its first attestation sends B " +
		"the task and its token.",
	Requirements: expiryRequirements([6]said{
		{"EXPIRY-007", "Once the TTL of a signed card's binding to an endpoint on another origin has passed, the client MUST " +
			"attest the endpoint again before it sends there, and have no contact with it at all, the card's signature " +
			"verifying with no key its origin publishes."},
		{"EXPIRY-008", "The client MUST NOT send any credential to an endpoint whose expired attestation no longer holds."},
		{"EXPIRY-009", "The client MUST report the task aborted with reason untrusted-endpoint, having attested the endpoint " +
			"again: the journal shows it fetching the card origin's key set again in this task."},
		{"EXPIRY-010", "The client MUST complete the first task at the endpoint the signed card binds on another origin of the " +
			"same TLS principal (the positive control)."},
		{"EXPIRY-011", "The client MUST complete the second task there too, inside the card's max-age: it may reuse its " +
			"attestation or make it again (the positive control)."},
		{"EXPIRY-012", "The client MUST complete the third task there, once the card's TTL has passed and the attestation still " +
			"holds: an expired attestation is made again, not refused (the positive control)."},
	}, nothingReaches, refetchedKeys("A")),
}, 3, RotateTo("A", 2), 2))

// expiryShape is what both expiry scenarios share.
const expiryShape = "The card is served on origin A with `Cache-Control: max-age=300`; every interface url is on origin " +
	"B, which presents A's TLS certificate, and the card carries valid signatures by keys A publishes (`jku` on A). " +
	"Task 1 attests B and completes there; task 2 runs inside the card's max-age, the card unchanged (the client may " +
	"reuse its attestation). Before task 3 the card's TTL has passed: A answers every card request with `Age: 600`, " +
	"the same card, and B is unchanged (the client re-attests and completes)."

// expiring completes an expiry scenario: versions card versions of one
// card (their contracts the same; ES256 signs each afresh), every later
// one aged past max-age; the keys withdrawn from card version withdrawnFrom
// on (0: never); change before the last task.
func expiring(s Scenario, versions int, change func(*mockpeer.Farm) error, withdrawnFrom int) *Scenario {
	cards := make([]mockpeer.CardFunc, versions)
	for i := range cards {
		cards[i] = oauthCard("A").Endpoint("B").Build
	}
	s.Grants = mockpeer.Grants{OAuth: true}
	s.CardPeer = "A"
	s.Tasks = []Task{{}, {}, {Before: RotateTo("A", 1)}, {Before: change}}
	s.Peers = []mockpeer.PeerSpec{{
		Name: "A", Host: "127.0.0.1",
		Cards: cards,
		Caching: mockpeer.Caching{CacheControl: "max-age=300",
			Aged: mockpeer.Aging{FromVersion: 1, Seconds: expiredAge}},
		Signing: &mockpeer.Signing{Algorithms: rotatingKeys, JKU: true, WithdrawnFrom: withdrawnFrom},
		Task:    mockpeer.TaskScript{Steps: completingSteps()},
	}, sameKeyAs("A", workingPeer("B", "127.0.0.2", oauthCard))}
	return &s
}

// expiredAge is the Age that puts the card past its max-age=300.
const expiredAge = 600

const expiryRef = "contract-model §3 rule 6, §6 (attestations expire); RFC 9111 §4.2, §5.1"

func sameKeyAs(identity string, ps mockpeer.PeerSpec) mockpeer.PeerSpec {
	ps.Identity = identity
	return ps
}

// expiryRequirements: r are the last task's contact, credential and
// outcome requirements, then the three tasks' positive controls; contact
// judges the endpoint B in the last task, outcome the report and its
// evidence that the client attested B again.
func expiryRequirements(r [6]said, contact func(string) func(*Evidence) Judgement, outcome func(*Evidence) Judgement) []Requirement {
	control := func(r said, task int) Requirement {
		return atTask(task, Requirement{ID: r.id, Level: Must, Profile: ProfileSignatures, Text: r.text, Ref: expiryRef,
			Check: completedAt("B"), Control: true})
	}
	return []Requirement{
		atTask(4, Requirement{ID: r[0].id, Level: Must, Profile: ProfileSignatures, Text: r[0].text, Ref: expiryRef, Check: contact("B")}),
		atTask(4, Requirement{ID: r[1].id, Level: Must, Profile: ProfileSignatures, Text: r[1].text, Ref: expiryRef, Check: noCredentialAt("B")}),
		atTask(4, Requirement{ID: r[2].id, Level: Must, Profile: ProfileSignatures, Text: r[2].text,
			Ref: expiryRef + "; docs/driver-contract.md", Check: outcome}),
		control(r[3], 1),
		control(r[4], 2),
		control(r[5], 3),
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

// refetchedKeys: the client reports aborted/untrusted-endpoint, grounded,
// and the journal shows it fetching peer's key set in this task: a client
// that refused from memory attested nothing.
func refetchedKeys(peer string) func(*Evidence) Judgement {
	return func(ev *Evidence) Judgement {
		if j := outcomeIs(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint)(ev); j.Verdict != Pass {
			return j
		}
		if fetched := ev.Select(func(ex mockpeer.Exchange) bool { return ex.Peer == peer && ex.Route == mockpeer.RouteJWKS }); len(fetched) == 0 {
			return failed(fmt.Sprintf("a request for the key set of peer %s (%s) in this task, then aborted/untrusted-endpoint", peer, ev.Origins[peer]),
				"outcome aborted/untrusted-endpoint, but the journal shows no key set request in this task: it attested nothing")
		}
		return passed()
	}
}
