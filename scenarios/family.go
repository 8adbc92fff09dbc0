package scenarios

import (
	"cmp"
	"slices"
)

// Family is the group a scenario belongs to in the catalog's order. The
// catalog lists the families in the order of families, and a family's
// scenarios by the Rank each declares in its own file, so that adding a
// scenario touches that file only. Ranks are spaced (10, 20, ...) to let a
// new scenario go between two without renumbering them.
type Family string

// The families, in the order of SPEC §3's table and then of the families
// the catalog grew since. They change rarely: a new one goes here, in
// families, and its place moves every scenario after it in every report.
const (
	// FamilyContract: the card's contract around the send (SPEC §3's first
	// five rows), the field-by-field sessions of rules 1 and 2, and a card
	// URL that fails when the client revalidates.
	FamilyContract Family = "contract"
	// FamilyAuthority: where a card may send the client: interfaces on
	// another origin, signed or forged cards, gRPC targets, look-alike
	// origins, redirects, impostor certificates, attested bindings that
	// expire (rule 6).
	FamilyAuthority Family = "authority"
	// FamilyValidators: a card without validators, within a task and
	// between tasks (rule 4).
	FamilyValidators Family = "validators"
	// FamilyVersions: protocol versions and the choice among interfaces
	// (rule 5).
	FamilyVersions Family = "versions"
	// FamilyExtension: the frozen-contract extension.
	FamilyExtension Family = "extension"
	// FamilyFirstContact: the authority scenarios with the bad card first.
	FamilyFirstContact Family = "first-contact"
	// FamilyRejected: a refused card served again, then an honest one.
	FamilyRejected Family = "rejected-card"
	// FamilyExtendedCard: the extended card (contract model §7).
	FamilyExtendedCard Family = "extended-card"
	// FamilyCredentials: which credential goes where, of several held
	// (contract model §8).
	FamilyCredentials Family = "credentials"
)

var families = []Family{
	FamilyContract, FamilyAuthority, FamilyValidators, FamilyVersions, FamilyExtension,
	FamilyFirstContact, FamilyRejected, FamilyExtendedCard, FamilyCredentials,
}

// catalogOrder orders scenarios by family, then by rank.
func catalogOrder(a, b *Scenario) int {
	return cmp.Or(cmp.Compare(slices.Index(families, a.Family), slices.Index(families, b.Family)), cmp.Compare(a.Rank, b.Rank))
}
