package report_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// shardOf is shard k of 2 of a two-scenario run: a holds ROT-004, which
// fails, b holds it passing; ROT-004 is a known failure by its bare ID.
func shardOf(k int) *report.Report {
	ids := []string{"a", "b"}
	v := map[string]verdict.Verdict{"a": verdict.Fail, "b": verdict.Pass}[ids[k-1]]
	at := time.Date(2026, 1, 1, 0, 0, k, 0, time.UTC)
	r := &report.Report{SchemaVersion: report.SchemaVersion, Suite: report.Suite{Name: "a2a-conform", Version: "1"},
		Client: report.Client{Name: "builtin:x"}, StartedAt: at, FinishedAt: at.Add(time.Second),
		Selection: report.Selection{KnownFailures: report.KnownFailures{"ROT-004": "tracked"}},
		Shard:     &report.Shard{Index: k, Count: 2, Catalog: ids, CatalogDigest: "sha256:c"},
		Scenarios: []*report.Scenario{{ID: ids[k-1], Played: true, Requirements: []*report.Requirement{{
			ID: "ROT-004", Level: verdict.Must, Verdict: v, KnownFailure: true, KnownKey: "ROT-004"}}}}}
	r.Finish()
	return r
}

func TestMerge(t *testing.T) {
	one, two := shardOf(1), shardOf(2)
	// Alone, shard 2 cannot tell that ROT-004 fails elsewhere: not stale.
	if two.ExitCode != report.ExitPass {
		t.Errorf("shard 2/2 alone: exit %d, summary %+v", two.ExitCode, two.Summary)
	}
	merged, err := report.Merge([]*report.Report{two, one})
	if err != nil {
		t.Fatal(err)
	}
	if merged.Shard != nil || len(merged.Scenarios) != 2 || merged.Scenarios[0].ID != "a" || merged.ExitCode != report.ExitPass ||
		merged.Summary.KnownFailures != 1 || !merged.StartedAt.Equal(one.StartedAt) || !merged.FinishedAt.Equal(two.FinishedAt) {
		t.Errorf("merged: shard %v, scenarios %d, exit %d, summary %+v, %v–%v", merged.Shard, len(merged.Scenarios),
			merged.ExitCode, merged.Summary, merged.StartedAt, merged.FinishedAt)
	}
}

func TestMergeRefusals(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(one, two *report.Report) []*report.Report
		want   string
	}{
		{"a whole run", func(one, two *report.Report) []*report.Report { one.Shard = nil; return []*report.Report{one, two} }, "not of a shard"},
		{"a missing shard", func(one, two *report.Report) []*report.Report { return []*report.Report{two} }, "[1] of 2 missing"},
		{"a shard twice", func(one, two *report.Report) []*report.Report { return []*report.Report{one, two, one} }, "given twice"},
		{"another client", func(one, two *report.Report) []*report.Report {
			two.Client.Label = "other"
			return []*report.Report{one, two}
		}, "has client"},
		{"another selection", func(one, two *report.Report) []*report.Report {
			two.Selection.Level = verdict.Must
			return []*report.Report{one, two}
		}, "has selection"},
		{"another catalog", func(one, two *report.Report) []*report.Report {
			two.Shard.CatalogDigest = "sha256:d"
			return []*report.Report{one, two}
		}, "has catalog"},
		{"another count", func(one, two *report.Report) []*report.Report {
			two.Shard.Count = 3
			return []*report.Report{one, two}
		}, "has shard count"},
		{"overlapping shards", func(one, two *report.Report) []*report.Report {
			two.Scenarios = append(two.Scenarios, one.Scenarios[0])
			return []*report.Report{one, two}
		}, "more than one shard"},
		{"a scenario in no shard", func(one, two *report.Report) []*report.Report {
			two.Scenarios = nil
			return []*report.Report{one, two}
		}, "in no shard"},
		{"nothing", func(*report.Report, *report.Report) []*report.Report { return nil }, "no report"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := report.Merge(tc.change(shardOf(1), shardOf(2)))
			if !errors.Is(err, report.ErrNotShards) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err %v, want ErrNotShards saying %q", err, tc.want)
			}
		})
	}
}
