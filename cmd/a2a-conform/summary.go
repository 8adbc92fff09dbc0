package main

import (
	"fmt"
	"io"

	"github.com/a2a-conform/a2a-conform/suite/report"
)

// summaryCmd renders a run for CI: Markdown for a job summary page, or
// GitHub workflow commands that annotate the failures.
func summaryCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("summary", "[--format markdown|github] REPORT.json",
		"Writes a run's summary to standard output: markdown (the verdict line, every failure with its evidence "+
			"and requirement link, stale known failures, verdicts per scenario; for $GITHUB_STEP_SUMMARY) or github "+
			"(workflow commands: an error annotation per MUST failure and harness error, a warning per other failure "+
			"and stale known failure).", stderr)
	format := fs.String("format", "markdown", "markdown or github")
	docs := fs.String("docs", "", "base URL of the requirement links (default: the docs of the report's suite version)")
	r, code := parseOneReport(fs, "summary", args, stderr)
	if r == nil {
		return code
	}
	var err error
	switch *format {
	case "markdown":
		err = report.WriteJobSummary(stdout, r, *docs)
	case "github":
		err = report.WriteAnnotations(stdout, r)
	default:
		return usageError(stderr, fmt.Errorf("summary: --format %q: want markdown or github", *format))
	}
	if err != nil {
		return usageError(stderr, err)
	}
	return 0
}
