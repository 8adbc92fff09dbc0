package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/a2a-conform/a2a-conform/suite/report"
)

// reportCmd renders an existing report folder again: the HTML report, the
// ACTS reports, or both.
func reportCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("report", "REPORT.json|REPORT-DIR [-o FILE.html] [--acts-report DIR]",
		"Renders, from a run's report.json or its report folder (and the journals/*.jsonl next to it), the HTML report (summary, sequence diagrams, requirements, journals) and/or the A2A conformance-test draft's reports (docs/acts.md).", stderr)
	out := fs.String("o", "", "the HTML `FILE` to write")
	acts := fs.String("acts-report", "", "a folder `DIR` for the ACTS reports, one file per binding the client used")
	paths, code, done := parseInterspersed(fs, args)
	if done {
		return code
	}
	var missing error
	switch {
	case len(paths) == 0:
		missing = errors.New("report: no report given (REPORT.json or its folder)")
	case len(paths) > 1:
		missing = fmt.Errorf("report: one report at a time, got %d", len(paths))
	case *out == "" && *acts == "":
		missing = errors.New("report: nothing to write: give -o FILE.html, --acts-report DIR or both")
	}
	if missing != nil {
		usageError(stderr, missing)
		fs.Usage()
		return report.ExitHarness
	}
	path := reportFile(paths[0])
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

// reportFile is path, or the report.json in it when path is a report
// folder: report and merge take either, as run writes both.
func reportFile(path string) string {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return filepath.Join(path, "report.json")
	}
	return path
}
