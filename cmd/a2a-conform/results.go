package main

import (
	"io"

	"github.com/a2a-conform/a2a-conform/suite/report"
)

// resultsCmd renders the results page (docs/results.md) from run reports.
func resultsCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("results", "[--sdks] REPORT.json...", "Writes the markdown results page of the given runs to standard output, in argument order.", stderr)
	sdks := fs.Bool("sdks", false, "title and introduce the page as docs/results.md, the official A2A SDKs' results (make conformance-sdks); without it the page speaks of no SDK")
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
	intro := report.DefaultResults
	if *sdks {
		intro = report.SDKResults
	}
	if err := report.WriteResults(stdout, intro, reports); err != nil {
		return usageError(stderr, err)
	}
	return 0
}
