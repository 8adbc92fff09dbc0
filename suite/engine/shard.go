package engine

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// Shard is one of Count shares of a run (run --shard Index/Count), for
// spreading a run over CI jobs; `a2a-conform merge` puts the shares'
// reports together again. The zero Shard is the whole run.
//
// The share is decided by the run's selection alone: the selected
// scenarios sorted by ID are dealt round-robin (the i-th, from 0, to shard
// i mod Count + 1), then the catalog's unselected scenarios the same way,
// continuing the deal, so that their skipped records are in exactly one
// shard too. Every shard therefore plays at least one scenario when Count
// is at most the number of selected scenarios, and neighbours by ID (the
// four costly repointed-endpoint-* scenarios) land in different shards.
// The deal moves when the catalog changes, which is harmless: the shards
// of one run come from one build, and merge checks that they do.
type Shard struct {
	Index, Count int
}

// ParseShard reads "K/N" with 1 ≤ K ≤ N.
func ParseShard(s string) (Shard, error) {
	k, n, ok := strings.Cut(strings.TrimSpace(s), "/")
	index, err1 := strconv.Atoi(k)
	count, err2 := strconv.Atoi(n)
	if !ok || err1 != nil || err2 != nil || count < 1 || index < 1 || index > count {
		return Shard{}, &UsageError{fmt.Sprintf("shard %q: want K/N with 1 ≤ K ≤ N, e.g. 2/4", s)}
	}
	return Shard{index, count}, nil
}

// IsZero reports whether s is the whole run.
func (s Shard) IsZero() bool { return s == Shard{} }

func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// cut returns the shard's share of catalog, in catalog order, and what its
// report records. selected are the scenarios the whole selection plays.
func (s Shard) cut(catalog, selected []*scenarios.Scenario) ([]*scenarios.Scenario, *report.Shard, error) {
	if s.Index < 1 || s.Index > s.Count {
		return nil, nil, &UsageError{fmt.Sprintf("shard %s: want K/N with 1 ≤ K ≤ N", s)}
	}
	if s.Count > len(selected) {
		return nil, nil, &UsageError{fmt.Sprintf("shard %s: the selection plays %d scenarios, so %d shards would leave some without one; use at most %d",
			s, len(selected), s.Count, len(selected))}
	}
	var deal []string
	for _, group := range [][]*scenarios.Scenario{selected, unselected(catalog, selected)} {
		ids := make([]string, 0, len(group))
		for _, sc := range group {
			ids = append(ids, sc.ID)
		}
		slices.Sort(ids)
		deal = append(deal, ids...)
	}
	mine := map[string]bool{}
	for i, id := range deal {
		if i%s.Count+1 == s.Index {
			mine[id] = true
		}
	}
	var share []*scenarios.Scenario
	rec := &report.Shard{Index: s.Index, Count: s.Count, CatalogDigest: CatalogDigest(catalog)}
	for _, sc := range catalog {
		rec.Catalog = append(rec.Catalog, sc.ID)
		if mine[sc.ID] {
			share = append(share, sc)
		}
	}
	return share, rec, nil
}

func unselected(catalog, selected []*scenarios.Scenario) []*scenarios.Scenario {
	var out []*scenarios.Scenario
	for _, sc := range catalog {
		if !slices.Contains(selected, sc) {
			out = append(out, sc)
		}
	}
	return out
}

// CatalogDigest identifies a catalog by every scenario's requirements
// (ID, level, profile, text), in order: shards played by different builds
// of the suite do not merge.
func CatalogDigest(catalog []*scenarios.Scenario) string {
	h := sha256.New()
	for _, sc := range catalog {
		for _, r := range sc.AllRequirements() {
			fmt.Fprintf(h, "%s/%s\t%s\t%s\t%s\n", sc.ID, r.ID, r.Level, r.Profile, r.Text)
		}
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}
