package report

import (
	"encoding/json"
	"errors"
	"fmt"
)

// ErrNotShards: the reports given to Merge are not every shard of one run.
var ErrNotShards = errors.New("report: not the shards of one run")

// Merge puts the reports of every shard of one run (run --shard K/N)
// together into the report the whole run would have written: the
// scenarios in catalog order. It is not concluded: engine.MergeShards
// applies the rules that span the run (binding claims, stale known
// failures) and counts it again, so that what spans shards is judged over
// the whole run. It refuses, with an error wrapping
// ErrNotShards, reports that are not shards, that disagree on the suite,
// catalog, client or selection, that hold a shard twice or a scenario in
// two shards, or that miss a shard: a merged report is complete or not
// written.
func Merge(shards []*Report) (*Report, error) {
	if len(shards) == 0 {
		return nil, fmt.Errorf("%w: no report given", ErrNotShards)
	}
	if err := checkShards(shards); err != nil {
		return nil, err
	}
	first := shards[0]
	merged := *first
	merged.Shard, merged.Scenarios, merged.Interrupted = nil, nil, false
	byID := map[string]*Scenario{}
	for _, r := range shards {
		if r.StartedAt.Before(merged.StartedAt) {
			merged.StartedAt = r.StartedAt
		}
		if r.FinishedAt.After(merged.FinishedAt) {
			merged.FinishedAt = r.FinishedAt
		}
		merged.Interrupted = merged.Interrupted || r.Interrupted
		for _, sc := range r.Scenarios {
			if _, twice := byID[sc.ID]; twice {
				return nil, fmt.Errorf("%w: scenario %s is in more than one shard", ErrNotShards, sc.ID)
			}
			byID[sc.ID] = sc
		}
	}
	for _, id := range first.Shard.Catalog {
		sc, ok := byID[id]
		if !ok {
			return nil, fmt.Errorf("%w: scenario %s is in no shard", ErrNotShards, id)
		}
		merged.Scenarios = append(merged.Scenarios, sc)
		delete(byID, id)
	}
	for id := range byID {
		return nil, fmt.Errorf("%w: scenario %s is not in the run's catalog", ErrNotShards, id)
	}
	return &merged, nil
}

// checkShards: every report is a shard of the same run, each shard once,
// none missing.
func checkShards(shards []*Report) error {
	first := shards[0]
	seen := map[int]bool{}
	for i, r := range shards {
		if r.Shard == nil {
			return fmt.Errorf("%w: report %d is of a whole run, not of a shard (run --shard K/N)", ErrNotShards, i+1)
		}
		for _, d := range []struct {
			what      string
			got, want any
		}{
			{"suite", r.Suite, first.Suite},
			{"A2A version", r.SpecVersion, first.SpecVersion},
			{"client", r.Client, first.Client},
			{"selection", r.Selection, first.Selection},
			{"shard count", r.Shard.Count, first.Shard.Count},
			{"catalog", r.Shard.CatalogDigest, first.Shard.CatalogDigest},
			{"catalog order", r.Shard.Catalog, first.Shard.Catalog},
		} {
			if got, want := asJSON(d.got), asJSON(d.want); got != want {
				return fmt.Errorf("%w: shard %d/%d has %s %s, shard %d/%d %s", ErrNotShards,
					r.Shard.Index, r.Shard.Count, d.what, got, first.Shard.Index, first.Shard.Count, want)
			}
		}
		if r.Shard.Index < 1 || r.Shard.Index > r.Shard.Count {
			return fmt.Errorf("%w: report %d is shard %d/%d", ErrNotShards, i+1, r.Shard.Index, r.Shard.Count)
		}
		if seen[r.Shard.Index] {
			return fmt.Errorf("%w: shard %d/%d is given twice", ErrNotShards, r.Shard.Index, r.Shard.Count)
		}
		seen[r.Shard.Index] = true
	}
	var missing []int
	for k := 1; k <= first.Shard.Count; k++ {
		if !seen[k] {
			missing = append(missing, k)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("%w: shard(s) %v of %d missing", ErrNotShards, missing, first.Shard.Count)
	}
	return nil
}

func asJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%v", v)
	}
	return string(b)
}
