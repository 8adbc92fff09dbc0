package explore

import (
	"fmt"
	"hash/fnv"
	"slices"

	"github.com/a2a-conform/a2a-conform/a2a/cardsig"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios"
)

// The peers of a variant: A serves the card. B is where a card that is
// not on A's own origin points: when signed or forged, on 127.0.0.2
// presenting A's TLS principal (so that only the signature decides); for a
// look-alike, on 127.0.0.1 at another port with a principal of its own
// (origin-lookalike's B). C publishes the keys of a foreign jku. F is the
// other origin whose interface a foreign-first card lists before its own,
// on 127.0.0.2 with a principal of its own. A is on 127.0.0.1, but on
// localhost for the spellings of a name (those of origin-lookalike-named).
const cardPeer, otherPeer, foreignPeer = "A", "B", "F"

// Expect is what the rules require of v, the oracle asked for its field.
func Expect(v Variant) (Expectation, error) {
	c, err := cardsOf(v)
	if err != nil {
		return Expectation{}, err
	}
	return Derive(v, c.oracle()), nil
}

// variantCards are the cards of v: the card the change applies to (the
// public card, or the extended card) before and after it, as the
// authority lays them out, and the oracle's answer on them.
type variantCards struct {
	field         scenarios.Field
	base, changed mockpeer.CardBuilder
	differs       bool
	// usable: the changed card lists an interface of the binding that
	// declares 1.0 (rule 5).
	usable   bool
	spelling *scenarios.OriginSpelling
	forgery  *scenarios.Forgery
	// expiry: a signed binding whose attestation ends once the card's TTL
	// has passed.
	expiry *scenarios.Expiry
	// foreign is the peer whose interface every card lists before its own,
	// unsigned (foreign-first; "" for none): none the client can use.
	foreign string
	// moved: the card URL redirects within its origin.
	moved bool
	// retired: the signature of a key A no longer publishes is on every
	// card beside a valid one.
	retired bool
	// prefixed: A serves A2A only under scenarios.AgentPathPrefix.
	prefixed bool
	// renewed: A renews its certificate under an intermediate CA before
	// one more task.
	renewed bool
}

// advisory are the peers whose interfaces the cards list but are not
// authoritative for, beside any they refuse whole.
func (c variantCards) advisory() []string {
	if c.foreign == "" {
		return nil
	}
	return []string{c.foreign}
}

func (c variantCards) oracle() Oracle {
	return Oracle{ContractChanged: c.differs, MayRefuse: c.field.MayRefuse != "", Usable: c.usable}
}

func cardsOf(v Variant) (variantCards, error) {
	f, ok := scenarios.LookupField(v.Field)
	if !ok {
		return variantCards{}, fmt.Errorf("explore: no field %q", v.Field)
	}
	if why := Excluded(v); why != "" {
		return variantCards{}, fmt.Errorf("explore: variant %s is excluded: %s", v.ID(), why)
	}
	c := variantCards{field: f}
	subject := func(endpoint string) mockpeer.CardBuilder {
		b := scenarios.FieldCard(cardPeer, endpoint, v.Binding)
		if v.Card == ExtendedCard {
			b = scenarios.AdvertisingExtended(b)
		}
		return b
	}
	change := func(b mockpeer.CardBuilder) mockpeer.CardBuilder { return f.Change(b, []string{v.Binding}) }
	switch v.Authority.Class {
	case SameOrigin:
		c.base = subject(cardPeer)
		c.changed = change(c.base)
		switch v.Authority.Kind {
		case "":
		case ForeignFirst:
			c.foreign = foreignPeer
		case Redirect:
			c.moved = true
		case PathPrefixed:
			c.prefixed = true
		case RenewedIntermediate:
			c.renewed = true
		default:
			s, err := spelling(v.Authority.Kind, true)
			if err != nil {
				return variantCards{}, err
			}
			c.spelling = &s
			c.base, c.changed = c.base.Edit(s.Respell(cardPeer, "")), c.changed.Edit(s.Respell(cardPeer, ""))
		}
	case Signed:
		c.base = subject(otherPeer)
		c.changed = change(c.base)
		if v.Authority.Kind == RetiredKey {
			c.retired = true
		} else if v.Authority.Kind != "" {
			x, err := expiry(v.Authority.Kind)
			if err != nil {
				return variantCards{}, err
			}
			c.expiry = &x
		}
	case Lookalike:
		s, err := spelling(v.Authority.Kind, false)
		if err != nil {
			return variantCards{}, err
		}
		c.spelling = &s
		c.base = subject(cardPeer)
		c.changed = change(c.base).Edit(s.Respell(cardPeer, otherPeer))
	case Forged:
		fg, err := forgery(v.Authority.Kind)
		if err != nil {
			return variantCards{}, err
		}
		c.forgery = &fg
		c.base = subject(cardPeer)
		c.changed = change(subject(otherPeer))
	default:
		return variantCards{}, fmt.Errorf("explore: no authority class %q", v.Authority.Class)
	}
	// On every card, after the field's change: the change stays the
	// field's alone, and a changed requirement comes in the same shape.
	c.base, c.changed = securityOf(v, c.base), securityOf(v, c.changed)
	if v.shape() == LegacyFirst { // on every card: the 0.3 interface is the agent's, not the change's
		c.base, c.changed = scenarios.LegacyFirst(c.base), scenarios.LegacyFirst(c.changed)
	}
	if c.foreign != "" { // on every card, after the 0.3 copy of the card's own first interface
		c.base, c.changed = scenarios.ForeignFirst(c.base, c.foreign, v.Binding), scenarios.ForeignFirst(c.changed, c.foreign, v.Binding)
	}
	switch v.shape() { // the versions of every interface the card lists, another origin's too
	case BindingTwice, LegacyFirst:
	case SkewedMinor: // with the change, as a look-alike comes
		c.changed = scenarios.SpeakingMinor(c.changed)
	case PatchVersion: // on every card: the change stays the field's alone
		c.base, c.changed = scenarios.DeclaringPatch(c.base), scenarios.DeclaringPatch(c.changed)
	default:
		return variantCards{}, fmt.Errorf("explore: no interface list %q", v.Interfaces)
	}
	c.differs = scenarios.ContractChanges(c.base.Build, c.changed.Build, "summarize")
	_, c.usable = scenarios.FirstUsable(c.changed.Build(scenarios.StandInOrigins), v.Binding, c.advisory()...)
	return c, nil
}

// everyCard is the card b with the edits of v's interface list and
// security that hold for every card of the variant (a signed variant's
// own-origin card).
func everyCard(v Variant, b mockpeer.CardBuilder) mockpeer.CardBuilder {
	b = securityOf(v, b)
	switch v.shape() {
	case LegacyFirst:
		return scenarios.LegacyFirst(b)
	case PatchVersion:
		return scenarios.DeclaringPatch(b)
	}
	return b
}

// securityOf is b with its security requirements in v's shape.
func securityOf(v Variant, b mockpeer.CardBuilder) mockpeer.CardBuilder {
	switch v.security() {
	case Alternatives:
		return scenarios.UnheldAlternativeFirst(b)
	case Combined:
		return scenarios.BearerBesideAPIKey(b)
	}
	return b
}

func spelling(kind string, same bool) (scenarios.OriginSpelling, error) {
	for _, s := range scenarios.OriginSpellings() {
		if s.Kind == kind && s.Same == same {
			return s, nil
		}
	}
	return scenarios.OriginSpelling{}, fmt.Errorf("explore: no spelling %q (same origin: %t)", kind, same)
}

func expiry(kind string) (scenarios.Expiry, error) {
	for _, x := range scenarios.Expiries() {
		if x.Kind == kind {
			return x, nil
		}
	}
	return scenarios.Expiry{}, fmt.Errorf("explore: no expiry %q", kind)
}

func forgery(kind string) (scenarios.Forgery, error) {
	for _, f := range scenarios.Forgeries() {
		if f.Kind == kind {
			return f, nil
		}
	}
	return scenarios.Forgery{}, fmt.Errorf("explore: no forgery %q", kind)
}

// Build makes the scenario of v, its requirements derived by Derive from
// the contract hashes of the card before and after the change.
func Build(v Variant) (*scenarios.Scenario, error) {
	c, err := cardsOf(v)
	if err != nil {
		return nil, err
	}
	f := c.field
	e := Derive(v, c.oracle())
	s := &scenarios.Scenario{
		ID: v.ID(), Title: fmt.Sprintf("%s changes %s (%s, %s, %s card, %s, %s%s)", f.What, pointText(v.Point), v.Validator, v.Binding, v.Card,
			interfacesText(v.shape()), authorityText(v), securityText(v.security())),
		Description: fmt.Sprintf("Generated: field %s (%s), point %s, validator %s, binding %s, card %s, interfaces %s, authority %s, "+
			"security %s. Derived: %s by %s.", f.ID, f.Kind, v.Point, v.Validator, v.Binding, v.Card, v.shape(), v.Authority, v.security(),
			e.Changed, e.Rule),
		Grants: scenarios.FieldGrants, Skill: "summarize", Message: "Summarize the attached document.",
		CardPeer: cardPeer, Params: v.Params(),
	}
	// Versions of the card the change applies to: before and after the
	// change, in the order the point puts them in force; from/to index
	// them for the oracle's cross-check.
	versions := []mockpeer.CardBuilder{c.base, c.changed}
	from, to := 0, 1
	if v.Point == FirstContact {
		versions, from, to = []mockpeer.CardBuilder{c.changed, c.base}, 1, 0
	}
	signed := v.Authority.Class == Signed
	if c.expiry != nil {
		// The card before the change twice more, served stale: its TTL has
		// passed, B unchanged and the key still published (index
		// reattestedVersion), then the attestation of B ended (index
		// expiredVersion).
		versions = append(versions, c.base, c.base)
	}
	if signed {
		// A's own-origin card comes last, for the control that needs no
		// signature.
		own := scenarios.FieldCard(cardPeer, cardPeer, v.Binding)
		if v.Card == ExtendedCard {
			own = scenarios.AdvertisingExtended(own)
		}
		versions = append(versions, everyCard(v, own))
	}
	if c.renewed {
		// The card before the change again, as a version of its own (a
		// validator of its own, dated after the others), for the task after
		// the renewal.
		versions = append(versions, c.base)
	}
	a := mockpeer.PeerSpec{Name: cardPeer, Caching: caching(v.Validator)}
	if c.spelling != nil {
		a.Host = c.spelling.CardHost // a name's spellings need a card served from a name
	}
	if c.moved {
		a.Redirect = scenarios.MovedCard(cardPeer, RedirectStatus(v))
	}
	if c.prefixed {
		// One agent of a host serving several: its card under its own
		// path too, the card URL handed out naming it (card-url-not-
		// well-known), and nothing at the well-known paths.
		a.A2APrefix = scenarios.AgentPathPrefix
		a.CardPath = scenarios.AgentCardPath
	}
	var planned, cardWide []mockpeer.CardFunc
	for _, b := range versions {
		planned = append(planned, b.Build)
	}
	var publicCard mockpeer.CardFunc
	if v.Card == ExtendedCard {
		// The public card, on A and the same in every version, lacks the
		// target skill and names the bearer token card-wide: only the
		// extended card plans the task, with the API key.
		public := securityOf(v, scenarios.ExtendedFieldPublic(cardPeer, v.Binding))
		cardWide = append(cardWide, public.Build)
		publicCard = public.Build
		a.Extended = &mockpeer.ExtendedCard{}
		for _, b := range versions {
			a.Cards = append(a.Cards, public.Build)
			a.Extended.Cards = append(a.Extended.Cards, b.Build)
		}
	} else {
		for _, b := range versions {
			a.Cards = append(a.Cards, b.Build)
		}
	}
	peers := []mockpeer.PeerSpec{a}
	var b *mockpeer.PeerSpec
	switch {
	case signed:
		peers[0].Signing = &mockpeer.Signing{Algorithms: []string{cardsig.ES256}, JKU: true}
		if c.retired {
			retired := scenarios.RetiredKeySigning()
			peers[0].Signing = &retired
		}
		mirrored := 2
		if c.expiry != nil {
			peers[0].Caching = scenarios.Aged(peers[0].Caching, reattestedVersion)
			if c.expiry.KeysWithdrawn {
				peers[0].Signing.WithdrawnFrom = expiredVersion
			}
			mirrored = expiredVersion + 1
		}
		// B holds the versions of the card the change applies to, on its
		// own origin, so that it enforces what the client was told.
		peers = append(peers, mockpeer.PeerSpec{Name: otherPeer, Host: "127.0.0.2", Identity: cardPeer, Caching: caching(v.Validator)})
		for _, c := range versions[:mirrored] {
			peers[1].Cards = append(peers[1].Cards, c.Build)
		}
		b = &peers[1]
	case c.forgery != nil:
		signing := c.forgery.Signing
		peers[0].Signing = &signing
		decoy := scenarios.WorkingPeer(otherPeer, "127.0.0.2", fieldCardOf(v))
		decoy.Identity = cardPeer
		peers = append(peers, decoy)
		if c.forgery.Publisher != "" {
			// The foreign key set on the card's own host, at another port:
			// another origin still, which a client comparing host names
			// takes for the card's (jwks-same-host; the fixed catalog
			// plays both placements).
			peers = append(peers, scenarios.WorkingPeer(c.forgery.Publisher, "127.0.0.1", fieldCardOf(v)))
		}
	case v.Authority.Class == Lookalike:
		peers = append(peers, scenarios.WorkingPeer(otherPeer, "127.0.0.1", fieldCardOf(v)))
	}
	if c.foreign != "" { // a working peer: a client that takes its interface completes the task there
		peers = append(peers, scenarios.WorkingPeer(c.foreign, "127.0.0.2", fieldCardOf(v)))
	}
	taskPeer := &peers[0]
	if b != nil {
		taskPeer = b
	}
	peers[0].Task = mockpeer.TaskScript{Steps: scenarios.CompletingSteps()}
	if b != nil {
		b.Task = mockpeer.TaskScript{Steps: scenarios.CompletingSteps()}
	}
	if e.HonourSend {
		taskPeer.GraceRequests = -1 // the contract of the send holds
	}
	changedTask := 2
	moving := []string{cardPeer}
	if b != nil {
		moving = append(moving, otherPeer)
	}
	switch v.Point {
	case FirstContact:
		changedTask = 1
		s.Tasks = []scenarios.Task{{}, {Before: rotate(moving, 1, nil)}}
		if e.RefusedAgain {
			s.Tasks = []scenarios.Task{{}, {}, {Before: rotate(moving, 1, nil)}}
		}
	case BeforeSend:
		arm := scenarios.ArmRotation
		if v.Card == ExtendedCard {
			arm = scenarios.ArmExtendedRotation
		}
		s.Tasks = []scenarios.Task{{}, {Before: rotate(moving, 1, arm)}}
	case BetweenTasks:
		s.Tasks = []scenarios.Task{{}, {Before: rotate(moving, 1, nil)}}
		if e.RefusedAgain {
			s.Tasks = append(s.Tasks, scenarios.Task{})
		}
	case MidTask:
		changedTask = 1
		s.Tasks = []scenarios.Task{{}}
		taskPeer.Rotations = []mockpeer.Rotation{{On: mockpeer.Trigger{Kind: mockpeer.AtTaskStep, N: 2}, To: 1}}
		taskPeer.Task = mockpeer.TaskScript{Steps: scenarios.WorkThenComplete(1, 25, 50, 75), StepInterval: mockpeer.DefaultStepInterval}
	}
	change := scenarios.Change{Peer: cardPeer, From: from, To: to, Extended: v.Card == ExtendedCard}
	if signed {
		change = scenarios.Change{Peer: otherPeer, From: from, To: to}
	}
	on := plannedOn(v, e, changedTask, len(s.Tasks))
	// The tasks the rules let send at B, taken before the tasks past the
	// card's TTL and the own-origin control are added.
	atVouched := reusing(on, e, changedTask)
	vouched := 0
	if e.VouchedBySignature {
		vouched = firstVouched(on, e, changedTask)
	}
	variantTasks := len(s.Tasks)
	var expiring []scenarios.Requirement
	if c.expiry != nil {
		reattest := len(s.Tasks) + 1
		expiring = expired(*c.expiry, atVouched, reattest, reattest+1)
		s.Tasks = append(s.Tasks, scenarios.Task{Before: rotate(moving, reattestedVersion, nil)})
		on[reattest] = reattestedVersion
		expire := c.expiry.Expire(otherPeer)
		stale := rotate(moving, expiredVersion, nil)
		s.Tasks = append(s.Tasks, scenarios.Task{Before: func(f *mockpeer.Farm) error {
			if err := stale(f); err != nil {
				return err
			}
			return expire(f)
		}})
	}
	if signed {
		own := len(versions) - 1
		s.Tasks = append(s.Tasks, scenarios.Task{Before: scenarios.RotateTo(cardPeer, own)})
		on[len(s.Tasks)] = own
	}
	if c.renewed {
		again := len(versions) - 1
		s.Tasks = append(s.Tasks, scenarios.Task{Before: renewThenRotate(again)})
		on[len(s.Tasks)] = again
	}
	s.Requirements = requirements(v, c, e, change, changedTask, variantTasks, len(s.Tasks), vouched)
	byTask := map[int][]string{}
	for n, version := range on {
		byTask[n] = scenarios.NamedCredentials(s.Skill, planned[version:version+1], cardWide...)
	}
	s.Requirements = append(s.Requirements, namedOnly(scenarios.NamedCredentials(s.Skill, planned, cardWide...), byTask))
	s.Requirements = append(s.Requirements, expiring...)
	if e.SignedAtMust {
		s.Requirements = append(s.Requirements, signedAtMust(v, atVouched))
	}
	if c.renewed {
		s.Requirements = append(s.Requirements, renewedControl(len(s.Tasks)))
	}
	plans := map[int]scenarios.TaskPlan{}
	for n, version := range on {
		plans[n] = scenarios.TaskPlan{Card: planned[version], Public: publicCard, Advisory: c.advisory()}
	}
	s.Requirements = append(s.Requirements, pickedFirst(v, plans))
	s.Peers = peers
	return s, nil
}

// The versions of an expiring variant's card served stale, after the
// variant's own two: first with its attestation still holding (B
// unchanged, the key still published), then with it ended.
const reattestedVersion, expiredVersion = 2, 3

// reusing are the tasks of a signed variant that complete at B before its
// card's TTL has passed: every task the rules let send there, but the
// one that meets the change when the rules do not say proceed.
func reusing(on map[int]int, e Expectation, changedTask int) []int {
	var out []int
	for n := range on {
		if n != changedTask || e.Changed == Proceed {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// firstVouched is a signed variant's first task at B that XPL-002 does
// not judge: the first the rules let send but the changed one, none when
// the changed task is the first and goes on there (XPL-002 judges it).
func firstVouched(on map[int]int, e Expectation, changedTask int) int {
	if changedTask == 1 && e.Changed == Proceed {
		return 0
	}
	first := 0
	for n := range on {
		if n != changedTask && (first == 0 || n < first) {
			first = n
		}
	}
	return first
}

// plannedOn are the card versions (indices of the variant's versions)
// that the tasks the rules let send are planned on, by task: the version
// in force when the task starts, but before the send the version the
// client looked at (the change meets it between its look and its send),
// and mid-task the version of the send (rule 3). A task the rules refuse
// plans on nothing.
func plannedOn(v Variant, e Expectation, changedTask, tasks int) map[int]int {
	out := map[int]int{}
	for n := 1; n <= tasks; n++ {
		switch {
		case v.Point == FirstContact && n == tasks:
			out[n] = 1
		case v.Point == BetweenTasks && n > 1:
			out[n] = 1
		default:
			out[n] = 0
		}
	}
	if e.Changed == RefuseUntrusted || e.Changed == RefuseVersion {
		delete(out, changedTask)
		if e.RefusedAgain {
			delete(out, changedTask+1)
		}
	}
	return out
}

// renewThenRotate makes A present a certificate issued under an
// intermediate CA of the run's (every connection to it ended), then puts
// version to of its card in force.
func renewThenRotate(to int) func(*mockpeer.Farm) error {
	renew, rotate := scenarios.PresentViaIntermediate(cardPeer), scenarios.RotateTo(cardPeer, to)
	return func(f *mockpeer.Farm) error {
		if err := renew(f); err != nil {
			return err
		}
		return rotate(f)
	}
}

// rotate puts version to in force on every peer of moving (A, and B when
// it mirrors A's versions), or arms it with arm for the client's next look
// or send.
func rotate(moving []string, to int, arm func(string, int) func(*mockpeer.Farm) error) func(*mockpeer.Farm) error {
	change := scenarios.RotateTo
	if arm != nil {
		change = arm
	}
	return func(f *mockpeer.Farm) error {
		for _, p := range moving {
			if err := change(p, to)(f); err != nil {
				return err
			}
		}
		return nil
	}
}

func caching(v Validator) mockpeer.Caching {
	c := mockpeer.Caching{CacheControl: "max-age=300"}
	switch v {
	case ETag:
		c.NoLastModified = true
	case LastModified:
		c.NoETag = true
	case NoValidator:
		c.NoETag, c.NoLastModified, c.CacheControl = true, true, ""
	}
	return c
}

func interfacesText(i Interfaces) string {
	switch i {
	case LegacyFirst:
		return "a 0.3 interface of the binding listed first"
	case SkewedMinor:
		return "the changed card's interfaces declaring protocol version 1.1"
	case PatchVersion:
		return "every interface declaring protocol version 1.0.1"
	}
	return "the binding listed twice on one origin"
}

// securityText is what a title adds for s: nothing for a single scheme,
// so that the titles of the variants before the security parameter stay.
func securityText(s Security) string {
	switch s {
	case Alternatives:
		return ", every requirement listing first an alternative the client cannot satisfy"
	case Combined:
		return ", the API key required with the bearer token"
	}
	return ""
}

func pointText(p Point) string {
	switch p {
	case FirstContact:
		return "on first contact (the session's first card has it)"
	case BeforeSend:
		return "between the client's look at the card and its send"
	case BetweenTasks:
		return "between two tasks"
	}
	return "while the task runs"
}

func authorityText(v Variant) string {
	a := v.Authority
	switch a.Class {
	case Signed:
		if x, err := expiry(a.Kind); err == nil {
			return "another origin vouched for by a valid signature, " + x.What
		}
		if a.Kind == RetiredKey {
			return "another origin vouched for by a valid signature, beside the signature of a key the card's origin no longer publishes"
		}
		return "another origin vouched for by a valid signature"
	case Lookalike:
		if s, err := spelling(a.Kind, false); err == nil {
			return "an origin that only looks like the card's (" + s.What + ")"
		}
	case Forged:
		if f, err := forgery(a.Kind); err == nil {
			return "another origin vouched for only by " + f.What
		}
	case SameOrigin:
		switch a.Kind {
		case ForeignFirst:
			return "the card's own origin, another origin's interface of the binding listed first, unsigned"
		case Redirect:
			return fmt.Sprintf("the card's own origin, its card URL redirecting (%d) to another path on it", RedirectStatus(v))
		case PathPrefixed:
			return "the card's own origin, serving its card at " + scenarios.AgentCardPath + " and A2A only under the path " +
				scenarios.AgentPathPrefix
		case RenewedIntermediate:
			return "the card's own origin, renewing its certificate under an intermediate CA before a last task"
		}
		if s, err := spelling(a.Kind, true); err == nil {
			return "the card's own origin, spelt otherwise (" + s.What + ")"
		}
		return "the card's own origin"
	}
	return a.String()
}

// RedirectStatus is the status a same-origin-redirect variant's card URL
// answers with: one of scenarios.RedirectStatuses, drawn from the
// variant's ID (so the same variant redirects the same way in every seed
// and its ID is unchanged), independently of the origin it redirects to.
// A client that follows one status alone, as every allowed redirect of
// the catalog was once a 308, fails the variants of the others.
func RedirectStatus(v Variant) int {
	h := fnv.New32a()
	h.Write([]byte(v.ID()))
	statuses := scenarios.RedirectStatuses()
	return statuses[h.Sum32()%uint32(len(statuses))]
}
