package engine

import (
	"fmt"
	"strings"

	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// maxCitedExchanges bounds how many exchanges a failure message prints.
const maxCitedExchanges = 6

// FailureMessage is the text a failed requirement prints: evidence on its
// own, so that a reader needs nothing else to see what the client did.
func FailureMessage(sc *scenarios.Scenario, r scenarios.Requirement, j verdict.Judgement, ev *scenarios.Evidence) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s [%s] %s\n", r.ID, r.Level, r.Text)
	fmt.Fprintf(&b, "  scenario: %s (%s)\n", sc.ID, sc.Title)
	if j.Want != "" {
		fmt.Fprintf(&b, "  want: %s\n", j.Want)
	}
	if j.Got != "" {
		fmt.Fprintf(&b, "  got:  %s\n", j.Got)
	}
	if j.Reason != "" {
		fmt.Fprintf(&b, "  note: %s\n", j.Reason)
	}
	if ev != nil {
		cited := ev.Exchanges(j.Exchanges)
		if len(cited) > 0 {
			b.WriteString("  exchanges:\n")
			for i, ex := range cited {
				if i == maxCitedExchanges {
					fmt.Fprintf(&b, "    … %d more in the scenario's journal\n", len(cited)-i)
					break
				}
				fmt.Fprintf(&b, "    %s\n", ex.Line())
			}
		}
		fmt.Fprintf(&b, "  client outcome: %s\n", outcomeLine(ev))
	}
	fmt.Fprintf(&b, "  reference: %s\n  see: %s\n", r.Ref, r.DocAnchor())
	return b.String()
}

func outcomeLine(ev *scenarios.Evidence) string {
	r := ev.Client
	var s string
	if o := r.Outcome; o != nil {
		s = o.Short()
		if o.Detail != "" {
			s += fmt.Sprintf(" %q", clip(o.Detail, 160))
		}
	} else {
		s = "none (" + r.OutcomeProblem + ")"
	}
	switch {
	case r.TimedOut:
		s += "; killed at its deadline"
	case r.Crashed:
		s += "; crashed"
	case r.ExitCode > 0:
		s += fmt.Sprintf("; exit code %d", r.ExitCode)
	}
	return s
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// harnessMessage is the text of an error verdict: the harness broke, not
// the client.
func harnessMessage(sc *scenarios.Scenario, rr *report.Requirement) string {
	return fmt.Sprintf("HARNESS ERROR (not a client failure): %s [%s] %s\n  scenario: %s (%s)\n  %s\n",
		rr.ID, rr.Level, rr.Text, sc.ID, sc.Title, rr.Reason)
}
