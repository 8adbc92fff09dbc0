// Package reporttest is what the tests of the report and of its writers
// (the engine, the CLI) share: reports built by hand, and a diff of two
// renderings. It imports the report and the verdict leaf only.
package reporttest

import (
	"strings"
	"time"

	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// Req is requirement id at level, judged v.
func Req(id string, level verdict.Level, v verdict.Verdict) *report.Requirement {
	return &report.Requirement{ID: id, Level: level, Verdict: v}
}

// Known marks r a known failure, listed under key (a bare ID or
// "scenario/ID"), and returns it.
func Known(r *report.Requirement, key string) *report.Requirement {
	r.KnownFailure, r.KnownKey, r.KnownReason = true, key, "reviewed"
	return r
}

// Shard is shard k (1 or 2) of a two-scenario run, concluded alone by
// conclude (engine.Conclude, or Report.Finish): scenario a holds ROT-004
// failing, b holds it passing, and ROT-004 is a known failure by its bare
// ID, so that only the two shards together tell whether it is stale.
func Shard(k int, conclude func(*report.Report)) *report.Report {
	ids := []string{"a", "b"}
	v := map[string]verdict.Verdict{"a": verdict.Fail, "b": verdict.Pass}[ids[k-1]]
	at := time.Date(2026, 1, 1, 0, 0, k, 0, time.UTC)
	r := &report.Report{SchemaVersion: report.SchemaVersion, Suite: report.Suite{Name: "a2a-conform", Version: "1"},
		Client: report.Client{Name: "builtin:x"}, StartedAt: at, FinishedAt: at.Add(time.Second),
		Selection: report.Selection{KnownFailures: report.KnownFailures{"ROT-004": "tracked"}},
		Shard:     &report.Shard{Index: k, Count: 2, Catalog: ids, CatalogDigest: "sha256:c"},
		Scenarios: []*report.Scenario{{ID: ids[k-1], Played: true, Requirements: []*report.Requirement{
			Known(Req("ROT-004", verdict.Must, v), "ROT-004")}}}}
	conclude(r)
	return r
}

// LineDiff lists the lines where two texts differ, as -want and +got
// pairs; "" when they are equal.
func LineDiff(want, got string) string {
	if want == got {
		return ""
	}
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := range max(len(w), len(g)) {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			b.WriteString("-" + wl + "\n+" + gl + "\n")
		}
	}
	return b.String()
}
