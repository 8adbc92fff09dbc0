package explore

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// Every pair of levels of any two factors is in some row, for spaces of
// several shapes and seeds, factors of one level included.
func TestPairwiseCoversEveryPair(t *testing.T) {
	for _, factors := range [][]int{{22, 4, 3, 3, 2, 4}, {22, 4, 3, 3, 2}, {22, 4, 3, 1, 2}, {2, 2, 2}, {5, 1, 7}, {3}} {
		for seed := range uint64(5) {
			rows := Pairwise(factors, rand.New(rand.NewPCG(seed, 1)))
			for _, p := range uncovered(factors, rows) {
				t.Errorf("factors %v seed %d: pair %+v uncovered by %d rows", factors, seed, p, len(rows))
			}
		}
	}
}

// The whole space's array is no larger than it must be by much: its two
// largest factors alone need 22 × 4 rows.
func TestPairwiseIsSmall(t *testing.T) {
	rows := Pairwise(NewSpace(nil).factors(), rand.New(rand.NewPCG(1, 1)))
	if lower := len(NewSpace(nil).Fields) * len(Points()); len(rows) > lower+lower/4 {
		t.Errorf("%d rows, want at most a quarter more than the %d the two largest factors need", len(rows), lower)
	}
}

// With pairs forbidden, no row holds one and every other pair is covered.
func TestPairwiseWithoutForbiddenPairs(t *testing.T) {
	factors := []int{6, 4, 3, 4}
	forbidden := func(p Pair) bool { return p.A == 1 && p.LA == 3 && p.B == 3 && p.LB >= 2 }
	for seed := range uint64(5) {
		rows := PairwiseWithout(factors, forbidden, rand.New(rand.NewPCG(seed, 7)))
		covered := map[Pair]bool{}
		for _, row := range rows {
			for _, p := range PairsOf(row) {
				if forbidden(p) {
					t.Errorf("seed %d: row %v holds the forbidden pair %+v", seed, row, p)
				}
				covered[p] = true
			}
		}
		for p := range allPairs(factors) {
			if !forbidden(p) && !covered[p] {
				t.Errorf("seed %d: pair %+v uncovered", seed, p)
			}
		}
	}
}

// The rows given first open the array, and their pairs count as covered:
// no later row is needed for them, and every pair is still covered.
func TestPairwiseStartsWithTheRowsGiven(t *testing.T) {
	factors := []int{6, 4, 3, 4}
	first := []int{5, 3, 2, 1}
	for seed := range uint64(5) {
		rows := PairwiseWithout(factors, nil, rand.New(rand.NewPCG(seed, 7)), first)
		if !slices.Equal(rows[0], first) {
			t.Fatalf("seed %d: the array opens with %v, want %v", seed, rows[0], first)
		}
		for _, p := range uncovered(factors, rows) {
			t.Errorf("seed %d: pair %+v uncovered", seed, p)
		}
	}
}

// uncovered lists the pairs of factors' values no row of rows covers.
func uncovered(factors []int, rows [][]int) []Pair {
	covered := map[Pair]bool{}
	for _, row := range rows {
		for _, p := range PairsOf(row) {
			covered[p] = true
		}
	}
	var out []Pair
	for p := range allPairs(factors) {
		if !covered[p] {
			out = append(out, p)
		}
	}
	return out
}

// The whole space's array fits --explore 100 for nearly every seed, so
// that a hundred variants cover every pair (docs/explore.md says how
// many of seeds 0 to 199 it does not).
func TestPairwiseFitsAHundredForNearlyEverySeed(t *testing.T) {
	over := 0
	for seed := range uint64(200) {
		g, err := Generate(NewSpace(nil), seed, 100)
		if err != nil {
			t.Fatal(err)
		}
		if g.PairwiseRows > 100 {
			over++
		}
	}
	if over > 2 {
		t.Errorf("%d of seeds 0 to 199 need more than 100 rows, want at most 2", over)
	}
}
