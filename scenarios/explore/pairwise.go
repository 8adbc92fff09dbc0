package explore

import (
	"math/rand/v2"
	"slices"
)

// A covering array of strength two, as combinatorial suites for TLS
// clients build them: rows of one level per factor such that every pair of
// levels of any two factors appears in some row. The greedy construction
// (AETG's) adds one row at a time: it builds a few candidate rows, each
// starting from a pair not yet covered and picking, factor by factor in a
// shuffled order, the level that covers the most new pairs, ties broken
// by the seeded source, and keeps the candidate that covers the most. Every
// choice reads the source in a fixed order, so a seed gives the same rows
// on every machine.

// candidates is how many rows are built for each row the array keeps. One
// (a row as it comes) made the whole space's array exceed 100 rows for 13
// of seeds 0 to 199 once the security factor was added; ten, for 2.
const candidates = 10

// Pair is one level of factor A with one level of factor B (A < B).
type Pair struct{ A, LA, B, LB int }

// Pairwise returns a covering array of strength two over factors (each the
// number of levels of one factor; a factor of one level is fine), built
// with rng.
func Pairwise(factors []int, rng *rand.Rand) [][]int { return PairwiseWithout(factors, nil, rng) }

// PairwiseWithout is Pairwise with the pairs forbidden names (nil: none)
// left out: no row holds one, and every other pair is in some row (each
// factor keeps at least one level allowed beside any other's). The array
// starts with the rows given first (none forbidden), whose pairs it
// counts as covered: a set that must open with a given row spends no row
// on it beyond the array.
func PairwiseWithout(factors []int, forbidden func(Pair) bool, rng *rand.Rand, first ...[]int) [][]int {
	uncovered := allPairs(factors)
	if forbidden == nil {
		forbidden = func(Pair) bool { return false }
	}
	for p := range uncovered {
		if forbidden(p) {
			delete(uncovered, p)
		}
	}
	rows := slices.Clone(first)
	for _, row := range rows {
		for _, p := range PairsOf(row) {
			delete(uncovered, p)
		}
	}
	for len(uncovered) > 0 {
		rows = append(rows, bestCandidate(factors, uncovered, forbidden, rng))
		for _, p := range PairsOf(rows[len(rows)-1]) {
			delete(uncovered, p)
		}
	}
	return rows
}

func allPairs(factors []int) map[Pair]bool {
	out := map[Pair]bool{}
	for a := range factors {
		for b := a + 1; b < len(factors); b++ {
			for la := range factors[a] {
				for lb := range factors[b] {
					out[Pair{a, la, b, lb}] = true
				}
			}
		}
	}
	return out
}

// PairsOf lists the pairs a row covers.
func PairsOf(row []int) []Pair {
	var out []Pair
	for a := range row {
		for b := a + 1; b < len(row); b++ {
			out = append(out, Pair{a, row[a], b, row[b]})
		}
	}
	return out
}

// bestCandidate is, of candidates rows built by nextRow, the first that
// covers the most uncovered pairs.
func bestCandidate(factors []int, uncovered map[Pair]bool, forbidden func(Pair) bool, rng *rand.Rand) []int {
	var best []int
	bestGain := -1
	sorted := sortedPairs(uncovered) // the same for every candidate
	for range candidates {
		row := nextRow(factors, uncovered, sorted, forbidden, rng)
		gain := 0
		for _, p := range PairsOf(row) {
			if uncovered[p] {
				gain++
			}
		}
		if gain > bestGain {
			best, bestGain = row, gain
		}
	}
	return best
}

// nextRow seeds a row with an uncovered pair drawn from sorted (the
// uncovered pairs in a fixed order), then fills the other factors greedily.
func nextRow(factors []int, uncovered map[Pair]bool, sorted []Pair, forbidden func(Pair) bool, rng *rand.Rand) []int {
	seed := sorted[rng.IntN(len(sorted))]
	row := make([]int, len(factors))
	set := make([]bool, len(factors))
	row[seed.A], row[seed.B], set[seed.A], set[seed.B] = seed.LA, seed.LB, true, true
	for _, f := range rng.Perm(len(factors)) {
		if set[f] {
			continue
		}
		best, bestGain := 0, -2
		for _, l := range rng.Perm(factors[f]) {
			gain := 0
			for g := range factors {
				if !set[g] {
					continue
				}
				p := Pair{g, row[g], f, l}
				if f < g {
					p = Pair{f, l, g, row[g]}
				}
				if forbidden(p) {
					gain = -1 // never, while another level is allowed
					break
				}
				if uncovered[p] {
					gain++
				}
			}
			if gain > bestGain {
				best, bestGain = l, gain
			}
		}
		row[f], set[f] = best, true
	}
	return row
}

// sortedPairs lists pairs in a fixed order, never the map's.
func sortedPairs(m map[Pair]bool) []Pair {
	out := make([]Pair, 0, len(m))
	for p := range m {
		out = append(out, p)
	}
	less := func(x, y Pair) int {
		for _, d := range [4]int{x.A - y.A, x.LA - y.LA, x.B - y.B, x.LB - y.LB} {
			if d != 0 {
				return d
			}
		}
		return 0
	}
	slices.SortFunc(out, less)
	return out
}
