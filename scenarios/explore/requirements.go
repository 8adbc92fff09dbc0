package explore

import (
	"fmt"
	"slices"
	"strings"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// The requirements of a variant, each derived from what the rules
// require of it (Expectation) and the cards it plays.

// fieldCardOf is the decoy's card: the field card on its own origin, as
// the card the change applies to would be there, so that it would
// complete the task.
func fieldCardOf(v Variant) func(string) mockpeer.CardBuilder {
	return func(peer string) mockpeer.CardBuilder { return scenarios.FieldCard(peer, peer, v.Binding) }
}

// requirements are the variant's, derived. tasks are the variant's own,
// last the session's last task (a signed variant's control, under a card
// on its own origin, after any tasks past the card's TTL); vouched is the
// signed variant's first task at B that XPL-002 does not judge (0: none).
func requirements(v Variant, c variantCards, e Expectation, change scenarios.Change, changedTask, tasks, last, vouched int) []scenarios.Requirement {
	f := c.field
	profile := verdict.ProfileCore
	proceedLevel := verdict.Must
	if e.VouchedBySignature || c.forgery != nil {
		profile = verdict.ProfileSignatures
	}
	if e.VouchedBySignature {
		proceedLevel = verdict.Should
	}
	changed := scenarios.Requirement{ID: scenarios.GenChanged, Profile: profile, Ref: e.Rule, Level: proceedLevel}
	what := fmt.Sprintf("when %s changes %s", f.What, pointText(v.Point))
	if v.Card == ExtendedCard {
		what = fmt.Sprintf("when %s of the extended card changes %s", f.What, pointText(v.Point))
	}
	if e.Untrusted {
		what += ", the changed card's interfaces on " + authorityText(v)
	}
	if e.Unusable {
		what += ", every interface of the changed card declaring protocol version 1.1"
	}
	switch e.Changed {
	case AbortBeforeSend:
		changed.Level = verdict.Must
		changed.Text = fmt.Sprintf("The client MUST abort task %d before its send %s (the contract hashes differ): no task-creating "+
			"request under the changed card, no CancelTask, aborted/contract-changed%s.", changedTask, what, orUntrusted(e))
		changed.Check = scenarios.AbortedBeforeSend(change, e.VouchedBySignature || e.Untrusted)
	case RefuseUntrusted:
		changed.Level = verdict.Must
		changed.Text = fmt.Sprintf("The client MUST refuse task %d %s: the card is not authoritative for them, so no task-creating "+
			"request, no CancelTask, aborted/untrusted-endpoint%s.", changedTask, what, orVersion(e))
		changed.Check = scenarios.RefusedFor(change, refusalReasons(e)...)
	case RefuseVersion:
		changed.Level = verdict.Must
		changed.Text = fmt.Sprintf("The client MUST refuse task %d %s: the card lists no interface of the binding that declares "+
			"protocol version 1.0 (1.1 is another version: Major.Minor), so no A2A request to them, no CancelTask, "+
			"aborted/version-unsupported%s.", changedTask, what, orUntrusted(e))
		changed.Check = scenarios.RefusedVersion(change, refusalReasons(e)...)
	case FollowOrRefuse:
		changed.Text = fmt.Sprintf("The client %s complete task %d %s, following the card, or refuse it without sending (%s).",
			proceedLevel, changedTask, what, f.MayRefuse)
		changed.Check = scenarios.FollowedOrRefused(change, driver.Reason(f.MayRefuse))
	default:
		changed.Text = fmt.Sprintf("The client %s send task %d and complete it %s, never canceling it.", proceedLevel, changedTask, what)
		changed.Check = scenarios.CompletedAfterChange(change, c.differs)
	}
	changed = scenarios.AtTask(changedTask, changed)
	if e.Frozen {
		changed = scenarios.WhileRunning(changed)
	}
	control := tasks // the last task: after the change (first contact) or the change's own (mid-task)
	if v.Point == BeforeSend || v.Point == BetweenTasks {
		control = 1
	}
	controlText := "The client MUST complete the positive control task."
	if e.VouchedBySignature {
		control = last // after any tasks past the card's TTL
		controlText = "The client MUST complete the last task, under a card whose interfaces are on its own origin (the positive control)."
	}
	out := []scenarios.Requirement{
		scenarios.AtTask(control, scenarios.Requirement{ID: scenarios.GenControl, Level: verdict.Must, Profile: verdict.ProfileCore,
			Text: controlText, Ref: "contract-model §4 (positive controls)", Check: scenarios.CompletedAt(cardPeer), Control: true}),
		changed,
		noCancel(e.Frozen),
	}
	if e.Frozen {
		out = append(out, scenarios.AtTask(changedTask, scenarios.WhileRunning(scenarios.Requirement{ID: scenarios.GenNoFetch, Level: verdict.Should, Profile: verdict.ProfileCore,
			Text: "The client SHOULD NOT fetch the card between the send and the task's end.", Ref: "contract-model §3 rule 3",
			Check: scenarios.NoCardFetchAfterSend})))
	}
	if vouched > 0 {
		text := "The client SHOULD complete the first task at the endpoint the signed card vouches for."
		if vouched != 1 {
			text = fmt.Sprintf("The client SHOULD complete task %d, the first the rules let it send, at the endpoint the signed card "+
				"vouches for.", vouched)
		}
		out = append(out, scenarios.AtTask(vouched, scenarios.Requirement{ID: scenarios.GenVouched, Level: verdict.Should,
			Profile: verdict.ProfileSignatures, Text: text, Ref: "contract-model §3 rule 6 and §6", Check: scenarios.CompletedAt(otherPeer)}))
	}
	if e.RefusedAgain {
		again := changedTask + 1
		reasons := refusalReasons(e)
		check := scenarios.RefusedFor(change, reasons...)
		if e.Changed == RefuseVersion {
			check = scenarios.RefusedVersion(change, reasons...)
		}
		out = append(out, scenarios.AtTask(again, scenarios.Requirement{ID: scenarios.GenRefusedAgain, Level: verdict.Must, Profile: profile,
			Text: fmt.Sprintf("The client MUST refuse task %d too, served the card it refused in task %d again, unchanged and still "+
				"fresh by its max-age: a refused card is judged again, never reused as trusted; no task-creating request, "+
				"aborted/%s.", again, changedTask, reasons[0]),
			Ref:   e.Rule + "; https://github.com/google/adk-python/issues/6901",
			Check: check}))
	}
	return append(out, untrusted(v, c, e, changedTask, profile)...)
}

// expired are the requirements of a signed binding whose attestation ends
// with the card's TTL: the tasks before it complete at B, reusing the
// attestation or making it again (the positive control, a SHOULD as every
// proceeding that rests on a signature); task reattest, the card served
// stale and B unchanged, completes there too, the attestation made again,
// not refused (the positive control of the refusal); task, x ending the
// attestation, is refused, the attestation made again by a client that
// trusted it.
func expired(x scenarios.Expiry, reusing []int, reattest, task int) []scenarios.Requirement {
	ref := "contract-model §3 rule 6, §6 (attestations expire); RFC 9111 §4.2, §5.1; attested-binding-expiry"
	if x.KeysWithdrawn {
		ref += "-withdrawn-key"
	}
	contact := "sending it nothing (a TLS handshake at most, to see its principal)"
	attested := "a TLS handshake with it"
	if x.KeysWithdrawn {
		contact, attested = "with no contact with it at all", "a fetch of the card origin's key set"
	}
	return []scenarios.Requirement{
		{ID: scenarios.GenReused, Level: verdict.Should, Profile: verdict.ProfileSignatures, Ref: ref,
			Text: fmt.Sprintf("The client SHOULD complete task(s) %s at the endpoint on another origin that the signed card vouches "+
				"for, before the card's TTL has passed: it may reuse its attestation there or make it again (the positive "+
				"control of %s).", taskList(reusing), scenarios.GenExpired),
			Check: scenarios.CompletedAtIn(otherPeer, reusing)},
		scenarios.AtTask(reattest, scenarios.Requirement{ID: scenarios.GenReattested, Level: verdict.Should, Profile: verdict.ProfileSignatures,
			Ref: ref,
			Text: fmt.Sprintf("The client SHOULD complete task %d at the endpoint on another origin that the signed card vouches "+
				"for, the card served past its max-age (Age %d) but the attestation still holding (%s): an expired "+
				"attestation is made again, not refused (the positive control of %s).",
				reattest, scenarios.ExpiredAge, x.Holding, scenarios.GenExpired),
			Check: scenarios.CompletedAt(otherPeer)}),
		scenarios.AtTask(task, scenarios.Requirement{ID: scenarios.GenExpired, Level: verdict.Must, Profile: verdict.ProfileSignatures,
			Ref: ref + "; docs/driver-contract.md",
			Text: fmt.Sprintf("The client MUST NOT reuse its attestation of the endpoint in task %d, the card served past its "+
				"max-age (Age %d) and %s: it refuses the endpoint, %s, no credential, aborted/untrusted-endpoint; having sent "+
				"there before, it attests again, the journal showing %s in this task.",
				task, scenarios.ExpiredAge, x.What, contact, attested),
			Check: x.Refused(cardPeer, otherPeer)}),
	}
}

// untrusted are the requirements of a card that is not authoritative for
// its interfaces: nothing reaches them, credentials least of all. A
// forged signature's endpoint (and the third origin of its key set) is
// judged over the whole session: no rule ever lets the client there. A
// look-alike may land on A's own socket, where the client works in other
// tasks, so it is judged in the task that must refuse the card: nothing
// but looks at the card anywhere; a task the rules let proceed under the
// card it had (rule 4) never saw the look-alike. Another origin's interface
// that unsigned cards list before their own is judged over the whole
// session too: every card lists it.
func untrusted(v Variant, c variantCards, e Expectation, changedTask int, profile verdict.Profile) []scenarios.Requirement {
	ref := "contract-model §3 rule 6 and §6"
	switch {
	case c.forgery != nil:
		ref += "; A2A v1.0 spec §8.4.3; the trust-root family (" + c.forgery.What + ")"
		out := []scenarios.Requirement{
			{ID: scenarios.GenNoContact, Level: verdict.Must, Profile: profile, Ref: ref,
				Text: "The client MUST NOT contact, nor even open a connection to, the endpoint on another origin that only " +
					c.forgery.What + " vouches for" + publisherText(c.forgery) + ".",
				Check: noContact(otherPeer, c.forgery.Publisher)},
			{ID: scenarios.GenNoCredential, Level: verdict.Must, Profile: profile, Ref: ref,
				Text:  "The client MUST NOT send any credential to the endpoint that only " + c.forgery.What + " vouches for.",
				Check: scenarios.NoCredentialAt(otherPeer)},
		}
		return out
	case c.foreign != "":
		ref += "; foreign-origin-listed-first"
		return []scenarios.Requirement{
			{ID: scenarios.GenNoContact, Level: verdict.Must, Profile: profile, Ref: ref,
				Text: "The client MUST NOT contact, nor even open a connection to, the interface on another origin that the " +
					"unsigned cards list before their own: the card is not authoritative for it, so the client skips it.",
				Check: noContact(c.foreign)},
			{ID: scenarios.GenNoCredential, Level: verdict.Must, Profile: profile, Ref: ref,
				Text:  "The client MUST NOT send any credential to the interface on another origin the cards list first.",
				Check: scenarios.NoCredentialAt(c.foreign)},
		}
	case c.spelling != nil && e.Untrusted && (e.Changed == RefuseUntrusted || e.Changed == AbortBeforeSend):
		ref += "; RFC 6454 §4, §5; origin-lookalike (" + c.spelling.What + ")"
		tasks := []int{changedTask}
		if e.RefusedAgain {
			tasks = append(tasks, changedTask+1)
		}
		extended := v.Card == ExtendedCard
		return []scenarios.Requirement{
			{ID: scenarios.GenNoContact, Level: verdict.Must, Profile: profile, Ref: ref,
				Text: fmt.Sprintf("The client MUST NOT send anything but card requests in task(s) %s, whose card's interfaces are on an "+
					"origin that only looks like the card's (%s), whichever socket serves it.", taskList(tasks), c.spelling.What),
				Check: scenarios.OnlyCardRequestsIn(cardPeer, tasks, extended)},
			{ID: scenarios.GenNoCredential, Level: verdict.Must, Profile: profile, Ref: ref,
				Text:  fmt.Sprintf("The client MUST NOT send any credential in task(s) %s but on its card requests.", taskList(tasks)),
				Check: scenarios.NoCredentialBesideCardIn(cardPeer, tasks, extended)},
		}
	}
	return nil
}

// signedAtMust is the signed binding's control where the fixed catalog
// holds it at MUST (rule6SignedAtMust): tasks, those the rules let send
// at B before any task past the card's TTL, complete there.
func signedAtMust(v Variant, tasks []int) scenarios.Requirement {
	why, ref := "though the card also carries the signature of a key its origin no longer publishes: one signature that "+
		"verifies is enough", "contract-model §3 rule 6, §6 condition 1; A2A v1.0 spec §8.4.3; repointed-endpoint-retired-key"
	if v.Authority.Kind != RetiredKey {
		why, ref = "as under such a public card: the extended card is judged as any card", "contract-model §3 rule 6, §6 and §7 "+
			"item 3; extended-card-signed"
	}
	if v.Card == ExtendedCard && v.Authority.Kind == RetiredKey {
		why += ", and the extended card is judged as any card"
		ref += ", extended-card-signed"
	}
	return scenarios.Requirement{ID: scenarios.GenSignedAtMust, Level: verdict.Must, Profile: verdict.ProfileSignatures, Ref: ref,
		Text: fmt.Sprintf("The client MUST complete task(s) %s at the endpoint on another origin of the same TLS principal that "+
			"the signed card vouches for, %s.", taskList(tasks), why),
		Check: scenarios.CompletedAtIn(otherPeer, tasks)}
}

// renewedControl is a renewed certificate's positive control: task, after
// the card's origin renewed its certificate under an intermediate CA that
// chains to the client's trust root, completes there (certificate-
// renewal-intermediate's TLS-008).
func renewedControl(task int) scenarios.Requirement {
	return scenarios.AtTask(task, scenarios.Requirement{ID: scenarios.GenRenewed, Level: verdict.Must, Profile: verdict.ProfileCore,
		Text: fmt.Sprintf("The client MUST complete task %d at the card's origin, which before it renewed its certificate for the "+
			"same names under a new key, issued by an intermediate CA that chains to the client's trust root and sent with it: "+
			"a server is verified against the trust root, never against the issuer seen before.", task),
		Ref:   "contract-model §3 rule 6; RFC 5280 §6; certificate-renewal-intermediate",
		Check: scenarios.CompletedAt(cardPeer), Control: true})
}

func taskList(tasks []int) string {
	out := ""
	for i, n := range tasks {
		if i > 0 {
			out += " and "
		}
		out += fmt.Sprint(n)
	}
	return out
}

// namedOnly is the credential-scope family's rule, for every variant: the
// client holds the API key, the bearer token and OAuth client
// credentials, and only those of the schemes the session's cards name for
// the skill (or card-wide, for the extended card's fetch) go anywhere; in
// a task the rules let send, only those of the card it is planned on
// (byTask), so a credential kept from an earlier card fails.
func namedOnly(allowed []string, byTask map[int][]string) scenarios.Requirement {
	return scenarios.Requirement{ID: scenarios.GenNamedOnly, Level: verdict.Must, Profile: verdict.ProfileCore,
		Text: fmt.Sprintf("The client MUST NOT send any credential it holds but those of the schemes the session's cards name "+
			"for the skill (%s), in any request or connection; and in each task it sends, none but those of the card the "+
			"task is planned on.", strings.Join(allowed, ", ")),
		Ref:   "contract-model §8; A2A v1.0 spec §13; A2ACLI_AUTH_008",
		Check: scenarios.OnlyNamedCredentialsPerTask(allowed, byTask)}
}

func publisherText(f *scenarios.Forgery) string {
	if f.Publisher == "" {
		return ""
	}
	return ", nor the third origin whose key set the signature names"
}

// noContact: nothing reaches any of peers ("" skipped).
func noContact(peers ...string) func(*scenarios.Evidence) verdict.Judgement {
	return func(ev *scenarios.Evidence) verdict.Judgement {
		for _, p := range peers {
			if p == "" {
				continue
			}
			if j := scenarios.NothingReaches(p)(ev); j.Verdict != verdict.Pass {
				return j
			}
		}
		return verdict.Judgement{Verdict: verdict.Pass}
	}
}

// refusalReasons are the reasons a refusal of the changed card may give,
// the one the rule that decides names first: a card that is not
// authoritative and speaks no version the client can use may be refused
// for either, and one only a signature makes authoritative may be refused
// as untrusted by a client that does not verify signatures.
func refusalReasons(e Expectation) []driver.Reason {
	switch {
	case e.Changed == RefuseUntrusted && e.Unusable:
		return []driver.Reason{driver.ReasonUntrustedEndpoint, driver.ReasonVersionUnsupported}
	case e.Changed == RefuseUntrusted:
		return []driver.Reason{driver.ReasonUntrustedEndpoint}
	case e.VouchedBySignature:
		return []driver.Reason{driver.ReasonVersionUnsupported, driver.ReasonUntrustedEndpoint}
	}
	return []driver.Reason{driver.ReasonVersionUnsupported}
}

// pickedFirst is the version family's rule, for every variant: in every
// task it sends, the client uses the first interface of its binding that
// declares 1.0 on the card the task is planned on.
func pickedFirst(v Variant, plans map[int]scenarios.TaskPlan) scenarios.Requirement {
	var tasks []int
	for n := range plans {
		tasks = append(tasks, n)
	}
	slices.Sort(tasks)
	lists := interfacesText(v.shape())
	if v.Authority == (Authority{SameOrigin, ForeignFirst}) {
		lists += "; another origin's interface listed first, which the card is not authoritative for"
	}
	return scenarios.Requirement{ID: scenarios.GenPickedFirst, Level: verdict.Must, Profile: verdict.ProfileCore,
		Text: fmt.Sprintf("In task(s) %s the client MUST send every A2A request to the first interface of its binding that declares "+
			"protocol version 1.0 on the card the task is planned on, of those the card is authoritative for (%s), naming "+
			"that interface's tenant, labelled A2A-Version 1.0: never to an interface of another version, nor to a later entry "+
			"of the same binding.", taskList(tasks), lists),
		Ref: "contract-model §3 rules 5 and 6; A2A v1.0 spec §3.6, §8.3.2; A2ACLI_VER_001; https://github.com/a2aproject/a2a-dotnet/issues/331; " +
			"older-version-listed-first, duplicate-binding-order, foreign-origin-listed-first, patch-version-declared",
		Check: scenarios.PickedFirstUsable(plans)}
}

func orVersion(e Expectation) string {
	if e.Unusable {
		return " (or aborted/version-unsupported: the card speaks no version the client can use either)"
	}
	return ""
}

func orUntrusted(e Expectation) string {
	if e.VouchedBySignature || e.Untrusted {
		return " (or aborted/untrusted-endpoint: refusing the endpoint is aborting)"
	}
	return ""
}

func noCancel(frozen bool) scenarios.Requirement {
	r := scenarios.Requirement{ID: scenarios.GenNoCancel, Level: verdict.Must, Profile: verdict.ProfileCore,
		Text: "The client MUST NOT send CancelTask in this session.", Ref: "contract-model §3 rules 1, 2 and 3", Check: scenarios.NoCancel}
	if frozen {
		return scenarios.WhileRunning(r)
	}
	return r
}
