package scenarios

import "github.com/a2a-conform/a2a-conform/runner/driver"

// Requirements that recur across scenarios, one constructor each: the check
// and its level and profile are the idea; the ID, the text a failure prints
// and the rule it cites are the scenario's.

// mustNotCancel: the client never sends CancelTask (MUST, core).
func mustNotCancel(id, text, ref string) Requirement {
	return Requirement{ID: id, Level: Must, Profile: ProfileCore, Text: text, Ref: ref, Check: noCancel}
}

// mustComplete: the client reports completed, and the peer whose card URL
// the task was given did complete the task with its artifact (MUST, core).
// It is a positive control.
func mustComplete(id, text, ref string) Requirement {
	return Requirement{ID: id, Level: Must, Profile: ProfileCore, Text: text, Ref: ref, Check: completedAtCardPeer, Control: true}
}

// shouldNotFetchAfterSend: no card request between the send and the end
// of the task (SHOULD, core).
func shouldNotFetchAfterSend(id, text, ref string) Requirement {
	return Requirement{ID: id, Level: Should, Profile: ProfileCore, Text: text, Ref: ref, Check: noCardFetchAfterSend}
}

// untrustedEndpoint is the requirements of every scenario whose card
// becomes advisory for peer after a first task under the honest card: no
// contact of any kind with it, not even a connection, since nothing the
// card says could make it authoritative (noRequest), no credential reaches
// it (noCredential), the client reports the second task aborted /
// untrusted-endpoint, and the first task completes (the positive control).
// All four are MUSTs citing ref; the outcome also cites the driver
// contract, where the reason is defined.
func untrustedEndpoint(peer string, profile Profile, ref string, ids [4]string, noRequest, noCredential string) []Requirement {
	return untrusted(nothingReaches, peer, profile, ref, ids, noRequest, noCredential)
}

// probedEndpoint is untrustedEndpoint for an endpoint a validly signed card
// points at: the client may complete a TLS handshake with it to learn its
// principal, and must then stop, so only requests count (noRequestAt).
func probedEndpoint(peer string, profile Profile, ref string, ids [4]string, noRequest, noCredential string) []Requirement {
	return untrusted(noRequestAt, peer, profile, ref, ids, noRequest, noCredential)
}

func untrusted(contact func(string) func(*Evidence) Judgement, peer string, profile Profile, ref string, ids [4]string,
	noRequest, noCredential string) []Requirement {
	return []Requirement{
		{ID: ids[0], Level: Must, Profile: profile, Text: noRequest, Ref: ref, Check: contact(peer)},
		{ID: ids[1], Level: Must, Profile: profile, Text: noCredential, Ref: ref, Check: noCredentialAt(peer)},
		{
			ID: ids[2], Level: Must, Profile: profile,
			Text:  "The client MUST report the second task aborted with reason untrusted-endpoint, having been served the card that points elsewhere.",
			Ref:   ref + "; docs/driver-contract.md",
			Task:  2,
			Check: outcomeIs(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint),
		},
		{
			ID: ids[3], Level: Must, Profile: profile,
			Text:    "The client MUST complete the first task, under the card whose endpoints are on its own origin (the positive control).",
			Ref:     ref,
			Task:    1,
			Check:   completedAtCardPeer,
			Control: true,
		},
	}
}

// whileRunning marks r as judging what the client did while its task ran:
// never a pass for a client whose every send was blocking
// (Requirement.MidTask).
func whileRunning(r Requirement) Requirement {
	r.MidTask = true
	return r
}

// atTask makes r judge task n of the session alone (Requirement.Task).
func atTask(n int, r Requirement) Requirement {
	r.Task = n
	return r
}

// revalidateBeforeSecondSend: before the second task's send the client
// revalidates the card (MUST, core, rule 2); check says how.
func revalidateBeforeSecondSend(id, text, ref string, check func(*Evidence) Judgement) Requirement {
	return Requirement{ID: id, Level: Must, Profile: ProfileCore, Text: text, Ref: ref, Task: 2, Check: check}
}
