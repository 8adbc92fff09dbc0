package explore

// The one rule that leaves combinations out of the space: a card whose
// authority the rules forbid the client to judge cannot test that
// authority. A card that cannot be authoritative (a look-alike origin, a
// forged signature) arriving mid-task is a card the client must not even
// look at (rule 3: the contract is frozen at the send, and the card should
// not be fetched while the task runs), so the variant would be its
// same-origin twin with a decoy nobody is allowed to see; and a look-alike
// on the card peer's own socket could not be told from the card's origin
// by the polls the running task makes there. The rule names a pair of
// parameter values, so that the covering array leaves out exactly the
// pairs it excludes (Space.allowed).

// Excluded is why v is left out of the space, "" if it is not.
func Excluded(v Variant) string { return excludedPair(v.Point, v.Authority.Class) }

func excludedPair(p Point, c AuthorityClass) string {
	if p == MidTask && (c == Lookalike || c == Forged) {
		return "a card that cannot be authoritative (" + string(c) + ") arriving mid-task is one the client must not look at " +
			"(rule 3): its authority cannot be judged"
	}
	return ""
}
