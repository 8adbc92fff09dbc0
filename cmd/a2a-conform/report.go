package main

import (
	"fmt"
	"io"

	"github.com/a2a-conform/a2a-conform/suite/report"
)

// reportCmd renders an existing report folder again: the HTML report, the
// ACTS reports, or both.
func reportCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("report", "REPORT.json [-o FILE.html] [--acts-report DIR]",
		"Renders, from a run's report.json (and the journals/*.jsonl next to it), the HTML report (summary, sequence diagrams, requirements, journals) and/or the A2A conformance-test draft's reports (docs/acts.md).", stderr)
	out := fs.String("o", "", "the HTML file to write")
	acts := fs.String("acts-report", "", "a folder for the ACTS reports, one file per binding the client used")
	paths, code, done := parseInterspersed(fs, args)
	if done {
		return code
	}
	if len(paths) != 1 || (*out == "" && *acts == "") {
		fs.Usage()
		return report.ExitHarness
	}
	path := paths[0]
	r, err := report.Read(path)
	if err != nil {
		return usageError(stderr, err)
	}
	if *out != "" {
		journals, err := report.ReadJournals(path, r)
		if err != nil {
			return usageError(stderr, err)
		}
		if err := report.WriteHTMLFile(*out, r, journals); err != nil {
			return usageError(stderr, err)
		}
		fmt.Fprintf(stdout, "wrote %s\n", *out)
	}
	if *acts != "" {
		written, err := r.WriteACTS(*acts)
		if err != nil {
			return usageError(stderr, err)
		}
		for _, w := range written {
			fmt.Fprintf(stdout, "wrote %s\n", w)
		}
	}
	return 0
}
