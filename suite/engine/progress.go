package engine

import (
	"fmt"
	"strings"

	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
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
	counts, unlisted := map[verdict.Verdict]int{}, 0
	for _, r := range rec.Requirements {
		counts[r.Verdict]++
		if r.Verdict == verdict.Fail && !r.KnownFailure {
			unlisted++
		}
	}
	mark := "ok  "
	switch {
	case counts[verdict.Error] > 0:
		mark = "ERROR"
	case unlisted > 0:
		mark = "FAIL"
	case counts[verdict.Fail] > 0:
		mark = "known"
	}
	line := fmt.Sprintf("%-5s %-38s pass %d, fail %d, n/a %d, error %d · client: %s · %d exchanges, %d ms",
		mark, rec.ID, counts[verdict.Pass], counts[verdict.Fail], counts[verdict.NotApplicable],
		counts[verdict.Error], out, rec.ExchangeCount, rec.DurationMS)
	if mark == "FAIL" && clientBroke(rec) {
		line += stderrExcerpt(rec.ClientStderr)
	}
	return line
}

// A broken client's stderr, as a failed scenario's line shows it: its
// first lines (where Node and Go name the error) and its last (where
// Python does). report.json and junit.xml keep all of it.
const stderrHeadLines, stderrTailLines = 6, 3

// clientBroke: some task ended without an outcome, or the client crashed
// or outlived its deadline. Its stderr then usually says why (a missing
// script, a stack trace), which no verdict can.
func clientBroke(rec *report.Scenario) bool {
	if rec.ClientCrashed || rec.ClientTimedOut || rec.Outcome == nil {
		return true
	}
	for _, t := range rec.Tasks {
		if t.Outcome == nil || t.Crashed || t.TimedOut {
			return true
		}
	}
	return false
}

// stderrExcerpt renders the non-empty lines of the client's (redacted)
// stderr, indented under the scenario's line, the middle elided; "" when
// it printed nothing.
func stderrExcerpt(stderr string) string {
	var lines []string
	for _, l := range strings.Split(stderr, "\n") {
		if strings.TrimSpace(l) != "" {
			lines = append(lines, clip(l, 200))
		}
	}
	if len(lines) == 0 {
		return ""
	}
	if n := len(lines); n > stderrHeadLines+stderrTailLines {
		elided := fmt.Sprintf("… %d more lines …", n-stderrHeadLines-stderrTailLines)
		lines = append(append(lines[:stderrHeadLines:stderrHeadLines], elided), lines[n-stderrTailLines:]...)
	}
	return "\n      client stderr (all of it in report.json and junit.xml):\n        " + strings.Join(lines, "\n        ")
}
