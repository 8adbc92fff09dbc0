package explore

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/scenarios"
)

// ErrTooFew: a generated catalog needs at least MinVariants variants, one
// that requires proceeding and one that requires aborting.
var ErrTooFew = errors.New("explore: --explore needs at least 2 variants")

// MinVariants is the smallest N: a set must mix a variant that requires
// aborting with the positive controls every variant has.
const MinVariants = 2

// Space is the parameter space: the field table, the points, the
// validators, the bindings offered (all three, or those --bindings
// names), the cards, the interface lists, the authority classes with
// the kinds of each, and the security requirements' shapes.
type Space struct {
	Fields      []string
	Points      []Point
	Validators  []Validator
	Bindings    []string
	Cards       []Card
	Interfaces  []Interfaces
	Authorities []AuthorityClass
	// Kinds are the kinds of each authority class, in a fixed order: the
	// spellings and forgeries of the fixed catalog's families.
	Kinds      map[AuthorityClass][]string
	Securities []Security
}

// NewSpace is the whole space, over bindings (nil: all three).
func NewSpace(bindings []string) Space {
	if len(bindings) == 0 {
		bindings = []string{wire.BindingJSONRPC, wire.BindingHTTPJSON, wire.BindingGRPC}
	}
	return Space{Fields: scenarios.SpaceFields(), Points: Points(), Validators: Validators(), Bindings: slices.Clone(bindings),
		Cards: Cards(), Interfaces: InterfaceShapes(), Authorities: AuthorityClasses(), Kinds: Kinds(), Securities: SecurityShapes()}
}

// Kinds are the kinds of every authority class: the farm's own spelling
// (""), origin-lookalike's (and origin-lookalike-named's) same-origin
// spellings, another origin's interface listed first, the card moved
// within its origin, A2A served under a path of its own and a certificate
// renewed under an intermediate CA; the valid signature itself (""), the ways its
// attestation ends with the card's TTL (the attested-binding-expiry
// family's) and a retired key's signature beside it; the look-alikes of
// both origin-lookalike scenarios; the trust-root family's forgeries.
func Kinds() map[AuthorityClass][]string {
	out := map[AuthorityClass][]string{SameOrigin: {""}, Signed: {""}}
	for _, s := range scenarios.OriginSpellings() {
		if s.Same {
			out[SameOrigin] = append(out[SameOrigin], s.Kind)
		} else {
			out[Lookalike] = append(out[Lookalike], s.Kind)
		}
	}
	for _, f := range scenarios.Forgeries() {
		out[Forged] = append(out[Forged], f.Kind)
	}
	for _, x := range scenarios.Expiries() {
		out[Signed] = append(out[Signed], x.Kind)
	}
	out[SameOrigin] = append(out[SameOrigin], ForeignFirst, Redirect, PathPrefixed, RenewedIntermediate)
	out[Signed] = append(out[Signed], RetiredKey)
	return out
}

// The factors of the covering array, in the order of a row. An authority
// class is one factor; its kind is not (the array would grow with the
// largest kind list times the fields): each row of a class takes the
// class's next kind in turn, from a seeded start, so that every kind
// appears once a seed has as many rows of its class.
const (
	factorField = iota
	factorPoint
	factorValidator
	factorBinding
	factorCard
	factorInterfaces
	factorAuthority
	factorSecurity
)

func (s Space) factors() []int {
	return []int{len(s.Fields), len(s.Points), len(s.Validators), len(s.Bindings), len(s.Cards), len(s.Interfaces), len(s.Authorities),
		len(s.Securities)}
}

// forbidden: the pair is one Excluded leaves out.
func (s Space) forbidden(p Pair) bool {
	if p.A == factorPoint && p.B == factorAuthority {
		return excludedPair(s.Points[p.LA], s.Authorities[p.LB]) != ""
	}
	return false
}

// variant is row's variant, of kind within its authority class.
func (s Space) variant(row []int, kind string) Variant {
	return Variant{Field: s.Fields[row[factorField]], Point: s.Points[row[factorPoint]], Validator: s.Validators[row[factorValidator]],
		Binding: s.Bindings[row[factorBinding]], Card: s.Cards[row[factorCard]], Interfaces: s.Interfaces[row[factorInterfaces]],
		Authority: Authority{Class: s.Authorities[row[factorAuthority]], Kind: kind}, Security: s.Securities[row[factorSecurity]]}
}

// row is v's row: the level of each factor (its authority's class, not
// its kind).
func (s Space) row(v Variant) []int {
	return []int{slices.Index(s.Fields, v.Field), slices.Index(s.Points, v.Point), slices.Index(s.Validators, v.Validator),
		slices.Index(s.Bindings, v.Binding), slices.Index(s.Cards, v.Card), slices.Index(s.Interfaces, v.shape()),
		slices.Index(s.Authorities, v.Authority.Class), slices.Index(s.Securities, v.security())}
}

// size is the number of distinct variants the space holds.
func (s Space) size() int {
	total := 0
	for _, c := range s.Authorities {
		for _, p := range s.Points {
			if excludedPair(p, c) == "" {
				total += len(s.Fields) * len(s.Validators) * len(s.Bindings) * len(s.Cards) * len(s.Interfaces) * max(1, len(s.Kinds[c])) *
					len(s.Securities)
			}
		}
	}
	return total
}

// kindTurns hands out each class's kinds in turn, from a seeded start.
type kindTurns struct {
	kinds map[AuthorityClass][]string
	next  map[AuthorityClass]int
}

func newKindTurns(s Space, rng *rand.Rand) *kindTurns {
	t := &kindTurns{kinds: s.Kinds, next: map[AuthorityClass]int{}}
	for _, c := range s.Authorities { // in a fixed order: the source is read the same way on every machine
		if n := len(s.Kinds[c]); n > 0 {
			t.next[c] = rng.IntN(n)
		}
	}
	return t
}

func (t *kindTurns) take(c AuthorityClass) string {
	kinds := t.kinds[c]
	if len(kinds) == 0 {
		return ""
	}
	k := kinds[t.next[c]%len(kinds)]
	t.next[c]++
	return k
}

// Generation is one seed's variants, and how much of the pairwise array
// they cover.
type Generation struct {
	Seed     uint64
	Variants []Variant
	// PairwiseRows is the size of the seed's covering array; when N is
	// smaller, the variants cover only part of the pairs.
	PairwiseRows int
}

// Generate returns n variants of space for seed: the rows of a pairwise
// covering array first (so that n of at least PairwiseRows covers every
// pair), then distinct rows drawn from the seed; the first variant always
// requires aborting before the send, so that no seed's set can be passed
// by a client that always proceeds. The same seed, n and space give the
// same variants in the same order.
func Generate(space Space, seed uint64, n int) (Generation, error) {
	if n < MinVariants {
		return Generation{}, fmt.Errorf("%w (got %d)", ErrTooFew, n)
	}
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	first := firstAbort(space, rng)
	// The array opens with the first variant's row, so that N of its size
	// covers every pair.
	rows := PairwiseWithout(space.factors(), space.forbidden, rng, space.row(first))
	turns := newKindTurns(space, rng)
	g := Generation{Seed: seed, PairwiseRows: len(rows)}
	seen := map[Variant]bool{}
	add := func(v Variant) {
		if !seen[v] && Excluded(v) == "" {
			seen[v] = true
			g.Variants = append(g.Variants, v)
		}
	}
	add(first)
	for _, row := range rows[1:] {
		if len(g.Variants) == n {
			break
		}
		add(space.variant(row, turns.take(space.Authorities[row[factorAuthority]])))
	}
	for total := space.size(); len(g.Variants) < min(n, total); {
		row := make([]int, len(space.factors()))
		for i, f := range space.factors() {
			row[i] = rng.IntN(f)
		}
		kinds := space.Kinds[space.Authorities[row[factorAuthority]]]
		kind := ""
		if len(kinds) > 0 {
			kind = kinds[rng.IntN(len(kinds))]
		}
		add(space.variant(row, kind))
	}
	return g, nil
}

// firstAbort draws a variant the rules say must abort before the send: a
// contract field of the public card on its own origin, between look and
// send, with a validator, its cards requiring one scheme.
func firstAbort(space Space, rng *rand.Rand) Variant {
	var contract []string
	for _, id := range space.Fields {
		if f, _ := scenarios.LookupField(id); f.Kind == scenarios.ContractField {
			contract = append(contract, id)
		}
	}
	return Variant{Field: contract[rng.IntN(len(contract))], Point: BeforeSend,
		Validator: []Validator{ETag, LastModified}[rng.IntN(2)], Binding: space.Bindings[rng.IntN(len(space.Bindings))],
		Card: PublicCard, Interfaces: BindingTwice, Authority: Authority{Class: SameOrigin}, Security: SingleScheme}
}

// Scenarios builds every variant of g.
func (g Generation) Scenarios() ([]*scenarios.Scenario, error) {
	out := make([]*scenarios.Scenario, 0, len(g.Variants))
	for _, v := range g.Variants {
		s, err := Build(v)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}
