package scenarios

import (
	"fmt"
	"strings"

	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// The requirements every generated scenario (run --explore, package
// explore) judges. Their IDs are the same in every variant and never
// change; the text of each is derived per variant from the field, the
// point and the rule that decides it.
const (
	// GenControl: the variant's positive control completes (MUST).
	GenControl = "XPL-001"
	// GenChanged: the task that meets the change does what the rules
	// derive (MUST; SHOULD where proceeding rests on a signature).
	GenChanged = "XPL-002"
	// GenNoCancel: no CancelTask in the session (MUST).
	GenNoCancel = "XPL-003"
	// GenNoFetch: mid-task, no card fetch while the task runs (SHOULD).
	GenNoFetch = "XPL-004"
	// GenVouched: signed, the first task completes at the endpoint the
	// signed card vouches for (SHOULD).
	GenVouched = "XPL-005"
	// GenNoContact: a card that is not authoritative for its interfaces
	// (a look-alike origin, a forged signature), or for another origin's
	// interface it lists first: nothing reaches them (MUST).
	GenNoContact = "XPL-006"
	// GenNoCredential: no credential reaches them either (MUST).
	GenNoCredential = "XPL-007"
	// GenRefusedAgain: the card refused by rule 6, served again, is
	// refused again (MUST).
	GenRefusedAgain = "XPL-008"
	// GenNamedOnly: only the credentials of the schemes the cards name for
	// the skill go anywhere (MUST).
	GenNamedOnly = "XPL-009"
	// GenPickedFirst: every A2A request goes to the first interface of its
	// binding that speaks 1.0 on the card its task is planned on (MUST).
	GenPickedFirst = "XPL-010"
	// GenReused: signed and expiring, the tasks before the card's TTL has
	// passed complete at the vouched endpoint (SHOULD, as proceeding on a
	// signature is).
	GenReused = "XPL-011"
	// GenExpired: the task whose change ends the attestation, the card
	// past its TTL, attests the endpoint again and refuses it (MUST).
	GenExpired = "XPL-012"
	// GenReattested: the task before it, the card past its TTL but the
	// attestation holding, attests again and completes there (SHOULD).
	GenReattested = "XPL-013"
	// GenSignedAtMust: signed with a retired key's signature beside a
	// valid one, or an extended card signed, the tasks at the vouched
	// endpoint complete there (MUST, signatures profile, as SIG-015 and
	// EXTCARD-019).
	GenSignedAtMust = "XPL-014"
	// GenRenewed: the card's origin renewed its certificate under an
	// intermediate CA, the task after it completes there (MUST).
	GenRenewed = "XPL-015"
)

// GeneratedRequirement documents one of them.
type GeneratedRequirement struct {
	ID, Level string
	// Profiles are the profiles it is judged in, in the variants that
	// judge it: core, signatures, or both (core on the card's own origin,
	// signatures where a signature or a forgery is the variant's authority).
	Profiles []verdict.Profile
	What     string
}

var (
	genCore       = []verdict.Profile{verdict.ProfileCore}
	genSignatures = []verdict.Profile{verdict.ProfileSignatures}
	genEither     = []verdict.Profile{verdict.ProfileCore, verdict.ProfileSignatures}
)

// GeneratedRequirements are documented in docs/requirements.md and
// docs/explore.md, in ID order: each ID written out beside its text, as
// the constants above name them.
func GeneratedRequirements() []GeneratedRequirement {
	return []GeneratedRequirement{
		{"XPL-001", "MUST", genCore, "The client completes the variant's positive control: the first task under the card before the change " +
			"(between fetch and send, between tasks), the task that ran across the change (mid-task), the task after the peer " +
			"serves the card without the change (first contact), or, when signed, a last task under a card on its own origin."},
		{"XPL-002", "MUST (SHOULD where proceeding rests on a signature)", genEither, "The task that meets the change does what the " +
			"contract model's rules derive from the two cards' contract hashes: abort before the send (rule 2: the hashes differ, " +
			"between fetch and send, with a validator), or send and complete it (rule 1: the hashes agree; rule 2 planning: between " +
			"tasks or on first contact, following the card as it is; rule 3: mid-task; rule 4: no validator), or, for a card that " +
			"now requires an extension, complete it with the extension or refuse it unsent (extension-unsupported), or refuse " +
			"unsent a card planned on that is not authoritative for its interfaces (rule 6: untrusted-endpoint) or lists no " +
			"interface of the binding that declares 1.0 (rule 5: version-unsupported; its interfaces all declaring 1.1)."},
		{"XPL-003", "MUST", genCore, "The client sends no CancelTask in the session (rules 1, 2 and 3: never send-then-cancel, never " +
			"cancel on drift or on a change after the send)."},
		{"XPL-004", "SHOULD", genCore, "Mid-task variants: no card request between the send and the task's end (rule 3)."},
		{"XPL-005", "SHOULD", genSignatures, "Signed variants: the first task the rules let send, when XPL-002 does not judge it, completes at " +
			"the endpoint on another origin that the card's valid signature vouches for (rule 6)."},
		{"XPL-006", "MUST", genEither, "Variants whose changed card is not authoritative for its interfaces (rule 6): for a forged " +
			"signature, no contact of any kind with the endpoint it vouches for (nor with the third origin a foreign jku names), " +
			"not even a connection, in the whole session; for a look-alike origin, nothing but card requests (and the extended " +
			"card's GetExtendedAgentCard on the card's origin) in the task that must refuse the card, whichever socket serves " +
			"the look-alike; for cards that list another origin's interface of the binding before their own, unsigned " +
			"(authority same-origin-foreign-first), no contact with that origin in the whole session (foreign-origin-listed-first)."},
		{"XPL-007", "MUST", genEither, "The same variants: no credential reaches the forged signature's endpoint, or the other origin " +
			"listed first, or, for a look-alike, goes anywhere in the refusing tasks but on their card requests."},
		{"XPL-008", "MUST", genEither, "Variants that plan a task on a card rule 6 or rule 5 refuses (between tasks, on first contact): " +
			"the same card, unchanged and fresh by its max-age (a conditional request is answered 304), is served for one more " +
			"task, which the client refuses too, aborted/untrusted-endpoint (or version-unsupported): a refused card is never " +
			"cached as trusted (google/adk-python#6901)."},
		{"XPL-009", "MUST", genCore, "Every variant: the client holds the API key, the bearer token and OAuth client credentials, and " +
			"sends none but those of the schemes the session's cards name for the skill (its own securityRequirements, else the " +
			"card-wide ones; and the public card's card-wide ones, for the extended card's fetch), in any request or connection, " +
			"and in each task it sends none but those of the card the task is planned on, so a credential an earlier card named " +
			"is no licence in a later task (contract model §8; credential-alternatives' CRED-009). A variant's cards may require one scheme (security single), list first in every requirement " +
			"an alternative of a TLS client certificate the client does not hold (alternatives), or require the bearer token " +
			"beside the API key (combined), as credential-alternatives' cards do; the peer admits a request only when it " +
			"satisfies one alternative whole, so a completed task (XPL-001, XPL-002) proves the choice."},
		{"XPL-010", "MUST", genCore, "Every variant: in every task the rules let send, each A2A request goes to the first interface of " +
			"its binding that declares protocol version 1.0 on the card the task is planned on (the public card, for the " +
			"extended card's fetch), naming its tenant and labelled A2A-Version 1.0 (rule 5; A2A v1.0 spec §3.6, §8.3.2): the " +
			"field card lists its binding twice on one origin, so a client taking the last entry fails it; a variant's cards may " +
			"list a 0.3 interface of the binding first, which the client skips, never sending it a 1.0 request nor falling back " +
			"to 0.3 (older-version-listed-first, duplicate-binding-order), or another origin's interface the card is not " +
			"authoritative for, which it skips too (foreign-origin-listed-first), or declare 1.0.1, which is 1.0, a patch number " +
			"ignored (patch-version-declared); the url is where it sends, whole: a request to a path the card names for no " +
			"interface fails it, as when the card's origin serves A2A under a path of its own (authority " +
			"same-origin-path-prefixed, endpoint-path-prefixed)."},
		{"XPL-011", "SHOULD", genSignatures, "Signed variants whose attestation expires (authority signed-ttl-*): every task before the " +
			"card's TTL has passed that the rules let send completes at the endpoint on another origin the signed card vouches " +
			"for, the attestation reused or made again (the positive control of XPL-012; a SHOULD, as verifying signatures is)."},
		{"XPL-012", "MUST", genSignatures, "The same variants: once the card is served past its max-age (the peer's scripted Age, RFC 9111 " +
			"§4.2) and the endpoint presents a TLS principal of its own, or the card's origin withdraws the keys that sign it, " +
			"the client does not reuse its attestation: it refuses the endpoint, no request to it (a TLS handshake at most; no " +
			"contact at all for a withdrawn key), no credential, aborted/untrusted-endpoint, and, having sent there before, it " +
			"attests again, the journal showing the handshake or the key-set fetch in that task (attested-binding-expiry, " +
			"attested-binding-expiry-withdrawn-key)."},
		{"XPL-013", "SHOULD", genSignatures, "The same variants: in the task before that one, the card already served past its max-age but " +
			"the endpoint unchanged and the card origin's keys still published, the client completes the task there: an " +
			"expired attestation that still holds is made again, not refused (the positive control of XPL-012, which judges " +
			"the attestation made again; a SHOULD, as verifying signatures is)."},
		{"XPL-014", "MUST", genSignatures, "Signed variants whose fixed twin holds the signed binding at MUST (of the signatures profile): a " +
			"card that also carries the signature of a key its origin no longer publishes (authority signed-retired-key: one " +
			"signature that verifies is enough, repointed-endpoint-retired-key), and an extended card signed (extended-card-signed: " +
			"judged as any card): every task the rules let send there before any task past the card's TTL completes at the " +
			"endpoint on another origin the signature vouches for."},
		{"XPL-015", "MUST", genCore, "Variants whose card's origin renews its certificate (authority same-origin-renewed-intermediate): " +
			"after the variant's tasks, the card's origin presents a certificate for the same names under a new key, issued by " +
			"an intermediate CA that chains to the client's trust root and sent with it, every connection to it ended; one more " +
			"task, under the card before the change, completes there: a server is verified against the trust root, never " +
			"against the issuer seen before (certificate-renewal-intermediate)."},
	}
}

// writeGeneratedRequirements appends their section to docs/requirements.md.
func writeGeneratedRequirements(b *strings.Builder) {
	b.WriteString("\n## Generated scenarios (`run --explore`)\n\nJudged in every generated variant ([explore.md](explore.md)); " +
		"each variant's text is derived from its parameters.\n")
	for _, r := range GeneratedRequirements() {
		fmt.Fprintf(b, "\n### %s\n\n**%s**, %s. %s\n\nReference: contract-model §3.\n", r.ID, r.Level, profileText(r.Profiles), r.What)
	}
}

// profileText says in which profiles a generated requirement is judged.
func profileText(profiles []verdict.Profile) string {
	if len(profiles) == 1 {
		return fmt.Sprintf("profile `%s`", profiles[0])
	}
	return fmt.Sprintf("profile `%s` (`%s` in a signed or forged variant)", profiles[0], profiles[1])
}
