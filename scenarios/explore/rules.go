package explore

import (
	"strings"

	"github.com/a2a-conform/a2a-conform/scenarios"
)

// The derivation of what a variant requires, rule by rule of
// docs/contract-model.md §3. Its only input about the field is the
// oracle's answer (Oracle): whether the contract hashes of the card before
// and after the change differ (scenarios.ContractChanges), and whether the
// changed card lists an interface of the variant's binding the client can
// use (one declaring 1.0, scenarios.FirstUsable). Each rule is one
// function, tested alone (rules_test.go); Derive applies them in the order
// the contract model gives them precedence.

// Behaviour is what the client must do with the task that meets the change.
type Behaviour string

// The behaviours the rules require.
const (
	// Proceed: send the task and complete it, never canceling it.
	Proceed Behaviour = "proceed"
	// AbortBeforeSend: no task-creating request under the changed card,
	// no cancel, the task reported aborted/contract-changed.
	AbortBeforeSend Behaviour = "abort-before-send"
	// FollowOrRefuse: plan on the changed card: complete the task as it
	// says, or refuse it without sending (the reason the field names).
	FollowOrRefuse Behaviour = "follow-or-refuse"
	// RefuseUntrusted: plan nothing on a card that is not authoritative
	// for its interfaces: nothing reaches them, credentials least of all,
	// no task-creating request, aborted/untrusted-endpoint.
	RefuseUntrusted Behaviour = "refuse-untrusted"
	// RefuseVersion: plan nothing on a card none of whose interfaces of
	// the binding speaks 1.0 (rule 5): no A2A request to them, no
	// task-creating request, aborted/version-unsupported.
	RefuseVersion Behaviour = "refuse-version"
)

// Oracle is what the variant's cards answer, built before any farm starts.
type Oracle struct {
	// ContractChanged: the contract hashes of the card before and after
	// the change differ.
	ContractChanged bool
	// MayRefuse: the field names a reason a client that cannot follow the
	// changed card may refuse it with (an extension it does not speak).
	MayRefuse bool
	// Usable: the changed card lists an interface of the variant's binding
	// that declares the protocol version the client speaks (1.0).
	Usable bool
}

// Expectation is what the rules require of a variant.
type Expectation struct {
	// Changed is what the client must do with the task that meets the
	// change; Rule cites the rule that decided it.
	Changed Behaviour
	Rule    string
	// Frozen: the change comes while the task runs, and the contract
	// captured at send holds (rule 3): no cancel, no card fetch.
	Frozen bool
	// HonourSend: the peer honours the contract of the send after the
	// change (a grace window without end), because the rules let the
	// client send under the card it had (rules 3 and 4).
	HonourSend bool
	// VouchedBySignature: every task is sent, if at all, to an endpoint
	// only a signature makes authoritative (rule 6). Verifying signatures
	// is a SHOULD, so proceeding there is judged at SHOULD, and refusing
	// the endpoint (untrusted-endpoint) is a way to abort.
	VouchedBySignature bool
	// Untrusted: the card that brings the change is not authoritative for
	// its interfaces (rule 6): nothing may reach them, and refusing them
	// (untrusted-endpoint) is a way to abort before the send.
	Untrusted bool
	// Unusable: the card that brings the change lists no interface of the
	// binding that speaks 1.0 (rule 5): a task planned on it is refused
	// (version-unsupported; untrusted-endpoint too, when it is not
	// authoritative either or only a signature makes it so).
	Unusable bool
	// SignedAtMust: the tasks sent to the endpoint only a signature makes
	// authoritative are judged at MUST too (of the signatures profile),
	// as the fixed catalog's twin judges them (rule6SignedAtMust).
	SignedAtMust bool
	// RefusedAgain: the card refused by rule 6 (or rule 5) is served
	// again, unchanged, for one more task, and must be refused again: the
	// rules judge every card a task is planned on, so neither the card nor
	// the refusal is kept as a verdict (a rejected card is never cached).
	RefusedAgain bool
}

// Derive applies the rules to v, given the oracle's answer.
func Derive(v Variant, o Oracle) Expectation {
	e := Expectation{VouchedBySignature: rule6SignatureVouches(v), Untrusted: !rule6Authoritative(v),
		Unusable: !rule5Usable(o), SignedAtMust: rule6SignedAtMust(v)}
	switch {
	case rule1CapabilityDrift(o.ContractChanged) && !e.Untrusted:
		e.Changed, e.Rule = Proceed, "contract-model §3 rule 1"
	case rule3FrozenAfterSend(v):
		e.Changed, e.Rule = Proceed, "contract-model §3 rule 3"
	case rule4NoValidator(v):
		e.Changed, e.Rule = Proceed, "contract-model §3 rule 4"
	case rule2AbortBeforeSend(v):
		e.Changed, e.Rule = AbortBeforeSend, "contract-model §3 rule 2"
		if v.Card == ExtendedCard {
			e.Rule += " and §7 item 4"
		}
		if e.Untrusted {
			e.Rule += " (and rule 6)"
		}
	case e.Untrusted:
		e.Changed, e.Rule = RefuseUntrusted, "contract-model §3 rule 6"
		if e.Unusable {
			e.Rule += " (and rule 5)"
		}
	case e.Unusable:
		e.Changed, e.Rule = RefuseVersion, "contract-model §3 rule 5"
	default: // rule 2, a long-lived client: a new task is planned on the card as it is then
		e.Changed, e.Rule = Proceed, "contract-model §3 rule 2 (planning)"
		if o.MayRefuse {
			e.Changed = FollowOrRefuse
		}
	}
	if v.Card == ExtendedCard && !strings.Contains(e.Rule, "§7") {
		e.Rule += "; contract-model §7"
	}
	e.RefusedAgain = rule6JudgedEveryTime(v, e.Changed)
	e.Frozen = rule3FrozenAfterSend(v)
	e.HonourSend = rule3FrozenAfterSend(v) || rule4NoValidator(v)
	return e
}

// Rule 1: capability drift is never a reason to stop.
func rule1CapabilityDrift(contractChanged bool) bool { return !contractChanged }

// Rule 3: after the send, the contract is frozen; a change while the task
// runs is not consulted.
func rule3FrozenAfterSend(v Variant) bool { return v.Point == MidTask }

// Rule 4: no validator, no revalidation: between the look and the send
// the card is immutable, and the peer's answer to the send decides. The
// extended card has no validators, and every look at it is a fetch
// (contract model §7 item 4): rule 4 never spares it.
func rule4NoValidator(v Variant) bool {
	return v.Point == BeforeSend && v.Validator == NoValidator && v.Card == PublicCard
}

// Rule 2: revalidate right before the send, and abort before send when
// the contract changed; the extended card is fetched again right before
// the send, whatever the public card's validators.
func rule2AbortBeforeSend(v Variant) bool {
	return v.Point == BeforeSend && (v.Validator != NoValidator || v.Card == ExtendedCard)
}

// Rule 5: other protocol versions are out of scope; a card with no
// interface of the binding that declares 1.0 has none the client can use.
func rule5Usable(o Oracle) bool { return o.Usable }

// Rule 6: a card is authoritative for another origin only through a
// signature by a key its own origin publishes; the same origin in another
// spelling is the same origin, a look-alike is another, and a forged
// signature vouches for nothing.
func rule6Authoritative(v Variant) bool {
	return v.Authority.Class == SameOrigin || v.Authority.Class == Signed
}

// rule6SignatureVouches: only a (valid) signature makes the endpoint
// authoritative, and verifying signatures is a SHOULD.
func rule6SignatureVouches(v Variant) bool { return v.Authority.Class == Signed }

// rule6SignedAtMust: verifying signatures is a SHOULD, but a client that
// verifies them takes a valid one, and the fixed catalog holds two such
// controls at MUST (of the signatures profile, which a client verifying
// none leaves out): one valid signature is enough, another by a key the
// origin retired beside it (§6 condition 1; repointed-endpoint-retired-
// key, SIG-015), and a signed extended card is judged as any card (§7
// item 3; extended-card-signed, EXTCARD-019). Their variants hold them so.
func rule6SignedAtMust(v Variant) bool {
	return v.Authority.Class == Signed && (v.Authority.Kind == RetiredKey || v.Card == ExtendedCard)
}

// Rules 5 and 6 judge the card of every task: a card refused once is
// judged again when served again, never cached as trusted, and refused
// again unless its refusal was of its time (a key published late vouches
// for the card at the next look; a look-alike's refusal, or a version's,
// always holds).
func rule6JudgedEveryTime(v Variant, b Behaviour) bool {
	if b == RefuseVersion {
		return true // a version is of the card, not of the time it is judged
	}
	if b != RefuseUntrusted {
		return false
	}
	if v.Authority.Class == Forged {
		for _, f := range scenarios.Forgeries() {
			if f.Kind == v.Authority.Kind {
				return !f.OfItsTime
			}
		}
	}
	return true
}
