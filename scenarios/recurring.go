package scenarios

import "github.com/a2a-conform/a2a-conform/runner/driver"

// Requirements that recur across scenarios, one constructor each: the check
// and its level and profile are the idea; the ID, the text a failure prints
// and the rule it cites are the scenario's.

// mustNotCancel: the client never sends CancelTask (MUST, core).
func mustNotCancel(id, text, ref string) Requirement {
	return Requirement{ID: id, Level: Must, Profile: ProfileCore, Text: text, Ref: ref, Check: noCancel}
}

// mustComplete: the client reports completed, and the peer did complete
// the task with its artifact (MUST, core).
func mustComplete(id, text, ref string) Requirement {
	return Requirement{ID: id, Level: Must, Profile: ProfileCore, Text: text, Ref: ref, Check: completedWithArtifact}
}

// shouldNotFetchAfterSend: no card request between the send and the end
// of the task (SHOULD, core).
func shouldNotFetchAfterSend(id, text, ref string) Requirement {
	return Requirement{ID: id, Level: Should, Profile: ProfileCore, Text: text, Ref: ref, Check: noCardFetchAfterSend}
}

// untrustedEndpoint is the triad of every scenario whose card is advisory
// for peer: no request of any kind reaches it (noRequest), no credential
// reaches it (noCredential), and the client reports aborted /
// untrusted-endpoint. All three are MUSTs citing ref; the outcome also
// cites the driver contract, where the reason is defined.
func untrustedEndpoint(peer string, profile Profile, ref string, ids [3]string, noRequest, noCredential string) []Requirement {
	return []Requirement{
		{ID: ids[0], Level: Must, Profile: profile, Text: noRequest, Ref: ref, Check: nothingReaches(peer)},
		{ID: ids[1], Level: Must, Profile: profile, Text: noCredential, Ref: ref, Check: noCredentialAt(peer)},
		{
			ID: ids[2], Level: Must, Profile: profile,
			Text:  "The client MUST report outcome aborted with reason untrusted-endpoint.",
			Ref:   ref + "; docs/driver-contract.md",
			Check: outcomeIs(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint),
		},
	}
}
