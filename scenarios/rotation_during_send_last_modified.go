package scenarios

// rotation-during-send with the card's one validator a Last-Modified: the
// peer gives no ETag. Rule 2 revalidates with If-Modified-Since "only when
// it gave no ETag", so a card without an ETag still has a validator, and
// rule 4 (no validator, no revalidation) does not apply. A client that
// takes "no ETag" for "no validator" never revalidates here, sends under
// the rotated card and passed every other scenario: each of them either
// gives an ETag or gives no validator at all.
var _ = register(withoutETag(beforeSend(Scenario{
	ID:     "rotation-during-send-last-modified",
	Family: FamilyContract, Rank: 15,
	Title: "security rotates between fetch and send; the card's only validator is Last-Modified",
	Description: "As `rotation-during-send`, but the peer serves its card with Last-Modified and no ETag " +
		"(max-age=300). Card v0 requires oauth2 client-credentials; the client's first task completes under it " +
		"(the positive control). Then the peer arms the rotation to v1, mTLS only, dated a minute after v0: it " +
		"fires right after the client's next card response, or right before its next send if that comes first. " +
		"A send under the old token is still accepted within a grace window of 3 requests or 2 s; the task then " +
		"goes TASK_STATE_AUTH_REQUIRED, and CancelTask demands mTLS while v1 is in force.",
	Requirements: rotatedBeforeSend(revalidatedBeforeSend("A"), "contract-model §3 rules 2 and 4; A2A v1.0 spec §8.6; RFC 9110 §13.1.3", [5]said{
		{"ROT-006", "The client MUST abort before send: no task-creating request once the card's contract changed, " +
			"though the card carries no ETag."},
		{"ROT-007", "The client MUST NOT send CancelTask (never send-then-cancel)."},
		{"ROT-008", "The client MUST report the second task aborted with reason contract-changed, having been served the changed card."},
		{"ROT-009", "The client MUST revalidate the card with a conditional request carrying If-Modified-Since with the Last-Modified " +
			"it was given (the peer gave no ETag), and no validator it was not given, right before the send of the second task."},
		{"ROT-010", "The client MUST complete the first task, sent before any rotation (the positive control)."},
	}),
}, mtlsCard("A").Version("1.1.0").Build, rotationToMTLS())))

// withoutETag has s's card peer serve its cards with Last-Modified as
// their only validator. With no ETag given, the only validator a client
// can revalidate with is the date (any entity tag is one the peer never
// gave), so revalidatedBeforeSend needs no If-Modified-Since of its own.
func withoutETag(s *Scenario) *Scenario {
	for i := range s.Peers {
		if s.Peers[i].Name == "A" {
			s.Peers[i].Caching.NoETag = true
		}
	}
	return s
}
