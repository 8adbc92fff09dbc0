package report_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/report"
	"github.com/a2a-conform/a2a-conform/suite/report/reporttest"
)

// shardOf is reporttest's shard k, finished alone.
func shardOf(k int) *report.Report {
	return reporttest.Shard(k, func(r *report.Report) { r.Finish(nil) })
}

func TestMerge(t *testing.T) {
	one, two := shardOf(1), shardOf(2)
	merged, err := report.Merge([]*report.Report{two, one})
	if err != nil {
		t.Fatal(err)
	}
	if merged.Shard != nil || len(merged.Scenarios) != 2 || merged.Scenarios[0].ID != "a" ||
		!merged.StartedAt.Equal(one.StartedAt) || !merged.FinishedAt.Equal(two.FinishedAt) {
		t.Errorf("merged: shard %v, scenarios %d, %v–%v", merged.Shard, len(merged.Scenarios), merged.StartedAt, merged.FinishedAt)
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
