package scenarios

// immutableForAYear is what a CDN serves a versioned asset with: fresh for a
// year, and never to be revalidated while fresh (RFC 8246).
const immutableForAYear = "max-age=31536000, immutable"

// rotation-during-send with a card that tells HTTP caches never to ask
// again: a year's max-age and immutable. Rule 2 revalidates right before
// the send "even inside the card's max-age": the send is an authorization
// decision, and no freshness directive, however strong, says the contract
// still holds. Every other card of the catalog says max-age=300 or nothing,
// so a client that skips the revalidation for an immutable card, or for a
// long max-age, as an HTTP cache would, passed every scenario.
var _ = register(withCacheControl(beforeSend(Scenario{
	ID:     "rotation-during-send-immutable",
	Family: FamilyContract, Rank: 16,
	Title: "security rotates between fetch and send; the card says it is immutable for a year",
	Description: "As `rotation-during-send`, but the peer serves its card with `Cache-Control: " + immutableForAYear +
		"` (ETag and Last-Modified as usual). Card v0 requires oauth2 client-credentials; the client's first task " +
		"completes under it (the positive control). Then the peer arms the rotation to v1, mTLS only: it fires " +
		"right after the client's next card response, or right before its next send if that comes first. A send " +
		"under the old token is still accepted within a grace window of 3 requests or 2 s; the task then goes " +
		"TASK_STATE_AUTH_REQUIRED, and CancelTask demands mTLS while v1 is in force.",
	Requirements: rotatedBeforeSend(revalidatedWithETag("A"), "contract-model §3 rule 2; RFC 8246", [5]said{
		{"ROT-011", "The client MUST abort before send: no task-creating request once the card's contract changed, " +
			"though the card said it was immutable and fresh for a year."},
		{"ROT-012", "The client MUST NOT send CancelTask (never send-then-cancel)."},
		{"ROT-013", "The client MUST report the second task aborted with reason contract-changed, having been served the changed card."},
		{"ROT-014", "The client MUST revalidate the card with a conditional request carrying the ETag it was given, and no " +
			"validator it was not given, right before the send of the second task, whatever Cache-Control says: no freshness " +
			"directive, immutable included, vouches for the contract."},
		{"ROT-015", "The client MUST complete the first task, sent before any rotation (the positive control)."},
	}),
}, mtlsCard("A").Version("1.1.0").Build, rotationToMTLS()), immutableForAYear))

// withCacheControl has s's card peer serve its cards with cacheControl.
func withCacheControl(s *Scenario, cacheControl string) *Scenario {
	for i := range s.Peers {
		if s.Peers[i].Name == "A" {
			s.Peers[i].Caching.CacheControl = cacheControl
		}
	}
	return s
}
