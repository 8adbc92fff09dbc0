package engine

import (
	"fmt"
	"strings"

	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// progressLine is the one line a scenario prints once judged. FAIL only
// for what nobody expected: a CI log of a client with a known-failures
// file should not cry wolf.
func progressLine(rec *report.Scenario) string {
	var each []string
	for _, t := range rec.Tasks {
		if t.Outcome == nil {
			each = append(each, "no outcome")
		} else {
			each = append(each, t.Outcome.Short())
		}
	}
	out := strings.Join(each, " → ")
	if out == "" {
		out = "no outcome"
	}
	if rec.HarnessError != "" {
		out = "harness error: " + clip(rec.HarnessError, 200)
	}
	counts, unlisted := map[scenarios.Verdict]int{}, 0
	for _, r := range rec.Requirements {
		counts[r.Verdict]++
		if r.Verdict == scenarios.Fail && !r.KnownFailure {
			unlisted++
		}
	}
	mark := "ok  "
	switch {
	case counts[scenarios.Error] > 0:
		mark = "ERROR"
	case unlisted > 0:
		mark = "FAIL"
	case counts[scenarios.Fail] > 0:
		mark = "known"
	}
	return fmt.Sprintf("%-5s %-38s pass %d, fail %d, n/a %d, error %d · client: %s · %d exchanges, %d ms",
		mark, rec.ID, counts[scenarios.Pass], counts[scenarios.Fail], counts[scenarios.NotApplicable],
		counts[scenarios.Error], out, rec.ExchangeCount, rec.DurationMS)
}
