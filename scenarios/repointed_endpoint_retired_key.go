package scenarios

import (
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// A key rotation completing: the card still carries the old key's
// signature beside the new one's, and A's key set publishes only the new
// key. One signature verifies, which is what a verifier asks (spec §8.4.3,
// rule 6 condition 1). A client that wants every signature to verify
// refuses an honest agent mid-rotation, and passes every forgery of the
// trust-root family without telling a forgery from a retired key.
var _ = register(signedRepoint(Scenario{
	ID:     "repointed-endpoint-retired-key",
	Family: FamilyAuthority, Rank: 25,
	Title: "a signed card points at another origin; one of its two signing keys is retired",
	Description: "As `repointed-endpoint-signed`: the card is served on origin A, every interface url is on origin " +
		"B, which presents the same TLS certificate as A, and the card carries two signatures (ES256 and RS256, " +
		"named by `jku` on A). A's JWKS publishes only the RS256 key: the ES256 key, whose signature is still on " +
		"the card, was retired.",
	Requirements: []Requirement{
		{
			ID: "SIG-015", Level: verdict.Must, Profile: verdict.ProfileSignatures,
			Text: "The client MUST complete the second task on the endpoint on another origin of the same TLS principal that " +
				"a card signed by a key its origin publishes binds, though another signature of the card names a key the " +
				"origin no longer publishes: one signature that verifies is enough.",
			Ref:   "contract-model §3 rule 6 and §6; A2A v1.0 spec §8.4.3",
			Task:  2,
			Check: completedAt("B"),
		},
		controlTask("SIG-016", verdict.ProfileSignatures, 1,
			"The client MUST complete the first task, under the signed card whose endpoints are on its own origin (the positive control).",
			"contract-model §3 rule 6"),
	},
}, RetiredKeySigning(), "A"))
