package scenarios

import (
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// Requirements that recur across scenarios, one constructor each: the check
// and its level and profile are the idea; the ID, the text a failure prints
// and the rule it cites are the scenario's.

// mustNotCancel: the client never sends CancelTask (MUST, core).
func mustNotCancel(id, text, ref string) Requirement {
	return Requirement{ID: id, Level: verdict.Must, Profile: verdict.ProfileCore, Text: text, Ref: ref, Check: noCancel}
}

// mustComplete: the client reports completed, and the peer whose card URL
// the task was given did complete the task with its artifact (MUST, core).
// It is a positive control.
func mustComplete(id, text, ref string) Requirement {
	return Requirement{ID: id, Level: verdict.Must, Profile: verdict.ProfileCore, Text: text, Ref: ref, Check: completedAtCardPeer, Control: true}
}

// mustAbort: the client reports the task aborted with reason (MUST, core).
// ref cites the driver contract, where the reason is defined, beside the
// rule.
func mustAbort(id, text, ref string, reason driver.Reason) Requirement {
	return Requirement{ID: id, Level: verdict.Must, Profile: verdict.ProfileCore, Text: text, Ref: ref,
		Check: outcomeIs(driver.OutcomeAborted, reason)}
}

// mustLabelOnly: every A2A request the client sends is labelled with the
// version the card's interfaces declare, none as A2A 1.0 or unlabelled
// (MUST, core).
func mustLabelOnly(id, text, ref, version string) Requirement {
	return Requirement{ID: id, Level: verdict.Must, Profile: verdict.ProfileCore, Text: text, Ref: ref, Check: onlyLabelled(version)}
}

// shouldNotFetchAfterSend: no card request between the send and the end
// of the task (SHOULD, core).
func shouldNotFetchAfterSend(id, text, ref string) Requirement {
	return Requirement{ID: id, Level: verdict.Should, Profile: verdict.ProfileCore, Text: text, Ref: ref, Check: noCardFetchAfterSend}
}

// said is a requirement's ID and the text a failure prints. The
// constructors that make several requirements at once take them so, each
// ID written beside its text in the scenario's file (a grep for the ID
// finds its text); the constructor adds the level, the check and the rule.
type said struct{ id, text string }

// untrustedEndpoint is the requirements of every scenario whose card
// becomes advisory for peer after a first task under the honest card, in
// the order of r: no contact of any kind with it, not even a connection,
// since nothing the card says could make it authoritative; no credential
// reaches it; the client reports the second task aborted /
// untrusted-endpoint; the first task completes (the positive control). All
// four are MUSTs citing ref; the outcome also cites the driver contract,
// where the reason is defined.
func untrustedEndpoint(peer string, profile verdict.Profile, ref string, r [4]said) []Requirement {
	return refusedIn(nothingReaches, peer, profile, ref, r, 2, 1)
}

// probedEndpoint is untrustedEndpoint for an endpoint a validly signed card
// points at: the client may complete a TLS handshake with it to learn its
// principal, and must then stop, so only requests count (noRequestAt).
func probedEndpoint(peer string, profile verdict.Profile, ref string, r [4]said) []Requirement {
	return refusedIn(noRequestAt, peer, profile, ref, r, 2, 1)
}

// refusedIn is the four requirements of a card advisory for peer, served
// for task refused, with the honest card's task control as the positive
// control: no contact (contact), no credential, the refusal reported, the
// control completed at the card's own peer.
func refusedIn(contact func(string) func(*Evidence) verdict.Judgement, peer string, profile verdict.Profile, ref string, r [4]said,
	refused, control int) []Requirement {
	return []Requirement{
		{ID: r[0].id, Level: verdict.Must, Profile: profile, Text: r[0].text, Ref: ref, Check: contact(peer)},
		{ID: r[1].id, Level: verdict.Must, Profile: profile, Text: r[1].text, Ref: ref, Check: noCredentialAt(peer)},
		inProfile(profile, atTask(refused, mustAbort(r[2].id, r[2].text, ref+"; docs/driver-contract.md", driver.ReasonUntrustedEndpoint))),
		controlTask(r[3].id, profile, control, r[3].text, ref),
	}
}

// whileRunning marks r as judging what the client did while its task ran:
// never a pass for a client whose every send was blocking
// (Requirement.MidTask).
func whileRunning(r Requirement) Requirement {
	r.MidTask = true
	return r
}

// inProfile puts r, which a constructor above made core, in profile p.
func inProfile(p verdict.Profile, r Requirement) Requirement {
	r.Profile = p
	return r
}

// atTask makes r judge task n of the session alone (Requirement.Task).
func atTask(n int, r Requirement) Requirement {
	r.Task = n
	return r
}

// revalidateBeforeSecondSend: before the second task's send the client
// revalidates the card (MUST, core, rule 2); check says how.
func revalidateBeforeSecondSend(id, text, ref string, check func(*Evidence) verdict.Judgement) Requirement {
	return Requirement{ID: id, Level: verdict.Must, Profile: verdict.ProfileCore, Text: text, Ref: ref, Task: 2, Check: check}
}
