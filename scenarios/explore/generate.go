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
// names), and signed or not.
type Space struct {
	Fields     []string
	Points     []Point
	Validators []Validator
	Bindings   []string
	Signed     []bool
}

// NewSpace is the whole space, over bindings (nil: all three).
func NewSpace(bindings []string) Space {
	if len(bindings) == 0 {
		bindings = []string{wire.BindingJSONRPC, wire.BindingHTTPJSON, wire.BindingGRPC}
	}
	var fields []string
	for _, f := range scenarios.Fields() {
		fields = append(fields, f.ID)
	}
	return Space{Fields: fields, Points: Points(), Validators: Validators(), Bindings: slices.Clone(bindings),
		Signed: []bool{false, true}}
}

func (s Space) factors() []int {
	return []int{len(s.Fields), len(s.Points), len(s.Validators), len(s.Bindings), len(s.Signed)}
}

func (s Space) variant(row []int) Variant {
	return Variant{Field: s.Fields[row[0]], Point: s.Points[row[1]], Validator: s.Validators[row[2]],
		Binding: s.Bindings[row[3]], Signed: s.Signed[row[4]]}
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
	rows := Pairwise(space.factors(), rng)
	g := Generation{Seed: seed, PairwiseRows: len(rows)}
	seen := map[Variant]bool{}
	add := func(v Variant) {
		if !seen[v] {
			seen[v] = true
			g.Variants = append(g.Variants, v)
		}
	}
	add(firstAbort(space, rng))
	for _, row := range rows {
		if len(g.Variants) == n {
			break
		}
		add(space.variant(row))
	}
	total := 1
	for _, f := range space.factors() {
		total *= f
	}
	for len(g.Variants) < min(n, total) {
		row := make([]int, len(space.factors()))
		for i, f := range space.factors() {
			row[i] = rng.IntN(f)
		}
		add(space.variant(row))
	}
	return g, nil
}

// firstAbort draws a variant the rules say must abort before the send: a
// contract field, between look and send, with a validator.
func firstAbort(space Space, rng *rand.Rand) Variant {
	var contract []string
	for _, id := range space.Fields {
		if f, _ := scenarios.LookupField(id); f.Kind == scenarios.ContractField {
			contract = append(contract, id)
		}
	}
	return Variant{Field: contract[rng.IntN(len(contract))], Point: BeforeSend,
		Validator: []Validator{ETag, LastModified}[rng.IntN(2)], Binding: space.Bindings[rng.IntN(len(space.Bindings))],
		Signed: false}
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
