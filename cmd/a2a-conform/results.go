package main

import (
	"io"

	"github.com/a2a-conform/a2a-conform/suite/report"
)

// resultsCmd renders the results page (docs/results.md) from run reports.
func resultsCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("results", "REPORT.json...", "Writes the markdown results page of the given runs to standard output, in argument order.", stderr)
	if code, done := parse(fs, args); done {
		return code
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	var reports []*report.Report
	for _, path := range fs.Args() {
		r, err := report.Read(path)
		if err != nil {
			return usageError(stderr, err)
		}
		reports = append(reports, r)
	}
	if err := report.WriteResults(stdout, reports); err != nil {
		return usageError(stderr, err)
	}
	return 0
}
