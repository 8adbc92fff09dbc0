package scenarios

import (
	"fmt"
	"strings"
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
	// (a look-alike origin, a forged signature): nothing reaches them
	// (MUST).
	GenNoContact = "XPL-006"
	// GenNoCredential: no credential reaches them either (MUST).
	GenNoCredential = "XPL-007"
	// GenRefusedAgain: the card refused by rule 6, served again, is
	// refused again (MUST).
	GenRefusedAgain = "XPL-008"
	// GenNamedOnly: only the credentials of the schemes the cards name for
	// the skill go anywhere (MUST).
	GenNamedOnly = "XPL-009"
)

// GeneratedRequirement documents one of them.
type GeneratedRequirement struct {
	ID, Level, What string
}

// GeneratedRequirements are documented in docs/requirements.md and
// docs/explore.md, in ID order: each ID written out beside its text, as
// the constants above name them.
func GeneratedRequirements() []GeneratedRequirement {
	return []GeneratedRequirement{
		{"XPL-001", "MUST", "The client completes the variant's positive control: the first task under the card before the change " +
			"(between fetch and send, between tasks), the task that ran across the change (mid-task), the task after the peer " +
			"serves the card without the change (first contact), or, when signed, a last task under a card on its own origin."},
		{"XPL-002", "MUST (SHOULD where proceeding rests on a signature)", "The task that meets the change does what the " +
			"contract model's rules derive from the two cards' contract hashes: abort before the send (rule 2: the hashes differ, " +
			"between fetch and send, with a validator), or send and complete it (rule 1: the hashes agree; rule 2 planning: between " +
			"tasks or on first contact, following the card as it is; rule 3: mid-task; rule 4: no validator), or, for a card that " +
			"now requires an extension, complete it with the extension or refuse it unsent (extension-unsupported)."},
		{"XPL-003", "MUST", "The client sends no CancelTask in the session (rules 1, 2 and 3: never send-then-cancel, never " +
			"cancel on drift or on a change after the send)."},
		{"XPL-004", "SHOULD", "Mid-task variants: no card request between the send and the task's end (rule 3)."},
		{"XPL-005", "SHOULD", "Signed variants: the first task completes at the endpoint on another origin that the card's " +
			"valid signature vouches for (rule 6)."},
		{"XPL-006", "MUST", "Variants whose changed card is not authoritative for its interfaces (rule 6): for a forged " +
			"signature, no contact of any kind with the endpoint it vouches for (nor with the third origin a foreign jku names), " +
			"not even a connection, in the whole session; for a look-alike origin, nothing but card requests (and the extended " +
			"card's GetExtendedAgentCard on the card's origin) in the task that must refuse the card, whichever socket serves " +
			"the look-alike."},
		{"XPL-007", "MUST", "The same variants: no credential reaches the forged signature's endpoint, or, for a look-alike, " +
			"goes anywhere in the refusing tasks but on their card requests."},
		{"XPL-008", "MUST", "Variants that plan a task on a card rule 6 refuses (between tasks, on first contact): the same " +
			"card, unchanged and fresh by its max-age (a conditional request is answered 304), is served for one more task, which " +
			"the client refuses too, aborted/untrusted-endpoint: a refused card is never cached as trusted (google/adk-python#6901)."},
		{"XPL-009", "MUST", "Every variant: the client holds the API key, the bearer token and OAuth client credentials, and " +
			"sends none but those of the schemes the session's cards name for the skill (its own securityRequirements, else the " +
			"card-wide ones; and the public card's card-wide ones, for the extended card's fetch), in any request or connection " +
			"(contract model §8)."},
	}
}

// writeGeneratedRequirements appends their section to docs/requirements.md.
func writeGeneratedRequirements(b *strings.Builder) {
	b.WriteString("\n## Generated scenarios (`run --explore`)\n\nJudged in every generated variant ([explore.md](explore.md)); " +
		"each variant's text is derived from its parameters.\n")
	for _, r := range GeneratedRequirements() {
		fmt.Fprintf(b, "\n### %s\n\n**%s**, profile `core` (`signatures` for a signed or forged variant's %s). %s\n\nReference: contract-model §3.\n",
			r.ID, r.Level, GenChanged, r.What)
	}
}
